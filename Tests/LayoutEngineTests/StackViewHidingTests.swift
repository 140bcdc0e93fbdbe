import Cassowary
import Testing

@testable import LayoutEngine

// What a stack does when an arranged view is hidden or shown, from UIKit's evidence rather
// than seed 002 section 7's "each toggle triggers a full constraint rebuild":
//
// - UIKit's conflict logs name the constraint a hide adds: `'UISV-hiding'
//   H:[BTUICardHint:0x12dd119b0(0)]` (braintree/braintree_ios#237, iOS 9),
//   `'UISV-hiding' UIStackView:0x7ffc6de08680.height == 0` (a 2017 iOS 10 log), with the
//   other views' `UISV-spacing` left as they were.
// - UIKit's `_UIOrderedLayoutArrangement` (iOS 26.1 UIKitCore, decompiled in
//   EthanArbuckle/iPhone18-3_26.1_23B85_Restore) updates in place: it removes the
//   `UISV-spacing` on either side of a newly hidden view, adds one across it, the view's
//   `UISV-hiding` and a `UISV-spacing-hidden` tie at priority 50 (half the gap when visible
//   views lie on both sides, else 0), keeps the distribution's constraints of the other
//   views and the alignment constraints, and edits the remaining constants in place.
//
// docs/engine.md, "Hiding arranged views", has the sources and what stays uncertain.

/// A stack's generated set as (identifier, items, attributes, relation, multiplier,
/// priority, constant), spacer guides named by their place: equal sets describe the same
/// layout whatever the objects.
private func signature(_ stack: StackView) -> [String] {
    func name(_ item: LayoutItem?) -> String {
        guard let item else { return "-" }
        if let index = stack.distributingGuides.firstIndex(where: { $0 === item }) { return "guide\(index)" }
        if item === stack.alignmentSpanner { return "spanner" }
        return "\(ObjectIdentifier(item))"
    }
    return stack.generatedConstraints.map { constraint in
        "\(constraint.identifier ?? "") \(name(constraint.firstItem)).\(constraint.firstAttribute) \(constraint.relation) "
            + "\(name(constraint.secondItem)).\(constraint.secondAttribute) ×\(constraint.multiplier) "
            + "+\(constraint.constant) @\(constraint.priority.rawValue)"
    }.sorted()
}

/// Four labels of widths 7, 14, 21 and 28.
private func fourLabels() -> [Label] {
    (0..<4).map { Label(text: String(repeating: "w", count: $0 + 1), name: "l\($0)") }
}

private func fourLabelStack(
    distribution: StackView.Distribution, alignment: StackView.Alignment, spacing: Double = 6
) -> (StackView, [Label], Window) {
    let labels = fourLabels()
    let stack = StackView(arrangedSubviews: labels)
    stack.distribution = distribution
    stack.alignment = alignment
    stack.spacing = spacing
    let window = host(stack, width: distribution == .fill ? nil : 300, height: alignment == .fill ? nil : 40)
    return (stack, labels, window)
}

@Suite("StackView: hiding and showing arranged views")
struct StackViewHidingTests {
    @Test(
        "Hiding and showing a view restores the constraints and the frames",
        arguments: StackView.Distribution.allCases, [StackView.Alignment.fill, .leading, .center, .firstBaseline])
    func roundTrip(distribution: StackView.Distribution, alignment: StackView.Alignment) {
        let (stack, labels, window) = fourLabelStack(distribution: distribution, alignment: alignment)
        let constraints = signature(stack)
        let frames = labels.map(\.frame) + [stack.frame]
        for index in labels.indices {
            labels[index].isHidden = true
            window.layoutIfNeeded()
            labels[index].isHidden = false
            window.layoutIfNeeded()
            #expect(signature(stack) == constraints, "\(distribution)/\(alignment), view \(index)")
            for (view, frame) in zip(labels as [View] + [stack], frames) {
                #expect(view.frame.isClose(to: frame), "\(distribution)/\(alignment), view \(index): \(view.debugName)")
            }
        }
        #expect(stack.rebuildCount == 1)
        #expect(stack.visibilityUpdateCount == 2 * labels.count)
    }

