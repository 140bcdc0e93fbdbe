import Cassowary
import Synchronization
import Testing

@testable import LayoutEngine

/// Seed 001: two complete layouts at different priorities; the stronger set
/// overrides the weaker, and removing it restores the first layout exactly.
@Suite("Seed 001: layered priorities")
struct LayeredPriorityTests {
    /// The seed's two layers, with the values its logs print: the weak layer is
    /// `H:|-(20@750)-[redSquare(100@750)]` and `V:[topGuide]-(0@750)-[redSquare(100@750)]`,
    /// the strong one `V:|-(100)-[redSquare(200)]` and `H:|-(50)-[redSquare(200)]`. Every
    /// value differs between the layers, so each is checked on the way in and on the way back.
    @Test("A 1000 layout overrides a 750 layout; removing it restores the 750 frames")
    func layeredLayouts() {
        let window = Window(width: 320, height: 480)
        let square = makeView("redSquare", in: window)
        let weak = [
            square.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            square.topAnchor.constraint(equalTo: window.topAnchor, constant: 0),
            square.widthAnchor.constraint(equalToConstant: 100),
            square.heightAnchor.constraint(equalToConstant: 100),
        ]
        for constraint in weak { constraint.priority = .defaultHigh }
        LayoutConstraint.activate(weak)
        window.layoutIfNeeded()
        let original = square.frame
        #expect(original == Rect(x: 20, y: 0, width: 100, height: 100))

        let strong = [
            square.topAnchor.constraint(equalTo: window.topAnchor, constant: 100),
            square.heightAnchor.constraint(equalToConstant: 200),
            square.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 50),
            square.widthAnchor.constraint(equalToConstant: 200),
        ]
        LayoutConstraint.activate(strong)
        window.layoutIfNeeded()
        #expect(square.frame == Rect(x: 50, y: 100, width: 200, height: 200))
        #expect(window.engine.brokenConstraintCount == 0)
        // The weak layer is still installed, unsatisfied, ready to take over again.
        #expect(weak.allSatisfy { $0.isActive && !$0.isBroken })

        LayoutConstraint.deactivate(strong)
        window.layoutIfNeeded()
        #expect(square.frame == Rect(x: 20, y: 0, width: 100, height: 100))
        #expect(!square.hasAmbiguousLayout)

        // Twice, as the seed's resize and reset buttons allow: the same frames again.
        LayoutConstraint.activate(strong)
        window.layoutIfNeeded()
        #expect(square.frame == Rect(x: 50, y: 100, width: 200, height: 200))
        LayoutConstraint.deactivate(strong)
        window.layoutIfNeeded()
        #expect(square.frame == original)
    }
}

/// Seed 004: a 999 failure point gives way where a required constraint would break.
@Suite("Seed 004: failure points")
struct FailurePointTests {
    func build(preferredPriority: LayoutPriority, reversed: Bool = false) -> (Window, Label, [UnsatisfiableConstraintsReport]) {
        let window = Window(width: 200, height: 100)
        let label = makeLabel(String(repeating: "x", count: 40), "longLabel", in: window)  // 280 points of text
        var reports: [UnsatisfiableConstraintsReport] = []
        window.engine.addBreakObserver { reports.append($0) }
        let preferredWidth = label.widthAnchor.constraint(equalToConstant: 280)
        preferredWidth.priority = preferredPriority
        let constraints = [
            label.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(lessThanOrEqualTo: window.trailingAnchor, constant: -16),
            label.topAnchor.constraint(equalTo: window.topAnchor, constant: 8),
            preferredWidth,
        ]
        LayoutConstraint.activate(reversed ? constraints.reversed() : constraints)
        window.layoutIfNeeded()
        return (window, label, reports)
    }

