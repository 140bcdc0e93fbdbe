import Cassowary
import CassowaryTrace
import Foundation
import Testing

@testable import SolverBenchmark

/// Counts a trace's operations by kind.
func operationCounts(_ trace: SolverTrace) -> [String: Int] {
    var counts: [String: Int] = [:]
    for (_, operation) in trace.operations {
        let name: String
        switch operation {
        case .variable: name = "variable"
        case .add: name = "add"
        case .remove: name = "remove"
        case .updateConstant: name = "updateConstant"
        case .updatePriority: name = "updatePriority"
        case .addEdit: name = "addEdit"
        case .removeEdit: name = "removeEdit"
        case .suggest: name = "suggest"
        case .beginBatch: name = "beginBatch"
        case .endBatch: name = "endBatch"
        case .read: name = "read"
        }
        counts[name, default: 0] += 1
    }
    return counts
}

/// The distinct non-required priorities a trace uses.
func nonRequiredPriorities(_ trace: SolverTrace) -> Set<Float> {
    var priorities = Set<Float>()
    for (_, operation) in trace.operations {
        switch operation {
        case .add(_, let definition) where !definition.priority.isRequired: priorities.insert(definition.priority.value)
        case .addEdit(_, let priority), .updatePriority(_, let priority): priorities.insert(priority.value)
        default: break
        }
    }
    return priorities
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

@Suite("Workload generators")
struct WorkloadTests {
    @Test("The chain of equalities has the documented shape and solves to x[k] = head + 10k", arguments: [2, 7, 60])
    func chainEquality(size: Int) throws {
        let trace = try Workload.chainEquality.trace(size: size).parsed()
        #expect(
            operationCounts(trace) == [
                "variable": size, "add": size - 1, "addEdit": 1, "suggest": ChainWorkload.suggestionCount,
                "read": ChainWorkload.suggestionCount + 1, "removeEdit": 1, "remove": size - 1,
            ])
        #expect(nonRequiredPriorities(trace) == [Workload.strong.value])
        let verification = TraceReplayer(trace: trace).verify()
        #expect(verification.failedLines.isEmpty)
        let head = ChainWorkload.lastSuggestion
        #expect(verification.lastReadValues.enumerated().allSatisfy { close($1, head + 10 * Double($0)) })
        #expect(verification.finalCounters.rowsLive == 0 && verification.finalCounters.objectiveLevelsLive == 0)
    }

    @Test("The chain of inequalities keeps the weak gap of 20", arguments: [2, 9, 40])
    func chainInequality(size: Int) throws {
        let trace = try Workload.chainInequality.trace(size: size).parsed()
        #expect(
            operationCounts(trace) == [
                "variable": size, "add": 2 * (size - 1), "addEdit": 1, "suggest": ChainWorkload.suggestionCount,
                "read": ChainWorkload.suggestionCount + 1, "removeEdit": 1, "remove": 2 * (size - 1),
            ])
        #expect(nonRequiredPriorities(trace) == [Workload.strong.value, Workload.weak.value])
        let verification = TraceReplayer(trace: trace).verify()
        #expect(verification.failedLines.isEmpty)
        let head = ChainWorkload.lastSuggestion
        #expect(verification.lastReadValues.enumerated().allSatisfy { close($1, head + 20 * Double($0)) })
    }

    @Test("Blocks: eight constraints and an edit per view; visited views end at the last width", arguments: [1, 5, 100])
    func blocks(size: Int) throws {
        let trace = try Workload.blocks.trace(size: size).parsed()
        let suggestions = BlocksWorkload.visitCount * BlocksWorkload.suggestionsPerVisit
        #expect(
            operationCounts(trace) == [
                "variable": 4 * size, "add": 8 * size, "addEdit": size, "suggest": suggestions, "read": suggestions + 2,
                "removeEdit": size, "remove": 8 * size,
            ])
        #expect(nonRequiredPriorities(trace) == [Workload.strong.value, Workload.medium.value, Workload.weak.value])
        let verification = TraceReplayer(trace: trace).verify()
        #expect(verification.failedLines.isEmpty)
        let visited = Set((0..<BlocksWorkload.visitCount).map { BlocksWorkload.visitedView($0, of: size) })
        let widths = BlocksWorkload.suggestedWidths
        let lastWidth = widths[(BlocksWorkload.suggestionsPerVisit - 1) % widths.count]
        for view in 0..<size {
            let values = Array(verification.lastReadValues[(4 * view)..<(4 * view + 4)])
            let width = visited.contains(view) ? lastWidth : 100
            #expect(values == [10, 10, width, max(20, width / 2)], "view \(view)")
        }
    }

    @Test("A suggestion beyond a view's bounds moves it left and clamps its width")
    func blocksClamp() throws {
        let trace = try Workload.blocks.trace(size: 3).parsed()
        // Replay up to the third suggestion of the first visit (700): left + width <= 600 wins.
        let suggestLines = trace.operations.filter { if case .suggest = $0.operation { true } else { false } }
        let cut = suggestLines[2].line
        let prefix = SolverTrace(operations: trace.operations.filter { $0.line <= cut })
        let verification = TraceReplayer(trace: prefix).verify()
        let view = BlocksWorkload.visitedView(0, of: 3)
        #expect(verification.finalValues[(4 * view)..<(4 * view + 4)] == [0, 10, 600, 300])
    }

    @Test("Constant updates move the middle view's minimum width", arguments: [1, 4, 50])
    func constantUpdate(size: Int) throws {
        let trace = try Workload.constantUpdate.trace(size: size).parsed()
        #expect(
            operationCounts(trace) == [
                "variable": 4 * size, "add": 8 * size, "updateConstant": BlocksWorkload.updateCount,
                "read": BlocksWorkload.updateCount + 1,
            ])
        let verification = TraceReplayer(trace: trace).verify()
        #expect(verification.failedLines.isEmpty)
        let minimum = BlocksWorkload.minimumWidths[(BlocksWorkload.updateCount - 1) % BlocksWorkload.minimumWidths.count]
        let middle = size / 2
        #expect(verification.lastReadValues[4 * middle + 2] == max(minimum, 100))
        #expect(verification.finalCounters.constantUpdates == BlocksWorkload.updateCount)
    }

    @Test("The form has 37 variables, 111 constraints, two strong edits and three priority levels")
    func formShape() throws {
        let generated = Workload.form.trace(size: 1)
        #expect(generated.size == 37 && generated.name == "form-37")
        let trace = try generated.parsed()
        let resizes = FormWorkload.resizeCycles * FormWorkload.sizes.count
        #expect(
            operationCounts(trace) == [
                "variable": 37, "add": 111, "addEdit": 2, "suggest": 2 * resizes, "read": resizes + 1, "removeEdit": 2,
                "remove": 111,
            ])
        #expect(nonRequiredPriorities(trace) == [Workload.strong.value, Workload.medium.value, Workload.weak.value])
        #expect(TraceReplayer(trace: trace).verify().failedLines.isEmpty)
    }

    @Test("At every size the form's solution is unique and fills the window", arguments: FormWorkload.sizes.indices)
    func formIsDetermined(sizeIndex: Int) throws {
        let trace = try Workload.form.trace(size: 1).parsed()
        // Stop after the first resize to this size.
        var reads = 0
        let cut = trace.operations.first { item in
            if case .read = item.operation { reads += 1 }
            return reads == sizeIndex + 2  // the first read is the layout pass after the build
        }!.line
        let replay = SolverTrace(operations: trace.operations.filter { $0.line <= cut }).replay()
        let names = trace.operations.compactMap { if case .variable(_, let name) = $0.operation { name } else { nil } }
        func value(_ name: String) -> Double { replay.solver.value(of: replay.variables[names.firstIndex(of: name)!]) }
        for (name, variable) in zip(names, replay.variables) {
            #expect(!replay.solver.isAmbiguous(variable), "\(name) is not determined")
        }
        let size = FormWorkload.sizes[sizeIndex]
        #expect(value("window.width") == size.width && value("window.height") == size.height)
        #expect(value("field1.left") == value("midline") && value("combo.left") == value("midline"))
        #expect(value("field1.left") + value("field1.width") == value("contents.right"))
        #expect(value("label1.left") == value("contents.left"))
    }

    @Test("Generated traces are deterministic")
    func deterministic() {
        for workload in Workload.allCases {
            #expect(workload.trace(size: 12).text == workload.trace(size: 12).text, "\(workload)")
        }
    }
}

