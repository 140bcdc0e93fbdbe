import Cassowary
import Foundation
import LayoutEngine
import LayoutScenarios
import Synchronization

@testable import LayoutBenchKit

/// Builders for synthetic results and small scenarios, shared by the suites.
enum Fixture {
    /// The repository root, from this file's path.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The golden files beside the tests.
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// A fresh temporary folder, removed by the caller.
    static func temporaryFolder(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("layoutbench-kit-\(label)-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Counters with the given values for a few counters, zero elsewhere.
    static func counters(solves: Int = 0, pivots: Int = 0, cellUpdates: Int = 0, substitutions: Int = 0, rowsCreated: Int = 0) -> SolverCounters {
        var counters = SolverCounters()
        counters.solves = solves
        counters.pivots = pivots
        counters.cellUpdates = cellUpdates
        counters.substitutions = substitutions
        counters.rowsCreated = rowsCreated
        return counters
    }

    /// A size result with fixed samples and counts (deterministic; no measurement).
    static func sizeResult(
        size: Int, operations: Int? = nil, wall: [UInt64], cpu: [UInt64]? = nil, counters: SolverCounters,
        allocations: UInt64? = 100, bytes: UInt64 = 3200, peakIncrease: UInt64 = 4096, failures: [Report.Failure] = []
    ) -> SizeResult {
        let allocationResult = allocations.map {
            AllocationResult(
                count: $0, bytes: bytes, deallocatedBytes: bytes / 2, repetitionsAgree: true,
                samples: [AllocationSample(count: $0, bytes: bytes, deallocatedBytes: bytes / 2)])
        }
        let memory = MemoryResult(
            peakResidentBytes: 30_000_000 + peakIncrease, peakIncreaseBytes: peakIncrease,
            samples: [MemorySample(residentBytesBeforeRun: 30_000_000, peakResidentBytes: 30_000_000 + peakIncrease)])
        var result = SizeResult(
            size: size, operations: operations ?? size, status: failures.isEmpty ? .passed : .failed,
            repetitions: RepetitionCounts(warmup: 1, timed: wall.count, counting: 1), elapsedSeconds: 0.5,
            counters: ScenarioRunner.counterMap(counters), countersIdentical: true,
            time: TimeResult(
                wallNanoseconds: ScenarioRunner.summary(wall), cpuNanoseconds: ScenarioRunner.summary(cpu ?? wall)),
            allocations: allocationResult, memory: memory, perOperation: [:], failures: failures)
        result.perOperation = ScenarioRunner.perOperation(result)
        return result
    }

    /// A scenario over one window whose run calls `willRun`, then activates
    /// `constraints(size, repetition)` height constraints one at a time, with optional expectations.
    static func scenario(
        name: String, tags: [String] = ["test"], sizes: [Int] = [2, 4, 8], pair: Scenario.Pair? = nil,
        expectations: [Expectation] = [],
        constraints: @escaping @Sendable (Int, Int) -> Int = { size, _ in size }, willRun: @escaping @Sendable () -> Void = {}
    ) -> Scenario {
        let repetitions = RepetitionCounter()
        return Scenario(
            name: name, summary: "A test scenario.", tags: tags, sizes: sizes, quickSizes: sizes,
            sizeUnit: "views", operationUnit: "activation", pair: pair, expectations: expectations
        ) { size in
            let repetition = repetitions.value.add(1, ordering: .relaxed).newValue
            let window = Window(width: 400, height: 400)
            var pending: [LayoutConstraint] = []
            for index in 0..<constraints(size, repetition) {
                let view = View(name: "v\(index)")
                view.translatesAutoresizingMaskIntoConstraints = false
                window.addSubview(view)
                pending.append(view.heightAnchor.constraint(equalToConstant: 10))
            }
            window.layoutIfNeeded()
            return ScenarioInstance(
                engines: [window.engine], operations: size,
                run: {
                    willRun()
                    for constraint in pending { constraint.isActive = true }
                    window.layoutIfNeeded()
                })
        }
    }

    /// Counts a scenario's `prepare` calls.
    final class RepetitionCounter: Sendable {
        let value = Atomic<Int>(0)
    }

    /// A fixed environment for reports built in tests.
    static let environment = RunEnvironment(
        toolchain: .init(swiftVersion: "Swift version 6.3.1 (swift-6.3.1-RELEASE)", compilerVersion: "6.3", buildConfiguration: "release"),
        machine: .init(
            cpuModel: "Test CPU", logicalCores: 2, memoryBytes: 25_000_000_000, os: "Debian GNU/Linux 12 (bookworm)", kernel: "6.1.0",
            architecture: "x86_64"),
        measurement: .init(
            jemallocVersion: "5.3.0", allocationCountingUnavailable: nil, peakResetSupported: true,
            harnessOverhead: .init(allocations: 3, allocatedBytes: 72, wallNanoseconds: 140)))
}
