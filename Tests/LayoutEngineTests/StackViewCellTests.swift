import Cassowary
import Testing

@testable import LayoutEngine

@Suite("StackView fitting and seed 002's cells")
struct StackViewCellTests {
    @Test("A vertical stack of labels pinned to a cell's content view gives the fitting height")
    func fittingHeight() {
        let cell = TableViewCell(name: "cell")
        let labels = threeLabels()
        let stack = StackView(arrangedSubviews: labels)
        stack.axis = .vertical
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        cell.contentView.addSubview(stack)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor, constant: 16),
            stack.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor, constant: -16),
            stack.topAnchor.constraint(equalTo: cell.contentView.topAnchor, constant: 12),
            stack.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor, constant: -12),
        ])
        // No layout pass ran: the fitting runs the pending update pass (the stack's build) first.
        #expect(stack.generatedConstraints.isEmpty)
        let size = cell.systemLayoutSizeFitting(
            Size(width: 375, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        #expect(abs(size.width - 375) < 1e-6)
        #expect(abs(size.height - (12 + 3 * 17 + 2 * 8 + 12)) < 1e-6)

        // Content that changes height is measured anew (a constant update, no rebuild).
        labels[1].numberOfLines = 0
        labels[1].preferredMaxLayoutWidth = 100
        labels[1].text = String(repeating: "x", count: 40)  // 280 points: three lines
        let taller = cell.systemLayoutSizeFitting(
            Size(width: 375, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        #expect(abs(taller.height - (12 + 5 * 17 + 2 * 8 + 12)) < 1e-6)
        #expect(stack.rebuildCount == 1)
    }

    @Test("Seed 002: BadCell's nested stacks generate several times GoodCell's constraints")
    func badCellVersusGoodCell() {
        let window = Window(width: 375, height: 800)
        let bad = BadCell()
        let good = GoodCell()
        for (cell, y) in [(bad as TableViewCell, 0.0), (good, 400)] {
            cell.frame = Rect(x: 0, y: y, width: 375, height: 44)
            window.addSubview(cell)
        }
        window.layoutIfNeeded()
        let stacks = allStacks(in: bad)
        #expect(stacks.count == 4)
        // Per stack 3n + 1 (fill/fill): [icon, title] 7, [subtitle, date] 7,
        // [tag1, tag2, tag3] 10, the outer stack of three 10.
        #expect(stacks.map(\.generatedConstraints.count).sorted() == [7, 7, 10, 10])
        let generated = stacks.map(\.generatedConstraints.count).reduce(0, +)
        #expect(generated == 34)
        #expect(bad.outerStack.generatedConstraints.count == 10)
        // By kind: four canvas connections per stack, 1 + 1 + 2 + 2 spacings, 2(N - 1) alignments.
        let all = stacks.flatMap(\.generatedConstraints)
        #expect(all.filter { $0.identifier == "UISV-canvas-connection" }.count == 16)
        #expect(all.filter { $0.identifier == "UISV-spacing" }.count == 6)
        #expect(all.filter { $0.identifier == "UISV-alignment" }.count == 12)

        func constraints(in cell: View, origin: LayoutConstraint.Origin) -> Int {
            window.engine.activeConstraints.filter { constraint in
                let owner = (constraint.firstItem as? View) ?? (constraint.firstItem as? LayoutGuide)?.owningView
                return constraint.origin == origin && owner?.isDescendant(of: cell) == true
            }.count
        }
        // BadCell: 34 generated + 4 pinning the outer stack; GoodCell: 13 by hand (seed: "~14").
        #expect(constraints(in: bad, origin: .container) == 34)
        #expect(constraints(in: bad, origin: .app) == 4)
        #expect(constraints(in: good, origin: .app) == 13)
        #expect(constraints(in: good, origin: .container) == 0)
        // With the content-size constraints (4 per label or image): 7 views vs 4.
        #expect(constraints(in: bad, origin: .contentSize) == 28)
        #expect(constraints(in: good, origin: .contentSize) == 16)
        let badTotal = 34 + 4 + 28  // seed 002: "50+ constraints"
        let goodTotal = 13 + 16
        #expect(badTotal == 66 && goodTotal == 29)
        #expect(Double(34 + 4) / 13 > 2.5)  // "several times"

        // Both measure right.
        let fit = { (cell: TableViewCell) -> Double in
            cell.translatesAutoresizingMaskIntoConstraints = false
            defer { cell.translatesAutoresizingMaskIntoConstraints = true }
            return cell.systemLayoutSizeFitting(
                Size(width: 375, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel
            ).height
        }
        #expect(abs(fit(bad) - BadCell.height) < 1e-6)
        #expect(abs(fit(good) - GoodCell.height) < 1e-6)
    }
}

// MARK: - Seed 002's cells (section 7)

/// Seed 002's BadCell: three horizontal stacks ([icon, title], [subtitle, date],
/// [tag1, tag2, tag3]) in a vertical outer stack, spacing 8, 8, 4 and 4. The seed's
/// snippet adds the outer stack without constraints; here it is pinned to the
/// content view (16 at the sides, 12 at top and bottom, as GoodCell's margins) so
/// the cell can size itself.
final class BadCell: TableViewCell {
    let icon = ImageView(imageSize: Size(width: 40, height: 40), name: "icon")
    let titleLabel = Label(name: "title")
    let subtitleLabel = Label(name: "subtitle")
    let dateLabel = Label(name: "date")
    let tags = (1...3).map { Label(name: "tag\($0)") }
    let outerStack: StackView

    /// 12 + 40 (icon row) + 4 + 17 + 4 + 17 + 12.
    static let height = 106.0

    init() {
        let innerStack1 = StackView(arrangedSubviews: [icon, titleLabel])
        innerStack1.axis = .horizontal
        innerStack1.spacing = 8
        let innerStack2 = StackView(arrangedSubviews: [subtitleLabel, dateLabel])
        innerStack2.axis = .horizontal
        innerStack2.spacing = 8
        let innerStack3 = StackView(arrangedSubviews: tags)
        innerStack3.axis = .horizontal
        innerStack3.spacing = 4
        outerStack = StackView(arrangedSubviews: [innerStack1, innerStack2, innerStack3])
        outerStack.axis = .vertical
        outerStack.spacing = 4
        super.init(reuseIdentifier: nil)
        pinInside(outerStack, contentView, horizontal: 16, vertical: 12)
        configure(row: 0)
    }

    func configure(row: Int) {
        titleLabel.text = "Row \(row)"
        subtitleLabel.text = String(repeating: "s", count: 5 + row % 9)
        dateLabel.text = "\(1 + row % 28) May"
        for (index, tag) in tags.enumerated() { tag.text = String(repeating: "t", count: 2 + (row + index) % 4) }
    }
}

/// Seed 002's GoodCell: the same content (without tags) with 13 constraints by hand.
final class GoodCell: TableViewCell {
    let icon = ImageView(imageSize: Size(width: 40, height: 40), name: "icon")
    let titleLabel = Label(name: "title")
    let subtitleLabel = Label(name: "subtitle")
    let dateLabel = Label(name: "date")

    /// 12 + 17 (title) + 4 + 17 (subtitle) + 12; the icon (12 + 40) ends above.
    static let height = 62.0

    init() {
        super.init(reuseIdentifier: nil)
        for view in [icon, titleLabel, subtitleLabel, dateLabel] as [View] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        LayoutConstraint.activate([
            icon.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            icon.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            icon.widthAnchor.constraint(equalToConstant: 40),
            icon.heightAnchor.constraint(equalToConstant: 40),

            titleLabel.leadingAnchor.constraint(equalTo: icon.trailingAnchor, constant: 12),
            titleLabel.topAnchor.constraint(equalTo: icon.topAnchor),
            titleLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),

            subtitleLabel.leadingAnchor.constraint(equalTo: titleLabel.leadingAnchor),
            subtitleLabel.topAnchor.constraint(equalTo: titleLabel.bottomAnchor, constant: 4),
            subtitleLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            subtitleLabel.bottomAnchor.constraint(lessThanOrEqualTo: contentView.bottomAnchor, constant: -12),

            dateLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            dateLabel.centerYAnchor.constraint(equalTo: titleLabel.centerYAnchor),
        ])
        configure(row: 0)
    }

    func configure(row: Int) {
        titleLabel.text = "Row \(row)"
        subtitleLabel.text = String(repeating: "s", count: 5 + row % 9)
        dateLabel.text = "\(1 + row % 28) May"
    }
}

/// Records the engine's events.
///
/// Use ``events(of:during:)``: the engine retains its sink and the recorded events hold the
/// root (pass and frame events name it), so a recorder left attached keeps the window, its
/// engine and itself alive for ever (LeakSanitizer found three such windows, with their tables
/// and stacks, at the end of the suite).
final class EventRecorder: LayoutEventSink {
    var events: [LayoutEvent] = []
    func record(_ event: LayoutEvent) { events.append(event) }

    /// The events `engine` sends while `body` runs: a recorder replaces the engine's sink for
    /// the body, and the previous sink is put back after it, even when it throws.
    static func events(of engine: LayoutEngine, during body: () throws -> Void) rethrows -> [LayoutEvent] {
        let recorder = EventRecorder()
        let previous = engine.eventSink
        engine.eventSink = recorder
        defer { engine.eventSink = previous }
        try body()
        return recorder.events
    }
}
