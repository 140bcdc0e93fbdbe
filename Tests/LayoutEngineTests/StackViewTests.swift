import Testing

import Cassowary
@testable import LayoutEngine

// Labels are 7 points per character and 17 points tall (Label's text model):
// "abc" is 21 wide, "hello" 35, "hi" 14.

/// Three labels of widths 21, 35 and 14.
private func threeLabels() -> [Label] {
    [Label(text: "abc", name: "a"), Label(text: "hello", name: "b"), Label(text: "hi", name: "c")]
}

/// A window with `stack` pinned at (x, y) (and, if given, its length along the axis).
private func host(_ stack: StackView, x: Double = 0, y: Double = 0, width: Double? = nil, height: Double? = nil) -> Window {
    let window = Window(width: 400, height: 300)
    stack.translatesAutoresizingMaskIntoConstraints = false
    window.addSubview(stack)
    var constraints = [
        stack.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: x),
        stack.topAnchor.constraint(equalTo: window.topAnchor, constant: y),
    ]
    if let width { constraints.append(stack.widthAnchor.constraint(equalToConstant: width)) }
    if let height { constraints.append(stack.heightAnchor.constraint(equalToConstant: height)) }
    LayoutConstraint.activate(constraints)
    window.layoutIfNeeded()
    return window
}

private func expectFrame(_ view: View, _ expected: Rect, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(view.frame.isClose(to: expected), "\(view.debugName): \(view.frame) != \(expected)", sourceLocation: sourceLocation)
}

private func count(_ stack: StackView, _ kind: StackView.GeneratedConstraintKind) -> Int {
    stack.generatedConstraints.filter { $0.identifier == kind.rawValue }.count
}

/// Every stack in a hierarchy, depth first.
private func allStacks(in view: View) -> [StackView] {
    var result: [StackView] = []
    func visit(_ view: View) {
        if let stack = view as? StackView { result.append(stack) }
        view.subviews.forEach(visit)
    }
    visit(view)
    return result
}

