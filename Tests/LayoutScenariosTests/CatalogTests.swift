import Cassowary
import LayoutScenarios
import Testing

/// Every scenario runs at its quick sizes and meets its own expectations, its
/// counters are identical across repetitions, and the catalogue is well formed.
@Suite("Scenario catalogue")
struct CatalogTests {
    @Test("Names are unique family/variant; pairs point at each other with opposite roles, or chain")
    func catalogueShape() throws {
        let names = ScenarioCatalog.all.map(\.name)
        #expect(Set(names).count == names.count)
        for scenario in ScenarioCatalog.all {
            guard let pair = scenario.pair else { continue }
            let partner = try #require(ScenarioCatalog.named(pair.partner), "\(scenario.name) pairs with unknown \(pair.partner)")
            // A pair points both ways with opposite roles; in a chain (`lfb/`), an anti-pattern's
            // partner is the anti-pattern of the next pair, and its fix points back at it.
            let pointsBack = partner.pair?.partner == scenario.name && partner.pair?.role != pair.role
            let chains = pair.role == .antiPattern && partner.pair?.role == .antiPattern
            #expect(pointsBack || chains, "\(scenario.name)")
            #expect(partner.family == scenario.family, "\(scenario.name) and \(pair.partner) are in different families")
            #expect(partner.sizes == scenario.sizes && partner.quickSizes == scenario.quickSizes, "\(scenario.name)")
        }
    }

    @Test(
        "Each scenario meets its expectations at its quick sizes, with identical counters each time",
        arguments: ScenarioCatalog.all.map(\.name))
    func meetsExpectations(name: String) throws {
        let scenario = try #require(ScenarioCatalog.named(name))
        for size in scenario.quickSizes {
            var first: SolverCounters?
            for _ in 0..<2 {
                let instance = scenario.prepare(size: size)
                let before = instance.counters
                instance.run()
                let counters = instance.counters - before
                let failures = scenario.check(instance, counters: counters, size: size)
                #expect(failures.isEmpty, "\(name) at \(size): \(failures)")
                if let first { #expect(first == counters, "\(name) at \(size): counters differ between repetitions") }
                first = counters
            }
        }
    }

    /// `--sizes` may give any size the scenario's rule allows: the rule must say
    /// everything the scenario's code needs (a stack tree needs a power of three).
    @Test(
        "Each scenario runs and meets its expectations at the small sizes its rule allows",
        arguments: ScenarioCatalog.all.map(\.name))
    func runsAtAllowedSizes(name: String) throws {
        let scenario = try #require(ScenarioCatalog.named(name))
        for size in 1...12 where scenario.sizeRule.allows(size) && !scenario.quickSizes.contains(size) {
            let instance = scenario.prepare(size: size)
            let before = instance.counters
            instance.run()
            let failures = scenario.check(instance, counters: instance.counters - before, size: size)
            #expect(failures.isEmpty, "\(name) at \(size): \(failures)")
        }
    }
}
