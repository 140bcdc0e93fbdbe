import Cassowary
import LayoutEngine

/// A layout pattern written the way app code is written, measured by `layoutbench run`.
///
/// A scenario has a name `family/variant`, runs at several sizes (at least three,
/// so growth can be fitted; the runner refuses a scenario that declares fewer, with an
/// error naming it), and, when it is one side of an anti-pattern/fix
/// comparison, names its partner. It declares expectations about its own counters
/// (for example: batch activation of N constraints is exactly one solve); a run
/// that breaks an expectation fails with a message naming the scenario, the size
/// and the expectation.
///
/// Each repetition calls ``prepare(size:)`` (not measured) and then runs the
/// returned instance (measured).
public struct Scenario: Sendable {
    /// Which side of a comparison a scenario is.
    public enum Role: String, Sendable {
        case antiPattern = "anti-pattern"
        case fix
    }

    /// The other side of a comparison.
    public struct Pair: Sendable {
        /// The partner's name.
        public let partner: String
        /// This scenario's role.
        public let role: Role
        /// On an anti-pattern: what UIKit pays on this side that the model does not, so
        /// a run can say why when the measured direction contradicts the seed (the
        /// anti-pattern takes less time than its fix). `nil` when the model pays it all.
        public let modelGap: String?

        public init(partner: String, role: Role, modelGap: String? = nil) {
            self.partner = partner
            self.role = role
            self.modelGap = modelGap
        }
    }

    /// `family/variant`, e.g. `activation/individual`.
    public let name: String
    /// One line saying what the scenario does.
    public let summary: String
    /// Tags for filtering (`--tag`), e.g. `anti-pattern`, `cells`, `seed-002`.
    public let tags: [String]
    /// The default sizes (at least three).
    public let sizes: [Int]
    /// Smaller sizes for `--quick` (at least three).
    public let quickSizes: [Int]
    /// What the size counts (`constraints`, `rows`, `hierarchies`...).
    public let sizeUnit: String
    /// What one operation is, for per-operation costs (`activation`, `update`, `frame`...).
    public let operationUnit: String
    /// The other side of the comparison, if any.
    public let pair: Pair?
    /// Expectations about the counters of one repetition.
    public let expectations: [Expectation]
    /// The sizes the scenario can run at (checked before a run with custom sizes).
    public let sizeRule: SizeRule
    let build: @Sendable (Int) -> ScenarioInstance

