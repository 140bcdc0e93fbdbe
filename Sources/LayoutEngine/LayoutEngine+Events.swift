// Events: the operation that causes them, what they cost the solver, and handing them to
// the event sink.

import Cassowary

extension LayoutEngine {
    /// Runs `body` with `operation` as the cause of the events it produces.
    @inline(__always)
    public func withOperation<Result>(_ operation: @autoclosure () -> LayoutOperation, _ body: () throws -> Result) rethrows -> Result {
        guard eventSink != nil else { return try body() }
        pushOperation(operation())
        defer { popOperations(toDepth: operationStack.count - 1) }
        return try body()
    }

    /// Makes `operation` the cause of the events that follow. The stack changes through a local
    /// copy taken out with `swap` (EngineList.swift says why), so that reading its depth, as a
    /// table does for every cell it asks for, pays no exclusivity check.
    func pushOperation(_ operation: LayoutOperation) {
        var stack: [LayoutOperation] = []
        swap(&stack, &operationStack)
        stack.append(operation)
        swap(&stack, &operationStack)
    }

    /// Drops the operations above the first `depth`.
    func popOperations(toDepth depth: Int) {
        guard operationStack.count > depth else { return }
        var stack: [LayoutOperation] = []
        swap(&stack, &operationStack)
        stack.removeSubrange(depth...)
        swap(&stack, &operationStack)
    }

    func emit(
        _ kind: LayoutEvent.Kind, constraint: LayoutConstraint? = nil, view: View? = nil, cost: SolverCounters,
        oldValue: Double = 0, newValue: Double = 0, individually: Bool = false, report: UnsatisfiableConstraintsReport? = nil
    ) {
        guard let eventSink else { return }
        eventSink.record(
            LayoutEvent(
                kind: kind, constraint: constraint, view: view, cost: cost, frame: frameCount, pass: passCount,
                operation: operationStack.last, operations: operationStack, oldValue: oldValue, newValue: newValue,
                individually: individually, inBatch: batchDepth > 0, report: report))
    }

    /// Runs `body`, then, when an event sink listens, `report` with the solver counters
    /// `body` cost. Without a sink the counters (241 bytes) are never copied: this runs
    /// per constraint installed or removed and per view updated or laid out.
    @inline(__always)
    func measuringSolverCost(_ body: () -> Void, report: (SolverCounters) -> Void) {
        guard eventSink != nil else {
            body()
            return
        }
        let before = solver.counters
        body()
        report(solver.counters - before)
    }
}
