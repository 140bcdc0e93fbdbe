import LayoutEngine

/// Family 9 (seed 002 section 2, seed 004): layouts that conflict every time, and
/// their fixes.
///
/// - `autoresizing` vs `fixed`: each frame shows a new toast label and centres it;
///   with `translatesAutoresizingMaskIntoConstraints` left on, its frame
///   constraints conflict with the centring, and the engine breaks a constraint
///   (two per toast).
/// - `required` vs `failure-point`: N rows of long text in a narrow screen, each
///   asking for a 300-point width; required, the engine breaks one constraint per
///   row (the trailing inequality, by UIKit's rule: docs/break-rule.md; the row keeps
///   its 300 points and overflows the screen); at 999, the preference gives way and
///   nothing breaks.
enum ConflictScenarios {
    static let all = autoresizing + priority

    static let sizes = [20, 80, 320]
    static let quickSizes = [5, 10, 20]

    static let autoresizing = Scenario.comparison(
        family: "conflicts", seeds: ["seed-002", "seed-004"], sizes: sizes, quickSizes: quickSizes,
        sizeUnit: "frames", operationUnit: "frame",
        antiPattern: .init(
            "autoresizing", tags: ["autoresizing"],
            summary: "Each frame adds a label with translatesAutoresizingMaskIntoConstraints left on and centres it: two breaks.",
            expectations: [.counter("unsatisfiableDetections", .atLeast, "2N") { 2 * $0 }]
        ) { toasts($0, translatesFrame: true) },
        fix: .init(
            "fixed", tags: ["autoresizing"],
            summary: "The same toasts with translatesAutoresizingMaskIntoConstraints turned off first: nothing breaks.",
            expectations: [.counter("unsatisfiableDetections", .equal, 0)]
        ) { toasts($0, translatesFrame: false) })

    static let priority = Scenario.comparison(
        family: "conflicts", seeds: ["seed-004"], sizes: sizes, quickSizes: quickSizes,
        sizeUnit: "rows", operationUnit: "row",
        antiPattern: .init(
            "required", tags: ["priority"],
            summary: "N rows whose required 300-point width cannot fit a 200-point screen: one broken constraint per row.",
            expectations: [.counter("unsatisfiableDetections", .atLeast, "N") { $0 }]
        ) { longRows($0, preferredPriority: .required) },
        fix: .init(
            "failure-point", tags: ["priority"],
            summary: "The same rows with the width at 999: a failure point that gives way, nothing breaks.",
            expectations: [.counter("unsatisfiableDetections", .equal, 0)]
        ) { longRows($0, preferredPriority: 999) })

    static func toasts(_ size: Int, translatesFrame: Bool) -> ScenarioInstance {
        let window = Window(width: 375, height: 667)
        window.layoutIfNeeded()
        var current: Label?
        return ScenarioInstance(frames: size, of: window) { index in
            current?.isHidden = true  // hidden, not removed (seed 002 section 3)
            let toast = Label(text: "Saved item \(index)", name: "toast")
            toast.translatesAutoresizingMaskIntoConstraints = translatesFrame
            window.addSubview(toast)
            LayoutConstraint.activate([
                toast.centerXAnchor.constraint(equalTo: window.centerXAnchor),
                toast.centerYAnchor.constraint(equalTo: window.centerYAnchor),
            ])
            current = toast
        } verify: {
            guard let toast = current else { return [] }
            // Two breaks per toast with autoresizing, none without. The solver refuses more adds
            // than it breaks constraints: a conflict met inside a batch is met again at its end,
            // and the conflict-set filter's tests are refusals too (docs/break-rule.md).
            let broken = window.engine.brokenConstraintCount
            if broken != (translatesFrame ? 2 * size : 0) {
                return [("two broken constraints per toast with autoresizing, none without", "\(broken) for N = \(size)")]
            }
            if translatesFrame {
                // As in UIKit, the broken centring leaves the view at its zero frame.
                return checkFrame(toast, Rect(x: 0, y: 0, width: 0, height: 0), "the toast (autoresizing wins)")
            }
            let width = Double(toast.text.count) * 7
            return checkFrame(toast, Rect(x: 187.5 - width / 2, y: 333.5 - 8.5, width: width, height: 17), "the toast, centred")
        }
    }

    static func longRows(_ size: Int, preferredPriority: LayoutPriority) -> ScenarioInstance {
        let window = Window(width: 200, height: Double(size) * 25 + 20)
        var labels: [Label] = []
        var constraints: [LayoutConstraint] = []
        for index in 0..<size {
            let label = Label(text: "A long line of text that does not fit, row \(index)", name: "row\(index)")
            label.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(label)
            let preferred = label.widthAnchor.constraint(equalToConstant: 300)
            preferred.priority = preferredPriority
            preferred.identifier = "row\(index).preferredWidth"
            constraints += [
                label.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
                label.trailingAnchor.constraint(lessThanOrEqualTo: window.trailingAnchor, constant: -16),
                label.topAnchor.constraint(equalTo: index == 0 ? window.topAnchor : labels[index - 1].bottomAnchor, constant: 8),
                preferred,
            ]
            labels.append(label)
        }
        window.layoutIfNeeded()
        return ScenarioInstance(
            engines: [window.engine], operations: size,
            run: {
                LayoutConstraint.activate(constraints)
                window.layoutIfNeeded()
            },
            verify: {
                let broken = window.engine.brokenConstraintCount
                if broken != (preferredPriority.isRequired ? size : 0) {
                    return [("one broken constraint per row if required, none at 999", "\(broken) for N = \(size)")]
                }
                let last = labels[size - 1]
                // Required: the trailing edge breaks and the row overflows (300 wide); at 999 the
                // width gives way (168 wide).
                let width: Double = preferredPriority.isRequired ? 300 : 168
                return checkFrame(last, Rect(x: 16, y: Double(size) * 25 - 17, width: width, height: 17), "the last row")
            })
    }

}
