import LayoutEngine

/// Family 5 (seed 002 section 9): N badge views whose `updateConstraints()` runs
/// every frame for 120 frames (something keeps calling `setNeedsUpdateConstraints()`),
/// while their state changes every 30 frames. The non-idempotent version removes
/// and recreates all its constraints each time; the idempotent one creates them
/// once and changes only what the state needs.
enum UpdatePassScenarios {
    static let all = Scenario.comparison(
        family: "updatepass", seeds: ["seed-002"], sizes: [10, 40, 160], quickSizes: [4, 8, 16],
        sizeUnit: "views", operationUnit: "frame", antiPattern: nonIdempotent, fix: idempotent)

    static let nonIdempotent = ComparisonSide(
        "non-idempotent", tags: ["churn"],
        summary: "N views whose updateConstraints() deactivates and recreates all constraints, every frame for 120 frames.",
        expectations: [
            .counter("constraintsRemoved", .equal, "480N") { 4 * frames * $0 },
            .counter("solves", .equal, "120") { _ in frames },
        ]
    ) { size in
        instance(size) { ChurningBadge(slot: $0) }
    }

    static let idempotent = ComparisonSide(
        "idempotent", summary: "The same N views with an idempotent updateConstraints(): only the width constant changes with the state.",
        expectations: [
            .counter("constraintsRemoved", .equal, 0),
            .counter("constantUpdates", .equal, "4N") { (frames / statePeriod) * $0 },
            .counter("solves", .equal, "4") { _ in frames / statePeriod },
        ]
    ) { size in
        instance(size) { TrackingBadge(slot: $0) }
    }

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

    /// `size` badges made by `factory`, laid out once (the first pass makes their constraints),
    /// then `frames` frames that ask every badge to update its constraints.
    static func instance(_ size: Int, _ factory: (Int) -> Badge) -> ScenarioInstance {
        let window = Window(width: 600, height: Double(size / 4 + 1) * 50)
        let badges = (0..<size).map(factory)
        for badge in badges { window.addSubview(badge) }
        window.layoutIfNeeded()
        return ScenarioInstance(frames: frames, of: window) { frame in
            for badge in badges {
                if frame % statePeriod == 0 { badge.isExpanded.toggle() }
                badge.setNeedsUpdateConstraints()
            }
        } verify: {
            guard let last = badges.last else { return [] }
            let expected = Rect(x: last.position.x, y: last.position.y, width: last.width, height: 40)
            return checkFrame(last, expected, "the last badge")
        }
    }
}
