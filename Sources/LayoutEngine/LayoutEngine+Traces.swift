import Cassowary
import CassowaryTrace
import Synchronization

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
        startObservingIfAsked()
        Self.engineCollector?.engines.append(self)
    }
}

/// How the engines made inside ``LayoutEngine/observingEvents(sinkFor:_:)`` get their
/// event sink. Not retained by the engines: the sinks it hands out are.
public final class EventObservation: @unchecked Sendable {
    let sinkFor: (LayoutEngine) -> LayoutEventSink?

    init(sinkFor: @escaping (LayoutEngine) -> LayoutEventSink?) {
        self.sinkFor = sinkFor
    }
}

extension LayoutEngine {
    @TaskLocal static var eventObservation: EventObservation?

    /// Runs `body`; every engine made inside it sends its events to `sink` from its
    /// creation, such as the short-lived engine of a cell built before it joins a
    /// window. Engines that exist already are not affected: set their
    /// ``eventSink`` yourself. The engines keep the sink after `body` returns.
    ///
    /// - Returns: The body's result.
    public static func observingEvents<Result>(with sink: LayoutEventSink, _ body: () throws -> Result) rethrows -> Result {
        try observingEvents(sinkFor: { _ in sink }, body)
    }

    /// Runs `body`; every engine made inside it gets `sinkFor(engine)` as its
    /// ``eventSink`` when it is made (before it does any work), so a sink can tell
    /// engines apart. `nil` leaves the engine without a sink.
    ///
    /// - Returns: The body's result.
    public static func observingEvents<Result>(
        sinkFor: @escaping (LayoutEngine) -> LayoutEventSink?, _ body: () throws -> Result
    ) rethrows -> Result {
        try $eventObservation.withValue(EventObservation(sinkFor: sinkFor)) { try body() }
    }

    func startObservingIfAsked() {
        guard let observation = Self.eventObservation else { return }
        eventSink = observation.sinkFor(self)
    }
}

// MARK: - Fault injection

extension LayoutEngine {
    @TaskLocal static var injectedChurnPerFrame = 0

    /// Runs `body` with constraint churn injected into every display frame: at the end
    /// of each ``Window/performFrame(_:)`` body, up to `constraintsPerFrame` active app
    /// constraints are deactivated and activated again (the same objects, so the app's
    /// references stay valid). The layout is unchanged; the engine does more work. This
    /// exists to test performance gates (a deliberately slowed variant must fail them);
    /// it is never on otherwise.
    public static func injectingChurn<Result>(constraintsPerFrame: Int, _ body: () throws -> Result) rethrows -> Result {
        try $injectedChurnPerFrame.withValue(max(0, constraintsPerFrame)) { try body() }
    }

    /// ``injectingWork(stepsPerCellUpdate:_:)``'s setting. A process-wide value rather than a
    /// task-local one: binding a task-local keeps the runtime's task-local storage allocated
    /// and so changed the allocation counts of the measurements (by one), and injected work
    /// must change nothing but instructions and time.
    static let injectedWorkPerCellUpdate = Atomic<Int>(0)

    /// Runs `body` with deliberate extra work in every solve of every engine made inside it
    /// (in any thread: the setting is process-wide while `body` runs): each solve first runs
    /// `stepsPerCellUpdate` steps of a xorshift generator per cell update since the solver's
    /// previous solve (``Solver/_injectedWorkPerCellUpdate``). Layouts, counters and
    /// allocations are unchanged; instructions and time grow with the tableau work. This
    /// exists to test the instruction gate (`--inject-work`, docs/ci.md); it is never on
    /// otherwise. Not for concurrent use with different settings.
    public static func injectingWork<Result>(stepsPerCellUpdate: Int, _ body: () throws -> Result) rethrows -> Result {
        let previous = injectedWorkPerCellUpdate.exchange(max(0, stepsPerCellUpdate), ordering: .relaxed)
        defer { injectedWorkPerCellUpdate.store(previous, ordering: .relaxed) }
        return try body()
    }

    /// Removes up to `count` active app constraints and adds them back (churn).
    func injectChurn(_ count: Int) {
        let victims = Array(activeConstraints.elements.lazy.filter { $0.origin == .app && !$0.isBroken }.prefix(count))
        withOperation(.custom("injectedChurn")) {
            LayoutConstraint.deactivate(victims)
            LayoutConstraint.activate(victims)
        }
    }
}