@Suite("StackView frames")
struct StackViewFrameTests {
    @Test("A horizontal fill stack lays labels end to end with spacing")
    func horizontalFill() {
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels, name: "row")
        stack.spacing = 8
        let window = host(stack, x: 10, y: 20)
        expectFrame(stack, Rect(x: 10, y: 20, width: 86, height: 17))
        expectFrame(labels[0], Rect(x: 0, y: 0, width: 21, height: 17))
        expectFrame(labels[1], Rect(x: 29, y: 0, width: 35, height: 17))
        expectFrame(labels[2], Rect(x: 72, y: 0, width: 14, height: 17))
        #expect(labels.allSatisfy { !$0.translatesAutoresizingMaskIntoConstraints && $0.superview === stack })
        #expect(window.ambiguousViews().isEmpty)
        #expect(stack.generatedConstraints.count == 10)
        #expect(stack.generatedConstraints.allSatisfy { $0.isActive && $0.origin == .container })
        #expect(stack.generatedConstraints.allSatisfy { c in stack.constraints.contains { $0 === c } })
    }

    @Test("A vertical fill stack stacks labels; fill alignment gives them the widest width")
    func verticalFill() {
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels)
        stack.axis = .vertical
        stack.spacing = 8
        let window = host(stack, x: 10, y: 20)
        expectFrame(stack, Rect(x: 10, y: 20, width: 35, height: 67))
        expectFrame(labels[0], Rect(x: 0, y: 0, width: 35, height: 17))
        expectFrame(labels[1], Rect(x: 0, y: 25, width: 35, height: 17))
        expectFrame(labels[2], Rect(x: 0, y: 50, width: 35, height: 17))
        #expect(window.ambiguousViews().isEmpty)
    }

    @Test("fillEqually gives every view the same width")
    func fillEqually() {
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels)
        stack.distribution = .fillEqually
        stack.spacing = 10
        _ = host(stack, width: 300)
        let width = 280.0 / 3
        for (index, label) in labels.enumerated() {
            expectFrame(label, Rect(x: Double(index) * (width + 10), y: 0, width: width, height: 17))
        }
        #expect(count(stack, .fillEqually) == 2)
    }

    @Test("fillEqually without a width takes the widest view's width (compression resistance)")
    func fillEquallyNatural() {
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels)
        stack.distribution = .fillEqually
        _ = host(stack)
        expectFrame(stack, Rect(x: 0, y: 0, width: 105, height: 17))
        #expect(labels.allSatisfy { abs($0.frame.width - 35) < 1e-6 })
    }

    @Test("fillProportionally: natural size at the intrinsic widths; stretched, shares at 999 - index")
    func fillProportionally() {
        let natural = threeLabels()
        let free = StackView(arrangedSubviews: natural)
        free.distribution = .fillProportionally
        free.spacing = 10
        _ = host(free)
        expectFrame(free, Rect(x: 0, y: 0, width: 90, height: 17))
        expectFrame(natural[1], Rect(x: 31, y: 0, width: 35, height: 17))

        // Widths 21:35:14 of (21 + 35 + 14 + 2 * 10) = 90; the last view, at the lowest
        // priority, takes what the required chain leaves.
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels)
        stack.distribution = .fillProportionally
        stack.spacing = 10
        _ = host(stack, width: 300)
        expectFrame(labels[0], Rect(x: 0, y: 0, width: 70, height: 17))
        expectFrame(labels[1], Rect(x: 80, y: 0, width: 350.0 / 3, height: 17))
        expectFrame(labels[2], Rect(x: 80 + 350.0 / 3 + 10, y: 0, width: 280 - 70 - 350.0 / 3, height: 17))
        let priorities = stack.generatedConstraints.filter { $0.identifier == "UISV-fill-proportionally" }.map(\.priority)
        #expect(priorities == [999, 998, 997])
    }

    @Test("fillProportionally measures a view without an intrinsic length by its frame, not as zero")
    func fillProportionallyFrameFallback() {
        // A label (17 tall) and a plain view whose frame is 34 tall, 10 apart: shares
        // 17 : 34 of 61, the stack's natural height. UIKit fills a view with only a frame
        // in proportion to it.
        let label = Label(text: "abc", name: "label")
        let plain = View(name: "plain", frame: Rect(x: 0, y: 0, width: 50, height: 34))
        let stack = StackView(arrangedSubviews: [label, plain])
        stack.axis = .vertical
        stack.distribution = .fillProportionally
        stack.spacing = 10
        let window = host(stack, width: 100)
        #expect(window.engine.brokenConstraintCount == 0)
        expectFrame(plain, Rect(x: 0, y: 27, width: 100, height: 34))
        expectFrame(stack, Rect(x: 0, y: 0, width: 100, height: 61))
        let shares = stack.generatedConstraints.filter { $0.identifier == "UISV-fill-proportionally" }
        #expect(shares.map(\.priority) == [999, 998])

        // Its own required height wins over its share (999 − index), without a conflict.
        let other = View(name: "sized", frame: Rect(x: 0, y: 0, width: 50, height: 34))
        let sizedStack = StackView(arrangedSubviews: [Label(text: "abc"), other])
        sizedStack.axis = .vertical
        sizedStack.distribution = .fillProportionally
        other.translatesAutoresizingMaskIntoConstraints = false
        other.heightAnchor.constraint(equalToConstant: 40).isActive = true
        let sizedWindow = host(sizedStack, width: 100)
        #expect(sizedWindow.engine.brokenConstraintCount == 0)
        #expect(abs(other.frame.height - 40) < 1e-6)
    }

    @Test("requiresProportionalShares makes every share required (Interface Builder's canvas)")
    func requiredProportionalShares() {
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels)
        stack.distribution = .fillProportionally
        stack.requiresProportionalShares = true
        let window = host(stack, width: 70)
        let shares = stack.generatedConstraints.filter { $0.identifier == "UISV-fill-proportionally" }
        #expect(shares.map(\.priority) == [1000, 1000, 1000])
        #expect(window.engine.brokenConstraintCount == 0)
        expectFrame(labels[1], Rect(x: 21, y: 0, width: 35, height: 17))
    }

    @Test("fillProportionally rebuilds when an intrinsic size changes; fill does not")
    func proportionalRebuildOnIntrinsicChange() {
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels)
        stack.distribution = .fillProportionally
        let window = host(stack, width: 300)
        let rebuilds = stack.rebuildCount
        labels[0].text = "abcdef"
        window.layoutIfNeeded()
        #expect(stack.rebuildCount == rebuilds + 1)
        // 42 : 35 : 14 of 91.
        expectFrame(labels[0], Rect(x: 0, y: 0, width: 300 * 42 / 91, height: 17))

        let fillLabels = threeLabels()
        let fill = StackView(arrangedSubviews: fillLabels)
        let fillWindow = host(fill)
        let before = fillWindow.engine.solver.counters
        fillLabels[0].text = "abcdef"
        fillWindow.layoutIfNeeded()
        let cost = fillWindow.engine.solver.counters - before
        #expect(fill.rebuildCount == 1)
        #expect(cost.constraintsAdded == 0 && cost.constraintsRemoved == 0)
        #expect(cost.constantUpdates == 2)  // the label's width hugging and compression constants
        expectFrame(fillLabels[1], Rect(x: 42, y: 0, width: 35, height: 17))
    }

    @Test("equalSpacing: equal gaps from spacer guides")
    func equalSpacing() {
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels)
        stack.distribution = .equalSpacing
        stack.spacing = 10
        let window = host(stack, width: 300)
        // 300 - (21 + 35 + 14) = 230, two gaps of 115.
        expectFrame(labels[0], Rect(x: 0, y: 0, width: 21, height: 17))
        expectFrame(labels[1], Rect(x: 136, y: 0, width: 35, height: 17))
        expectFrame(labels[2], Rect(x: 286, y: 0, width: 14, height: 17))
        #expect(stack.distributingGuides.count == 2)
        #expect(stack.distributingGuides.allSatisfy { $0.name == "UISV-distributing" && $0.owningView === stack })
        #expect(stack.distributingGuides[0].layoutFrame.isClose(to: Rect(x: 21, y: 0, width: 115, height: 0)))
        #expect(stack.distributingGuides[1].layoutFrame.isClose(to: Rect(x: 171, y: 0, width: 115, height: 0)))
        #expect(count(stack, .distributingEdge) == 4)
        #expect(count(stack, .fillEqually) == 1)
        #expect(count(stack, .canvasFit) == 1)
        #expect(stack.generatedConstraints.filter { $0.identifier == "UISV-spacing" }.allSatisfy { $0.relation == .greaterThanOrEqual })
        #expect(window.ambiguousViews().isEmpty)

        // Without a width the gaps shrink to the spacing (UISV-canvas-fit at 49).
        let natural = threeLabels()
        let free = StackView(arrangedSubviews: natural)
        free.distribution = .equalSpacing
        free.spacing = 10
        _ = host(free)
        expectFrame(free, Rect(x: 0, y: 0, width: 90, height: 17))
        expectFrame(natural[2], Rect(x: 76, y: 0, width: 14, height: 17))
    }

    @Test("equalCentering: equally spaced centers")
    func equalCentering() {
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels)
        stack.distribution = .equalCentering
        stack.spacing = 10
        _ = host(stack, width: 300)
        // Centers at 10.5 and 293; the middle one halfway, at 151.75.
        expectFrame(labels[0], Rect(x: 0, y: 0, width: 21, height: 17))
        expectFrame(labels[1], Rect(x: 151.75 - 17.5, y: 0, width: 35, height: 17))
        expectFrame(labels[2], Rect(x: 286, y: 0, width: 14, height: 17))
        #expect(stack.distributingGuides.map(\.layoutFrame.width).allSatisfy { abs($0 - 141.25) < 1e-6 })
        let guideEquality = stack.generatedConstraints.first { $0.identifier == "UISV-fill-equally" }
        #expect(guideEquality?.priority == 149)  // 150 - index of the view before the gap
    }

    @Test(
        "Horizontal alignment across a 40-point image and a label",
        arguments: [
            (StackView.Alignment.fill, 0.0, 40.0), (.top, 0, 17), (.center, 11.5, 17), (.bottom, 23, 17),
        ])
    func horizontalAlignment(alignment: StackView.Alignment, labelY: Double, labelHeight: Double) {
        // The label comes first, so the spanner (not the first view) sets the height.
        let label = Label(text: "hello", name: "label")
        let image = ImageView(imageSize: Size(width: 40, height: 40), name: "image")
        let stack = StackView(arrangedSubviews: [label, image])
        stack.alignment = alignment
        stack.spacing = 8
        let window = host(stack, x: 5, y: 5)
        expectFrame(stack, Rect(x: 5, y: 5, width: 83, height: 40))
        expectFrame(label, Rect(x: 0, y: labelY, width: 35, height: labelHeight))
        expectFrame(image, Rect(x: 43, y: 0, width: 40, height: 40))
        #expect((stack.alignmentSpanner != nil) == (alignment != .fill))
        if let spanner = stack.alignmentSpanner {
            #expect(spanner.layoutFrame.minY == 0 && abs(spanner.layoutFrame.height - 40) < 1e-6)
        }
        #expect(window.ambiguousViews().isEmpty)
    }

    @Test(
        "Vertical alignment in a 200-point-wide stack",
        arguments: [StackView.Alignment.fill, .leading, .center, .trailing])
    func verticalAlignment(alignment: StackView.Alignment) {
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels)
        stack.axis = .vertical
        stack.alignment = alignment
        _ = host(stack, width: 200)
        for (index, label) in labels.enumerated() {
            let width = label.intrinsicContentSize.width
            let expected: Rect =
                switch alignment {
                case .fill, .firstBaseline, .lastBaseline: Rect(x: 0, y: Double(index) * 17, width: 200, height: 17)
                case .leading: Rect(x: 0, y: Double(index) * 17, width: width, height: 17)
                case .center: Rect(x: (200 - width) / 2, y: Double(index) * 17, width: width, height: 17)
                case .trailing: Rect(x: 200 - width, y: Double(index) * 17, width: width, height: 17)
                }
            expectFrame(label, expected)
        }
        expectFrame(stack, Rect(x: 0, y: 0, width: 200, height: 51))
    }

    @Test("A stack inside a stack is sized by its content")
    func nestedFrames() {
        let inner = StackView(arrangedSubviews: [Label(text: "ab"), Label(text: "abcd")])
        inner.spacing = 4
        let tail = Label(text: "x")
        let outer = StackView(arrangedSubviews: [inner, tail])
        outer.axis = .vertical
        outer.alignment = .leading
        outer.spacing = 6
        _ = host(outer)
        expectFrame(inner, Rect(x: 0, y: 0, width: 46, height: 17))
        expectFrame(tail, Rect(x: 0, y: 23, width: 7, height: 17))
        expectFrame(outer, Rect(x: 0, y: 0, width: 46, height: 40))
    }
}

