import LayoutEngine
import LayoutProfiler
import Testing

/// Each rule on small hand-built layouts: the pattern makes its finding, the fix makes none.
@Suite("Profiler rules")
struct RuleTests {
    // MARK: individual-activation

    @Test("Constraints activated one at a time in a frame make individual-activation")
    func individualActivation() throws {
        let window = Window(width: 400, height: 400)
        let (_, constraints) = Layouts.tile(in: window, name: "tile")
        window.layoutIfNeeded()
        let report = Layouts.profile(window) {
            window.performFrame { for constraint in constraints { constraint.isActive = true } }
        }
        let finding = try #require(Layouts.finding(report, "individual-activation"))
        #expect(finding.count("constraints") == 4)
        #expect(finding.constraints.count == 4)
        #expect(finding.fix.contains("LayoutConstraint.activate"))
    }

    @Test("Batch activation, one isActive per frame, and isActive inside updateConstraints() make none")
    func individualActivationFixes() {
        let window = Window(width: 400, height: 400)
        let (_, constraints) = Layouts.tile(in: window, name: "tile")
        let toggling = Layouts.constrained(TogglingView(name: "toggling"), in: window)
        window.layoutIfNeeded()
        let report = Layouts.profile(window) {
            window.performFrame { LayoutConstraint.activate(Array(constraints.prefix(2))) }
            window.performFrame { constraints[2].isActive = true }
            window.performFrame { constraints[3].isActive = true }
            for _ in 0..<3 { window.performFrame { toggling.isCollapsed.toggle() } }
        }
        #expect(!Layouts.ids(report).contains("individual-activation"), "\(report.findings)")
    }

    // MARK: churn

    @Test("A constraint replaced by one differing only in its constant is constant-only churn")
    func churnConstantOnly() throws {
        let (window, tile, constraints) = Layouts.laidOutTile()
        var height = constraints[3]
        let report = Layouts.profile(window) {
            for step in 1...3 {
                window.performFrame {
                    LayoutConstraint.deactivate([height])
                    height = tile.heightAnchor.constraint(equalToConstant: 40 + Double(step))
                    LayoutConstraint.activate([height])
                }
            }
        }
        let finding = try #require(Layouts.finding(report, "churn"))
        #expect(finding.variant == "constant-only")
        #expect(finding.count("constraints") == 3)
        #expect(finding.fix.contains(".constant"))
        #expect(report.churn.views.first?.view.hasPrefix("View:tile") == true)
        #expect(report.churn.groups.first?.superview == "Window:window")
    }

    @Test("The same constraint deactivated and activated again in one frame is recreated churn")
    func churnRecreated() throws {
        let (window, _, constraints) = Layouts.laidOutTile()
        let report = Layouts.profile(window) {
            window.performFrame {
                LayoutConstraint.deactivate(constraints)
                LayoutConstraint.activate(constraints)
            }
        }
        let finding = try #require(Layouts.finding(report, "churn"))
        #expect(finding.variant == "recreated")
        #expect(finding.count("constraints") == 4)
    }

    @Test("A new object equivalent to one removed frames earlier is a rebuilt set; swapping prepared sets is not churn")
    func churnRebuiltSets() throws {
        let window = Window(width: 400, height: 400)
        let (tile, constraints) = Layouts.tile(in: window, name: "tile")
        LayoutConstraint.activate(Array(constraints.prefix(3)))
        window.layoutIfNeeded()
        func short() -> LayoutConstraint { tile.heightAnchor.constraint(equalToConstant: 20) }
        func tall() -> LayoutConstraint { tile.heightAnchor.constraint(greaterThanOrEqualToConstant: 80) }
        var current = short()
        current.isActive = true
        let rebuilt = Layouts.profile(window) {
            for step in 0..<4 {
                window.performFrame {
                    LayoutConstraint.deactivate([current])
                    current = step % 2 == 0 ? tall() : short()
                    LayoutConstraint.activate([current])
                }
            }
        }
        let finding = try #require(Layouts.finding(rebuilt, "churn"))
        #expect(finding.variant == "rebuilt-sets")
        // Steps 2, 3 and 4 each make again what the step before removed.
        #expect(finding.count("rebuilt-sets") == 3)

        LayoutConstraint.deactivate([current])
        let prepared = [short(), tall()]
        prepared[0].isActive = true
        window.layoutIfNeeded()
        let swapped = Layouts.profile(window) {
            for step in 0..<4 {
                window.performFrame {
                    LayoutConstraint.deactivate([prepared[step % 2]])
                    LayoutConstraint.activate([prepared[(step + 1) % 2]])
                }
            }
        }
        #expect(swapped.churn.constraints == 0)
        #expect(!Layouts.ids(swapped).contains("churn"), "\(swapped.findings)")
    }