/// Issue 16: `solver-bench --workload chain-eq --size 9223372036854775807` asked for 4 GB before
/// failing; sizes are held to a limit, checked for every pair before any trace is generated.
@Suite("Workload size limits")
struct WorkloadSizeLimitTests {
    @Test("A size above a workload's limit is an invalid-size error naming the limit and LAYOUTBENCH_MAX_SIZE")
    func sizeLimit() throws {
        #expect(Workload.allCases.allSatisfy { workload in workload.defaultSizes.allSatisfy { $0 <= workload.maximumSize } })
        #expect {
            _ = try BenchmarkSuite.traces(workloads: [.chainEquality], sizes: [100, Int.max])
        } throws: { error in
            guard let error = error as? SolverBenchmarkError else { return false }
            return error.code == .invalidSize && error.message.contains("limited to 5000")
                && error.message.contains("LAYOUTBENCH_MAX_SIZE=9223372036854775807")
        }
        #expect(throws: SolverBenchmarkError.self) { _ = try BenchmarkSuite.traces(workloads: [.blocks], sizes: [60_000], maximumSize: 50_000) }
        #expect(try BenchmarkSuite.traces(workloads: [.constantUpdate], sizes: [50_000]).count == 1)
    }
}

/// `solver-bench --trace`: a recorded trace is held to a size limit as the workloads are.
@Suite("Trace size limits")
struct TraceLimitTests {
    /// A trace file declaring `variables` variables and nothing else.
    static func traceFile(variables: Int) throws -> String {
        var text = "{\"trace\":\"layoutbench.solver\",\"version\":1}\n"
        for id in 0..<variables { text += "{\"op\":\"variable\",\"id\":\(id),\"name\":\"x\(id)\"}\n" }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lb-trace-\(UUID().uuidString).jsonl").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("A trace over the variable limit is refused (trace-too-large) before it is replayed; LAYOUTBENCH_MAX_SIZE raises it")
    func variableLimit() throws {
        let path = try Self.traceFile(variables: BenchmarkSuite.maximumTraceVariables + 1)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = try #require(throws: SolverBenchmarkError.self) { try BenchmarkSuite.loadTrace(at: path) }
        #expect(error.code == .traceTooLarge)
        #expect(error.message.contains("declares 10001 variables") && error.message.contains("LAYOUTBENCH_MAX_SIZE=10001"), "\(error.message)")
        #expect(try BenchmarkSuite.loadTrace(at: path, maximumVariables: 10_001).size == 10_001)
        let small = try Self.traceFile(variables: 3)
        defer { try? FileManager.default.removeItem(atPath: small) }
        #expect(try BenchmarkSuite.loadTrace(at: small).size == 3)
    }
}
