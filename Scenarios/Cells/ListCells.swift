import LayoutEngine

/// What a list row shows; different rows have texts of different lengths, so
/// configuring a reused cell changes intrinsic sizes.
struct ListRowContent {
    let title: String
    let subtitle: String
    let date: String
    let tags: [String]

    init(row: Int, revision: Int = 0) {
        let seed = row &* 7 &+ revision &* 13
        title = "Row \(row)" + String(repeating: "!", count: seed % 4)
        subtitle = "Subtitle " + String(repeating: "s", count: 3 + seed % 9)
        date = "\(1 + row % 28) May"
        tags = (0..<3).map { "#" + String(repeating: "t", count: 2 + (seed + $0) % 4) }
    }
}

/// A list cell made of stack views (seed 002 section 7's BadCell): a vertical stack
/// of three horizontal stacks, [icon, title], [subtitle, date], [tag, tag, tag].
///
/// In each row one view has the lowest hugging priority and takes the extra width,
/// so the layout is determined (equal hugging would leave it ambiguous).
final class StackListCell: TableViewCell {
    static let reuseIdentifier = "StackListCell"
    /// 12 + 40 (icon row) + 4 + 17 + 4 + 17 + 12.
    static let height = 106.0

    let icon = ImageView(imageSize: Size(width: 40, height: 40), name: "icon")
    let title = Label(name: "title")
    let subtitle = Label(name: "subtitle")
    let date = Label(name: "date")
    let tags = (1...3).map { Label(name: "tag\($0)") }
    let tagRow: StackView

    init() {
        let iconRow = StackView(arrangedSubviews: [icon, title], name: "iconRow")
        iconRow.spacing = 8
        let detailRow = StackView(arrangedSubviews: [subtitle, date], name: "detailRow")
        detailRow.spacing = 8
        tagRow = StackView(arrangedSubviews: tags, name: "tagRow")
        tagRow.spacing = 4
        let outer = StackView(arrangedSubviews: [iconRow, detailRow, tagRow], name: "outer")
        outer.axis = .vertical
        outer.spacing = 4
        title.setContentHuggingPriority(249, for: .horizontal)
        subtitle.setContentHuggingPriority(249, for: .horizontal)
        tags[2].setContentHuggingPriority(249, for: .horizontal)
        super.init(reuseIdentifier: Self.reuseIdentifier, name: "stackCell")
        outer.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(outer)
        LayoutConstraint.activate([
            outer.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            outer.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            outer.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            outer.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
        ])
    }

    func configure(_ content: ListRowContent) {
        title.text = content.title
        subtitle.text = content.subtitle
        date.text = content.date
        for (tag, text) in zip(tags, content.tags) { tag.text = text }
    }

    /// Hides or shows the middle tag: the tag row's stack rebuilds its constraints.
    func setMiddleTagHidden(_ hidden: Bool) {
        tags[1].isHidden = hidden
    }
}

/// The same cell with constraints written by hand (seed 002's GoodCell, with the
/// tags): 19 constraints, no container views, the same frames.
final class ManualListCell: TableViewCell {
    static let reuseIdentifier = "ManualListCell"

    let icon = ImageView(imageSize: Size(width: 40, height: 40), name: "icon")
    let title = Label(name: "title")
    let subtitle = Label(name: "subtitle")
    let date = Label(name: "date")
    let tags = (1...3).map { Label(name: "tag\($0)") }
    /// Hiding the middle tag: its width goes to zero and the gap after it closes,
    /// by a constraint made once and toggled, and a `.constant` edit.
    let middleTagCollapsed: LayoutConstraint
    let gapAfterMiddleTag: LayoutConstraint

    init() {
        middleTagCollapsed = tags[1].widthAnchor.constraint(equalToConstant: 0)
        gapAfterMiddleTag = tags[2].leadingAnchor.constraint(equalTo: tags[1].trailingAnchor, constant: 4)
        super.init(reuseIdentifier: Self.reuseIdentifier, name: "manualCell")
        for view in [icon, title, subtitle, date] + tags as [View] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        title.setContentHuggingPriority(249, for: .horizontal)
        subtitle.setContentHuggingPriority(249, for: .horizontal)
        tags[2].setContentHuggingPriority(249, for: .horizontal)
        LayoutConstraint.activate([
            icon.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            icon.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            title.leadingAnchor.constraint(equalTo: icon.trailingAnchor, constant: 8),
            title.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            title.topAnchor.constraint(equalTo: icon.topAnchor),
            title.heightAnchor.constraint(equalTo: icon.heightAnchor),
            subtitle.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            subtitle.topAnchor.constraint(equalTo: icon.bottomAnchor, constant: 4),
            date.leadingAnchor.constraint(equalTo: subtitle.trailingAnchor, constant: 8),
            date.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            date.topAnchor.constraint(equalTo: subtitle.topAnchor),
            tags[0].leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            tags[0].topAnchor.constraint(equalTo: subtitle.bottomAnchor, constant: 4),
            tags[1].leadingAnchor.constraint(equalTo: tags[0].trailingAnchor, constant: 4),
            gapAfterMiddleTag,
            tags[2].trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            tags[1].topAnchor.constraint(equalTo: tags[0].topAnchor),
            tags[2].topAnchor.constraint(equalTo: tags[0].topAnchor),
            tags[0].bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
        ])
    }

    func configure(_ content: ListRowContent) {
        title.text = content.title
        subtitle.text = content.subtitle
        date.text = content.date
        for (tag, text) in zip(tags, content.tags) { tag.text = text }
    }

    func setMiddleTagHidden(_ hidden: Bool) {
        guard tags[1].isHidden != hidden else { return }
        tags[1].isHidden = hidden
        middleTagCollapsed.isActive = hidden
        gapAfterMiddleTag.constant = hidden ? 0 : 4
    }
}