    /// A scenario: what it is called and measures, and how to build one repetition.
    ///
    /// An app's own suite makes its scenarios with this initializer and passes them to
    /// `LayoutBench.main(scenarios:)` (docs/your-layouts.md; `layoutbench init` writes two).
    ///
    /// - Parameters:
    ///   - name: `family/variant`, both parts non-empty (`card/feed`); unique in a catalogue.
    ///   - summary: One line saying what the scenario does.
    ///   - tags: Tags for `--tag`.
    ///   - sizes: The default sizes, at least three (growth is fitted over them; the runner
    ///     refuses a scenario with fewer, naming it, before anything runs).
    ///   - quickSizes: The sizes of `--quick`, at least three (checked the same way).
    ///   - sizeUnit: What the size counts, plural (`cards`, `frames`).
    ///   - operationUnit: What one operation is (`card`, `frame`), for per-operation costs.
    ///   - pair: The other side of an anti-pattern/fix comparison, if any.
    ///   - expectations: Counter facts checked after every repetition.
    ///   - sizeRule: The sizes the scenario can run at; every size given must satisfy it.
    ///   - build: Builds one repetition at a size: the views and constraints (not measured)
    ///     and, as the returned instance's `run`, the measured work.
    /// - Precondition: The name reads `family/variant` and every size listed satisfies
    ///   `sizeRule` (a programming error in the suite, checked when it is made). Too few sizes
    ///   is not a trap: `layoutbench` refuses such a scenario with a typed error that names it
    ///   (`LayoutBenchKit`'s `ScenarioRules`).
    public init(
        name: String, summary: String, tags: [String], sizes: [Int], quickSizes: [Int],
        sizeUnit: String, operationUnit: String, pair: Pair? = nil, expectations: [Expectation] = [],
        sizeRule: SizeRule = .positive, build: @escaping @Sendable (Int) -> ScenarioInstance
    ) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        precondition(
            parts.count >= 2 && !parts.contains(where: \.isEmpty),
            "A scenario name reads family/variant (an imported layout's file/layout/kind); got '\(name)'")
        self.name = name
        self.summary = summary
        self.tags = tags
        self.sizes = sizes
        self.quickSizes = quickSizes
        self.sizeUnit = sizeUnit
        self.operationUnit = operationUnit
        self.pair = pair
        self.expectations = expectations
        self.sizeRule = sizeRule
        self.build = build
        precondition((sizes + quickSizes).allSatisfy(sizeRule.allows), "Scenario '\(name)' lists a size that is not \(sizeRule.description)")
    }

    /// The family: the part of the name before the slash.
    public var family: String { String(name.split(separator: "/")[0]) }

    /// The variant: the part of the name after the first slash (`layout/kind` for a
    /// scenario made from an imported layout).
    public var variant: String { String(name.split(separator: "/", maxSplits: 1)[1]) }

    /// Builds a fresh instance for one repetition at `size` (not measured). `size` must
    /// satisfy ``sizeRule``.
    public func prepare(size: Int) -> ScenarioInstance {
        precondition(sizeRule.allows(size), "Scenario '\(name)' cannot run at size \(size): sizes must be \(sizeRule.description)")
        return build(size)
    }

    /// Checks the expectations against one repetition's counters.
    ///
    /// - Complexity: O(*e* + *v*): *e* expectations, each a counter comparison, plus the
    ///   instance's own checks (*v*, whatever its `verify` does).
    ///
    /// - Returns: One failure per unmet expectation, including the instance's own
    ///   checks (frames, reports), each naming what was expected and what happened.
    public func check(_ instance: ScenarioInstance, counters: SolverCounters, size: Int) -> [ExpectationFailure] {
        var failures: [ExpectationFailure] = []
        for expectation in expectations {
            if let detail = expectation.evaluate(counters, size) {
                failures.append(ExpectationFailure(expectation: expectation.description, detail: detail))
            }
        }
        for (description, detail) in instance.verify() {
            failures.append(ExpectationFailure(expectation: description, detail: detail))
        }
        return failures
    }
}

/// Which sizes a scenario can run at.
public struct SizeRule: Sendable {
    /// What the rule asks, e.g. "a multiple of 4".
    public let description: String
    let accepts: @Sendable (Int) -> Bool

    public init(_ description: String, accepts: @escaping @Sendable (Int) -> Bool) {
        self.description = description
        self.accepts = accepts
    }

    /// Whether `size` is allowed.
    public func allows(_ size: Int) -> Bool { accepts(size) }

    /// Any size of at least 1.
    public static let positive = SizeRule("at least 1") { $0 >= 1 }
    /// An even size of at least 2.
    public static let even = SizeRule("an even number of at least 2") { $0 >= 2 && $0 % 2 == 0 }

    /// A positive multiple of `factor`.
    public static func multiple(of factor: Int) -> SizeRule {
        SizeRule("a positive multiple of \(factor)") { $0 >= factor && $0 % factor == 0 }
    }

    /// A power of `base` (base, base², ...), `base` at least 2.
    ///
    /// Any `Int` may be asked about: the powers are computed with overflow checks, so a size
    /// above the largest power that fits in an `Int` is refused, not a trap.
    public static func power(of base: Int) -> SizeRule {
        precondition(base >= 2, "A power rule needs a base of at least 2; got \(base)")
        let examples = (1...3).map { exponent in
            String((1..<exponent).reduce(base) { value, _ in value.multipliedReportingOverflow(by: base).partialValue })
        }
        return SizeRule("a power of \(base) (\(examples.joined(separator: ", ")), ...)") { size in
            var value = base
            while value < size {
                let (next, overflow) = value.multipliedReportingOverflow(by: base)
                if overflow { return false }
                value = next
            }
            return value == size
        }
    }
}

/// One repetition of a scenario: state built by `prepare`, the measured work, and
/// checks to run afterwards.
public final class ScenarioInstance {
    /// The engines whose solvers do the work (windows made in `prepare`).
    public let engines: [LayoutEngine]
    /// How many operations `run()` performs (the denominator of per-operation costs).
    public let operations: Int
    private let body: () -> Void
    private let checks: () -> [(String, String)]
    /// Engines made while running (a cell built before it joins the window gets a
    /// short-lived engine of its own): their work counts too.
    public private(set) var enginesMadeByRuns: [LayoutEngine] = []

