import LayoutEngine

/// Family 8 (seed 002 section 10, WWDC 2018 session 220): K cards, each a small
/// hierarchy (image, title, subtitle), built in one batch and then edited ten
/// times (the image column widens by a point per frame).
///
/// Independent cards are placed by their frames, so each card is a separate block
/// of equations and cost should grow linearly with K. Cross-linked cards stack
/// vertically (each card's top on the previous card's bottom) and share the first
/// card's image width, which ties every block to the others.
enum HierarchyScenarios {
    static let all = Scenario.comparison(
        family: "hierarchies", seeds: ["seed-002"], sizes: [25, 100, 400], quickSizes: [8, 16, 32],
        sizeUnit: "hierarchies", operationUnit: "hierarchy", antiPattern: crossLinked, fix: independent)

    /// Both layouts add the same constraints and make the same edits; only the cost differs.
    static let expectations: [Expectation] = [
        .counter("constraintsAdded", .equal, "28K") { constraintsPerCard * $0 },
        .counter("constantUpdates", .equal, editsPerRun),
        .counter("unsatisfiableDetections", .equal, 0),
    ]

    static let editsPerRun = 10
    static let cardHeight = 74.0
    static let cardWidth = 343.0

    /// One card. Its constraints are the same in both variants except how the
    /// image width is set.
    final class Card {
        let container: View
        let image = ImageView(imageSize: Size(width: 50, height: 50), name: "avatar")
        let title: Label
        let subtitle: Label

        init(index: Int, frame: Rect?) {
            container = View(name: "card\(index)", frame: frame ?? .zero)
            title = Label(text: "Card \(index)", name: "title\(index)")
            subtitle = Label(text: "Subtitle of card \(index)", name: "subtitle\(index)")
            container.translatesAutoresizingMaskIntoConstraints = frame != nil
            for view in [image, title, subtitle] as [View] {
                view.translatesAutoresizingMaskIntoConstraints = false
                container.addSubview(view)
            }
        }

        /// Twelve constraints: the image pinned top-left, title and subtitle beside
        /// it, the card's bottom 12 points below the image.
        func constraints(imageWidth: LayoutConstraint) -> [LayoutConstraint] {
            [
                image.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 12),
                image.topAnchor.constraint(equalTo: container.topAnchor, constant: 12),
                imageWidth, image.heightAnchor.constraint(equalToConstant: 50),
                title.leadingAnchor.constraint(equalTo: image.trailingAnchor, constant: 12),
                title.topAnchor.constraint(equalTo: image.topAnchor),
                title.trailingAnchor.constraint(lessThanOrEqualTo: container.trailingAnchor, constant: -12),
                subtitle.leadingAnchor.constraint(equalTo: title.leadingAnchor),
                subtitle.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
                subtitle.trailingAnchor.constraint(lessThanOrEqualTo: container.trailingAnchor, constant: -12),
                subtitle.bottomAnchor.constraint(lessThanOrEqualTo: container.bottomAnchor, constant: -12),
                container.bottomAnchor.constraint(equalTo: image.bottomAnchor, constant: 12),
            ]
        }
    }

    /// Each card adds 12 constraints, 12 content-size constraints (image, title,
    /// subtitle) and 4 more: frame constraints, or links to its neighbours.
    static let constraintsPerCard = 28

    /// One repetition over `cards`, in a window tall enough for them all, with the constraints
    /// `place` makes for them there (not active yet). The run activates those in one batch,
    /// lays out, then widens the first card's image (`firstImageWidth`) a point per frame.
    static func instance(
        _ cards: [Card], place: (Window) -> (constraints: [LayoutConstraint], firstImageWidth: LayoutConstraint),
        verify: @escaping () -> [(String, String)]
    ) -> ScenarioInstance {
        let window = Window(width: 375, height: Double(cards.count) * (cardHeight + 8) + 200)
        for card in cards { window.addSubview(card.container) }
        let (constraints, firstImageWidth) = place(window)
        window.layoutIfNeeded()
        return ScenarioInstance(
            engines: [window.engine], operations: cards.count,
            run: {
                LayoutConstraint.activate(constraints)
                window.layoutIfNeeded()
                for edit in 0..<editsPerRun {
                    window.performFrame { firstImageWidth.constant = 50 + Double(edit + 1) }
                }
            }, verify: verify)
    }

    /// Where the last card's title ends up relative to its card.
    static func verifyTitle(_ card: Card, x: Double) -> [(String, String)] {
        let expected = Rect(x: x, y: 12, width: Double(card.title.text.count) * 7, height: 17)
        return checkFrame(card.title, expected, "the last card's title")
    }

    static let crossLinked = ComparisonSide(
        "cross-linked", tags: ["scaling"],
        summary: "K cards tied by cross-hierarchy constraints: each below the previous, all sharing one image width.",
        expectations: expectations
    ) { size in
        let cards = (0..<size).map { Card(index: $0, frame: nil) }
        return instance(cards) { window in
            let firstWidth = cards[0].image.widthAnchor.constraint(equalToConstant: 50)
            var constraints: [LayoutConstraint] = []
            for (index, card) in cards.enumerated() {
                let width = index == 0 ? firstWidth : card.image.widthAnchor.constraint(equalTo: cards[0].image.widthAnchor)
                constraints += card.constraints(imageWidth: width)
                constraints += [
                    card.container.topAnchor.constraint(
                        equalTo: index == 0 ? window.topAnchor : cards[index - 1].container.bottomAnchor, constant: 8),
                    card.container.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
                    card.container.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -16),
                    card.container.heightAnchor.constraint(greaterThanOrEqualToConstant: 40),
                ]
            }
            return (constraints, firstWidth)
        } verify: {
            let last = cards[size - 1]
            let top = 8 + Double(size - 1) * (cardHeight + 8)
            return checkFrame(last.container, Rect(x: 16, y: top, width: cardWidth, height: cardHeight), "the last card")
                + verifyTitle(last, x: 12 + 50 + Double(editsPerRun) + 12)
        }
    }

    static let independent = ComparisonSide(
        "independent", tags: ["scaling"],
        summary: "K cards placed by their frames: independent blocks of equations (cost should grow linearly).",
        expectations: expectations
    ) { size in
        let cards = (0..<size).map {
            Card(index: $0, frame: Rect(x: 16, y: 8 + Double($0) * (cardHeight + 8), width: cardWidth, height: cardHeight))
        }
        return instance(cards) { _ in
            let widths = cards.map { $0.image.widthAnchor.constraint(equalToConstant: 50) }
            return (zip(cards, widths).flatMap { $0.constraints(imageWidth: $1) }, widths[0])
        } verify: {
            // Only the first card's image width is edited; the others keep 50 (at size 1 the last card is the first).
            let edited = 12 + 50 + Double(editsPerRun) + 12
            return verifyTitle(cards[0], x: edited) + verifyTitle(cards[size - 1], x: size == 1 ? edited : 74)
        }
    }
}
