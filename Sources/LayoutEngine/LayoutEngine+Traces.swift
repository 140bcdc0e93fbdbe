import Cassowary

/// Collects a solver trace from every engine made inside ``LayoutEngine/recordingTraces(_:)``.
public final class TraceCollector: @unchecked Sendable {
    /// One recorder per engine made while collecting, in creation order.
    public internal(set) var recorders: [SolverTraceRecorder] = []

    init() {}
}

extension LayoutEngine {
    @TaskLocal static var traceCollector: TraceCollector?

    /// Runs `body`; every engine made inside it records its solver's operations from
    /// the start, so the traces replay the whole history (see `docs/solver-trace.md`).
    ///
    /// - Returns: The body's result and the recorders, one per engine made.
    public static func recordingTraces<Result>(_ body: () throws -> Result) rethrows -> (Result, [SolverTraceRecorder]) {
        let collector = TraceCollector()
        let result = try $traceCollector.withValue(collector) { try body() }
        return (result, collector.recorders)
    }

    func startTraceIfCollecting() {
        guard let collector = Self.traceCollector else { return }
        let recorder = SolverTraceRecorder()
        solver.traceRecorder = recorder
        collector.recorders.append(recorder)
    }
}

/// The engines made inside ``LayoutEngine/collectingEngines(_:)``.
public final class EngineCollector: @unchecked Sendable {
    /// The engines made while collecting, in creation order (kept alive).
    public internal(set) var engines: [LayoutEngine] = []

    init() {}
}

extension LayoutEngine {
    @TaskLocal static var engineCollector: EngineCollector?

    /// Runs `body` and returns the engines made inside it, such as the short-lived
    /// engine of a cell built before it joins a window. Their work is real work;
    /// measuring code adds their counters to the window's.
    public static func collectingEngines<Result>(_ body: () throws -> Result) rethrows -> (Result, [LayoutEngine]) {
        let collector = EngineCollector()
        let result = try $engineCollector.withValue(collector) { try body() }
        return (result, collector.engines)
    }

    func joinCollectors() {
        startTraceIfCollecting()
        Self.engineCollector?.engines.append(self)
    }
}
