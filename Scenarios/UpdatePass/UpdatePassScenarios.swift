import LayoutEngine

/// Family 5 (seed 002 section 9): N badge views whose `updateConstraints()` runs
/// every frame for 120 frames (something keeps calling `setNeedsUpdateConstraints()`),
/// while their state changes every 30 frames. The non-idempotent version removes
/// and recreates all its constraints each time; the idempotent one creates them
/// once and changes only what the state needs.
enum UpdatePassScenarios {
    static let all = [nonIdempotent, idempotent]

    static let sizes = [10, 40, 160]
    static let quickSizes = [4, 8, 16]
    static let frames = 120
    static let statePeriod = 30

    class Badge: View {
        var isExpanded = false
        var width: Double { isExpanded ? 120 : 40 }
        let slot: Int

        init(slot: Int) {
            self.slot = slot
            super.init(name: "badge\(slot)")
            translatesAutoresizingMaskIntoConstraints = false
        }

        var position: (x: Double, y: Double) { (Double(slot % 4) * 130, Double(slot / 4) * 50) }
    }

    /// Deactivates everything and recreates it on every call (the anti-pattern).
    final class ChurningBadge: Badge {
        var all: [LayoutConstraint] = []

        override func updateConstraints() {
            guard let superview else { return }
            LayoutConstraint.deactivate(all)
            all.removeAll()
            all.append(leadingAnchor.constraint(equalTo: superview.leadingAnchor, constant: position.x))
            all.append(topAnchor.constraint(equalTo: superview.topAnchor, constant: position.y))
            all.append(widthAnchor.constraint(equalToConstant: width))
            all.append(heightAnchor.constraint(equalToConstant: 40))
            LayoutConstraint.activate(all)
            super.updateConstraints()
        }
    }

    /// Creates its constraints once and afterwards changes only the width constant
    /// when the state changed (idempotent).
    final class TrackingBadge: Badge {
        var widthConstraint: LayoutConstraint?

        override func updateConstraints() {
            if let widthConstraint {
                if widthConstraint.constant != width { widthConstraint.constant = width }
            } else if let superview {
                let widthConstraint = widthAnchor.constraint(equalToConstant: width)
                LayoutConstraint.activate([
                    leadingAnchor.constraint(equalTo: superview.leadingAnchor, constant: position.x),
                    topAnchor.constraint(equalTo: superview.topAnchor, constant: position.y),
                    widthConstraint,
                    heightAnchor.constraint(equalToConstant: 40),
                ])
                self.widthConstraint = widthConstraint
            }
            super.updateConstraints()
        }
    }

    static func make(_ size: Int, _ factory: (Int) -> Badge) -> (Window, [Badge]) {
        let window = Window(width: 600, height: Double(size / 4 + 1) * 50)
        let badges = (0..<size).map(factory)
        for badge in badges { window.addSubview(badge) }
        window.layoutIfNeeded()  // the first pass makes the constraints
        return (window, badges)
    }

    static func run(_ window: Window, _ badges: [Badge]) {
        for frame in 0..<frames {
            window.performFrame {
                for badge in badges {
                    if frame % statePeriod == 0 { badge.isExpanded.toggle() }
                    badge.setNeedsUpdateConstraints()
                }
            }
        }
    }

    static func verify(_ badges: [Badge]) -> [(String, String)] {
        guard let last = badges.last else { return [] }
        let expected = Rect(x: last.position.x, y: last.position.y, width: last.width, height: 40)
        return checkFrame(last, expected, "the last badge")
    }

    static let nonIdempotent = Scenario(
        name: "updatepass/non-idempotent",
        summary: "N views whose updateConstraints() deactivates and recreates all constraints, every frame for 120 frames.",
        tags: ["updatepass", "churn", "anti-pattern", "seed-002"], sizes: sizes, quickSizes: quickSizes,
        sizeUnit: "views", operationUnit: "frame",
        pair: .init(partner: "updatepass/idempotent", role: .antiPattern),
        expectations: [
            .counter("constraintsRemoved", .equal, "480N") { 4 * frames * $0 },
            .counter("solves", .equal, "120") { _ in frames },
        ]
    ) { size in
        let (window, badges) = make(size) { ChurningBadge(slot: $0) }
        return ScenarioInstance(
            engines: [window.engine], operations: frames, run: { run(window, badges) },
            verify: { verify(badges) })
    }

    static let idempotent = Scenario(
        name: "updatepass/idempotent",
        summary: "The same N views with an idempotent updateConstraints(): only the width constant changes with the state.",
        tags: ["updatepass", "fix", "seed-002"], sizes: sizes, quickSizes: quickSizes,
        sizeUnit: "views", operationUnit: "frame",
        pair: .init(partner: "updatepass/non-idempotent", role: .fix),
        expectations: [
            .counter("constraintsRemoved", .equal, 0),
            .counter("constantUpdates", .equal, "4N") { (frames / statePeriod) * $0 },
            .counter("solves", .equal, "4") { _ in frames / statePeriod },
        ]
    ) { size in
        let (window, badges) = make(size) { TrackingBadge(slot: $0) }
        return ScenarioInstance(
            engines: [window.engine], operations: frames, run: { run(window, badges) },
            verify: { verify(badges) })
    }
}