    /// Which constraint breaks follows UIKit's rule (docs/break-rule.md), not the array order:
    /// a relation between two views breaks before one view's fixed size, and on the trailing
    /// side first. So the trailing inequality breaks and the label keeps its 280 points, in
    /// either order (before, the order decided: width last broke the width, width first broke
    /// the trailing edge).
    @Test("Required: the engine breaks the trailing constraint in either order and reports it", arguments: [false, true])
    func requiredBreaks(reversed: Bool) throws {
        let (window, label, reports) = build(preferredPriority: .required, reversed: reversed)
        #expect(window.engine.brokenConstraintCount == 1)
        let report = try #require(reports.first)
        #expect(report.brokenConstraint.isBroken)
        #expect(report.brokenConstraint.firstAttribute == .trailing && report.brokenConstraint.relation == .lessThanOrEqual)
        #expect(report.message.hasPrefix("[LayoutConstraints] Unable to simultaneously satisfy constraints."))
        #expect(report.message.contains("Will attempt to recover by breaking constraint \n" + report.brokenDescription))
        // The conflict is the leading edge, the trailing edge and the width (and the
        // window's own width, which they are measured against).
        let conflict = report.constraints.filter { $0.firstItem === label }
        #expect(conflict.count == 3)
        #expect(conflict.contains { $0.firstAttribute == .leading && $0.constant == 16 })
        #expect(conflict.contains { $0.firstAttribute == .trailing && $0.relation == .lessThanOrEqual })
        #expect(conflict.contains { $0.firstAttribute == .width && $0.constant == 280 })
        #expect(label.frame == Rect(x: 16, y: 8, width: 280, height: 17))
    }

    @Test("999: the failure point gives way, nothing breaks, the rest of the layout holds")
    func failurePointGivesWay() {
        let (window, label, reports) = build(preferredPriority: 999)
        #expect(reports.isEmpty && window.engine.brokenConstraintCount == 0)
        #expect(label.frame == Rect(x: 16, y: 8, width: 168, height: 17))
    }
}

/// Seed 002: the performance and correctness patterns.
@Suite("Seed 002: Auto Layout performance patterns")
struct PerformancePatternTests {
    /// Views with a width and a height each: 2N constraints.
    func makeViews(_ count: Int, in window: Window) -> [View] {
        (0..<count).map { makeView("box\($0)", in: window) }
    }

    @Test("activate([...]) of N constraints is one solve; isActive one at a time is N", arguments: [10, 100])
    func batchVersusIndividual(count: Int) {
        let batched = Window(width: 400, height: 400)
        let batchedViews = makeViews(count, in: batched)
        let before = batched.counters
        LayoutConstraint.activate(batchedViews.map { $0.widthAnchor.constraint(equalToConstant: 10) })
        #expect((batched.counters - before).solves == 1)

        let individual = Window(width: 400, height: 400)
        let individualViews = makeViews(count, in: individual)
        let start = individual.counters
        for view in individualViews {
            view.widthAnchor.constraint(equalToConstant: 10).isActive = true
        }
        #expect((individual.counters - start).solves == count)
        #expect((individual.counters - start).constraintsAdded == (batched.counters - before).constraintsAdded)
    }

