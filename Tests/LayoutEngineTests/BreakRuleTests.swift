import Testing

@testable import LayoutEngine

/// Which constraint the engine breaks (docs/break-rule.md): by what the constraints are, never
/// by the order they were activated in.
@Suite("Break rule")
struct BreakRuleTests {
    /// Every order of a list.
    func permutations<T>(_ items: [T]) -> [[T]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index in
            var rest = items
            let item = rest.remove(at: index)
            return permutations(rest).map { [item] + $0 }
        }
    }

    @Test("Seed 004's conflict breaks the trailing inequality in all 24 activation orders")
    func allOrders() {
        for order in permutations([0, 1, 2, 3]) {
            let window = Window(width: 200, height: 100)
            let label = makeLabel(String(repeating: "x", count: 40), "label", in: window)
            let constraints = [
                label.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
                label.trailingAnchor.constraint(lessThanOrEqualTo: window.trailingAnchor, constant: -16),
                label.topAnchor.constraint(equalTo: window.topAnchor, constant: 8),
                label.widthAnchor.constraint(equalToConstant: 280),
            ]
            LayoutConstraint.activate(order.map { constraints[$0] })
            window.layoutIfNeeded()
            #expect(window.engine.brokenConstraintCount == 1, "order \(order)")
            #expect(constraints.map(\.isBroken) == [false, true, false, false], "order \(order)")
        }
    }

    @Test("Imposed geometry last, then guide definitions; relations before sizes; deeper first; trailing first")
    func ranking() {
        let window = Window(width: 320, height: 480)
        let cell = makeView("cell", in: window)
        let label = makeView("label", in: cell)
        let other = makeView("other", in: cell)
        let imposed = LayoutConstraint(
            rebuilding: .container, item: cell, attribute: .width, relatedBy: .equal, toItem: nil,
            attribute: .notAnAttribute, constant: 320, identifier: "UIView-Encapsulated-Layout-Width")
        let autoresizing = LayoutConstraint(
            rebuilding: .autoresizingMask, item: cell, attribute: .left, relatedBy: .equal, toItem: window,
            attribute: .left, autoresizingMask: "h=--& v=--&")
        let guide = LayoutConstraint(
            rebuilding: .container, item: cell, attribute: .left, relatedBy: .equal, toItem: window, attribute: .left,
            identifier: "UIView-leftMargin-guide-constraint")
        let size = label.widthAnchor.constraint(equalToConstant: 200)
        let shallow = cell.trailingAnchor.constraint(equalTo: window.trailingAnchor)
        let deepLeading = label.leadingAnchor.constraint(equalTo: other.leadingAnchor)
        let deepTrailing = label.trailingAnchor.constraint(equalTo: other.trailingAnchor)
        #expect(LayoutEngine.constraintToBreak(among: [imposed, autoresizing, guide]) === guide)
        #expect(LayoutEngine.constraintToBreak(among: [imposed, autoresizing, size]) === size)
        #expect(LayoutEngine.constraintToBreak(among: [size, shallow]) === shallow)
        #expect(LayoutEngine.constraintToBreak(among: [shallow, deepLeading]) === deepLeading)
        #expect(LayoutEngine.constraintToBreak(among: [deepLeading, deepTrailing, shallow, size]) === deepTrailing)
        #expect(imposed.isImposedGeometry && autoresizing.isImposedGeometry && !guide.isImposedGeometry)
        #expect(autoresizing.description.contains("<NSAutoresizingMaskLayoutConstraint:0x") && autoresizing.description.contains(" h=--& v=--& "))
    }

    /// A conflict met inside a batch is resolved when the batch ends, against the whole batch
    /// (LayoutEngine.resolveRefusedInBatch); one that a break observer causes while that runs is
    /// resolved before the batch's end returns.
    @Test("Conflicts inside a batch are resolved at its end, including those a break observer causes")
    func batchResolvesAtItsEnd() {
        let window = Window(width: 200, height: 100)
        let label = makeLabel(String(repeating: "x", count: 40), "label", in: window)
        let extra = label.widthAnchor.constraint(equalToConstant: 290)
        var observed = 0
        _ = window.engine.addBreakObserver { _ in
            observed += 1
            if observed == 1 { extra.isActive = true }
        }
        let constraints = [
            label.widthAnchor.constraint(equalToConstant: 280),
            label.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(lessThanOrEqualTo: window.trailingAnchor, constant: -16),
            label.topAnchor.constraint(equalTo: window.topAnchor, constant: 8),
        ]
        window.engine.performBatch {
            LayoutConstraint.activate(constraints)
            #expect(window.engine.brokenConstraintCount == 0, "resolved only when the batch ends")
        }
        // The trailing inequality, then one of the two widths (280 and 290 cannot both hold).
        #expect(window.engine.brokenConstraintCount == 2)
        #expect(constraints[2].isBroken)
        #expect(extra.isActive && (extra.isBroken || constraints[0].isBroken))
        #expect(window.engine.refusedInBatch.isEmpty)
    }
}