    /// UIKit lays the visible views out as if the hidden one were absent: its spacing links
    /// consecutive visible views, and the distribution's constraints (`UISV-fill-equally`,
    /// the proportional shares, the spacer guides) hold the visible views only. So the
    /// visible views land where a stack of only them puts them. The hidden view has no
    /// length, after the visible view before it, half the gap on (mid-gap) when a visible
    /// view follows, else on the first visible view.
    @Test(
        "Hiding the first, a middle or the last view gives UIKit's frames",
        arguments: StackView.Distribution.allCases, [StackView.Alignment.fill, .leading, .center])
    func hiddenFrames(distribution: StackView.Distribution, alignment: StackView.Alignment) {
        for hidden in [0, 1, 3] {
            let (stack, labels, window) = fourLabelStack(distribution: distribution, alignment: alignment)
            labels[hidden].isHidden = true
            window.layoutIfNeeded()
            #expect(stack.rebuildCount == 1, "\(distribution)/\(alignment), hidden \(hidden)")

            let reference = fourLabels()
            let visible = reference.indices.filter { $0 != hidden }
            let referenceStack = StackView(arrangedSubviews: visible.map { reference[$0] })
            referenceStack.distribution = distribution
            referenceStack.alignment = alignment
            referenceStack.spacing = 6
            _ = host(referenceStack, width: distribution == .fill ? nil : 300, height: alignment == .fill ? nil : 40)
            for index in visible {
                #expect(
                    labels[index].frame.isClose(to: reference[index].frame),
                    "\(distribution)/\(alignment), hidden \(hidden): \(labels[index].debugName) \(labels[index].frame) != \(reference[index].frame)"
                )
            }
            expectFrame(stack, referenceStack.frame)

            let collapsed = labels[hidden].frame
            #expect(collapsed.width == 0, "\(distribution)/\(alignment), hidden \(hidden)")
            let expectedX: Double =
                switch hidden {
                case 0: labels[1].frame.minX
                case 3: labels[2].frame.maxX
                default: labels[hidden - 1].frame.maxX + 3
                }
            #expect(abs(collapsed.minX - expectedX) < 1e-6, "\(distribution)/\(alignment), hidden \(hidden): x \(collapsed.minX) != \(expectedX)")
            #expect(window.ambiguousViews().isEmpty, "\(distribution)/\(alignment), hidden \(hidden)")
        }
    }

    @Test("Each toggle changes the same few constraints whatever the stack's length", arguments: StackView.Distribution.allCases)
    func constantCostPerToggle(distribution: StackView.Distribution) {
        func toggleCost(views: Int) -> (removed: Int, added: Int) {
            let labels = (0..<views).map { Label(text: String(repeating: "m", count: 1 + $0 % 3), name: "v\($0)") }
            let stack = StackView(arrangedSubviews: labels)
            stack.distribution = distribution
            stack.spacing = 4
            let window = host(stack, width: distribution == .fill ? nil : 700)
            let before = window.engine.solver.counters
            // The third view: neither the reference of the equal lengths nor next to it.
            labels[3].isHidden = true
            window.layoutIfNeeded()
            labels[3].isHidden = false
            window.layoutIfNeeded()
            let cost = window.engine.solver.counters - before
            #expect(stack.rebuildCount == 1)
            return (cost.constraintsRemoved, cost.constraintsAdded)
        }
        let short = toggleCost(views: 6)
        let long = toggleCost(views: 24)
        if distribution == .fillProportionally {
            // Every share's multiplier changes with the visible lengths: UIKit remakes them all
            // (its proportional denominator changed), the rest stays.
            #expect(long.removed - short.removed == 2 * 18 && long.added - short.added == 2 * 18)
        } else {
            #expect(short == long, "\(distribution): \(short) at 6 views, \(long) at 24")
        }
        if distribution == .fill || distribution == .fillEqually {
            // Hide: out 2 spacings (and the view's equal length), in 1 spacing, the hiding, the tie.
            let extra = distribution == .fillEqually ? 1 : 0
            #expect(short.removed == 2 + extra + 3 && short.added == 3 + 2 + extra)
        }
    }

    @Test("A hide is attributed to containerUpdate, not containerRebuild")
    func updateOperation() {
        let (stack, labels, window) = hostThreeLabels(spacing: 8)
        let events = EventRecorder.events(of: window.engine) {
            labels[2].isHidden = true
            window.layoutIfNeeded()
        }
        let changed = events.filter { $0.kind == .constraintRemoved || $0.kind == .constraintAdded }
        #expect(!changed.isEmpty)
        #expect(
            changed.allSatisfy { event in
                if case .containerUpdate(let view) = event.operation { return view === stack }
                return false
            })
        #expect(!events.contains { event in event.operations.contains { if case .containerRebuild = $0 { true } else { false } } })
    }

    @Test("Hiding the last view moves the trailing canvas connection; custom spacing survives a toggle")
    func canvasConnectionAndCustomSpacing() {
        let (stack, labels, window) = hostThreeLabels(spacing: 8)
        stack.setCustomSpacing(20, after: labels[0])
        window.layoutIfNeeded()
        expectFrame(labels[1], Rect(x: 41, y: 0, width: 35, height: 17))
        let before = window.engine.solver.counters
        labels[2].isHidden = true
        window.layoutIfNeeded()
        let cost = window.engine.solver.counters - before
        // Out: the spacing b–c and the canvas connection to c. In: the connection to b, c's
        // hiding and its tie (0: no visible view follows it).
        #expect(cost.constraintsRemoved == 2 && cost.constraintsAdded == 3)
        expectFrame(stack, Rect(x: 0, y: 0, width: 76, height: 17))
        expectFrame(labels[2], Rect(x: 76, y: 0, width: 0, height: 17))
        // A hidden first view: the custom gap after it no longer applies; the tie is 0.
        labels[2].isHidden = false
        labels[0].isHidden = true
        window.layoutIfNeeded()
        expectFrame(labels[1], Rect(x: 0, y: 0, width: 35, height: 17))
        expectFrame(labels[0], Rect(x: 0, y: 0, width: 0, height: 17))
        expectFrame(labels[2], Rect(x: 43, y: 0, width: 14, height: 17))
        // A spacing change with a view hidden edits the constants in place, the tie's too.
        labels[0].isHidden = false
        labels[1].isHidden = true
        window.layoutIfNeeded()
        expectFrame(labels[1], Rect(x: 31, y: 0, width: 0, height: 17))
        let spacingBefore = window.engine.solver.counters
        stack.setCustomSpacing(10, after: labels[0])
        window.layoutIfNeeded()
        let spacingCost = window.engine.solver.counters - spacingBefore
        #expect(spacingCost.constraintsRemoved == 0 && spacingCost.constraintsAdded == 0)
        expectFrame(labels[1], Rect(x: 26, y: 0, width: 0, height: 17))
        expectFrame(labels[2], Rect(x: 31, y: 0, width: 14, height: 17))
        #expect(stack.rebuildCount == 1)
    }

    @Test("Hiding every view and showing them again")
    func allHidden() {
        let (stack, labels, window) = hostThreeLabels(spacing: 8)
        let constraints = signature(stack)
        labels.forEach { $0.isHidden = true }
        window.layoutIfNeeded()
        #expect(stack.frame.width == 0)
        #expect(
            stack.generatedConstraints.count
                == StackView.expectedConstraintCount(arranged: 3, hidden: 3, distribution: .fill, alignment: .fill))
        labels.forEach { $0.isHidden = false }
        window.layoutIfNeeded()
        #expect(signature(stack) == constraints)
        expectFrame(labels[2], Rect(x: 72, y: 0, width: 14, height: 17))
        #expect(stack.rebuildCount == 1)
    }
}
