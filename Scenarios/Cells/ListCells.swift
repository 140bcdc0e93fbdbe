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
        title = "Row \(row)" + Self.bangs[seed % 4]
        subtitle = Self.subtitles[seed % 9]
        date = Self.dates[row % 28]
        tags = [Self.tags[seed % 4], Self.tags[(seed + 1) % 4], Self.tags[(seed + 2) % 4]]
    }

    // The pieces every row's strings are made of, built once: building them per row
    // (`String(repeating:count:)`, concatenation, interpolation) was 9% of
    // cells/stack-content's measured region, work no layout does.
    /// "", "!", "!!", "!!!".
    private static let bangs = (0..<4).map { String(repeating: "!", count: $0) }
    /// "Subtitle sss" to "Subtitle sssssssssss".
    private static let subtitles = (0..<9).map { "Subtitle " + String(repeating: "s", count: 3 + $0) }
    /// "1 May" to "28 May".
    private static let dates = (0..<28).map { "\(1 + $0) May" }
    /// "#tt" to "#ttttt".
    private static let tags = (0..<4).map { "#" + String(repeating: "t", count: 2 + $0) }
}

/// The views a list cell shows, in ``StackListCell`` and ``ManualListCell`` alike: an icon,
/// a title, a detail row (subtitle, date) and three tags.
protocol ListCell: TableViewCell {
    var icon: ImageView { get }
    var title: Label { get }
    var subtitle: Label { get }
    var date: Label { get }
    var tags: [Label] { get }

    /// Hides or shows the middle tag.
    func setMiddleTagHidden(_ hidden: Bool)
}

extension ListCell {
    func configure(_ content: ListRowContent) {
        title.text = content.title
        subtitle.text = content.subtitle
        date.text = content.date
        for (tag, text) in zip(tags, content.tags) { tag.text = text }
    }
}

/// A list cell made of nested stack views, as such cells usually are (seed 002
/// section 7's BadCell): a vertical stack of a header row and a tag row; the header
/// row holds the icon and a text column; the text column holds the title and a
/// detail row [subtitle, date]. Four levels of stacks.
///
/// Hugging priorities name the view that takes extra width in each row (equal
/// priorities would leave the layout ambiguous).
final class StackListCell: TableViewCell, ListCell {
    static let reuseIdentifier = "StackListCell"
    /// 12 + 40 (header row: the icon) + 4 + 17 (tags) + 12.
    static let height = 85.0

    let icon = ImageView(imageSize: Size(width: 40, height: 40), name: "icon")
    let title = Label(name: "title")
    let subtitle = Label(name: "subtitle")
    let date = Label(name: "date")
    let tags = (1...3).map { Label(name: "tag\($0)") }

    init() {
        let detailRow = StackView(arrangedSubviews: [subtitle, date], axis: .horizontal, spacing: 8, name: "detailRow")
        let textColumn = StackView(arrangedSubviews: [title, detailRow], axis: .vertical, spacing: 4, name: "textColumn")
        let headerRow = StackView(arrangedSubviews: [icon, textColumn], axis: .horizontal, spacing: 8, name: "headerRow")
        headerRow.alignment = .top
        let tagRow = StackView(arrangedSubviews: tags, axis: .horizontal, spacing: 4, name: "tagRow")
        let outer = StackView(arrangedSubviews: [headerRow, tagRow], axis: .vertical, spacing: 4, name: "outer")
        icon.setContentHuggingPriority(251, for: .horizontal)
        subtitle.setContentHuggingPriority(249, for: .horizontal)
        tags[2].setContentHuggingPriority(249, for: .horizontal)
        super.init(reuseIdentifier: Self.reuseIdentifier, name: "stackCell")
        outer.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(outer)
        outer.pinEdges(to: contentView, insets: EdgeInsets(top: 12, leading: 16, bottom: 12, trailing: 16))
    }

    /// Hides or shows the middle tag: the tag row's stack updates its constraints in place
    /// (its `UISV-hiding` and the spacing around the tag; docs/engine.md, "Hiding arranged views").
    func setMiddleTagHidden(_ hidden: Bool) {
        tags[1].isHidden = hidden
    }
}

/// A row of a title over three tags made of two stack views (a vertical column of the title
/// and a horizontal tag row), nested within the 1–2 levels the profiler accepts: the cell of
/// the hide-or-remove pair, whose cost is the tag row's alone. Hugging: the last tag takes
/// the row's extra width.
final class StackTagCell: TableViewCell {
    static let reuseIdentifier = "StackTagCell"
    /// 12 + 17 (title) + 4 + 17 (tags) + 12.
    static let height = 62.0