    /// A small screen: a header and a detail view whose height changes.
    func expandableLayout() -> (Window, View, LayoutConstraint) {
        let window = Window(width: 320, height: 640)
        var previous: View = window
        var constraints: [LayoutConstraint] = []
        var detail: View!
        for index in 0..<30 {
            let row = makeView("row\(index)", in: window)
            constraints += [
                row.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
                row.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -16),
                row.topAnchor.constraint(equalTo: index == 0 ? window.topAnchor : previous.bottomAnchor, constant: 8),
            ]
            if index == 10 { detail = row } else { constraints.append(row.heightAnchor.constraint(equalToConstant: 20)) }
            previous = row
        }
        let height = detail.heightAnchor.constraint(equalToConstant: 60)
        constraints.append(height)
        LayoutConstraint.activate(constraints)
        window.layoutIfNeeded()
        return (window, detail, height)
    }

    @Test(".constant edits remove nothing and cost far fewer row operations than churn")
    func constantVersusChurn() {
        let (edited, detail, height) = expandableLayout()
        let editStart = edited.counters
        height.constant = 120
        edited.layoutIfNeeded()
        let editCost = edited.counters - editStart
        #expect(detail.frame.height == 120)
        #expect(editCost.constraintsRemoved == 0 && editCost.constraintsAdded == 0)

        let (churned, churnDetail, oldHeight) = expandableLayout()
        let churnStart = churned.counters
        LayoutConstraint.deactivate([oldHeight])
        LayoutConstraint.activate([churnDetail.heightAnchor.constraint(equalToConstant: 120)])
        churned.layoutIfNeeded()
        let churnCost = churned.counters - churnStart
        #expect(churnDetail.frame.height == 120)
        #expect(churnCost.constraintsRemoved == 1 && churnCost.constraintsAdded == 1)
        // Both visit the 20 rows below the edited view (their values all change), but
        // the edit only moves constants: no pivot, no substitution, no cell written.
        #expect(editCost.rowOperations == editCost.rowConstantUpdates)
        #expect(editCost.pivots == 0 && editCost.substitutions == 0 && editCost.cellUpdates == 0)
        #expect(churnCost.pivots == 1 && churnCost.substitutions > 30 && churnCost.cellUpdates > 30)
        #expect(editCost.rowOperations * 2 < churnCost.rowOperations, "edit \(editCost.rowOperations) vs churn \(churnCost.rowOperations)")
        #expect(editCost.solves == 1 && churnCost.solves == 2)
    }

    @Test("Mutating an installed priority between required and not is refused with UIKit's message")
    func requiredPriorityMutation() {
        let window = Window(width: 320, height: 480)
        let box = makeView("box", in: window)
        let height = box.heightAnchor.constraint(equalToConstant: 200)
        height.isActive = true
        let down = #expect(throws: LayoutError.self) { try height.setPriority(250) }
        #expect(
            down?.description
                == "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported. You passed priority 250 and the existing priority was 1000."
        )
        #expect(height.priority == .required)
        height.priority = 250  // the property setter records the issue and keeps the priority
        #expect(height.priority == .required)
        #expect(window.engine.issueCounts[.requiredPriorityMutation] == 1)

        // The fix: 999 before activation, then any non-required change is allowed in place.
        let compact = box.widthAnchor.constraint(equalToConstant: 44)
        compact.priority = 999
        let expanded = box.widthAnchor.constraint(equalToConstant: 200)
        expanded.priority = 750
        LayoutConstraint.activate([compact, expanded])
        window.layoutIfNeeded()
        #expect(box.frame.width == 44)
        let before = window.counters
        compact.priority = 750
        expanded.priority = 999
        window.layoutIfNeeded()
        #expect(box.frame.width == 200)
        #expect((window.counters - before).constraintsRemoved == 0 && (window.counters - before).priorityUpdates == 2)

        // The other direction, non-required to required, is refused the same way.
        let up = #expect(throws: LayoutError.self) { try expanded.setPriority(.required) }
        #expect(
            up?.description
                == "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported. You passed priority 1000 and the existing priority was 999."
        )
        #expect(expanded.priority == 999)
        expanded.priority = .required
        #expect(expanded.priority == 999)
        #expect(window.engine.issueCounts[.requiredPriorityMutation] == 2)
        // Not installed, any change is allowed (set the priority first, then activate).
        expanded.isActive = false
        try? expanded.setPriority(.required)
        #expect(expanded.priority == .required)
    }

    /// Two labels in a row share extra space.
    func labelRow(
        titleHugging: LayoutPriority, titleResistance: LayoutPriority = .defaultHigh, width: Double = 320
    ) -> (Window, Label, Label) {
        let window = Window(width: width, height: 100)
        let title = makeLabel("Name", "titleLabel", in: window)
        let value = makeLabel("Value", "valueLabel", in: window)
        title.setContentHuggingPriority(titleHugging, for: .horizontal)
        title.setContentCompressionResistancePriority(titleResistance, for: .horizontal)
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
            value.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 8),
            value.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -16),
            title.centerYAnchor.constraint(equalTo: window.centerYAnchor),
            value.centerYAnchor.constraint(equalTo: window.centerYAnchor),
        ])
        window.layoutIfNeeded()
        return (window, title, value)
    }

    @Test("Equal hugging priorities are ambiguous; 251 resolves it")
    func equalHugging() {
        let (window, title, value) = labelRow(titleHugging: 250)
        #expect(title.hasAmbiguousLayout && value.hasAmbiguousLayout)
        #expect(window.engine.brokenConstraintCount == 0)
        #expect(close(title.frame.width + value.frame.width, 320 - 40))

        let (fixedWindow, fixedTitle, fixedValue) = labelRow(titleHugging: 251)
        #expect(!fixedTitle.hasAmbiguousLayout && !fixedValue.hasAmbiguousLayout)
        #expect(fixedTitle.frame == Rect(x: 16, y: 41.5, width: 28, height: 17))
        #expect(fixedValue.frame == Rect(x: 52, y: 41.5, width: 252, height: 17))
        // Hugging changes are in-place priority updates, not churn.
        let before = fixedWindow.counters
        fixedValue.setContentHuggingPriority(252, for: .horizontal)
        fixedWindow.layoutIfNeeded()
        #expect((fixedWindow.counters - before).constraintsRemoved == 0)
        #expect(fixedValue.frame.width == 35)
    }

    @Test(
        "Autoresizing masks print as UIKit prints them",
        arguments: [
            (AutoresizingMask(), "h=--& v=--&"),
            ([.flexibleRightMargin, .flexibleBottomMargin], "h=--& v=--&"),
            ([.flexibleWidth, .flexibleHeight], "h=-&- v=-&-"),
            ([.flexibleLeftMargin, .flexibleTopMargin], "h=&-- v=&--"),
            ([.flexibleLeftMargin, .flexibleRightMargin, .flexibleHeight], "h=&-& v=-&-"),
            ([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, .flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin], "h=&&& v=&&&"),
        ] as [(AutoresizingMask, String)])
    func autoresizingText(mask: AutoresizingMask, text: String) {
        #expect(LayoutEngine.autoresizingText(mask) == text)
        let window = Window(width: 320, height: 480)
        let view = View(name: "v", frame: Rect(x: 10, y: 20, width: 100, height: 50))
        view.autoresizingMask = mask
        window.addSubview(view)
        window.engine.register(view)  // it takes part in layout: its frame becomes constraints
        window.layoutIfNeeded()
        #expect(view.frame == Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.autoresizingConstraints.count == 4)
        #expect(view.autoresizingConstraints.allSatisfy { $0.description.contains(" \(text) View:v.") })
        if !mask.contains(.flexibleLeftMargin) {
            #expect(view.autoresizingConstraints.contains { $0.description.contains("View:v.minX == 10   (active, names: '|':Window:window )>") })
        }
    }

    /// The seed's other half: with too little room, the label with the lower compression
    /// resistance (750 against the title's 751) is the one that shrinks.
    @Test("Too little space: the lower compression resistance yields; the title keeps its text")
    func compressionResistance() {
        // 100 points: 16 + title + 8 + value + 16, so title + value = 60 < 28 + 35.
        let (window, title, value) = labelRow(titleHugging: 251, titleResistance: 751, width: 100)
        #expect(window.engine.brokenConstraintCount == 0)
        #expect(!title.hasAmbiguousLayout && !value.hasAmbiguousLayout)
        #expect(title.frame == Rect(x: 16, y: 41.5, width: 28, height: 17))
        #expect(value.frame == Rect(x: 52, y: 41.5, width: 32, height: 17))

        // Swapped: the title at 749 yields, the value keeps its 35 points.
        let (swapped, yieldingTitle, keptValue) = labelRow(titleHugging: 251, titleResistance: 749, width: 100)
        #expect(swapped.engine.brokenConstraintCount == 0)
        #expect(yieldingTitle.frame == Rect(x: 16, y: 41.5, width: 25, height: 17))
        #expect(keptValue.frame == Rect(x: 49, y: 41.5, width: 35, height: 17))
    }

    @Test("translatesAutoresizingMaskIntoConstraints left on: the conflict lists the autoresizing constraints")
    func autoresizingConflict() throws {
        let window = Window(width: 320, height: 480)
        let label = Label(text: "Hello", name: "label")
        window.addSubview(label)
        var reports: [UnsatisfiableConstraintsReport] = []
        var logged: [String] = []
        window.engine.addBreakObserver { reports.append($0) }
        window.engine.logHandler = { logged.append($0) }
        LayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: window.centerXAnchor),
            label.centerYAnchor.constraint(equalTo: window.centerYAnchor),
        ])
        window.layoutIfNeeded()
        #expect(reports.count == 2 && logged.count == 2)
        let report = try #require(reports.first)
        #expect(report.involvesAutoresizingMask)
        #expect(report.constraints.filter { $0.origin == .autoresizingMask }.count == 2)
        #expect(report.message.contains("NSAutoresizingMaskLayoutConstraint"))
        // UIKit's text for the default mask: h=--& v=--&, origins as minX/minY with the
        // superview named '|'.
        #expect(report.message.contains("h=--& v=--& Label:label.minX == 0   (active, names: '|':Window:window )>"))
        #expect(reports[1].message.contains("h=--& v=--& Label:label.minY == 0   (active, names: '|':Window:window )>"))
        #expect(report.message.contains("h=--& v=--& Label:label.width == 0   (active)>"))
        #expect(!report.message.contains("h=---"))
        // The view stays where its (zero) frame put it, as in UIKit.
        #expect(label.frame.origin == .zero)

        // Fixed: off before adding constraints.
        let fixedWindow = Window(width: 320, height: 480)
        let fixed = makeLabel("Hello", "label", in: fixedWindow)
        LayoutConstraint.activate([
            fixed.centerXAnchor.constraint(equalTo: fixedWindow.centerXAnchor),
            fixed.centerYAnchor.constraint(equalTo: fixedWindow.centerYAnchor),
        ])
        fixedWindow.layoutIfNeeded()
        #expect(fixedWindow.engine.brokenConstraintCount == 0)
        #expect(fixed.frame == Rect(x: 142.5, y: 231.5, width: 35, height: 17))
    }
}