@Suite("StackView rebuilds and counts")
struct StackViewRebuildTests {
    @Test("Hiding an arranged subview collapses it: a full rebuild shows in the counters")
    func hiding() {
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels)
        stack.spacing = 8
        let window = host(stack)
        #expect(stack.generatedConstraints.count == 10)

        var before = window.engine.solver.counters
        labels[1].isHidden = true
        window.layoutIfNeeded()
        var cost = window.engine.solver.counters - before
        // Out: the 3n + 1 = 10 of three visible views. In: n + 1 + 2h = 5 along the axis
        // (two canvas connections, one spacing, the hiding and the hidden view's tie) and
        // 2N = 6 across it.
        #expect(cost.constraintsRemoved == 10)
        #expect(cost.constraintsAdded == 11)
        #expect(cost.solves == 1)  // the update pass is one batch
        #expect(stack.rebuildCount == 2)
        #expect(count(stack, .hiding) == 1 && count(stack, .spacingHidden) == 1)
        expectFrame(labels[0], Rect(x: 0, y: 0, width: 21, height: 17))
        #expect(labels[1].frame.width == 0)
        expectFrame(labels[2], Rect(x: 29, y: 0, width: 14, height: 17))
        expectFrame(stack, Rect(x: 0, y: 0, width: 43, height: 17))
        #expect(window.ambiguousViews().isEmpty)

