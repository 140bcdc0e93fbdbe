import Cassowary
import CassowaryTrace
import Foundation
import LayoutBenchMetrics
import Testing

@testable import SolverBenchmark

@Suite("Operation classes and replay plans")
struct ReplayPlanTests {
    static let header = #"{"trace":"layoutbench.solver","version":1}"#

    static func trace(_ lines: [String]) throws -> SolverTrace {
        try SolverTrace.parse(([header] + lines).joined(separator: "\n"), source: "test")
    }

    /// A trace touching every operation: reads after steps join them, a leading
    /// read stands alone, a batch is one step.
    static let mixed = [
        #"{"op":"read"}"#,  // 0: alone (nothing before it)
        #"{"op":"variable","id":0,"name":"x"}"#,  // 1
        #"{"op":"variable","id":1,"name":"y"}"#,  // 2
        #"{"op":"read"}"#,  // 3: after declarations: alone
        #"{"op":"add","id":0,"terms":[[0,1]],"constant":-5,"relation":">=","priority":1000,"weight":1}"#,  // 4
        #"{"op":"add","id":1,"terms":[[1,1],[0,-1]],"constant":0,"relation":"==","priority":1000,"weight":1}"#,  // 5
        #"{"op":"read"}"#,  // 6: joins add 1
        #"{"op":"addEdit","variable":0,"priority":750}"#,  // 7
        #"{"op":"suggest","variable":0,"value":10}"#,  // 8
        #"{"op":"read"}"#,  // 9
        #"{"op":"read"}"#,  // 10
        #"{"op":"suggest","variable":0,"value":20}"#,  // 11
        #"{"op":"beginBatch"}"#,  // 12
        #"{"op":"beginBatch"}"#,  // 13
        #"{"op":"updateConstant","id":0,"constant":-7}"#,  // 14
        #"{"op":"endBatch"}"#,  // 15
        #"{"op":"remove","id":1}"#,  // 16
        #"{"op":"endBatch"}"#,  // 17
        #"{"op":"read"}"#,  // 18: joins the batch
        #"{"op":"updateConstant","id":0,"constant":-9}"#,  // 19
        #"{"op":"read"}"#,  // 20
        #"{"op":"removeEdit","variable":0}"#,  // 21
        #"{"op":"remove","id":0}"#,  // 22
    ]

