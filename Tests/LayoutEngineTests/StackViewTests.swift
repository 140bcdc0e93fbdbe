import Cassowary
import Testing

@testable import LayoutEngine

@Suite("StackView frames")
struct StackViewFrameTests {
    @Test("A horizontal fill stack lays labels end to end with spacing")
    func horizontalFill() {
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels, name: "row")
        stack.spacing = 8
        let window = host(stack, x: 10, y: 20)
        expectFrame(stack, Rect(x: 10, y: 20, width: 86, height: 17))
        expectFrames(
            labels, [Rect(x: 0, y: 0, width: 21, height: 17), Rect(x: 29, y: 0, width: 35, height: 17), Rect(x: 72, y: 0, width: 14, height: 17)])
        #expect(labels.allSatisfy { !$0.translatesAutoresizingMaskIntoConstraints && $0.superview === stack })
        #expect(window.ambiguousViews().isEmpty)
        #expect(stack.generatedConstraints.count == 10)
        #expect(stack.generatedConstraints.allSatisfy { $0.isActive && $0.origin == .container })
        #expect(stack.generatedConstraints.allSatisfy { c in stack.constraints.contains { $0 === c } })
    }

    @Test("A vertical fill stack stacks labels; fill alignment gives them the widest width")
    func verticalFill() {
        let (stack, labels, window) = hostThreeLabels(axis: .vertical, spacing: 8, x: 10, y: 20)
        expectFrame(stack, Rect(x: 10, y: 20, width: 35, height: 67))
        expectFrames(
            labels, [Rect(x: 0, y: 0, width: 35, height: 17), Rect(x: 0, y: 25, width: 35, height: 17), Rect(x: 0, y: 50, width: 35, height: 17)])
        #expect(window.ambiguousViews().isEmpty)
    }

    @Test("fillEqually gives every view the same width")
    func fillEqually() {
        let (stack, labels, _) = hostThreeLabels(distribution: .fillEqually, spacing: 10, width: 300)
        let width = 280.0 / 3
        for (index, label) in labels.enumerated() {
            expectFrame(label, Rect(x: Double(index) * (width + 10), y: 0, width: width, height: 17))
        }
        #expect(count(stack, .fillEqually) == 2)
    }

    @Test("fillEqually without a width takes the widest view's width (compression resistance)")
    func fillEquallyNatural() {
        let (stack, labels, _) = hostThreeLabels(distribution: .fillEqually)
        expectFrame(stack, Rect(x: 0, y: 0, width: 105, height: 17))
        #expect(labels.allSatisfy { abs($0.frame.width - 35) < 1e-6 })
    }

    @Test("fillProportionally: natural size at the intrinsic widths; stretched, shares at 999 - index")
    func fillProportionally() {
        let (free, natural, _) = hostThreeLabels(distribution: .fillProportionally, spacing: 10)
        expectFrame(free, Rect(x: 0, y: 0, width: 90, height: 17))
        expectFrame(natural[1], Rect(x: 31, y: 0, width: 35, height: 17))

        // Widths 21:35:14 of (21 + 35 + 14 + 2 * 10) = 90; the last view, at the lowest
        // priority, takes what the required chain leaves.
        let (stack, labels, _) = hostThreeLabels(distribution: .fillProportionally, spacing: 10, width: 300)
        expectFrames(
            labels,
            [
                Rect(x: 0, y: 0, width: 70, height: 17), Rect(x: 80, y: 0, width: 350.0 / 3, height: 17),
                Rect(x: 80 + 350.0 / 3 + 10, y: 0, width: 280 - 70 - 350.0 / 3, height: 17),
            ])
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
        let (stack, labels, window) = hostThreeLabels(distribution: .fillProportionally, width: 300)
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
        let (stack, labels, window) = hostThreeLabels(distribution: .equalSpacing, spacing: 10, width: 300)
        // 300 - (21 + 35 + 14) = 230, two gaps of 115.
        expectFrames(
            labels, [Rect(x: 0, y: 0, width: 21, height: 17), Rect(x: 136, y: 0, width: 35, height: 17), Rect(x: 286, y: 0, width: 14, height: 17)])
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
        let (free, natural, _) = hostThreeLabels(distribution: .equalSpacing, spacing: 10)
        expectFrame(free, Rect(x: 0, y: 0, width: 90, height: 17))
        expectFrame(natural[2], Rect(x: 76, y: 0, width: 14, height: 17))
    }

    @Test("equalCentering: equally spaced centers")
    func equalCentering() {
        let (stack, labels, _) = hostThreeLabels(distribution: .equalCentering, spacing: 10, width: 300)
        // Centers at 10.5 and 293; the middle one halfway, at 151.75.
        expectFrames(
            labels,
            [Rect(x: 0, y: 0, width: 21, height: 17), Rect(x: 151.75 - 17.5, y: 0, width: 35, height: 17), Rect(x: 286, y: 0, width: 14, height: 17)])
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
    /// Not a rebuild, whatever seed 002 section 7 says: UIKit's logs show a hidden arranged view's
    /// `'UISV-hiding' H:[UIView(0)]` (braintree/braintree_ios#237) with the spacing around it
    /// re-linked, and its `_UIOrderedLayoutArrangement` (iOS 26.1, decompiled in
    /// EthanArbuckle/iPhone18-3_26.1_23B85_Restore) removes the two `UISV-spacing` constraints
    /// next to the view, adds one across it, the view's `UISV-hiding` and its
    /// `UISV-spacing-hidden` (priority 50, half the gap after the view before it), and keeps the
    /// rest (docs/engine.md, "Hiding arranged views").
    @Test("Hiding an arranged subview collapses it: two constraints out, three in, no rebuild")
    func hiding() {
        let (stack, labels, window) = hostThreeLabels(spacing: 8)
        #expect(stack.generatedConstraints.count == 10)
        let kept = Set(stack.generatedConstraints.filter { $0.identifier != "UISV-spacing" }.map(ObjectIdentifier.init))

        var before = window.engine.solver.counters
        labels[1].isHidden = true
        window.layoutIfNeeded()
        var cost = window.engine.solver.counters - before
        // Out: the spacing a–b and b–c. In: the spacing a–c, b's hiding and b's tie to a.
        #expect(cost.constraintsRemoved == 2)
        #expect(cost.constraintsAdded == 3)
        #expect(cost.solves == 1)  // the update pass is one batch
        #expect(stack.rebuildCount == 1 && stack.visibilityUpdateCount == 1)
        #expect(count(stack, .hiding) == 1 && count(stack, .spacingHidden) == 1 && count(stack, .spacing) == 1)
        // The canvas connections and the alignment constraints are the same objects.
        #expect(kept.isSubset(of: Set(stack.generatedConstraints.map(ObjectIdentifier.init))))
        #expect(stack.generatedConstraints.count == StackView.expectedConstraintCount(arranged: 3, hidden: 1, distribution: .fill, alignment: .fill))
        expectFrame(labels[0], Rect(x: 0, y: 0, width: 21, height: 17))
        // Collapsed mid-gap: its tie is half the gap after the view before it.
        expectFrame(labels[1], Rect(x: 25, y: 0, width: 0, height: 17))
        expectFrame(labels[2], Rect(x: 29, y: 0, width: 14, height: 17))
        expectFrame(stack, Rect(x: 0, y: 0, width: 43, height: 17))
        #expect(window.ambiguousViews().isEmpty)

        before = window.engine.solver.counters
        labels[1].isHidden = false
        window.layoutIfNeeded()
        cost = window.engine.solver.counters - before
        #expect(cost.constraintsRemoved == 3)
        #expect(cost.constraintsAdded == 2)
        #expect(stack.rebuildCount == 1 && stack.visibilityUpdateCount == 2)
        #expect(count(stack, .hiding) == 0 && count(stack, .spacing) == 2)
        expectFrame(labels[2], Rect(x: 72, y: 0, width: 14, height: 17))
    }

    @Test("A rebuild is attributed to containerRebuild")
    func rebuildOperation() {
        let (stack, _, window) = hostThreeLabels()
        let events = EventRecorder.events(of: window.engine) {
            stack.axis = .vertical
            window.layoutIfNeeded()
        }
        let removed = events.filter { $0.kind == .constraintRemoved }
        let added = events.filter { $0.kind == .constraintAdded }
        #expect(removed.count == 10 && added.count == 10)
        #expect(
            (removed + added).allSatisfy { event in
                if case .containerRebuild(let view) = event.operation { return view === stack }
                return false
            })
        #expect((removed + added).allSatisfy { $0.inBatch })
    }

    @Test("A spacing change updates the spacing constants in place")
    func spacingInPlace() {
        let (stack, labels, window) = hostThreeLabels(spacing: 8)
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
            if remaining > 1 {
                views.append(level(remaining - 1, axis: axis == .horizontal ? .vertical : .horizontal))
            } else {
                views.append(Label(text: "end"))
            }
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
