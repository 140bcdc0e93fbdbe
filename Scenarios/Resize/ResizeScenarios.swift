import LayoutEngine

/// Family 10: live changes with no structural change.
///
/// - `resize/sweep`: a form of N rows in a window whose size is held by edit
///   variables; the width sweeps from 320 to 1024 and back in 40 steps (rotation,
///   split view, a live drag). Every step is a suggestion: nothing is added or removed.
/// - `animation/frames`: N bars animate their heights over 60 frames, each frame
///   flushing pending layout, changing the constants and laying out (seed 002
///   section 6). Each constant change outside a batch is a solve.
enum ResizeScenarios {
    static let all = [sweep, animation]

    static let sizes = [10, 40, 160]
    static let quickSizes = [4, 8, 16]
    static let steps = 40
    static let frames = 60

    /// How many steps change the width (the first step and the turn repeat a width).
    static let widthChanges = (0..<steps).filter { width(atStep: $0) != (($0 == 0) ? 320 : width(atStep: $0 - 1)) }.count

    static func width(atStep step: Int) -> Double {
        let half = steps / 2
        let position = step < half ? step : steps - 1 - step
        return 320 + Double(position) * (1024 - 320) / Double(half - 1)
    }

    static let sweep = Scenario(
        name: "resize/sweep",
        summary: "Sweep a window of N form rows from 320 to 1024 points wide and back through edit variables.",
        tags: ["resize", "edit-variables"], sizes: sizes, quickSizes: quickSizes,
        sizeUnit: "rows", operationUnit: "step",
        expectations: [
            .counter("constraintsAdded", .equal, 0),
            .counter("constraintsRemoved", .equal, 0),
            .counter("editSuggestions", .equal, "2 per step") { _ in 2 * steps },
            // Suggesting the value a variable already has costs nothing: only steps
            // that change the width solve (the height never changes).
            .counter("solves", .equal, "one per width change") { _ in widthChanges },
        ]
    ) { size in
        let window = Window(width: 320, height: Double(size) * 36 + 16, sizing: .edit(priority: 999))
        var values: [View] = []
        var constraints: [LayoutConstraint] = []
        var previous: View?
        for index in 0..<size {
            let title = Label(text: "Field \(index)", name: "title\(index)")
            let value = View(name: "value\(index)")
            title.setContentHuggingPriority(251, for: .horizontal)
            for view in [title, value] as [View] {
                view.translatesAutoresizingMaskIntoConstraints = false
                window.addSubview(view)
            }
            constraints += [
                title.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
                title.topAnchor.constraint(equalTo: previous?.bottomAnchor ?? window.topAnchor, constant: 8),
                value.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 8),
                value.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -16),
                value.centerYAnchor.constraint(equalTo: title.centerYAnchor),
                value.heightAnchor.constraint(equalToConstant: 28),
            ]
            values.append(value)
            previous = value
        }
        LayoutConstraint.activate(constraints)
        window.layoutIfNeeded()
        return ScenarioInstance(frames: steps, of: window) { step in
            window.resize(width: width(atStep: step), height: window.frame.height)
        } verify: {
            let last = values[size - 1]
            let titleWidth = Double("Field \(size - 1)".count) * 7
            let expectedWidth = 320 - 16 - titleWidth - 8 - 16
            return abs(last.frame.width - expectedWidth) < 1e-6 ? [] : [("the last value \(expectedWidth) wide", "it is \(last.frame.width)")]
        }
    }

    static let animation = Scenario(
        name: "animation/frames",
        summary: "Animate N bar heights over 60 frames: flush, change the constants, lay out (seed 002 section 6).",
        tags: ["animation", "frames", "seed-002"], sizes: sizes, quickSizes: quickSizes,
        sizeUnit: "bars", operationUnit: "frame",
        expectations: [
            .counter("constraintsAdded", .equal, 0),
            .counter("solves", .equal, "60N (one per constant change)") { frames * $0 },
            .counter("constantUpdates", .equal, "60N") { frames * $0 },
        ]
    ) { size in
        let window = Window(width: Double(size) * 12 + 20, height: 300)
        var heights: [LayoutConstraint] = []
        var bars: [View] = []
        var constraints: [LayoutConstraint] = []
        for index in 0..<size {
            let bar = View(name: "bar\(index)")
            bar.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(bar)
            let height = bar.heightAnchor.constraint(equalToConstant: 10)
            constraints += [
                bar.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10 + Double(index) * 12),
                bar.bottomAnchor.constraint(equalTo: window.bottomAnchor, constant: -10),
                bar.widthAnchor.constraint(equalToConstant: 10), height,
            ]
            heights.append(height)
            bars.append(bar)
        }
        LayoutConstraint.activate(constraints)
        window.layoutIfNeeded()
        func height(frame: Int, bar: Int) -> Double { 10 + Double((frame * 7 + bar * 13) % 200) + 1 }
        // Each frame then ends with its layout pass (the animation block's layoutIfNeeded).
        return ScenarioInstance(frames: frames, of: window) { frame in
            window.layoutIfNeeded()  // 1. flush pending changes
            for (bar, constraint) in heights.enumerated() {  // 2. change the constants
                constraint.constant = height(frame: frame, bar: bar)
            }
        } verify: {
            checkFrame(
                bars[size - 1],
                Rect(
                    x: 10 + Double(size - 1) * 12, y: 290 - height(frame: frames - 1, bar: size - 1),
                    width: 10, height: height(frame: frames - 1, bar: size - 1)), "the last bar")
        }
    }
}
