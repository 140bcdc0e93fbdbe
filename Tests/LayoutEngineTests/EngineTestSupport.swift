import Cassowary

@testable import LayoutEngine

/// A view that does not translate its frame (the way constrained views are set up).
func makeView(_ name: String, in parent: View) -> View {
    let view = View(name: name)
    view.translatesAutoresizingMaskIntoConstraints = false
    parent.addSubview(view)
    return view
}

func makeLabel(_ text: String, _ name: String, in parent: View) -> Label {
    let label = Label(text: text, name: name)
    label.translatesAutoresizingMaskIntoConstraints = false
    parent.addSubview(label)
    return label
}

func close(_ a: Double, _ b: Double, tolerance: Double = 1e-6) -> Bool {
    abs(a - b) <= tolerance
}

func close(_ a: Rect, _ b: Rect) -> Bool {
    a.isClose(to: b, tolerance: 1e-6)
}

extension Window {
    var counters: SolverCounters { engine.solver.counters }
}