/// Seed 000: every broken constraint, from every engine, reaches one hook.
@Suite("Seed 000: the process-wide break hook")
struct ProcessBreakHookTests {
    /// One break about the view under test: in the window's engine or not, what broke,
    /// and the identifiers of the mutually exclusive set.
    struct Entry: Sendable {
        let inWindowEngine: Bool
        let broken: String
        let set: [String]
    }

    @Test("The seed's order: h == 50, h == 100, then addSubview; nothing breaks before the join, the hook and the window see both")
    func seedOrder() throws {
        let window = Window(width: 320, height: 480)
        let v = View(name: "v")  // translatesAutoresizingMaskIntoConstraints stays on, as in the seed
        // Other tests break constraints on other threads meanwhile: keep only this view's,
        // behind a lock.
        let backlog = Mutex<[Entry]>([])
        nonisolated(unsafe) let (view, windowEngine) = (v, window.engine)
        let token = LayoutEngine.addProcessBreakObserver { report in
            guard report.constraints.contains(where: { $0.firstItem === view }) else { return }
            let entry = Entry(
                inWindowEngine: report.brokenConstraint.engine === windowEngine,
                broken: report.brokenConstraint.identifier ?? "?",
                set: report.constraints.map { $0.identifier ?? "?" })
            backlog.withLock { $0.append(entry) }
        }
        defer { LayoutEngine.removeProcessBreakObserver(token) }
        var windowReports: [UnsatisfiableConstraintsReport] = []
        window.engine.addBreakObserver { windowReports.append($0) }

        let (h50, h100) = conflictingHeights(v, (50, "h50"), (100, "h100"))
        h50.isActive = true
        h100.isActive = true
        // In no window, v's engine only holds them: nothing is solved, nothing breaks yet
        // (seed 000: "view.addSubview(v) // A constraint will break").
        #expect(backlog.withLock { $0 }.isEmpty)
        #expect(windowReports.isEmpty)

        // addSubview: the autoresizing height (0, from the zero frame) conflicts with each.
        window.addSubview(v)
        window.layoutIfNeeded()
        let all = backlog.withLock { $0 }
        #expect(all.count == 2)
        #expect(all.allSatisfy { $0.inWindowEngine && $0.set.count == 2 })
        #expect(all.map(\.broken) == ["h50", "h100"])
        // A per-engine observer on the window sees only the two at addSubview.
        #expect(windowReports.count == 2)
        #expect(windowReports.allSatisfy { $0.involvesAutoresizingMask })

        // Removed, the hook hears nothing more, though the window breaks again.
        LayoutEngine.removeProcessBreakObserver(token)
        let other = View(name: "v")
        other.heightAnchor.constraint(equalToConstant: 1).isActive = true
        other.heightAnchor.constraint(equalToConstant: 2).isActive = true
        window.addSubview(other)
        window.layoutIfNeeded()
        #expect(windowReports.count > 2)
        #expect(backlog.withLock { $0.count } == 2)
    }
}
