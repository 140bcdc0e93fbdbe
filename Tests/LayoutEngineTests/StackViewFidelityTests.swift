import Cassowary
import Testing

@testable import LayoutEngine

@Suite("StackView: UIKit's index rule, custom spacing, margins")
struct StackViewFidelityTests {
    /// Apple's `.fill` documentation: where hugging leaves it ambiguous, the stack
    /// resizes by index. The model lets the last of the tied views take the length.
    @Test("fill, equal hugging: the last view stretches; none is ambiguous")
    func equalHuggingStretchesLast() {
        let (stack, labels, window) = hostThreeLabels(width: 200)  // 21, 35, 14; all hugging 250
        expectFrames(
            labels, [Rect(x: 0, y: 0, width: 21, height: 17), Rect(x: 21, y: 0, width: 35, height: 17), Rect(x: 56, y: 0, width: 144, height: 17)])
        #expect(window.ambiguousViews().isEmpty)
        // UIKit's .fill set has no constraint for this, and neither has the model's.
        #expect(
            stack.generatedConstraints.count
                == StackView.expectedConstraintCount(
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
        let (_, labels, window) = hostThreeLabels(width: 60)  // 70 points of content in 60
        expectFrames(
            labels, [Rect(x: 0, y: 0, width: 21, height: 17), Rect(x: 21, y: 0, width: 35, height: 17), Rect(x: 56, y: 0, width: 4, height: 17)])
        #expect(window.ambiguousViews().isEmpty)
        #expect(window.engine.brokenConstraintCount == 0)
    }

    @Test("Vertical fill with equal hugging: the last view takes the height")
    func verticalStretchesLast() {
        let (_, labels, window) = hostThreeLabels(axis: .vertical, height: 100)
        expectFrames(
            labels, [Rect(x: 0, y: 0, width: 35, height: 17), Rect(x: 0, y: 17, width: 35, height: 17), Rect(x: 0, y: 34, width: 35, height: 66)])
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

    /// The three views' tops when their baselines line up.
    @Test(
        "Baseline alignment: the baselines on one line; the stack spans the views",
        arguments: [
            // Baseline at 20: a 0...30, b 10...30, c 3...20.
            (StackView.Alignment.firstBaseline, [0.0, 10, 3]),
            // Last baseline at 25: a 0...30 (25 + 5), b 7...27 (25 + 2), c 8...25.
            (.lastBaseline, [0, 7, 8]),
        ])
    func baselinesLineUp(alignment: StackView.Alignment, tops: [Double]) {
        let (window, stack, views) = row(alignment)
        let sizes = [Size(width: 40, height: 30), Size(width: 30, height: 20), Size(width: 21, height: 17)]
        let xs = [0.0, 45, 80]
        expectFrames(views, (0..<3).map { Rect(origin: Point(x: xs[$0], y: tops[$0]), size: sizes[$0]) })
        expectFrame(stack, Rect(x: 0, y: 0, width: 101, height: 30))
        #expect(window.ambiguousViews().isEmpty)
        #expect(
            stack.generatedConstraints.count
                == StackView.expectedConstraintCount(arranged: 3, hidden: 0, distribution: .fill, alignment: alignment))
    }

    /// UIKit's first-baseline stack takes its top from the first arranged view, not from the one
    /// that rises furthest above the baseline, which then sticks out (rdar://32291130); a last-
    /// baseline stack its bottom from the first view the same way.
    @Test(
        "A baseline stack's edge is its first view's, and a taller view sticks out",
        arguments: [
            // The first baselines at 10, a's: b (20 below its top) starts 10 above the stack, c
            // (17) 7 above; the bottom is the lowest bottom, a's and b's at 20.
            (StackView.Alignment.firstBaseline, [0.0, -10, -7], Rect(x: 0, y: 0, width: 101, height: 20)),
            // The last baselines at 18, a's (its bottom is the stack's, at 20): b (5 above its
            // bottom) ends 3 below the stack; the top is the highest top, b's at -7. (Tops in the
            // stack's coordinates.)
            (.lastBaseline, [7, 0, 8], Rect(x: 0, y: -7, width: 101, height: 27)),
        ])
    func firstViewSetsTheEdge(alignment: StackView.Alignment, tops: [Double], stackFrame: Rect) {
        // a: 20 tall with both baselines near its middle; b: 30 tall with its first baseline
        // 20 down; c: a label (baselines at its bottom, 17).
        let a = ImageView(imageSize: Size(width: 40, height: 20), name: "a")
        a.firstBaselineOffsetFromTop = 10
        a.lastBaselineOffsetFromBottom = 2
        let b = ImageView(imageSize: Size(width: 30, height: 30), name: "b")
        b.firstBaselineOffsetFromTop = 20
        b.lastBaselineOffsetFromBottom = 5
        let c = Label(text: "abc", name: "c")
        let stack = StackView(arrangedSubviews: [a, b, c])
        stack.spacing = 5
        stack.alignment = alignment
        let window = Window(width: 400, height: 300)
        stack.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(stack)
        let edge =
            alignment == .firstBaseline
            ? stack.topAnchor.constraint(equalTo: window.topAnchor) : stack.bottomAnchor.constraint(equalTo: window.topAnchor, constant: 20)
        LayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: window.leadingAnchor), edge])
        window.layoutIfNeeded()
        let heights = [20.0, 30, 17]
        #expect(zip([a, b, c] as [View], tops).allSatisfy { $0.frame.minY == $1 }, "\([a, b, c].map(\.frame))")
        #expect(zip([a, b, c] as [View], heights).allSatisfy { $0.frame.height == $1 })
        expectFrame(stack, stackFrame)
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
