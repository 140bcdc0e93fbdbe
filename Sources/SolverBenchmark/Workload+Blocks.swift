import Cassowary

/// Workloads 3 and 5: `size` independent views.
///
/// Each view has four variables (`left`, `top`, `width`, `height`) and eight
/// constraints: required `left >= 0`, `width >= 20`, `height >= 20`,
/// `left + width <= 600`; medium `left == 10`, `top == 10`; strong
/// `height == 0.5 * width`; weak `width == 100`.
///
/// The views are built, then read once (the first layout pass).
///
/// - `blocks`: a strong edit on every view's width and a read; then ``visitCount`` visits
///   to views in a scattered order, each a drag of ``suggestionsPerVisit`` suggestions
///   cycling through ``suggestedWidths`` (a read after each); then the edits and
///   constraints are removed. The first suggestions of a visit find the view's rows out
///   of the caches once the system outgrows them; a drag spreads that over its frames.
/// - `constant-update`: no edits; ``updateCount`` in-place updates of the middle
///   view's minimum width (`width >= c`), a read after each.
///
/// A change in one view touches only that view's rows, so a solver with a column
/// index does O(1) work per operation whatever `size` is.
enum BlocksWorkload {
    struct View {
        var left, top, width, height: Variable
        var constraints: [Constraint]
        /// `width >= 20`: the constraint whose constant `constant-update` changes.
        var minimumWidth: Constraint { constraints[1] }
    }

    static let visitCount = 4
    /// Suggestions per visit: a one-second drag of one view's width at 60 frames per second.
    static let suggestionsPerVisit = 64
    static let suggestedWidths: [Double] = [150, 250, 700, 60]
    static let updateCount = 120
    static let minimumWidths: [Double] = [150, 60, 300, 20, 45, 250]

    /// The view edited at visit `visit` of a system of `count` views.
    static func visitedView(_ visit: Int, of count: Int) -> Int {
        (visit &* 7919 &+ 13) % count
    }

    static func build(_ script: TraceScript, blocks: Int) -> [View] {
        var views: [View] = []
        views.reserveCapacity(blocks)
        for index in 0..<blocks {
            let left = script.variable("v\(index).left"), top = script.variable("v\(index).top")
            let width = script.variable("v\(index).width"), height = script.variable("v\(index).height")
            let constraints = [
                left >= 0,
                width >= 20,
                height >= 20,
                left + width <= 600,
                (left == 10).prioritized(Workload.medium),
                (top == 10).prioritized(Workload.medium),
                (height == 0.5 * width).prioritized(Workload.strong),
                (width == 100).prioritized(Workload.weak),
            ]
            for constraint in constraints { script.add(constraint) }
            views.append(View(left: left, top: top, width: width, height: height, constraints: constraints))
        }
        script.read()
        return views
    }

    static func runEdits(_ script: TraceScript, blocks: Int) {
        let views = build(script, blocks: blocks)
        for view in views { script.addEdit(view.width, Workload.strong) }
        script.read()
        for visit in 0..<visitCount {
            let view = views[visitedView(visit, of: blocks)]
            for step in 0..<suggestionsPerVisit {
                script.suggest(suggestedWidths[step % suggestedWidths.count], for: view.width)
                script.read()
            }
        }
        for view in views { script.removeEdit(view.width) }
        for view in views {
            for constraint in view.constraints { script.remove(constraint) }
        }
    }

    static func runConstantUpdates(_ script: TraceScript, blocks: Int) {
        let views = build(script, blocks: blocks)
        let target = views[blocks / 2].minimumWidth
        for step in 0..<updateCount {
            // `width >= c` is stored as `width - c >= 0`.
            script.updateConstant(of: target, to: -minimumWidths[step % minimumWidths.count])
            script.read()
        }
    }
}
