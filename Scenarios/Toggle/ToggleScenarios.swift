import LayoutEngine

/// Family 3 (seed 002 section 3): an expandable view toggled N times, either
/// rebuilding its expanded/collapsed constraints every time or creating both sets
/// once and swapping them, with the height as a `.constant` edit.
enum ToggleScenarios {
    static let all = Scenario.comparison(
        family: "toggle", seeds: ["seed-002"], sizes: [50, 200, 800], quickSizes: [10, 20, 40],
        sizeUnit: "toggles", operationUnit: "toggle", antiPattern: rebuild, fix: swap)

    static let cardCount = 12

    /// The fixed card: both constraint sets made once, swapped (and the height
    /// constant edited) in an idempotent `updateConstraints()`, so each toggle is
    /// part of the frame's one batched update pass (seed 002 sections 3 and 9).
    final class SwappingCardView: View {
        var expanded: [LayoutConstraint] = []
        var collapsed: [LayoutConstraint] = []
        var height: LayoutConstraint?
        var isExpanded = false {
            didSet { if oldValue != isExpanded { setNeedsUpdateConstraints() } }
        }

        override func updateConstraints() {
            if let height {
                let (off, on) = isExpanded ? (collapsed, expanded) : (expanded, collapsed)
                if on.first?.isActive == false {
                    LayoutConstraint.deactivate(off)
                    LayoutConstraint.activate(on)
                }
                height.constant = isExpanded ? 120 : 60
            }
            super.updateConstraints()
        }
    }

    /// A card with a title and a detail label.
    final class ExpandableCard {
        let card: View
        let title = Label(text: "Title", name: "title")
        let detail = Label(text: "Details that show when expanded", name: "detail")

        init(in window: Window, index: Int, above: View?, swapping: Bool) {
            card = swapping ? SwappingCardView(name: "card\(index)") : View(name: "card\(index)")
            for view in [card, title, detail] { view.translatesAutoresizingMaskIntoConstraints = false }
            window.addSubview(card)
            card.addSubview(title)
            card.addSubview(detail)
            LayoutConstraint.activate([
                card.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
                card.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -16),
                card.topAnchor.constraint(equalTo: above?.bottomAnchor ?? window.topAnchor, constant: 8),
                title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12),
                title.topAnchor.constraint(equalTo: card.topAnchor, constant: 12),
                detail.leadingAnchor.constraint(equalTo: title.leadingAnchor),
            ])
        }

        func expandedConstraints() -> [LayoutConstraint] {
            // The card is taller than its two lines: the detail may end above the bottom
            // margin (an equality would leave the two hugging labels to share the slack
            // ambiguously).
            [
                detail.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8),
                detail.bottomAnchor.constraint(lessThanOrEqualTo: card.bottomAnchor, constant: -12),
                card.heightAnchor.constraint(equalToConstant: 120),
            ]
        }

        func collapsedConstraints() -> [LayoutConstraint] {
            [
                title.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -12),
                detail.topAnchor.constraint(equalTo: card.bottomAnchor),
                card.heightAnchor.constraint(equalToConstant: 60),
            ]
        }
    }

    struct Screen {
        let window = Window(width: 375, height: 2000)
        let cards: [ExpandableCard]

        init(swapping: Bool) {
            var cards: [ExpandableCard] = []
            for index in 0..<cardCount {
                cards.append(ExpandableCard(in: window, index: index, above: cards.last?.card, swapping: swapping))
            }
            self.cards = cards
        }

        func verify(expandedCount: Int) -> [(String, String)] {
            let expected = Double(expandedCount) * (120 + 8) + Double(cardCount - expandedCount) * (60 + 8)
            let bottom = cards.last!.card.frame.maxY
            return abs(bottom - expected) < 1e-6 ? [] : [("the last card to end at \(expected)", "it ends at \(bottom)")]
        }
    }

    static let rebuild = ComparisonSide(
        "rebuild", tags: ["churn"],
        summary: "Toggle cards N times, deactivating the current set and creating the other set anew each time.",
        expectations: [
            .counter("constraintsAdded", .equal, "3N") { 3 * $0 },
            .counter("constraintsRemoved", .equal, "3N") { 3 * $0 },
            .counter("solves", .equal, "2N") { 2 * $0 },
        ]
    ) { size in
        let screen = Screen(swapping: false)
        var current = screen.cards.map { $0.collapsedConstraints() }
        LayoutConstraint.activate(current.flatMap { $0 })
        screen.window.layoutIfNeeded()
        var expanded = [Bool](repeating: false, count: cardCount)
        return ScenarioInstance(frames: size, of: screen.window) { toggle in
            let index = toggle % cardCount
            expanded[index].toggle()
            let card = screen.cards[index]
            let replacement = expanded[index] ? card.expandedConstraints() : card.collapsedConstraints()
            // As the seed's updateLayout(expanded:): two calls, two solves.
            LayoutConstraint.deactivate(current[index])
            LayoutConstraint.activate(replacement)
            current[index] = replacement
        } verify: {
            screen.verify(expandedCount: expanded.filter { $0 }.count)
        }
    }

    static let swap = ComparisonSide(
        "swap",
        summary: "Toggle cards N times, swapping two constraint sets made once and editing the height constant, in updateConstraints().",
        expectations: [
            .counter("constraintsAdded", .equal, "2N") { 2 * $0 },
            .counter("constantUpdates", .equal, "N") { $0 },
            .counter("solves", .equal, "N") { $0 },
        ]
    ) { size in
        let screen = Screen(swapping: true)
        var views: [SwappingCardView] = []
        for card in screen.cards {
            let view = card.card as! SwappingCardView
            let expanded = card.expandedConstraints()
            let collapsed = card.collapsedConstraints()
            view.expanded = Array(expanded.dropLast())
            view.collapsed = Array(collapsed.dropLast())
            view.height = collapsed.last!
            LayoutConstraint.activate(view.collapsed + [collapsed.last!])
            views.append(view)
        }
        screen.window.layoutIfNeeded()
        return ScenarioInstance(frames: size, of: screen.window) { toggle in
            views[toggle % cardCount].isExpanded.toggle()
        } verify: {
            screen.verify(expandedCount: views.filter(\.isExpanded).count)
        }
    }
}