    @Test("updateConstraints() that re-creates its constraints is update-constraints churn, by view")
    func churnUpdateConstraints() throws {
        let window = Window(width: 400, height: 400)
        let view = Layouts.constrained(RecreatingView(name: "badge"), in: window)
        window.layoutIfNeeded()
        let report = Layouts.profile(window) {
            for _ in 0..<5 { window.performFrame { view.setNeedsUpdateConstraints() } }
        }
        let finding = try #require(Layouts.finding(report, "churn"))
        #expect(finding.variant == "update-constraints")
        #expect(finding.count("constraints") == 20)
        #expect(finding.views == ["View:badge"])
        #expect(finding.fix.contains("idempotent"))
        #expect(report.churn.views.count == 1)
    }

    @Test("Removing and re-adding an arranged subview rebuilds the stack: stack-rebuild churn, grouped by superview")
    func churnStackRebuild() throws {
        let window = Window(width: 400, height: 400)
        let labels = (0..<3).map { Label(text: "label \($0)", name: "label\($0)") }
        let stack = Layouts.constrained(StackView(arrangedSubviews: labels, name: "row"), in: window)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            stack.topAnchor.constraint(equalTo: window.topAnchor),
        ])
        window.layoutIfNeeded()
        let report = Layouts.profile(window) {
            for frame in 0..<4 {
                window.performFrame {
                    if frame % 2 == 0 { labels[1].removeFromSuperview() } else { stack.insertArrangedSubview(labels[1], at: 1) }
                }
            }
        }
        let finding = try #require(Layouts.finding(report, "churn"))
        #expect(finding.variant == "stack-rebuild")
        #expect(finding.count("stackRebuilds") == 4)
        #expect(finding.views == ["StackView:row"])
        #expect(report.churn.groups.map(\.superview) == ["Window:window"])
        // The advice: toggle isHidden, the cheap, supported way (docs/fidelity.md, "Evidence over seed").
        #expect(finding.fix.contains("toggle isHidden"))
        #expect(!finding.fix.contains("Don't toggle isHidden"))
    }

    /// UIKit's evidence over seed 002 section 7: a hide adds the view's `UISV-hiding` and
    /// re-links the spacing around it in place (docs/engine.md, "Hiding arranged views"). The
    /// spacing a show makes again is what UIKit does too, with nothing for the app to change.
    @Test("Hiding and showing an arranged subview is not churn: no finding, no rebuild")
    func hidingIsNotChurn() throws {
        let window = Window(width: 400, height: 400)
        let labels = (0..<3).map { Label(text: "label \($0)", name: "label\($0)") }
        let stack = Layouts.constrained(StackView(arrangedSubviews: labels, name: "row"), in: window)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            stack.topAnchor.constraint(equalTo: window.topAnchor),
        ])
        window.layoutIfNeeded()
        let report = Layouts.profile(window) {
            for _ in 0..<8 { window.performFrame { labels[1].isHidden.toggle() } }
        }
        #expect(Layouts.finding(report, "churn") == nil)
        #expect(report.findings.isEmpty, "\(report.findings.map(\.title))")
        #expect(stack.rebuildCount == 1 && stack.visibilityUpdateCount == 8)
    }

    @Test("Measurement (systemLayoutSizeFitting) and hierarchies moving between engines are not churn")
    func churnIgnoresEngineInternals() {
        let window = Window(width: 400, height: 400)
        let card = View(name: "card")
        let label = Layouts.constrained(Label(text: "hello", name: "label"), in: card)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
            label.topAnchor.constraint(equalTo: card.topAnchor, constant: 8),
            label.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -8),
            label.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -8),
        ])
        window.addSubview(card)
        window.layoutIfNeeded()
        let report = Layouts.profile(window) {
            for _ in 0..<3 {
                window.performFrame {
                    _ = card.systemLayoutSizeFitting(
                        Size(width: 200, height: 0), withHorizontalFittingPriority: .required,
                        verticalFittingPriority: .fittingSizeLevel)
                }
            }
            window.performFrame {
                card.removeFromSuperview()
                window.addSubview(card)
            }
        }
        #expect(report.totals.constraintsAdded > 0 && report.totals.constraintsRemoved > 0)
        #expect(report.churn.constraints == 0, "\(report.churn)")
        #expect(!Layouts.ids(report).contains("churn"), "\(report.findings)")
        // Removing the card and adding it back in one frame solves twice (a split and a
        // join): that is reported, as it should be (hide views rather than remove them).
        #expect(Layouts.ids(report) == ["multiple-solves-per-frame"], "\(report.findings)")
    }

    // MARK: required-priority-mutation

    @Test("A required priority changed to 250 while installed makes required-priority-mutation; 999 to 250 does not")
    func requiredPriorityMutation() throws {
        let window = Window(width: 400, height: 400)
        let (_, constraints) = Layouts.tile(in: window, name: "tile")
        let preferred = constraints[2]
        LayoutConstraint.activate(constraints)
        window.layoutIfNeeded()
        let report = Layouts.profile(window) {
            window.performFrame { preferred.priority = 250 }
        }
        let finding = try #require(Layouts.finding(report, "required-priority-mutation"))
        #expect(finding.severity == .error)
        #expect(finding.count("refused") == 1)
        #expect(finding.constraints.first?.contains("1000 -> 250") == true)
        #expect(finding.fix.contains("999"))

        let window2 = Window(width: 400, height: 400)
        let (_, fixed) = Layouts.tile(in: window2, name: "tile")
        fixed[2].priority = 999
        LayoutConstraint.activate(fixed)
        window2.layoutIfNeeded()
        let clean = Layouts.profile(window2) {
            window2.performFrame { fixed[2].priority = 250 }
        }
        #expect(clean.findings.isEmpty, "\(clean.findings)")
    }

    // MARK: competing-constraint-toggle

    @Test("Adding and removing a required height over a 750 one makes competing-constraint-toggle; swapping 999/750 does not")
    func competingToggle() throws {
        let window = Window(width: 400, height: 400)
        let (tile, constraints) = Layouts.tile(in: window, name: "tile")
        constraints[3].priority = .defaultHigh
        LayoutConstraint.activate(constraints)
        window.layoutIfNeeded()
        let report = Layouts.profile(window) {
            for _ in 0..<3 {
                let expanded = tile.heightAnchor.constraint(equalToConstant: 200)
                window.performFrame { expanded.isActive = true }
                window.performFrame { expanded.isActive = false }
            }
        }
        let finding = try #require(Layouts.finding(report, "competing-constraint-toggle"))
        #expect(finding.count("removed") == 3)
        #expect(finding.constraints.first?.contains("over") == true)
        #expect(finding.fix.contains("999"))
        // The re-added equivalents are explained by this finding, not reported as churn.
        #expect(!Layouts.ids(report).contains("churn"))

        let expanded = tile.heightAnchor.constraint(equalToConstant: 200)
        expanded.priority = .defaultHigh
        constraints[3].priority = 999
        expanded.isActive = true
        window.layoutIfNeeded()
        let swapped = Layouts.profile(window) {
            for step in 0..<6 {
                window.performFrame {
                    constraints[3].priority = step % 2 == 0 ? .defaultHigh : 999
                    expanded.priority = step % 2 == 0 ? 999 : .defaultHigh
                }
            }
        }
        #expect(!Layouts.ids(swapped).contains("competing-constraint-toggle"), "\(swapped.findings)")
    }

    // MARK: deep-stack-nesting

    static func nestedStacks(depth: Int) -> StackView {
        var view: View = Label(text: "leaf", name: "leaf")
        for level in 0..<depth {
            let stack = StackView(arrangedSubviews: [view, Label(text: "sibling", name: "sibling\(level)")], name: "stack\(level)")
            stack.axis = level % 2 == 0 ? .horizontal : .vertical
            view = stack
        }
        return view as! StackView
    }

    static func host(_ content: View, in container: View) {
        Layouts.constrained(content, in: container)
        LayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            content.topAnchor.constraint(equalTo: container.topAnchor),
        ])
    }

    @Test("Three nested stacks make deep-stack-nesting; two do not", arguments: [2, 3])
    func deepStackNesting(depth: Int) throws {
        let window = Window(width: 400, height: 400)
        Self.host(Self.nestedStacks(depth: depth), in: window)
        let report = Layouts.profile(window) { window.performFrame {} }
        #expect(report.hierarchy.deepestStackNesting == depth)
        if depth > 2 {
            let finding = try #require(Layouts.finding(report, "deep-stack-nesting"))
            #expect(finding.variant == "hierarchy")
            #expect(finding.count("depth") == 3)
            #expect(finding.views == ["StackView:stack2", "StackView:stack1", "StackView:stack0"])
        } else {
            #expect(report.findings.isEmpty, "\(report.findings)")
        }
    }

    @Test("Three nested stacks in a table cell make the reusable-cell variant")
    func deepStackNestingInCell() throws {
        let window = Window(width: 400, height: 400)
        for index in 0..<2 {
            let cell = TableViewCell(reuseIdentifier: "Nested", name: "cell\(index)")
            Self.host(Self.nestedStacks(depth: 3), in: cell.contentView)
            window.addSubview(cell)
        }
        let report = Layouts.profile(window) { window.performFrame {} }
        let finding = try #require(Layouts.finding(report, "deep-stack-nesting"))
        #expect(finding.variant == "reusable-cell")
        #expect(finding.count("cells") == 2)
        #expect(finding.locations == ["TableViewCell 'Nested'"])
        #expect(finding.fix.contains("1–2 levels"))
    }

    // MARK: autoresizing-conflict and broken-constraints

    @Test("Centring a view that still translates its autoresizing mask makes autoresizing-conflict")
    func autoresizingConflict() throws {
        let window = Window(width: 375, height: 667)
        window.layoutIfNeeded()
        let report = Layouts.profile(window) {
            window.performFrame {
                let label = Label(text: "Saved", name: "toast")
                window.addSubview(label)
                LayoutConstraint.activate([
                    label.centerXAnchor.constraint(equalTo: window.centerXAnchor),
                    label.centerYAnchor.constraint(equalTo: window.centerYAnchor),
                ])
            }
        }
        let finding = try #require(Layouts.finding(report, "autoresizing-conflict"))
        #expect(finding.severity == .error)
        #expect(finding.count("broken") == 2)
        #expect(finding.views == ["Label:toast"])
        #expect(finding.constraints.first?.contains("NSAutoresizingMaskLayoutConstraint") == true)
        #expect(finding.fix.contains("translatesAutoresizingMaskIntoConstraints = false"))
        #expect(!Layouts.ids(report).contains("broken-constraints"))
    }

    @Test("A required width that cannot fit makes broken-constraints; at 999 it gives way")
    func brokenConstraints() throws {
        for priority in [LayoutPriority.required, 999] {
            let window = Window(width: 200, height: 100)
            let label = Layouts.constrained(Label(text: "A long line", name: "line"), in: window)
            window.layoutIfNeeded()
            let width = label.widthAnchor.constraint(equalToConstant: 300)
            width.priority = priority
            let report = Layouts.profile(window) {
                window.performFrame {
                    LayoutConstraint.activate([
                        label.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
                        label.trailingAnchor.constraint(lessThanOrEqualTo: window.trailingAnchor, constant: -16),
                        label.topAnchor.constraint(equalTo: window.topAnchor), width,
                    ])
                }
            }
            if priority.isRequired {
                let finding = try #require(Layouts.finding(report, "broken-constraints"))
                #expect(finding.count("broken") == 1)
                #expect(finding.views == ["Label:line"])
                #expect(finding.fix.contains("999"))
            } else {
                #expect(report.findings.isEmpty, "\(report.findings)")
            }
        }
    }

    // MARK: ambiguous-siblings

    /// Two labels in a row across the window: the extra width (or the shortage) goes
    /// to whichever the priorities say.
    static func twoLabels(width: Double, text: String) -> (Window, Label, Label) {
        let window = Window(width: width, height: 100)
        let left = Layouts.constrained(Label(text: text, name: "left"), in: window)
        let right = Layouts.constrained(Label(text: text, name: "right"), in: window)
        LayoutConstraint.activate([
            left.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            right.leadingAnchor.constraint(equalTo: left.trailingAnchor, constant: 8),
            right.trailingAnchor.constraint(equalTo: window.trailingAnchor),
            left.topAnchor.constraint(equalTo: window.topAnchor),
            right.topAnchor.constraint(equalTo: window.topAnchor),
        ])
        window.layoutIfNeeded()
        return (window, left, right)
    }

    /// Two siblings tied on the priority that decides who takes a difference in width: the
    /// extra space (equal hugging) or the shortage (equal compression resistance).
    struct SiblingTie: Sendable, CustomTestStringConvertible {
        let variant: String
        let width: Double
        let text: String
        /// The priority the finding's fix names, and the change to one of the two labels.
        let priority: LayoutPriority
        let fix: @Sendable (_ left: Label, _ right: Label, _ priority: LayoutPriority) -> Void

        var testDescription: String { variant }

        static let all = [
            SiblingTie(variant: "hugging", width: 400, text: "short", priority: 251) {
                $0.setContentHuggingPriority($2, for: .horizontal)
            },
            SiblingTie(variant: "compression-resistance", width: 200, text: "a rather long label", priority: 749) {
                $1.setContentCompressionResistancePriority($2, for: .horizontal)
            },
        ]
    }

    @Test(
        "Siblings sharing extra space with equal hugging, or squeezed with equal compression resistance, make ambiguous-siblings; the priority its fix names, on one, fixes it",
        arguments: SiblingTie.all)
    func ambiguousSiblings(tie: SiblingTie) throws {
        let (window, left, right) = Self.twoLabels(width: tie.width, text: tie.text)
        let report = Layouts.profile(window) { window.performFrame {} }
        let finding = try #require(Layouts.finding(report, "ambiguous-siblings"))
        #expect(finding.variant == tie.variant)
        #expect(finding.views == ["Label:left", "Label:right"])
        #expect(finding.locations.first?.contains("horizontal") == true)
        #expect(finding.fix.contains("\(tie.priority)"))

        tie.fix(left, right, tie.priority)
        let fixed = Layouts.profile(window) { window.performFrame {} }
        #expect(fixed.findings.isEmpty, "\(fixed.findings)")
        #expect(fixed.hierarchy.ambiguousViews == 0)
    }

    // MARK: multiple-solves-per-frame

    @Test("Two constant edits between passes in one frame make multiple-solves-per-frame; in updateConstraints() they do not")
    func multipleSolvesPerFrame() throws {
        let (window, _, constraints) = Layouts.laidOutTile()
        let report = Layouts.profile(window) {
            for step in 1...3 {
                window.performFrame {
                    constraints[2].constant = 40 + Double(step)
                    constraints[3].constant = 40 + Double(step)
                }
            }
        }
        let finding = try #require(Layouts.finding(report, "multiple-solves-per-frame"))
        #expect(finding.count("frames") == 3)
        #expect(finding.count("mostSolvesInAFrame") == 2)
        #expect(report.timeline.unit == "frame")
        #expect(report.timeline.entries.count == 3)

        final class Sizing: View {
            var side = 40.0 { didSet { setNeedsUpdateConstraints() } }
            lazy var width = widthAnchor.constraint(equalToConstant: 40)
            lazy var height = heightAnchor.constraint(equalToConstant: 40)
            override func updateConstraints() {
                width.constant = side
                height.constant = side
                super.updateConstraints()
            }
        }
        let window2 = Window(width: 400, height: 400)
        let sizing = Layouts.constrained(Sizing(name: "sizing"), in: window2)
        LayoutConstraint.activate([
            sizing.leadingAnchor.constraint(equalTo: window2.leadingAnchor), sizing.topAnchor.constraint(equalTo: window2.topAnchor),
            sizing.width, sizing.height,
        ])
        window2.layoutIfNeeded()
        let batched = Layouts.profile(window2) {
            for step in 1...3 {
                window2.performFrame {
                    sizing.side = 40 + Double(step)
                    // Measuring is the table's machinery: its solves do not count.
                    _ = sizing.systemLayoutSizeFitting(Size(width: 0, height: 0))
                }
            }
        }
        #expect(batched.findings.isEmpty, "\(batched.findings)")
        #expect(batched.timeline.mostSolvesInAFrame == 1)
    }

    // MARK: cross-hierarchy-constraints

    @Test("A constraint between two cards' images makes cross-hierarchy-constraints; cards placed relative to each other do not")
    func crossHierarchy() throws {
        let window = Window(width: 400, height: 400)
        var cards: [View] = []
        var images: [View] = []
        var constraints: [LayoutConstraint] = []
        for index in 0..<3 {
            let card = Layouts.constrained(View(name: "card\(index)"), in: window)
            let image = Layouts.constrained(View(name: "image\(index)"), in: card)
            constraints += [
                card.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                card.topAnchor.constraint(equalTo: cards.last?.bottomAnchor ?? window.topAnchor, constant: 8),
                card.widthAnchor.constraint(equalToConstant: 300), card.heightAnchor.constraint(equalToConstant: 60),
                image.leadingAnchor.constraint(equalTo: card.leadingAnchor), image.topAnchor.constraint(equalTo: card.topAnchor),
                image.heightAnchor.constraint(equalToConstant: 40),
            ]
            cards.append(card)
            images.append(image)
        }
        let independentWidths = images.map { $0.widthAnchor.constraint(equalToConstant: 40) }
        LayoutConstraint.activate(constraints + independentWidths)
        window.layoutIfNeeded()
        let independent = Layouts.profile(window) { window.performFrame { independentWidths[0].constant = 44 } }
        #expect(independent.findings.isEmpty, "\(independent.findings)")

        LayoutConstraint.deactivate(Array(independentWidths.dropFirst()))
        LayoutConstraint.activate(images.dropFirst().map { $0.widthAnchor.constraint(equalTo: images[0].widthAnchor) })
        window.layoutIfNeeded()
        let linked = Layouts.profile(window) { window.performFrame { independentWidths[0].constant = 48 } }
        let finding = try #require(Layouts.finding(linked, "cross-hierarchy-constraints"))
        #expect(finding.count("constraints") == 2)
        #expect(finding.count("subtrees") == 3)
        #expect(finding.locations.first?.hasPrefix("Window:window") == true)
    }
}