        before = window.engine.solver.counters
        labels[1].isHidden = false
        window.layoutIfNeeded()
        cost = window.engine.solver.counters - before
        #expect(cost.constraintsRemoved == 11)
        #expect(cost.constraintsAdded == 10)
        expectFrame(labels[2], Rect(x: 72, y: 0, width: 14, height: 17))
    }

    @Test("A rebuild is attributed to containerRebuild")
    func rebuildOperation() {
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels)
        let window = host(stack)
        let events = EventRecorder.events(of: window.engine) {
            stack.axis = .vertical
            window.layoutIfNeeded()
        }
        let removed = events.filter { $0.kind == .constraintRemoved }
        let added = events.filter { $0.kind == .constraintAdded }
        #expect(removed.count == 10 && added.count == 10)
        #expect((removed + added).allSatisfy { event in
            if case .containerRebuild(let view) = event.operation { return view === stack }
            return false
        })
        #expect((removed + added).allSatisfy { $0.inBatch })
    }

    @Test("A spacing change updates the spacing constants in place")
    func spacingInPlace() {
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels)
        stack.spacing = 8
        let window = host(stack)
        let before = window.engine.solver.counters
        stack.spacing = 20
        window.layoutIfNeeded()
        let cost = window.engine.solver.counters - before
        #expect(cost.constraintsRemoved == 0)
        #expect(cost.constraintsAdded == 0)
        #expect(cost.constantUpdates == 2)
        #expect(cost.solves == 1)
        #expect(stack.rebuildCount == 1)
        #expect(stack.spacingUpdateCount == 1)
        expectFrame(labels[2], Rect(x: 96, y: 0, width: 14, height: 17))

        // Proportional multipliers include the spacing: that one rebuilds.
        stack.distribution = .fillProportionally
        window.layoutIfNeeded()
        let rebuilds = stack.rebuildCount
        stack.spacing = 4
        window.layoutIfNeeded()
        #expect(stack.rebuildCount == rebuilds + 1)
    }

    @Test("Adding, inserting and removing arranged subviews")
    func arrangedSubviewEdits() {
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: [labels[0], labels[2]])
        stack.spacing = 8
        let window = host(stack)
        stack.insertArrangedSubview(labels[1], at: 1)
        window.layoutIfNeeded()
        #expect(stack.arrangedSubviews.map(\.name) == ["a", "b", "c"])
        expectFrame(labels[2], Rect(x: 72, y: 0, width: 14, height: 17))

        stack.removeArrangedSubview(labels[0])
        window.layoutIfNeeded()
        #expect(labels[0].superview === stack)  // stays a subview, as UIKit's
        #expect(stack.generatedConstraints.count == 7)
        expectFrame(labels[1], Rect(x: 0, y: 0, width: 35, height: 17))

        labels[2].removeFromSuperview()
        window.layoutIfNeeded()
        #expect(stack.arrangedSubviews.map(\.name) == ["b"])
        #expect(stack.generatedConstraints.count == 4)
        expectFrame(stack, Rect(x: 0, y: 0, width: 35, height: 17))

        // Moving an arranged subview keeps it once.
        stack.addArrangedSubview(labels[0])
        stack.insertArrangedSubview(labels[0], at: 0)
        window.layoutIfNeeded()
        #expect(stack.arrangedSubviews.map(\.name) == ["a", "b"])
        expectFrame(labels[1], Rect(x: 29, y: 0, width: 35, height: 17))
    }

    @Test(
        "Generated constraints per distribution and alignment match the documented counts",
        arguments: StackView.Distribution.allCases, StackView.Alignment.allCases)
    func documentedCounts(distribution: StackView.Distribution, alignment: StackView.Alignment) {
        for hidden in [0, 1, 4] {
            let labels = (0..<4).map { Label(text: String(repeating: "w", count: $0 + 1), name: "l\($0)") }
            let stack = StackView(arrangedSubviews: labels)
            stack.distribution = distribution
            stack.alignment = alignment
            stack.spacing = 6
            if hidden == 1 { labels[2].isHidden = true }
            if hidden == 4 { labels.forEach { $0.isHidden = true } }
            let window = host(stack, width: distribution == .fill ? nil : 300)
            let expected = StackView.expectedConstraintCount(
                arranged: 4, hidden: hidden, distribution: distribution, alignment: alignment)
            #expect(stack.generatedConstraints.count == expected, "\(distribution)/\(alignment), \(hidden) hidden")
            // Baseline alignments use each view's baseline guide, which brings four constraints of its own.
            let baselineGuideConstraints = alignment.isBaseline ? 4 * labels.count : 0
            #expect(window.engine.activeConstraints.filter { $0.origin == .container }.count == expected + baselineGuideConstraints)
            let known = Set(StackView.GeneratedConstraintKind.allCases.map(\.rawValue))
            #expect(stack.generatedConstraints.allSatisfy { known.contains($0.identifier ?? "") })
            let visible = 4 - hidden
            #expect(count(stack, .spacing) == max(visible - 1, 0))
            #expect(count(stack, .hiding) == hidden)
            let spreading = distribution == .equalSpacing || distribution == .equalCentering
            #expect(stack.distributingGuides.count == (spreading ? max(visible - 1, 0) : 0))
            #expect((stack.alignmentSpanner != nil) == (alignment != .fill || visible == 0))
            // A hidden view has no length along the axis.
            #expect(labels.filter { $0.isHidden }.allSatisfy { $0.frame.width == 0 })
            if visible > 0 {
                #expect(window.ambiguousViews().isEmpty, "\(distribution)/\(alignment), \(hidden) hidden")
            } else if distribution == .fill {
                // Nothing visible: the stack hugs to nothing along its axis.
                #expect(stack.frame.width == 0)
            }
        }
    }

    @Test(
        "Nested stacks: each level of 5 arranged views adds its own 3n + 1 = 16",
        arguments: 1...3)
    func nestedCounts(depth: Int) {
        // Level k holds four labels and (below the deepest level) the next stack.
        func level(_ remaining: Int, axis: Axis) -> StackView {
            var views: [View] = (0..<4).map { Label(text: String(repeating: "m", count: $0 + 2)) }
            if remaining > 1 { views.append(level(remaining - 1, axis: axis == .horizontal ? .vertical : .horizontal)) }
            else { views.append(Label(text: "end")) }
            let stack = StackView(arrangedSubviews: views)
            stack.axis = axis
            stack.spacing = 4
            return stack
        }
        let root = level(depth, axis: .vertical)
        let window = host(root)
        let stacks = allStacks(in: root)
        #expect(stacks.count == depth)
        #expect(stacks.map(\.generatedConstraints.count).reduce(0, +) == 16 * depth)
        #expect(window.engine.activeConstraints.filter { $0.origin == .container }.count == 16 * depth)
        // Five views per level, four content-size constraints per label.
        let labels = 4 * depth + 1
        #expect(window.engine.activeConstraints.filter { $0.origin == .contentSize }.count == 4 * labels)
    }
}

