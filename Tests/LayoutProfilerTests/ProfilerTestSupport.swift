import Cassowary
import LayoutEngine
import LayoutProfiler
import LayoutScenarios

/// Small layouts for the rule tests.
enum Layouts {
    /// Profiles `body` on `window`'s engine (and engines made inside it).
    static func profile(
        _ window: Window, configuration: LayoutProfiler.Configuration = LayoutProfiler.Configuration(), _ body: () -> Void
    ) -> ProfileReport {
        let profiler = LayoutProfiler(configuration: configuration)
        profiler.attach(to: window.engine)
        profiler.observing(body)
        profiler.detach()
        return profiler.report(title: "test")
    }

    /// A scenario prepared at `size` and run once with a profiler attached to its engines and
    /// to every engine made while it runs (what `layoutbench profile` does), with the run's
    /// solver counters.
    static func profile(_ scenario: Scenario, size: Int) -> (report: ProfileReport, counters: SolverCounters) {
        let instance = scenario.prepare(size: size)
        let profiler = LayoutProfiler()
        for engine in instance.engines { profiler.attach(to: engine) }
        let before = instance.counters
        profiler.observing { instance.run() }
        let counters = instance.counters - before
        profiler.detach()
        let report = profiler.report(
            title: scenario.name, analyzing: (instance.engines.isEmpty ? instance.enginesMadeByRuns : instance.engines).compactMap(\.root),
            solverCounters: counters)
        withExtendedLifetime(instance) {}
        return (report, counters)
    }

    /// `view`, made a constrained view (it does not translate its frame) and added to `parent`.
    @discardableResult
    static func constrained<V: View>(_ view: V, in parent: View) -> V {
        view.translatesAutoresizingMaskIntoConstraints = false
        parent.addSubview(view)
        return view
    }

    /// A view pinned at (x, y) with a fixed size, its constraints not yet active.
    static func tile(in window: Window, name: String, x: Double = 0, y: Double = 0) -> (View, [LayoutConstraint]) {
        let view = constrained(View(name: name), in: window)
        return (
            view,
            [
                view.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: x),
                view.topAnchor.constraint(equalTo: window.topAnchor, constant: y),
                view.widthAnchor.constraint(equalToConstant: 40),
                view.heightAnchor.constraint(equalToConstant: 40),
            ]
        )
    }

    /// A 400 × 400 window holding ``tile(in:name:x:y:)`` named `tile` at (0, 0), its
    /// constraints active and laid out.
    static func laidOutTile() -> (window: Window, tile: View, constraints: [LayoutConstraint]) {
        let window = Window(width: 400, height: 400)
        let (view, constraints) = Self.tile(in: window, name: "tile")
        LayoutConstraint.activate(constraints)
        window.layoutIfNeeded()
        return (window, view, constraints)
    }

    static func ids(_ report: ProfileReport) -> [String] {
        report.findings.map(\.id)
    }

    static func finding(_ report: ProfileReport, _ id: String) -> Finding? {
        report.findings.first { $0.id == id }
    }
}

/// A view whose `updateConstraints()` removes and re-creates its constraints (not idempotent).
final class RecreatingView: View {
    var made: [LayoutConstraint] = []

    override func updateConstraints() {
        if let superview {
            LayoutConstraint.deactivate(made)
            made = [
                leadingAnchor.constraint(equalTo: superview.leadingAnchor, constant: 10),
                topAnchor.constraint(equalTo: superview.topAnchor, constant: 10),
                widthAnchor.constraint(equalToConstant: 50),
                heightAnchor.constraint(equalToConstant: 20),
            ]
            LayoutConstraint.activate(made)
        }
        super.updateConstraints()
    }
}

/// A view that turns a prepared constraint on and off in `updateConstraints()`.
final class TogglingView: View {
    lazy var collapsed = widthAnchor.constraint(equalToConstant: 0)
    var isCollapsed = false {
        didSet { setNeedsUpdateConstraints() }
    }

    override func updateConstraints() {
        if collapsed.isActive != isCollapsed { collapsed.isActive = isCollapsed }
        super.updateConstraints()
    }
}
