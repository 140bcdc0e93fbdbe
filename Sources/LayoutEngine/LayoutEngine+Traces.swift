import Cassowary
import CassowaryTrace
import Synchronization

/// What measuring code asks of the engines made while it runs, as one value: trace
/// recording, collecting the engines, their event sinks, injected churn.
///
/// Each of ``LayoutEngine/recordingTraces(_:)``, ``LayoutEngine/collectingEngines(_:)``,
/// ``LayoutEngine/observingEvents(sinkFor:_:)`` and ``LayoutEngine/injectingChurn(constraintsPerFrame:_:)``
/// binds one link that points to the link bound around it, in one task-local value; an engine
/// reads it once, when it is made, applies the innermost link of each kind (as separate
/// task-local values did) and keeps what it needs (its churn per frame). Nothing reads a
/// task-local value per frame, pass, view or constraint. Each link is the object its function
/// makes anyway (the collector), and the enum is one word, so binding costs what it did.
enum LayoutInstrumentation: Sendable {
    /// Every engine made gets a trace recorder, appended here.
    case traces(TraceCollector)
    /// Every engine made is appended here.
    case engines(EngineCollector)
    /// Every engine made gets its event sink from here.
    case events(EventObservation)
    /// Every engine made churns its app constraints at the end of each display frame.
    case churn(ChurnInjection)

    /// The link bound around this one.
    var outer: LayoutInstrumentation? {
        switch self {
        case .traces(let link): link.outer
        case .engines(let link): link.outer
        case .events(let link): link.outer
        case .churn(let link): link.outer
        }
    }

    /// The innermost link, where the engine is made, or none.
    @TaskLocal static var current: LayoutInstrumentation?
}

/// The churn ``LayoutEngine/injectingChurn(constraintsPerFrame:_:)`` asks for.
final class ChurnInjection: Sendable {
    let perFrame: Int
    let outer: LayoutInstrumentation?

    init(perFrame: Int, outer: LayoutInstrumentation?) {
        self.perFrame = perFrame
        self.outer = outer
    }
}

extension LayoutEngine {
    /// Applies what the instrumentation bound where the engine is made asks (once, from
    /// `init`): the innermost link of each kind.
    func join(_ instrumentation: LayoutInstrumentation) {
        var applied: (traces: Bool, engines: Bool, events: Bool, churn: Bool) = (false, false, false, false)
        var link: LayoutInstrumentation? = instrumentation
        while let current = link {
            switch current {
            case .traces(let collector) where !applied.traces:
                applied.traces = true
                let recorder = SolverTraceRecorder()
                solver.traceRecorder = recorder
                collector.recorders.append(recorder)
            case .engines(let collector) where !applied.engines:
                applied.engines = true
                collector.engines.append(self)
            case .events(let observation) where !applied.events:
                applied.events = true
                eventSink = observation.sinkFor(self)
            case .churn(let churn) where !applied.churn:
                applied.churn = true
                injectedChurnPerFrame = churn.perFrame
            default:
                break
            }
            link = current.outer
        }
    }
}

/// Collects a solver trace from every engine made inside ``LayoutEngine/recordingTraces(_:)``.
///
/// It and ``EngineCollector`` are two classes, not one generic class: a generic class's
/// metadata is looked up at run time each time one is made, and the engine makes one per
/// `collectingEngines` call, in some scenarios per frame (`updatepass/non-idempotent`: +0.3%
/// of its measured instructions, in `_swift_getGenericMetadata` and its cache).
public final class TraceCollector: @unchecked Sendable {
    /// One recorder per engine made while collecting, in creation order.
    public internal(set) var recorders: [SolverTraceRecorder] = []
    let outer: LayoutInstrumentation?

    init(outer: LayoutInstrumentation?) {
        self.outer = outer
    }
}

extension LayoutEngine {
    /// Runs `body`; every engine made inside it records its solver's operations from
    /// the start, so the traces replay the whole history (see `docs/solver-trace.md`).
    ///
    /// - Returns: The body's result and the recorders, one per engine made.
    public static func recordingTraces<Result>(_ body: () throws -> Result) rethrows -> (Result, [SolverTraceRecorder]) {
        let collector = TraceCollector(outer: LayoutInstrumentation.current)
        let result = try LayoutInstrumentation.$current.withValue(.traces(collector)) { try body() }
        return (result, collector.recorders)
    }
}

/// The engines made inside ``LayoutEngine/collectingEngines(_:)``.
public final class EngineCollector: @unchecked Sendable {
    /// The engines made while collecting, in creation order (kept alive).
    public internal(set) var engines: [LayoutEngine] = []
    let outer: LayoutInstrumentation?

    init(outer: LayoutInstrumentation?) {
        self.outer = outer
    }
}

extension LayoutEngine {
    /// Runs `body` and returns the engines made inside it, such as the short-lived
    /// engine of a cell built before it joins a window. Their work is real work;
    /// measuring code adds their counters to the window's.
    public static func collectingEngines<Result>(_ body: () throws -> Result) rethrows -> (Result, [LayoutEngine]) {
        let collector = EngineCollector(outer: LayoutInstrumentation.current)
        let result = try LayoutInstrumentation.$current.withValue(.engines(collector)) { try body() }
        return (result, collector.engines)
    }
}

/// How the engines made inside ``LayoutEngine/observingEvents(sinkFor:_:)`` get their
/// event sink. Not retained by the engines: the sinks it hands out are.
public final class EventObservation: @unchecked Sendable {
    let sinkFor: (LayoutEngine) -> LayoutEventSink?
    let outer: LayoutInstrumentation?

    init(sinkFor: @escaping (LayoutEngine) -> LayoutEventSink?, outer: LayoutInstrumentation?) {
        self.sinkFor = sinkFor
        self.outer = outer
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
        let observation = EventObservation(sinkFor: sinkFor, outer: LayoutInstrumentation.current)
        return try LayoutInstrumentation.$current.withValue(.events(observation)) { try body() }
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
        let churn = ChurnInjection(perFrame: max(0, constraintsPerFrame), outer: LayoutInstrumentation.current)
        return try LayoutInstrumentation.$current.withValue(.churn(churn)) { try body() }
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
