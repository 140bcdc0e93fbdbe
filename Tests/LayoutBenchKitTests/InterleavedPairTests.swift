import Foundation
import LayoutEngine
import LayoutScenarios
import Testing

@testable import LayoutBenchKit

/// Anti-pattern and fix measured interleaved, with an injected clock: the order of the
/// repetitions and the number of timed samples, never a real time.
@Suite("Interleaved pairs")
struct InterleavedPairTests {
    /// Which scenario ran, in order (every repetition's `run()`).
    final class RunLog: @unchecked Sendable {
        private let lock = NSLock()
        private var names: [String] = []

        func append(_ name: String) {
            lock.lock()
            names.append(name)
            lock.unlock()
        }

        var entries: [String] {
            lock.lock()
            defer { lock.unlock() }
            return names
        }
    }

    /// A clock that advances `step` nanoseconds at every reading.
    final class SteppingClock: @unchecked Sendable {
        private let lock = NSLock()
        private var now: UInt64 = 0
        let step: UInt64

        init(step: UInt64) { self.step = step }

        func read() -> UInt64 {
            lock.lock()
            defer { lock.unlock() }
            now += step
            return now
        }
    }

    /// A scenario whose `run()` writes its name to `log` and activates `size` constraints.
    static func scenario(_ name: String, pair: Scenario.Pair?, sizes: [Int] = [4, 8, 12], log: RunLog) -> Scenario {
        Fixture.scenario(
            name: name, sizes: sizes, pair: pair, expectations: [.counter("solves", .equal, "N") { $0 }], willRun: { log.append(name) })
    }

    static func runner(budgetSeconds: Double, log: RunLog) -> ScenarioRunner {
        var configuration = RunnerTests.configuration(warmup: 1, counting: 1)
        configuration.minimumRepetitions = 3
        configuration.maximumRepetitions = 1000
        configuration.timeBudgetSeconds = budgetSeconds
        let runner = ScenarioRunner(configuration: configuration, allocationCounter: nil)
        let clock = SteppingClock(step: 1_000_000)  // 1 ms a reading
        runner.clock = { clock.read() }
        runner.loadSource = .unavailable
        return runner
    }

    /// The anti-pattern's declaration (its partner is the fix).
    static let antiSide = Scenario.Pair(partner: "test/fix", role: .antiPattern)
    /// The fix's declaration.
    static let fixSide = Scenario.Pair(partner: "test/anti", role: .fix)

    @Test("Anti-pattern and fix run A, B, A, B at each size and take the same number of timed samples", arguments: [0.2, 0.6])
    func alternates(budgetSeconds: Double) throws {
        let log = RunLog()
        // The fix comes first in the selection: the anti-pattern still runs first in each round.
        let scenarios = [
            Self.scenario("test/fix", pair: Self.fixSide, log: log),
            Self.scenario("test/anti", pair: Self.antiSide, log: log),
        ]
        let outcome = try Self.runner(budgetSeconds: budgetSeconds, log: log).run(scenarios)
        #expect(outcome.scenarios.map(\.name) == ["test/fix", "test/anti"])  // the run order is kept
        let fix = try #require(outcome.scenarios.first)
        let anti = try #require(outcome.scenarios.last)
        var expected: [String] = []
        for (fixSize, antiSize) in zip(fix.sizes, anti.sizes) {
            #expect(fixSize.size == antiSize.size)
            let timed = antiSize.repetitions.timed
            #expect(fixSize.repetitions.timed == timed)
            #expect(antiSize.time.wallNanoseconds.count == timed && fixSize.time.wallNanoseconds.count == timed)
            #expect(timed >= 3 && timed < 1000)  // the budget, not the maximum, ended them
            #expect(antiSize.failures.isEmpty && fixSize.failures.isEmpty)
            #expect(antiSize.counters["solves"] == antiSize.size && fixSize.counters["solves"] == fixSize.size)
            expected += ["test/anti", "test/fix"]  // warm-ups
            for _ in 0..<timed { expected += ["test/anti", "test/fix"] }
            expected += ["test/anti", "test/fix"]  // counting
        }
        #expect(log.entries == expected)
    }

