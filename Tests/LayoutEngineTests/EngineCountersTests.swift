import Testing

@testable import LayoutEngine

/// The work around the solver (``EngineCounters``): what UIKit does per `isActive = true`
/// against once per `activate(_:)`, the installs on views, the notifications and the
/// `layoutSubviews()` calls of a pass.
@Suite("Engine counters")
struct EngineCountersTests {
    /// A window with `count` tiles, each with four constraints not yet active.
    func tiles(_ count: Int) -> (Window, [LayoutConstraint]) {
        let window = Window(width: 400, height: 400)
        var constraints: [LayoutConstraint] = []
        for index in 0..<count {
            let tile = View(name: "tile\(index)")
            tile.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(tile)
            constraints += [
                tile.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: Double(index) * 10),
                tile.topAnchor.constraint(equalTo: window.topAnchor),
                tile.widthAnchor.constraint(equalToConstant: 8),
                tile.heightAnchor.constraint(equalToConstant: 8),
            ]
        }
        window.layoutIfNeeded()
        return (window, constraints)
    }

    @Test("N isActive = true are N activation calls; one activate(_:) of the same N is one, with the same searches and installs")
    func individualAgainstBatch() {
        let (single, singleConstraints) = tiles(5)
        let (batched, batchedConstraints) = tiles(5)
        let singleBefore = single.engine.counters
        let batchedBefore = batched.engine.counters
        for constraint in singleConstraints { constraint.isActive = true }
        LayoutConstraint.activate(batchedConstraints)
        let one = single.engine.counters - singleBefore
        let batch = batched.engine.counters - batchedBefore
        #expect(one.activationCalls == 20 && batch.activationCalls == 1)
        // Only the 10 constraints between two views need the nearest common ancestor.
        #expect(one.ancestorSearches == 10 && batch.ancestorSearches == 10)
        #expect(one.constraintsInstalled == 20 && batch.constraintsInstalled == 20)
        #expect(single.constraints.count == 10 && batched.constraints.count == 10)
    }

    @Test("A pass tells each view of its changed variables and lays out the views that need it")
    func passCountsNotificationsAndLayouts() {
        let (window, constraints) = tiles(3)
        LayoutConstraint.activate(constraints)
        let before = window.engine.counters
        window.layoutIfNeeded()
        let pass = window.engine.counters - before
        // Each tile, registered by its constraints, is told its four variables; then its solved
        // width and height and, but for the first (at x = 0), its x: 3 x 4 + 8.
        #expect(pass.variableNotifications == 20)
        // The tiles, whose size changed, and the window.
        #expect(pass.layoutSubviewsCalls == 4)
        let idle = window.engine.counters
        window.layoutIfNeeded()
        #expect(window.engine.counters == idle)
        // One constant edit: one tile's x, and its layout.
        constraints[0].constant = 5
        window.layoutIfNeeded()
        let edit = window.engine.counters - idle
        #expect(edit.variableNotifications == 1)
    }

    @Test("Counters add and subtract member by member, in the order of their names")
    func arithmetic() {
        var a = EngineCounters()
        a.activationCalls = 1
        a.layoutSubviewsCalls = 5
        var b = EngineCounters()
        b.ancestorSearches = 2
        b.layoutSubviewsCalls = 3
        #expect((a + b).values == [1, 2, 0, 0, 8])
        #expect((a + b - b) == a)
        #expect(EngineCounters.names.count == EngineCounters().values.count)
    }
}