@Suite("StackView fitting and seed 002's cells")
struct StackViewCellTests {
    @Test("A vertical stack of labels pinned to a cell's content view gives the fitting height")
    func fittingHeight() {
        let cell = TableViewCell(name: "cell")
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels)
        stack.axis = .vertical
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        cell.contentView.addSubview(stack)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor, constant: 16),
            stack.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor, constant: -16),
            stack.topAnchor.constraint(equalTo: cell.contentView.topAnchor, constant: 12),
            stack.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor, constant: -12),
        ])
        // No layout pass ran: the fitting runs the pending update pass (the stack's build) first.
        #expect(stack.generatedConstraints.isEmpty)
        let size = cell.systemLayoutSizeFitting(
            Size(width: 375, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        #expect(abs(size.width - 375) < 1e-6)
        #expect(abs(size.height - (12 + 3 * 17 + 2 * 8 + 12)) < 1e-6)

        // Content that changes height is measured anew (a constant update, no rebuild).
        labels[1].numberOfLines = 0
        labels[1].preferredMaxLayoutWidth = 100
        labels[1].text = String(repeating: "x", count: 40)  // 280 points: three lines
        let taller = cell.systemLayoutSizeFitting(
            Size(width: 375, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        #expect(abs(taller.height - (12 + 5 * 17 + 2 * 8 + 12)) < 1e-6)
        #expect(stack.rebuildCount == 1)
    }

    @Test("Seed 002: BadCell's nested stacks generate several times GoodCell's constraints")
    func badCellVersusGoodCell() {
        let window = Window(width: 375, height: 800)
        let bad = BadCell()
        let good = GoodCell()
        for (cell, y) in [(bad as TableViewCell, 0.0), (good, 400)] {
            cell.frame = Rect(x: 0, y: y, width: 375, height: 44)
            window.addSubview(cell)
        }
        window.layoutIfNeeded()
        let stacks = allStacks(in: bad)
        #expect(stacks.count == 4)
        // Per stack 3n + 1 (fill/fill): [icon, title] 7, [subtitle, date] 7,
        // [tag1, tag2, tag3] 10, the outer stack of three 10.
        #expect(stacks.map(\.generatedConstraints.count).sorted() == [7, 7, 10, 10])
        let generated = stacks.map(\.generatedConstraints.count).reduce(0, +)
        #expect(generated == 34)
        #expect(bad.outerStack.generatedConstraints.count == 10)
        // By kind: four canvas connections per stack, 1 + 1 + 2 + 2 spacings, 2(N - 1) alignments.
        let all = stacks.flatMap(\.generatedConstraints)
        #expect(all.filter { $0.identifier == "UISV-canvas-connection" }.count == 16)
        #expect(all.filter { $0.identifier == "UISV-spacing" }.count == 6)
        #expect(all.filter { $0.identifier == "UISV-alignment" }.count == 12)

        func constraints(in cell: View, origin: LayoutConstraint.Origin) -> Int {
            window.engine.activeConstraints.filter { constraint in
                let owner = (constraint.firstItem as? View) ?? (constraint.firstItem as? LayoutGuide)?.owningView
                return constraint.origin == origin && owner?.isDescendant(of: cell) == true
            }.count
        }
        // BadCell: 34 generated + 4 pinning the outer stack; GoodCell: 13 by hand (seed: "~14").
        #expect(constraints(in: bad, origin: .container) == 34)
        #expect(constraints(in: bad, origin: .app) == 4)
        #expect(constraints(in: good, origin: .app) == 13)
        #expect(constraints(in: good, origin: .container) == 0)
        // With the content-size constraints (4 per label or image): 7 views vs 4.
        #expect(constraints(in: bad, origin: .contentSize) == 28)
        #expect(constraints(in: good, origin: .contentSize) == 16)
        let badTotal = 34 + 4 + 28  // seed 002: "50+ constraints"
        let goodTotal = 13 + 16
        #expect(badTotal == 66 && goodTotal == 29)
        #expect(Double(34 + 4) / 13 > 2.5)  // "several times"

        // Both measure right.
        let fit = { (cell: TableViewCell) -> Double in
            cell.translatesAutoresizingMaskIntoConstraints = false
            defer { cell.translatesAutoresizingMaskIntoConstraints = true }
            return cell.systemLayoutSizeFitting(
                Size(width: 375, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel
            ).height
        }
        #expect(abs(fit(bad) - BadCell.height) < 1e-6)
        #expect(abs(fit(good) - GoodCell.height) < 1e-6)
    }
}

// MARK: - Seed 002's cells (section 7)

/// Seed 002's BadCell: three horizontal stacks ([icon, title], [subtitle, date],
/// [tag1, tag2, tag3]) in a vertical outer stack, spacing 8, 8, 4 and 4. The seed's
/// snippet adds the outer stack without constraints; here it is pinned to the
/// content view (16 at the sides, 12 at top and bottom, as GoodCell's margins) so
/// the cell can size itself.
final class BadCell: TableViewCell {
    let icon = ImageView(imageSize: Size(width: 40, height: 40), name: "icon")
    let titleLabel = Label(name: "title")
    let subtitleLabel = Label(name: "subtitle")
    let dateLabel = Label(name: "date")
    let tags = (1...3).map { Label(name: "tag\($0)") }
    let outerStack: StackView

    /// 12 + 40 (icon row) + 4 + 17 + 4 + 17 + 12.
    static let height = 106.0

    init() {
        let innerStack1 = StackView(arrangedSubviews: [icon, titleLabel])
        innerStack1.axis = .horizontal
        innerStack1.spacing = 8
        let innerStack2 = StackView(arrangedSubviews: [subtitleLabel, dateLabel])
        innerStack2.axis = .horizontal
        innerStack2.spacing = 8
        let innerStack3 = StackView(arrangedSubviews: tags)
        innerStack3.axis = .horizontal
        innerStack3.spacing = 4
        outerStack = StackView(arrangedSubviews: [innerStack1, innerStack2, innerStack3])
        outerStack.axis = .vertical
        outerStack.spacing = 4
        super.init(reuseIdentifier: nil)
        outerStack.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(outerStack)
        LayoutConstraint.activate([
            outerStack.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            outerStack.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            outerStack.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            outerStack.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
        ])
        configure(row: 0)
    }

    func configure(row: Int) {
        titleLabel.text = "Row \(row)"
        subtitleLabel.text = String(repeating: "s", count: 5 + row % 9)
        dateLabel.text = "\(1 + row % 28) May"
        for (index, tag) in tags.enumerated() { tag.text = String(repeating: "t", count: 2 + (row + index) % 4) }
    }
}

/// Seed 002's GoodCell: the same content (without tags) with 13 constraints by hand.
final class GoodCell: TableViewCell {
    let icon = ImageView(imageSize: Size(width: 40, height: 40), name: "icon")
    let titleLabel = Label(name: "title")
    let subtitleLabel = Label(name: "subtitle")
    let dateLabel = Label(name: "date")

    /// 12 + 17 (title) + 4 + 17 (subtitle) + 12; the icon (12 + 40) ends above.
    static let height = 62.0

    init() {
        super.init(reuseIdentifier: nil)
        for view in [icon, titleLabel, subtitleLabel, dateLabel] as [View] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        LayoutConstraint.activate([
            icon.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            icon.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            icon.widthAnchor.constraint(equalToConstant: 40),
            icon.heightAnchor.constraint(equalToConstant: 40),

            titleLabel.leadingAnchor.constraint(equalTo: icon.trailingAnchor, constant: 12),
            titleLabel.topAnchor.constraint(equalTo: icon.topAnchor),
            titleLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),

            subtitleLabel.leadingAnchor.constraint(equalTo: titleLabel.leadingAnchor),
            subtitleLabel.topAnchor.constraint(equalTo: titleLabel.bottomAnchor, constant: 4),
            subtitleLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            subtitleLabel.bottomAnchor.constraint(lessThanOrEqualTo: contentView.bottomAnchor, constant: -12),

            dateLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            dateLabel.centerYAnchor.constraint(equalTo: titleLabel.centerYAnchor),
        ])
        configure(row: 0)
    }

    func configure(row: Int) {
        titleLabel.text = "Row \(row)"
        subtitleLabel.text = String(repeating: "s", count: 5 + row % 9)
        dateLabel.text = "\(1 + row % 28) May"
    }
}

/// Records the engine's events.
///
/// Use ``events(of:during:)``: the engine retains its sink and the recorded events hold the
/// root (pass and frame events name it), so a recorder left attached keeps the window, its
/// engine and itself alive for ever (LeakSanitizer found three such windows, with their tables
/// and stacks, at the end of the suite).
final class EventRecorder: LayoutEventSink {
    var events: [LayoutEvent] = []
    func record(_ event: LayoutEvent) { events.append(event) }

    /// The events `engine` sends while `body` runs: a recorder replaces the engine's sink for
    /// the body, and the previous sink is put back after it, even when it throws.
    static func events(of engine: LayoutEngine, during body: () throws -> Void) rethrows -> [LayoutEvent] {
        let recorder = EventRecorder()
        let previous = engine.eventSink
        engine.eventSink = recorder
        defer { engine.eventSink = previous }
        try body()
        return recorder.events
    }
}

@Suite("StackView: UIKit's index rule, custom spacing, margins")
struct StackViewFidelityTests {
    /// Apple's `.fill` documentation: where hugging leaves it ambiguous, the stack
    /// resizes by index. The model lets the last of the tied views take the length.
    @Test("fill, equal hugging: the last view stretches; none is ambiguous")
    func equalHuggingStretchesLast() {
        let labels = threeLabels()  // 21, 35, 14; all hugging 250
        let stack = StackView(arrangedSubviews: labels)
        let window = host(stack, width: 200)
        expectFrame(labels[0], Rect(x: 0, y: 0, width: 21, height: 17))
        expectFrame(labels[1], Rect(x: 21, y: 0, width: 35, height: 17))
        expectFrame(labels[2], Rect(x: 56, y: 0, width: 144, height: 17))
        #expect(window.ambiguousViews().isEmpty)
        // UIKit's .fill set has no constraint for this, and neither has the model's.
        #expect(stack.generatedConstraints.count == StackView.expectedConstraintCount(
            arranged: 3, hidden: 0, distribution: .fill, alignment: .fill))

        // A lower hugging priority still decides first: the first view stretches.
        labels[0].setContentHuggingPriority(249, for: .horizontal)
        window.layoutIfNeeded()
        expectFrame(labels[0], Rect(x: 0, y: 0, width: 151, height: 17))
        expectFrame(labels[2], Rect(x: 186, y: 0, width: 14, height: 17))

        // Equal again, with the last one hidden: the last visible view stretches.
        labels[0].setContentHuggingPriority(250, for: .horizontal)
        labels[2].isHidden = true
        window.layoutIfNeeded()
        expectFrame(labels[0], Rect(x: 0, y: 0, width: 21, height: 17))
        expectFrame(labels[1], Rect(x: 21, y: 0, width: 179, height: 17))
        #expect(window.ambiguousViews().isEmpty)
    }

    /// The weights are not churn: UIKit makes no constraint for the index rule, and the
    /// model replaces no content-size constraint for it when views are appended, whether
    /// the stack is arranged before it is hosted or after.
    @Test("Appended views get their fill-order weight without a constraint replaced")
    func fillOrderReplacesNothing() {
        let early = threeLabels()
        let window = host(StackView(arrangedSubviews: early), width: 200)
        // The first layout made every constraint and removed none.
        #expect(window.engine.solver.counters.constraintsRemoved == 0)
        expectFrame(early[2], Rect(x: 56, y: 0, width: 144, height: 17))

        // Nested, as Interface Builder files build them: a row of labels inside a column.
        let row = threeLabels()
        let column = StackView(arrangedSubviews: [StackView(arrangedSubviews: row), Label(text: "title", name: "t")])
        column.axis = .vertical
        let nested = host(column, width: 200)
        #expect(nested.engine.solver.counters.constraintsRemoved == 0)
        expectFrame(row[2], Rect(x: 56, y: 0, width: 144, height: 17))

        // Built top-down inside a window, as the Interface Builder importer builds a cell.
        let outer = StackView()
        outer.axis = .vertical
        let topDown = Window(width: 400, height: 300)
        outer.translatesAutoresizingMaskIntoConstraints = false
        topDown.addSubview(outer)
        let inner = StackView()
        outer.addArrangedSubview(inner)
        let cells = threeLabels()
        for label in cells { inner.addArrangedSubview(label) }
        outer.addArrangedSubview(Label(text: "title", name: "t"))
        LayoutConstraint.activate([
            outer.leadingAnchor.constraint(equalTo: topDown.leadingAnchor),
            outer.topAnchor.constraint(equalTo: topDown.topAnchor),
            outer.widthAnchor.constraint(equalToConstant: 200),
        ])
        topDown.layoutIfNeeded()
        #expect(topDown.engine.solver.counters.constraintsRemoved == 0)
        expectFrame(cells[2], Rect(x: 56, y: 0, width: 144, height: 17))

        let stack = StackView()
        let hosted = host(stack, width: 200)
        let late = threeLabels()
        for label in late { stack.addArrangedSubview(label) }
        let before = hosted.engine.solver.counters.constraintsRemoved
        let emptyStackSet = stack.generatedConstraints.count
        hosted.layoutIfNeeded()
        // Only the empty stack's own constraints were replaced by its rebuild.
        #expect(hosted.engine.solver.counters.constraintsRemoved - before == emptyStackSet)
        expectFrame(late[2], Rect(x: 56, y: 0, width: 144, height: 17))
    }

    @Test("fill, equal compression resistance: the last view shrinks")
    func equalCompressionShrinksLast() {
        let labels = threeLabels()  // 70 points of content in 60
        let stack = StackView(arrangedSubviews: labels)
        let window = host(stack, width: 60)
        expectFrame(labels[0], Rect(x: 0, y: 0, width: 21, height: 17))
        expectFrame(labels[1], Rect(x: 21, y: 0, width: 35, height: 17))
        expectFrame(labels[2], Rect(x: 56, y: 0, width: 4, height: 17))
        #expect(window.ambiguousViews().isEmpty)
        #expect(window.engine.brokenConstraintCount == 0)
    }

    @Test("Vertical fill with equal hugging: the last view takes the height")
    func verticalStretchesLast() {
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels)
        stack.axis = .vertical
        let window = host(stack, height: 100)
        expectFrame(labels[0], Rect(x: 0, y: 0, width: 35, height: 17))
        expectFrame(labels[1], Rect(x: 0, y: 17, width: 35, height: 17))
        expectFrame(labels[2], Rect(x: 0, y: 34, width: 35, height: 66))
        #expect(window.ambiguousViews().isEmpty)
    }

    @Test("Custom spacing after a view: its own gap, changed in place")
    func customSpacingAfterView() {
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels)
        stack.spacing = 8
        stack.setCustomSpacing(20, after: labels[0])
        #expect(stack.customSpacing(after: labels[0]) == 20)
        #expect(stack.customSpacing(after: labels[1]) == StackView.spacingUseDefault)
        let window = host(stack)
        expectFrame(labels[1], Rect(x: 41, y: 0, width: 35, height: 17))
        expectFrame(labels[2], Rect(x: 84, y: 0, width: 14, height: 17))
        expectFrame(stack, Rect(x: 0, y: 0, width: 98, height: 17))

        let rebuilds = stack.rebuildCount
        let before = window.counters
        stack.setCustomSpacing(4, after: labels[0])
        window.layoutIfNeeded()
        expectFrame(labels[1], Rect(x: 25, y: 0, width: 35, height: 17))
        #expect(stack.rebuildCount == rebuilds)
        #expect((window.counters - before).constraintsRemoved == 0)

        // Back to the default; the stack's spacing applies again, and follows it.
        stack.setCustomSpacing(StackView.spacingUseDefault, after: labels[0])
        stack.spacing = 10
        window.layoutIfNeeded()
        expectFrame(labels[1], Rect(x: 31, y: 0, width: 35, height: 17))
        expectFrame(labels[2], Rect(x: 76, y: 0, width: 14, height: 17))
    }

    @Test("isLayoutMarginsRelativeArrangement: the views sit inside the margins")
    func marginsRelativeArrangement() {
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels)
        stack.layoutMargins = EdgeInsets(top: 5, leading: 10, bottom: 6, trailing: 12)
        stack.isLayoutMarginsRelativeArrangement = true
        let window = host(stack, x: 30, y: 40)
        expectFrame(stack, Rect(x: 30, y: 40, width: 10 + 70 + 12, height: 5 + 17 + 6))
        expectFrame(labels[0], Rect(x: 10, y: 5, width: 21, height: 17))
        expectFrame(labels[2], Rect(x: 66, y: 5, width: 14, height: 17))
        #expect(window.ambiguousViews().isEmpty)

        // Off again: a rebuild ties the views to the edges.
        stack.isLayoutMarginsRelativeArrangement = false
        window.layoutIfNeeded()
        expectFrame(stack, Rect(x: 30, y: 40, width: 70, height: 17))
        expectFrame(labels[0], Rect(x: 0, y: 0, width: 21, height: 17))
    }
}