    /// Views the scenario lays out outside every engine (frames set by hand, text measured
    /// without a window): they count as work the run did (``LayoutWork``).
    public let views: [View]
    /// The text measurers the scenario's labels use: their measurements count as the run's
    /// work (``workCounters``).
    public let textMeasurers: [TextMeasuring]

    /// - Parameters:
    ///   - engines: The engines to count (every window the scenario lays out).
    ///   - operations: The number of operations the run performs.
    ///   - views: Views the run lays out that are in none of `engines` (a layout done by
    ///     hand, without a window): their frames and text count as work (``LayoutWork``).
    ///   - textMeasurers: The measurers its labels use (none: the engine's own text model,
    ///     which is not counted).
    ///   - run: The measured work.
    ///   - verify: Checks after the run: (expectation, failure detail) for each
    ///     failed check, e.g. a frame that is not where the seed article says.
    public init(
        engines: [LayoutEngine], operations: Int, views: [View] = [], textMeasurers: [TextMeasuring] = [],
        run: @escaping () -> Void, verify: @escaping () -> [(String, String)] = { [] }
    ) {
        self.engines = engines
        self.operations = operations
        self.views = views
        self.textMeasurers = textMeasurers
        self.body = run
        self.checks = verify
    }

    /// Runs the measured work once.
    public func run() {
        let (_, made) = LayoutEngine.collectingEngines { body() }
        enginesMadeByRuns += made
    }

    /// Runs the post-run checks.
    public func verify() -> [(String, String)] { checks() }

    /// The sum of the solver counters of the scenario's engines and of every engine
    /// made while it ran.
    public var counters: SolverCounters {
        var total = SolverCounters()
        for engine in engines { total = total + engine.solver.counters }
        for engine in enginesMadeByRuns { total = total + engine.solver.counters }
        return total
    }

    /// The sum of the engine counters of the same engines as ``counters``, and of the text
    /// measurers' work: what the run did around the solver.
    public var workCounters: WorkCounters {
        var total = WorkCounters()
        for engine in engines { total.engine = total.engine + engine.counters }
        for engine in enginesMadeByRuns { total.engine = total.engine + engine.counters }
        for measurer in textMeasurers { total.text = total.text + measurer.work }
        return total
    }

    /// What the layout looks like now, to tell afterwards what a run did besides its solver
    /// work (``work(since:counters:)``): every view of the scenario's windows (and of the
    /// windows its runs made), and of ``views``, with its frame and, for a label, its text and
    /// measured size.
    ///
    /// - Complexity: O(*v*) for *v* views.
    public func layoutSnapshot() -> LayoutSnapshot {
        var snapshot = LayoutSnapshot()
        forEachView { snapshot.record($0) }
        return snapshot
    }

    /// The work a run did since `snapshot`: its solver counters, the frames it assigned and
    /// the text it measured.
    ///
    /// - Parameters:
    ///   - snapshot: ``layoutSnapshot()`` taken before the run.
    ///   - counters: The run's solver counters (``counters`` after, less before).
    /// - Complexity: O(*v*) for *v* views.
    public func work(since snapshot: LayoutSnapshot, counters: SolverCounters) -> LayoutWork {
        var work = LayoutWork(solver: counters)
        forEachView { view in
            let before = snapshot.views[ObjectIdentifier(view)]
            if before.map({ $0.frame != view.frame }) ?? (view.frame != .zero) { work.framesAssigned += 1 }
            if let label = view as? Label {
                let text = LayoutSnapshot.Text(label)
                if before.map({ $0.text != text }) ?? !label.text.isEmpty { work.textMeasured += 1 }
            }
        }
        return work
    }

    private func forEachView(_ body: (View) -> Void) {
        var seen = Set<ObjectIdentifier>()
        func visit(_ view: View) {
            guard seen.insert(ObjectIdentifier(view)).inserted else { return }
            body(view)
            for subview in view.subviews { visit(subview) }
        }
        for engine in engines { if let root = engine.root { visit(root) } }
        for engine in enginesMadeByRuns { if let root = engine.root { visit(root) } }
        for view in views { visit(view) }
    }
}

/// What a run did besides its solver's work, counted exactly: the engines' bookkeeping
/// (``EngineCounters``) and the text measured (``TextWork``). Compared between repetitions
/// and reported beside the solver counters.
public struct WorkCounters: Sendable, Equatable {
    public var engine = EngineCounters()
    public var text = TextWork()