    @Test("A larger budget gives both sides more timed samples, equally")
    func budgetScales() throws {
        func timed(_ budget: Double) throws -> [Int] {
            let log = RunLog()
            let outcome = try Self.runner(budgetSeconds: budget, log: log).run([
                Self.scenario("test/anti", pair: Self.antiSide, sizes: [2, 3, 4], log: log),
                Self.scenario("test/fix", pair: Self.fixSide, sizes: [2, 3, 4], log: log),
            ])
            return outcome.scenarios.flatMap { $0.sizes.map(\.repetitions.timed) }
        }
        let small = try timed(0.2)
        let large = try timed(2.0)
        #expect(small[0...2] == small[3...5] && large[0...2] == large[3...5])
        #expect(large.reduce(0, +) > small.reduce(0, +))
    }

    @Test("Sizes only one side runs, and scenarios without their partner, are measured alone")
    func alone() throws {
        let log = RunLog()
        let outcome = try Self.runner(budgetSeconds: 0.2, log: log).run([
            Self.scenario("test/anti", pair: Self.antiSide, sizes: [4, 8, 12], log: log),
            Self.scenario("test/fix", pair: Self.fixSide, sizes: [8, 12, 16], log: log),
        ])
        let entries = log.entries
        let anti4 = try #require(outcome.scenarios[0].sizes.first { $0.size == 4 })
        // Size 4: the anti-pattern alone, warm-up, timed and counting in a row.
        #expect(Array(entries.prefix(2 + anti4.repetitions.timed)) == Array(repeating: "test/anti", count: 2 + anti4.repetitions.timed))
        // Sizes 8 and 12 interleaved: the first fix run directly follows the anti-pattern's warm-up.
        let fixStart = try #require(entries.firstIndex(of: "test/fix"))
        #expect(entries[fixStart - 1] == "test/anti" && entries[fixStart + 1] == "test/anti")
        // Size 16: the fix alone, at the end.
        let fix16 = try #require(outcome.scenarios[1].sizes.first { $0.size == 16 })
        #expect(Array(entries.suffix(2 + fix16.repetitions.timed)) == Array(repeating: "test/fix", count: 2 + fix16.repetitions.timed))
        #expect(ScenarioRunner.interleavedGroups([(Self.scenario("test/anti", pair: Self.antiSide, log: log), [4])]).isEmpty)
    }

    @Test("A chain of pairs runs as one group: A, B, C in turn, the same timed samples each")
    func chain() throws {
        let log = RunLog()
        // b is the fix of a and the anti-pattern of c.
        let outcome = try Self.runner(budgetSeconds: 0.3, log: log).run([
            Self.scenario("test/c", pair: Scenario.Pair(partner: "test/b", role: .fix), sizes: [2, 3, 4], log: log),
            Self.scenario("test/a", pair: Scenario.Pair(partner: "test/b", role: .antiPattern), sizes: [2, 3, 4], log: log),
            Self.scenario("test/b", pair: Scenario.Pair(partner: "test/c", role: .antiPattern), sizes: [2, 3, 4], log: log),
        ])
        let timed = outcome.scenarios.map { $0.sizes.map(\.repetitions.timed) }
        #expect(timed[0] == timed[1] && timed[1] == timed[2])
        // The anti-patterns first, in the run's order, then the fix; warm-ups, then rounds.
        #expect(Array(log.entries.prefix(6)) == ["test/a", "test/b", "test/c", "test/a", "test/b", "test/c"])
        let groups = ScenarioRunner.interleavedGroups([
            (Self.scenario("test/c", pair: Scenario.Pair(partner: "test/b", role: .fix), log: log), [4]),
            (Self.scenario("test/a", pair: Scenario.Pair(partner: "test/b", role: .antiPattern), log: log), [4]),
            (Self.scenario("test/b", pair: Scenario.Pair(partner: "test/c", role: .antiPattern), log: log), [4]),
        ])
        #expect(groups["test/c@4"]?.map(\.name) == ["test/a", "test/b", "test/c"])
    }
}