@Suite("StackView: baseline alignment")
struct StackViewBaselineTests {
    /// Two image views with baselines 20 from the top of 30 and 10 from the top of 20,
    /// and a label (baselines at its bottom, 17).
    func row(_ alignment: StackView.Alignment) -> (Window, StackView, [View]) {
        let a = ImageView(imageSize: Size(width: 40, height: 30), name: "a")
        a.firstBaselineOffsetFromTop = 20
        a.lastBaselineOffsetFromBottom = 5
        let b = ImageView(imageSize: Size(width: 30, height: 20), name: "b")
        b.firstBaselineOffsetFromTop = 10
        b.lastBaselineOffsetFromBottom = 2
        let c = Label(text: "abc", name: "c")
        let stack = StackView(arrangedSubviews: [a, b, c])
        stack.spacing = 5
        stack.alignment = alignment
        return (host(stack), stack, [a, b, c])
    }

    @Test("firstBaseline: the first baselines on one line; the stack spans the views")
    func firstBaseline() {
        let (window, stack, views) = row(.firstBaseline)
        // Baseline at 20: a 0...30, b 10...30, c 3...20.
        expectFrame(views[0], Rect(x: 0, y: 0, width: 40, height: 30))
        expectFrame(views[1], Rect(x: 45, y: 10, width: 30, height: 20))
        expectFrame(views[2], Rect(x: 80, y: 3, width: 21, height: 17))
        expectFrame(stack, Rect(x: 0, y: 0, width: 101, height: 30))
        #expect(window.ambiguousViews().isEmpty)
        #expect(stack.generatedConstraints.count == StackView.expectedConstraintCount(
            arranged: 3, hidden: 0, distribution: .fill, alignment: .firstBaseline))
    }

    @Test("lastBaseline: the last baselines on one line")
    func lastBaseline() {
        let (window, stack, views) = row(.lastBaseline)
        // Last baseline at 25: a 0...30 (25 + 5), b 7...27 (25 + 2), c 8...25.
        expectFrame(views[0], Rect(x: 0, y: 0, width: 40, height: 30))
        expectFrame(views[1], Rect(x: 45, y: 7, width: 30, height: 20))
        expectFrame(views[2], Rect(x: 80, y: 8, width: 21, height: 17))
        expectFrame(stack, Rect(x: 0, y: 0, width: 101, height: 30))
        #expect(window.ambiguousViews().isEmpty)
    }

    @Test("A vertical stack with a baseline alignment fills")
    func verticalFills() {
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels)
        stack.axis = .vertical
        stack.alignment = .firstBaseline
        _ = host(stack)
        expectFrame(labels[0], Rect(x: 0, y: 0, width: 35, height: 17))
        expectFrame(labels[2], Rect(x: 0, y: 34, width: 35, height: 17))
        #expect(stack.alignmentSpanner == nil)
    }
}