    public init() {}

    /// Every counter's name, the engine's then the text's.
    public static let names = EngineCounters.names + TextWork.names

    /// The counters in ``names`` order.
    public var values: [Int] { engine.values + text.values }

    public static func - (lhs: WorkCounters, rhs: WorkCounters) -> WorkCounters {
        var difference = WorkCounters()
        difference.engine = lhs.engine - rhs.engine
        difference.text = lhs.text - rhs.text
        return difference
    }
}

/// The views of a scenario's layout before a run (``ScenarioInstance/layoutSnapshot()``).
public struct LayoutSnapshot {
    /// A label's text and the size it measured to.
    struct Text: Equatable {
        let text: String
        let size: Size

        init(_ label: Label) {
            text = label.text
            size = label.intrinsicContentSize
        }
    }

    struct Entry {
        let frame: Rect
        let text: Text?
    }

    var views: [ObjectIdentifier: Entry] = [:]

    mutating func record(_ view: View) {
        views[ObjectIdentifier(view)] = Entry(frame: view.frame, text: (view as? Label).map(Text.init))
    }
}

/// What one repetition of a scenario did: its solver work, and the layout work done without
/// the solver (frames set by hand, text measured). A repetition that did none of it measured
/// nothing: the runner refuses it (`LayoutBenchKit`'s `ScenarioRules`).
public struct LayoutWork: Sendable, Equatable {
    /// The solver counters of the run.
    public var solver: SolverCounters
    /// Views whose frame the run changed (or that it made with a frame).
    public var framesAssigned = 0
    /// Labels whose text or measured size the run changed (or that it made with text).
    public var textMeasured = 0

    public init(solver: SolverCounters, framesAssigned: Int = 0, textMeasured: Int = 0) {
        self.solver = solver
        self.framesAssigned = framesAssigned
        self.textMeasured = textMeasured
    }

    /// Whether the run did nothing the model counts: no solver operation, no frame, no text.
    public var isNothing: Bool {
        solver == SolverCounters() && framesAssigned == 0 && textMeasured == 0
    }
}

/// An expectation a scenario has about its own counters in one repetition.
public struct Expectation: Sendable {
    /// What is expected, e.g. `solves == 1`.
    public let description: String
    let evaluate: @Sendable (SolverCounters, Int) -> String?

    /// A counter compared with a value computed from the size.
    ///
    /// - Parameters:
    ///   - name: A counter name from `SolverCounters.names`.
    ///   - relation: How the counter compares with the value.
    ///   - text: How the value reads in messages (e.g. `"N"`, `"2N + 1"`).
    ///   - value: The value for a size.
    public static func counter(
        _ name: String, _ relation: Relation, _ text: String, _ value: @escaping @Sendable (Int) -> Int
    ) -> Expectation {
        precondition(SolverCounters.names.contains(name), "Unknown counter '\(name)'")
        return Expectation(description: "\(name) \(relation.symbol) \(text)") { counters, size in
            let actual = counters.value(named: name)!
            let expected = value(size)
            return relation.holds(actual, expected) ? nil : "\(name) was \(actual), expected \(relation.symbol) \(expected) (size \(size))"
        }
    }

    /// A counter compared with a constant.
    public static func counter(_ name: String, _ relation: Relation, _ value: Int) -> Expectation {
        counter(name, relation, String(value)) { _ in value }
    }

    /// A condition on the counters, with a description.
    public static func that(_ description: String, _ condition: @escaping @Sendable (SolverCounters, Int) -> Bool) -> Expectation {
        Expectation(description: description) { counters, size in
            condition(counters, size) ? nil : "not met at size \(size)"
        }
    }

    /// How a counter compares with an expected value.
    public enum Relation: Sendable {
        case equal, atMost, atLeast

        var symbol: String {
            switch self {
            case .equal: "=="
            case .atMost: "<="
            case .atLeast: ">="
            }
        }

        func holds(_ actual: Int, _ expected: Int) -> Bool {
            switch self {
            case .equal: actual == expected
            case .atMost: actual <= expected
            case .atLeast: actual >= expected
            }
        }
    }
}

/// A failed expectation.
public struct ExpectationFailure: Sendable, Equatable, CustomStringConvertible {
    public let expectation: String
    public let detail: String

    public var description: String { "expected \(expectation): \(detail)" }
}
