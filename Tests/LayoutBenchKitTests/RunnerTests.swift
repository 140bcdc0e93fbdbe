import Cassowary
import CassowaryTrace
import LayoutBenchMetrics
import LayoutScenarios
import Testing

@testable import LayoutBenchKit

/// The runner in process, on small scenarios of its own: repetitions, expectation checks,
/// the counter-identity check. No assertion on times.
@Suite("Runner")
struct RunnerTests {
    static func configuration(
        from base: RunConfiguration = .standard, repetitions: Int = 3, warmup: Int = 1, counting: Int = 2
    ) -> RunConfiguration {
        var configuration = base
        configuration.minimumRepetitions = repetitions
        configuration.maximumRepetitions = repetitions
        configuration.warmup = warmup
        configuration.countingRepetitions = counting
        configuration.countAllocations = false  // the test binary's allocations are a debug build's
        return configuration
    }

    @Test("Each size runs warm-ups, the fixed timed count and the counting repetitions, with exact counters")
    func repetitions() throws {
        let scenario = Fixture.scenario(name: "test/activate", expectations: [.counter("solves", .equal, "N") { $0 }])
        let runner = ScenarioRunner(configuration: Self.configuration(repetitions: 4, warmup: 2, counting: 2), allocationCounter: nil)
        let outcome = try runner.run([scenario])
        let result = try #require(outcome.scenarios.first)
        #expect(result.sizes.map(\.size) == [2, 4, 8])
        for size in result.sizes {
            #expect(size.repetitions == RepetitionCounts(warmup: 2, timed: 4, counting: 2))
            #expect(size.time.wallNanoseconds.samples.count == 4)
            #expect(size.failures.isEmpty)
            #expect(size.countersIdentical)
            #expect(size.counters["solves"] == size.size)
            #expect(size.counters["constraintsAdded"] == size.size)
            #expect(size.allocations == nil)
            #expect(size.memory.samples.count == 2)
            #expect(size.perOperation["solves"] == .some(1.0))
        }
        #expect(result.status == .passed)
        #expect(result.growth.metrics["solves"]?.model == "O(n)")
        #expect(outcome.failures.isEmpty)
    }

    @Test("A failed expectation is recorded once with every repetition it failed in")
    func expectationFailure() throws {
        let scenario = Fixture.scenario(name: "test/wrong", sizes: [2, 3, 4], expectations: [.counter("solves", .equal, 1)])
        let outcome = try ScenarioRunner(configuration: Self.configuration(), allocationCounter: nil).run([scenario])
        let failures = outcome.failures
        #expect(failures.count == 3)
        let first = try #require(failures.first)
        #expect(first.scenario == "test/wrong" && first.size == 2 && first.kind == .expectation)
        #expect(first.expectation == "solves == 1")
        #expect(first.detail == "solves was 2, expected == 1 (size 2)")
        #expect(first.repetitions == [1, 2, 3, 4, 5, 6])  // 1 warm-up, 3 timed, 2 counting
        #expect(first.description == "test/wrong at size 2: expected solves == 1: solves was 2, expected == 1 (size 2) (repetitions 1-6)")
        #expect(outcome.scenarios[0].status == .failed)
    }

    @Test("Counters that differ between repetitions are a counters-differ failure naming the counters")
    func countersDiffer() throws {
        // Every other repetition activates one constraint more.
        let scenario = Fixture.scenario(name: "test/flaky", sizes: [2, 3, 4]) { size, repetition in size + repetition % 2 }
        let outcome = try ScenarioRunner(configuration: Self.configuration(), allocationCounter: nil).run([scenario])
        let size = try #require(outcome.scenarios.first?.sizes.first)
        #expect(!size.countersIdentical)
        let failure = try #require(size.failures.first { $0.kind == .countersDiffer })
        #expect(failure.expectation == "identical counters in every repetition")
        #expect(failure.detail.contains("constraintsAdded"))
        #expect(failure.repetitions.count == 3)  // half of the five after the first
    }

