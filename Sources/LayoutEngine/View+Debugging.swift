import Cassowary

// Auto Layout's debugging aids: ambiguity, the layout trace, and the constraints
// that determine a view's frame.

extension LayoutItem {
    /// The item's variables that take more than one value among the optimal
    /// solutions (names `minX`, `minY`, `width`, `height`).
    func ambiguousComponents() -> [String] {
        materializeHeldConstraints()
        guard let engine = registeredEngine, let variables else { return [] }
        engine.layoutPassIfSettled()
        let names = ["minX", "minY", "width", "height"]
        return (0..<4).filter { engine.solver.isAmbiguous(variables[$0]) }.map { names[$0] }
    }
}

extension View {
    /// Whether the constraints leave the view's frame undetermined: another frame
    /// satisfies every required constraint and violates no priority level more
    /// (`hasAmbiguousLayout`). Equal hugging priorities of two labels sharing extra
    /// space are the classic case.
    public var hasAmbiguousLayout: Bool {
        !ambiguousComponents().isEmpty
    }

    /// Moves the view to another layout that the constraints allow equally well
    /// (`exerciseAmbiguityInLayout()`), and returns its new frame; `nil` when the
    /// layout is not ambiguous.
    ///
    /// The whole hierarchy moves to that other optimal solution, so the views tied to
    /// this one follow it (a neighbour that shares its extra length shrinks as it
    /// grows) and no two frames overlap that the constraints keep apart. The two ends
    /// of the first ambiguous variable (`minX`, `minY`, `width`, then `height`) are the
    /// alternatives: repeated calls alternate between them. The solver is not changed:
    /// the next layout pass puts every frame back to the engine's solution.
    @discardableResult
    public func exerciseAmbiguityInLayout() -> Rect? {
        materializeHeldConstraints()
        guard let engine = registeredEngine, let variables else { return nil }
        engine.layoutPassIfSettled()
        var observed: [Variable] = []
        var owners: [LayoutItem] = []
        for slot in engine.items.elements {
            let item = slot.takeUnretainedValue()
            guard let itemVariables = item.variables else { continue }
            owners.append(item)
            for component in 0..<4 { observed.append(itemVariables[component]) }
        }
        let own = [solvedFrame.minX, solvedFrame.minY, solvedFrame.width, solvedFrame.height]
        for component in 0..<4 {
            guard let ends = engine.solver.extremeSolutions(moving: variables[component], observing: observed) else { continue }
            // Away from the end the view shows now (the engine's solution at first).
            let towardsUpper = abs(own[component] - ends.upper.value) > abs(own[component] - ends.lower.value)
            let end = towardsUpper ? ends.upper : ends.lower
            guard end.value.isFinite, end.observed.allSatisfy(\.isFinite) else { continue }
            let values = end.observed
            for (index, item) in owners.enumerated() {
                let base = index * 4
                let moved = Rect(x: values[base], y: values[base + 1], width: values[base + 2], height: values[base + 3])
                guard !moved.isClose(to: item.solvedFrame, tolerance: 1e-9) else { continue }
                item.solvedFrame = moved
                item.hasSolvedFrame = true
                item.asView?.setNeedsLayout()
            }
            engine.framesShowExercisedAmbiguity = true
            setNeedsLayout()
            return frame
        }
        return nil
    }

    /// The constraints that determine the view's position and size on an axis
    /// (`constraintsAffectingLayout(for:)`): those the solver combines in the rows
    /// of the axis's two variables.
    public func constraintsAffectingLayout(for axis: Axis) -> [LayoutConstraint] {
        materializeHeldConstraints()
        guard let engine = registeredEngine, let variables else { return [] }
        engine.layoutPassIfSettled()
        let axisVariables = axis == .horizontal ? [variables.minX, variables.width] : [variables.minY, variables.height]
        var result: [LayoutConstraint] = []
        for variable in axisVariables {
            for constraint in engine.solver.constraintsDetermining(variable) {
                guard let owner = engine.layoutConstraint(for: constraint), !result.contains(where: { $0 === owner }) else { continue }
                result.append(owner)
            }
        }
        return result
    }

    /// The hierarchy from the root, one view per line, ambiguous views marked with
    /// `*` and the ambiguous variables named (as `_autolayoutTrace`).
    public func autolayoutTrace() -> String {
        var lines: [String] = []
        func visit(_ view: View, depth: Int) {
            let components = view.ambiguousComponents()
            let marker = components.isEmpty ? "•" : "*"
            var line = String(repeating: "|   ", count: depth) + marker + view.debugName
            if !components.isEmpty {
                line += " - AMBIGUOUS LAYOUT for " + components.map { "\(view.debugName).\($0)" }.joined(separator: ", ")
            }
            lines.append(line)
            for subview in view.subviews { visit(subview, depth: depth + 1) }
        }
        visit(rootView, depth: 0)
        return lines.joined(separator: "\n")
    }

    /// The views of the hierarchy whose layout is ambiguous, in depth-first order.
    public func ambiguousViews() -> [View] {
        var result: [View] = []
        func visit(_ view: View) {
            if view.hasAmbiguousLayout { result.append(view) }
            for subview in view.subviews { visit(subview) }
        }
        visit(self)
        return result
    }
}

extension LayoutEngine {
    /// Diagnostics read a settled solver: close nothing, but refuse inside a batch.
    func layoutPassIfSettled() {
        precondition(!solver.isBatching, "Layout diagnostics need a settled engine; call them outside batches and update passes")
    }

    /// A readable dump of the solver (constraints, rows, objective levels).
    public func dump() -> String { solver.dump() }
}

extension LayoutItem {
    /// The debugging questions ask the solver: a hierarchy whose engine only holds its
    /// constraints (``LayoutEngine/isDeferring``) gets them solved first, as asking UIKit makes
    /// its engine.
    func materializeHeldConstraints() {
        if registeredEngine == nil, let engine = hostView?.layoutEngine, engine.isDeferring { engine.materialize() }
    }
}