    @Test("Steps: one operation plus the reads after it; a batch is one step; declarations are set-up")
    func steps() throws {
        let plan = ReplayPlan(try Self.trace(Self.mixed))
        #expect(
            plan.stepLabels == [
                "read 0..<1", "variable 1..<2", "variable 2..<3", "read 3..<4", "add 4..<5", "add 5..<7",
                "addEdit 7..<8", "suggest 8..<11", "suggest 11..<12", "batch 12..<19", "updateConstant 19..<21",
                "removeEdit 21..<22", "remove 22..<23",
            ])
        #expect(
            plan.stepCounts == [
                .read: 2, .variable: 2, .add: 2, .addEdit: 1, .suggest: 2, .batch: 1, .updateConstant: 1,
                .removeEdit: 1, .remove: 1,
            ])
        #expect(plan.timedClasses == [.add, .remove, .suggest, .updateConstant, .addEdit, .removeEdit, .batch, .read])
    }

    @Test("Segments group consecutive steps of one class")
    func segments() throws {
        let plan = ReplayPlan(try Self.trace(Self.mixed))
        #expect(
            plan.segmentLabels == [
                "read 0..<1", "variable 1..<3", "read 3..<4", "add 4..<7", "addEdit 7..<8", "suggest 8..<12",
                "batch 12..<19", "updateConstant 19..<21", "removeEdit 21..<22", "remove 22..<23",
            ])
        // Segments tile the trace.
        #expect(plan.segments.map(\.operations.count).reduce(0, +) == Self.mixed.count)
    }

    @Test("An endBatch without a batch, and a batch left open, are batch steps")
    func unbalancedBatches() throws {
        let plan = ReplayPlan(
            try Self.trace([
                #"{"op":"endBatch"}"#, #"{"op":"read"}"#, #"{"op":"beginBatch"}"#, #"{"op":"read"}"#,
            ]))
        #expect(plan.steps.map(\.operationClass) == [.batch, .batch])
        #expect(plan.steps.map(\.operations) == [0..<2, 2..<4])
    }

    @Test("Classes name the table rows; suggest is shown as suggest+read")
    func names() {
        #expect(OperationClass.suggest.description == "suggest+read")
        #expect(OperationClass.updateConstant.description == "updateConstant")
        #expect(OperationClass.allCases.sorted() == OperationClass.allCases)
    }

    @Test("Timed replays count each class and report identical counters every time")
    func timedReplay() throws {
        let replayer = TraceReplayer(trace: try Self.trace(Self.mixed))
        let first = try replayer.runTimedRepetition()
        let second = try replayer.runTimedRepetition()
        #expect(first.counters == second.counters)
        #expect(first.classes.mapValues(\.operations) == second.classes.mapValues(\.operations))
        #expect(first.classes[.suggest]?.operations == 2 && first.classes[.batch]?.operations == 1)
        #expect(first.counters[.suggest]?.editSuggestions == 2)
        #expect(first.counters[.batch]?.solves == 1 && first.counters[.batch]?.constantUpdates == 1)
        #expect(first.counters[.add]?.constraintsAdded == 2)
        #expect(first.failures == 0)
    }

    @Test("Variables declared inside a batch are made between the timed chunks, in trace order")
    func declarationsInsideABatch() throws {
        let trace = try Self.trace([
            #"{"op":"variable","id":0,"name":"x"}"#,
            #"{"op":"beginBatch"}"#,
            #"{"op":"add","id":0,"terms":[[0,1]],"constant":-5,"relation":"==","priority":1000,"weight":1}"#,
            #"{"op":"variable","id":1,"name":"y"}"#,
            #"{"op":"add","id":1,"terms":[[1,1],[0,-2]],"constant":0,"relation":"==","priority":1000,"weight":1}"#,
            #"{"op":"endBatch"}"#,
            #"{"op":"read"}"#,
        ])
        let replayer = TraceReplayer(trace: trace)
        #expect(replayer.plan.steps.map(\.operationClass) == [.variable, .batch])
        #expect(replayer.verify().lastReadValues == [5, 10])
        let timed = try replayer.runTimedRepetition()
        #expect(timed.failures == 0 && timed.counters[.batch]?.constraintsAdded == 2)
        #expect(try replayer.runTimedRepetition().counters == timed.counters)
        // Under Address Sanitizer malloc is the sanitizer's, so jemalloc counts nothing
        // (`scripts/test --sanitize address` sets LAYOUTBENCH_SANITIZER).
        if ProcessInfo.processInfo.environment["LAYOUTBENCH_SANITIZER"] != "address" {
            #expect(replayer.countAllocations(with: try AllocationCounter())[.batch]?.operations == 1)
        }
    }

    @Test("Recorded failures replay as failures, on the same lines")
    func failures() throws {
        let trace = try Self.trace([
            #"{"op":"variable","id":0,"name":"x"}"#,
            #"{"op":"add","id":0,"terms":[[0,1]],"constant":-5,"relation":"==","priority":1000,"weight":1}"#,
            #"{"op":"add","id":1,"terms":[[0,1]],"constant":-6,"relation":"==","priority":1000,"weight":1}"#,
            #"{"op":"read"}"#,
        ])
        let replayer = TraceReplayer(trace: trace)
        let verification = replayer.verify()
        #expect(verification.failedLines == [4])
        #expect(verification.lastReadValues == [5])
        #expect(try replayer.runTimedRepetition().failures == 1)
    }

    @Test("Verification reads a checksum at every read and where each edit started")
    func verification() throws {
        let verification = TraceReplayer(trace: try Self.trace(Self.mixed)).verify()
        #expect(verification.readChecksums.count == 7)
        #expect(verification.editStartValues == [.init(line: 9, value: 5)])
        // At the last read the edit holds x at 20 (above x >= 9) and y == x is gone; at the end nothing is left.
        #expect(verification.lastReadValues == [20, 0])
        #expect(verification.finalValues == [0, 0])
        #expect(ValueChecksum([1, 2, 3]).sum == 1 + 4 + 9 && ValueChecksum([-1]).scale == 1)
    }

    @Test("Allocation summaries: per operation, and once warm (after the first tenth)")
    func allocationSummary() {
        let counts: [UInt64] = [5, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]
        let summary = AllocationSummary(counts.map { AllocationSnapshot(allocations: $0, allocatedBytes: 16 * $0) })
        #expect(summary.operations == 12 && summary.allocations == 8 && summary.allocatedBytes == 128)
        #expect(summary.warmOperations == 10 && summary.warmAllocations == 2)
        #expect(summary.maximumPerOperation == 5 && summary.allocatingOperations == 3)
        #expect(AllocationSummary([AllocationSnapshot(allocations: 3)]).warmOperations == 0)
    }
}

extension ReplayPlan {
    /// Each step as "class lower..<upper" (its operation class and the trace operations it
    /// replays), the way the expectations above spell them.
    var stepLabels: [String] { steps.map { "\($0.operationClass.rawValue) \($0.operations)" } }

    /// Each segment as "class lower..<upper", like ``stepLabels``.
    var segmentLabels: [String] { segments.map { "\($0.operationClass.rawValue) \($0.operations)" } }
}
