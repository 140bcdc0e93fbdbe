import Cassowary
import CassowaryTrace
import Synchronization

/// What measuring code asks of the engines made while it runs, as one value: trace
/// recording, collecting the engines, their event sinks, injected churn. Each of
/// ``LayoutEngine/recordingTraces(_:)``, ``LayoutEngine/collectingEngines(_:)``,
/// ``LayoutEngine/observingEvents(sinkFor:_:)`` and ``LayoutEngine/injectingChurn(constraintsPerFrame:_:)``
/// binds a copy with its part set (one task-local value, so they nest); an engine reads it
/// once, when it is made, and keeps what it needs (its churn per frame), so nothing reads a
/// task-local value per frame, pass, view or constraint.
struct LayoutInstrumentation: Sendable {
    /// Receives a trace recorder per engine made.
    var traces: TraceCollector?
    /// Receives every engine made.
    var engines: EngineCollector?
    /// Hands every engine made its event sink.
    var events: EventObservation?
    /// App constraints to deactivate and activate again at the end of every display frame.
    var churnPerFrame = 0

    /// The value bound where the engine is made, or none.
    @TaskLocal static var current: LayoutInstrumentation?

    /// Runs `body` with `change` applied to a copy of the current value.
    static func with<Result>(_ change: (inout LayoutInstrumentation) -> Void, _ body: () throws -> Result) rethrows -> Result {
        var value = current ?? LayoutInstrumentation()
        change(&value)
        return try $current.withValue(value) { try body() }
    }
}

/// Collects a solver trace from every engine made inside ``LayoutEngine/recordingTraces(_:)``.
public final class TraceCollector: @unchecked Sendable {
    /// One recorder per engine made while collecting, in creation order.
    public internal(set) var recorders: [SolverTraceRecorder] = []

    init() {}
}

extension LayoutEngine {
    /// Runs `body`; every engine made inside it records its solver's operations from
    /// the start, so the traces replay the whole history (see `docs/solver-trace.md`).
    ///
    /// - Returns: The body's result and the recorders, one per engine made.
    public static func recordingTraces<Result>(_ body: () throws -> Result) rethrows -> (Result, [SolverTraceRecorder]) {
        let collector = TraceCollector()
        let result = try LayoutInstrumentation.with({ $0.traces = collector }, body)
        return (result, collector.recorders)
    }

    /// Applies what the instrumentation bound where the engine is made asks (once, from `init`).
    func join(_ instrumentation: LayoutInstrumentation) {
        if let collector = instrumentation.traces {
            let recorder = SolverTraceRecorder()
            solver.traceRecorder = recorder
            collector.recorders.append(recorder)
        }
        if let observation = instrumentation.events { eventSink = observation.sinkFor(self) }
        instrumentation.engines?.engines.append(self)
        injectedChurnPerFrame = instrumentation.churnPerFrame
    }
}

/// The engines made inside ``LayoutEngine/collectingEngines(_:)``.
public final class EngineCollector: @unchecked Sendable {
    /// The engines made while collecting, in creation order (kept alive).
    public internal(set) var engines: [LayoutEngine] = []

    init() {}
}

extension LayoutEngine {
    /// Runs `body` and returns the engines made inside it, such as the short-lived
    /// engine of a cell built before it joins a window. Their work is real work;
    /// measuring code adds their counters to the window's.
    public static func collectingEngines<Result>(_ body: () throws -> Result) rethrows -> (Result, [LayoutEngine]) {
        let collector = EngineCollector()
        let result = try LayoutInstrumentation.with({ $0.engines = collector }, body)
        return (result, collector.engines)
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
        let observation = EventObservation(sinkFor: sinkFor)
        return try LayoutInstrumentation.with({ $0.events = observation }, body)
    }
}

// MARK: - Fault injection

extension LayoutEngine {
    /// Runs `body` with constraint churn injected into every display frame of the engines
    /// made inside it: at the end of each ``Window/performFrame(_:)`` body, up to `constraintsPerFrame` active app
    /// constraints are deactivated and activated again (the same objects, so the app's
    /// references stay valid). The layout is unchanged; the engine does more work. This
    /// exists to test performance gates (a deliberately slowed variant must fail them);
    /// it is never on otherwise.
    public static func injectingChurn<Result>(constraintsPerFrame: Int, _ body: () throws -> Result) rethrows -> Result {
        try LayoutInstrumentation.with({ $0.churnPerFrame = max(0, constraintsPerFrame) }, body)
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