    @Test("The time budget ends timed repetitions early between the minimum and the maximum")
    func budget() throws {
        var configuration = Self.configuration()
        configuration.minimumRepetitions = 3
        configuration.maximumRepetitions = 1000
        configuration.timeBudgetSeconds = 1e-6
        let scenario = Fixture.scenario(name: "test/budget")
        let outcome = try ScenarioRunner(configuration: configuration, allocationCounter: nil).run([scenario])
        #expect(outcome.scenarios[0].sizes.allSatisfy { $0.repetitions.timed == 3 })
    }

    @Test("Trace recording records one trace per engine, replaying to the same counters")
    func traces() throws {
        let scenario = Fixture.scenario(name: "test/trace", expectations: [.counter("solves", .equal, "N") { $0 }])
        let recording = TraceRecording.record(scenario, size: 3)
        #expect(recording.failures.isEmpty)
        #expect(recording.counters.solves == 3)
        let trace = try #require(recording.traces.first)
        #expect(trace.hasPrefix("{\"trace\":\"layoutbench.solver\",\"version\":1}\n"))
        let replay = try SolverTrace.parse(trace).replay()
        #expect(replay.errors.isEmpty)
        #expect(replay.solver.counters.constraintsAdded >= 3)
        #expect(TraceRecording.paths(for: "out/run.jsonl", count: 1) == ["out/run.jsonl"])
        #expect(TraceRecording.paths(for: "out/run.jsonl", count: 2) == ["out/run.engine1.jsonl", "out/run.engine2.jsonl"])
        #expect(TraceRecording.paths(for: "out.d/run", count: 2) == ["out.d/run.engine1", "out.d/run.engine2"])
        #expect(TraceRecording.paths(for: ".hidden", count: 2) == [".hidden.engine1", ".hidden.engine2"])
    }
}

@Suite("Progress and summary text")
struct ProgressTextTests {
    @Test("Durations, counts and ratios read with three significant digits")
    func formatting() {
        #expect(ProgressDisplay.duration(812) == "812 ns")
        #expect(ProgressDisplay.duration(1_250_000) == "1.25 ms")
        #expect(ProgressDisplay.duration(12_400) == "12.4 µs")
        #expect(ProgressDisplay.duration(3_400_000_000) == "3.40 s")
        #expect(ProgressDisplay.count(812) == "812")
        #expect(ProgressDisplay.count(12_400) == "12.4 k")
        #expect(ProgressDisplay.count(3_100_000) == "3.10 M")
        #expect(ProgressDisplay.clock(42.9) == "0:42")
        #expect(ProgressDisplay.clock(3909) == "1:05:09")
    }

    @Test("Line progress prints a line per size and no terminal escapes; silent prints nothing")
    func lines() throws {
        final class Sink: @unchecked Sendable { var text = "" }
        let sink = Sink()
        let display = ProgressDisplay(style: .lines) { sink.text += $0 }
        let configuration = RunnerTests.configuration(repetitions: 1)
        _ = try ScenarioRunner(configuration: configuration, allocationCounter: nil, progress: display)
            .run([Fixture.scenario(name: "test/lines")])
        let lines = sink.text.split(separator: "\n")
        #expect(lines.first == "Running 1 scenario at 3 sizes")
        #expect(
            lines.filter { $0.hasPrefix("[") }.map { $0.prefix(23) } == [
                "[1/3] test/lines 2 view", "[2/3] test/lines 4 view", "[3/3] test/lines 8 view",
            ])
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("Running") || $0.hasSuffix(" ok") })
        #expect(!sink.text.contains("\u{1B}"))

        let silent = Sink()
        _ = try ScenarioRunner(configuration: configuration, allocationCounter: nil, progress: ProgressDisplay(style: .silent) { silent.text += $0 })
            .run([Fixture.scenario(name: "test/silent")])
        #expect(silent.text.isEmpty)
    }

    @Test("jemalloc's purge is available (the counting repetitions rely on it)")
    func purge() {
        #expect(AllocationCounter.purgeUnusedPages())
    }
}