    let title = Label(name: "title")
    let tags = (1...3).map { Label(name: "tag\($0)") }
    let tagRow: StackView

    init() {
        tagRow = StackView(arrangedSubviews: tags, axis: .horizontal, spacing: 4, name: "tagRow")
        let column = StackView(arrangedSubviews: [title, tagRow], axis: .vertical, spacing: 4, name: "column")
        tags[2].setContentHuggingPriority(249, for: .horizontal)
        super.init(reuseIdentifier: Self.reuseIdentifier, name: "tagCell")
        column.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(column)
        column.pinEdges(to: contentView, insets: EdgeInsets(top: 12, leading: 16, bottom: 12, trailing: 16))
    }

    func configure(_ content: ListRowContent) {
        title.text = content.title
        for (tag, text) in zip(tags, content.tags) { tag.text = text }
    }

    /// Hides or shows the middle tag, which stays arranged: UIKit's way to collapse a view.
    func setMiddleTagHidden(_ hidden: Bool) {
        tags[1].isHidden = hidden
    }

    /// Takes the middle tag out of the tag row and the hierarchy, or puts it back: the tag
    /// row's arranged subviews change (it rebuilds), and the tag's own constraints leave the
    /// engine and join it again (WWDC 2018 session 220, quoted in seed 002 section 3: hide
    /// views instead of removing them).
    func setMiddleTagRemoved(_ removed: Bool) {
        if removed {
            tags[1].removeFromSuperview()
        } else if tags[1].superview == nil {
            tagRow.insertArrangedSubview(tags[1], at: 1)
        }
    }
}

/// The same cell with 18 constraints written by hand (seed 002's GoodCell, with the
/// tags): no container views, the same frames. Hiding the middle tag toggles a
/// zero-width constraint made once and edits a gap constant, in an idempotent
/// `updateConstraints()`.
final class ManualListCell: TableViewCell, ListCell {
    static let reuseIdentifier = "ManualListCell"

    let icon = ImageView(imageSize: Size(width: 40, height: 40), name: "icon")
    let title = Label(name: "title")
    let subtitle = Label(name: "subtitle")
    let date = Label(name: "date")
    let tags = (1...3).map { Label(name: "tag\($0)") }
    let middleTagCollapsed: LayoutConstraint
    let gapAfterMiddleTag: LayoutConstraint
    private var middleTagHidden = false

    init() {
        middleTagCollapsed = tags[1].widthAnchor.constraint(equalToConstant: 0)
        gapAfterMiddleTag = tags[2].leadingAnchor.constraint(equalTo: tags[1].trailingAnchor, constant: 4)
        super.init(reuseIdentifier: Self.reuseIdentifier, name: "manualCell")
        for view in [icon, title, subtitle, date] + tags as [View] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        icon.setContentHuggingPriority(251, for: .horizontal)
        subtitle.setContentHuggingPriority(249, for: .horizontal)
        tags[2].setContentHuggingPriority(249, for: .horizontal)
        LayoutConstraint.activate([
            icon.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            icon.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            title.leadingAnchor.constraint(equalTo: icon.trailingAnchor, constant: 8),
            title.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            title.topAnchor.constraint(equalTo: icon.topAnchor),
            subtitle.leadingAnchor.constraint(equalTo: title.leadingAnchor),
            subtitle.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
            date.leadingAnchor.constraint(equalTo: subtitle.trailingAnchor, constant: 8),
            date.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            date.topAnchor.constraint(equalTo: subtitle.topAnchor),
            tags[0].leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            tags[0].topAnchor.constraint(equalTo: icon.bottomAnchor, constant: 4),
            tags[1].leadingAnchor.constraint(equalTo: tags[0].trailingAnchor, constant: 4),
            gapAfterMiddleTag,
            tags[2].trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            tags[1].topAnchor.constraint(equalTo: tags[0].topAnchor),
            tags[2].topAnchor.constraint(equalTo: tags[0].topAnchor),
            tags[0].bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
        ])
    }

    func setMiddleTagHidden(_ hidden: Bool) {
        guard middleTagHidden != hidden else { return }
        middleTagHidden = hidden
        tags[1].isHidden = hidden
        setNeedsUpdateConstraints()
    }

    override func updateConstraints() {
        if middleTagCollapsed.isActive != middleTagHidden { middleTagCollapsed.isActive = middleTagHidden }
        gapAfterMiddleTag.constant = middleTagHidden ? 0 : 4
        super.updateConstraints()
    }
}
