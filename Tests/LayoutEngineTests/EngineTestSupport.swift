import Cassowary

@testable import LayoutEngine

/// `view`, made a constrained view (it does not translate its frame) and added to `parent`.
@discardableResult
func constrained<V: View>(_ view: V, in parent: View) -> V {
    view.translatesAutoresizingMaskIntoConstraints = false
    parent.addSubview(view)
    return view
}

/// A view that does not translate its frame (the way constrained views are set up).
func makeView(_ name: String, in parent: View) -> View {
    constrained(View(name: name), in: parent)
}

func makeLabel(_ text: String, _ name: String, in parent: View) -> Label {
    constrained(Label(text: text, name: name), in: parent)
}

/// Two required heights of `view` that cannot both hold, each with its identifier; neither is
/// active yet.
func conflictingHeights(_ view: View, _ first: (Double, String), _ second: (Double, String)) -> (LayoutConstraint, LayoutConstraint) {
    let one = view.heightAnchor.constraint(equalToConstant: first.0)
    one.identifier = first.1
    let other = view.heightAnchor.constraint(equalToConstant: second.0)
    other.identifier = second.1
    return (one, other)
}

/// Adds `view` to `container` as a constrained view and activates the four constraints that
/// hold it `horizontal` points inside the container's sides and `vertical` inside its top and
/// bottom (leading, trailing, top, bottom, in that order).
func pinInside(_ view: View, _ container: View, horizontal: Double, vertical: Double) {
    constrained(view, in: container)
    LayoutConstraint.activate([
        view.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: horizontal),
        view.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -horizontal),
        view.topAnchor.constraint(equalTo: container.topAnchor, constant: vertical),
        view.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -vertical),
    ])
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
