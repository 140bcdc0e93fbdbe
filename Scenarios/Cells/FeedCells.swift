import LayoutEngine

/// What a feed post shows.
struct FeedContent {
    let header: String
    let name: String
    let handle: String
    let time: String
    let location: String
    let caption: String
    let hashtags: String
    let comment: String

    init(row: Int) {
        let seed = row &* 11
        header = row % 3 == 0 ? "Suggested for you" : "Following"
        name = "Person \(row)"
        handle = "@person" + String(repeating: "x", count: seed % 6)
        time = "\(1 + row % 23)h"
        location = ["Oslo", "Lisbon", "Kyoto", "Quito", "Perth"][row % 5]
        caption = "Caption " + String(repeating: "c", count: 5 + seed % 20)
        hashtags = "#tag" + String(repeating: "h", count: seed % 7)
        comment = "A comment " + String(repeating: "m", count: seed % 15)
    }
}

/// The realistic feed cell of the scenario catalogue: a root with five sections,
/// about twenty views: a top bar (two labels); a profile block (a 50x50 image and
/// four labels); a content block (a large image and two labels); an actions row
/// (three labels); a comment (an image and a label). ``StackFeedCell`` and
/// ``ManualFeedCell`` lay the same views out two ways.
class FeedCell: TableViewCell {
    let header = Label(name: "header"), more = Label(name: "more")
    let avatar = ImageView(imageSize: Size(width: 50, height: 50), name: "avatar")
    let author = Label(name: "author"), handle = Label(name: "handle")
    let time = Label(name: "time"), location = Label(name: "location")
    let photo = ImageView(imageSize: Size(width: 343, height: 200), name: "photo")
    let caption = Label(name: "caption"), hashtags = Label(name: "hashtags")
    let actions = (0..<3).map { Label(name: "action\($0)") }
    let commentAvatar = ImageView(imageSize: Size(width: 24, height: 24), name: "commentAvatar")
    let comment = Label(name: "comment")

    /// A cell with the views made and given their fixed content, not yet laid out.
    init(reuseIdentifier: String, name: String) {
        super.init(reuseIdentifier: reuseIdentifier, name: name)
        makeContentViews()
    }

    func configure(_ content: FeedContent) {
        header.text = content.header
        author.text = content.name
        handle.text = content.handle
        time.text = content.time
        location.text = content.location
        caption.text = content.caption
        hashtags.text = content.hashtags
        comment.text = content.comment
    }

    func makeContentViews() {
        more.text = "..."
        for (label, text) in zip(actions, ["Like", "Comment", "Share"]) { label.text = text }
        more.setContentHuggingPriority(251, for: .horizontal)
        avatar.setContentHuggingPriority(251, for: .horizontal)
        commentAvatar.setContentHuggingPriority(251, for: .horizontal)
        header.setContentHuggingPriority(249, for: .horizontal)
        location.setContentHuggingPriority(249, for: .horizontal)
        comment.setContentHuggingPriority(249, for: .horizontal)
    }

    /// 12 + 17 (top bar) + 8 + 55 (profile: 3 text lines) + 8 + 200 (photo) + 4 + 17 + 4 + 17
    /// + 8 + 17 (actions) + 8 + 24 (comment) + 12.
    static var height: Double { 411 }
}

/// The feed cell built from nested stack views (the common way, and the costly one).
final class StackFeedCell: FeedCell {
    static let reuseIdentifier = "StackFeedCell"
    init() {
        super.init(reuseIdentifier: Self.reuseIdentifier, name: "stackFeedCell")
        let topBar = StackView(arrangedSubviews: [header, more], axis: .horizontal, spacing: 8, name: "topBar")
        let timeRow = StackView(arrangedSubviews: [time, location], axis: .horizontal, spacing: 8, name: "timeRow")
        let profileText = StackView(arrangedSubviews: [author, handle, timeRow], axis: .vertical, spacing: 2, name: "profileText")
        let profile = StackView(arrangedSubviews: [avatar, profileText], axis: .horizontal, spacing: 8, name: "profile")
        profile.alignment = .top
        let content = StackView(arrangedSubviews: [photo, caption, hashtags], axis: .vertical, spacing: 4, name: "content")
        let actionsRow = StackView(arrangedSubviews: actions, axis: .horizontal, spacing: 8, name: "actions")
        actionsRow.distribution = .fillEqually
        let commentRow = StackView(arrangedSubviews: [commentAvatar, comment], axis: .horizontal, spacing: 8, name: "commentRow")
        commentRow.alignment = .center
        let outer = StackView(arrangedSubviews: [topBar, profile, content, actionsRow, commentRow], axis: .vertical, spacing: 8, name: "feed")
        outer.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(outer)
        outer.pinEdges(to: contentView, insets: EdgeInsets(top: 12, leading: 16, bottom: 12, trailing: 16))
    }
}

/// The same feed cell with constraints written by hand: no stack views.
final class ManualFeedCell: FeedCell {
    static let reuseIdentifier = "ManualFeedCell"
    init() {
        super.init(reuseIdentifier: Self.reuseIdentifier, name: "manualFeedCell")
        let all: [View] =
            [header, more, avatar, author, handle, time, location, photo, caption, hashtags] + actions
            + [commentAvatar, comment]
        for view in all {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        let margin = 16.0
        let content = contentView
        LayoutConstraint.activate([
            // Top bar.
            header.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: margin),
            header.topAnchor.constraint(equalTo: content.topAnchor, constant: 12),
            more.leadingAnchor.constraint(equalTo: header.trailingAnchor, constant: 8),
            more.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -margin),
            more.topAnchor.constraint(equalTo: header.topAnchor),
            // Profile: the avatar beside three lines of text.
            avatar.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: margin),
            avatar.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 8),
            author.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 8),
            author.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -margin),
            author.topAnchor.constraint(equalTo: avatar.topAnchor),
            handle.leadingAnchor.constraint(equalTo: author.leadingAnchor),
            handle.trailingAnchor.constraint(equalTo: author.trailingAnchor),
            handle.topAnchor.constraint(equalTo: author.bottomAnchor, constant: 2),
            time.leadingAnchor.constraint(equalTo: author.leadingAnchor),
            time.topAnchor.constraint(equalTo: handle.bottomAnchor, constant: 2),
            location.leadingAnchor.constraint(equalTo: time.trailingAnchor, constant: 8),
            location.trailingAnchor.constraint(equalTo: author.trailingAnchor),
            location.topAnchor.constraint(equalTo: time.topAnchor),
            // Content: the photo spans the width, two labels below.
            photo.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: margin),
            photo.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -margin),
            photo.topAnchor.constraint(equalTo: time.bottomAnchor, constant: 8),
            caption.leadingAnchor.constraint(equalTo: photo.leadingAnchor),
            caption.trailingAnchor.constraint(equalTo: photo.trailingAnchor),
            caption.topAnchor.constraint(equalTo: photo.bottomAnchor, constant: 4),
            hashtags.leadingAnchor.constraint(equalTo: photo.leadingAnchor),
            hashtags.trailingAnchor.constraint(equalTo: photo.trailingAnchor),
            hashtags.topAnchor.constraint(equalTo: caption.bottomAnchor, constant: 4),
            // Actions: three equal columns.
            actions[0].leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: margin),
            actions[0].topAnchor.constraint(equalTo: hashtags.bottomAnchor, constant: 8),
            actions[1].leadingAnchor.constraint(equalTo: actions[0].trailingAnchor, constant: 8),
            actions[2].leadingAnchor.constraint(equalTo: actions[1].trailingAnchor, constant: 8),
            actions[2].trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -margin),
            actions[1].widthAnchor.constraint(equalTo: actions[0].widthAnchor),
            actions[2].widthAnchor.constraint(equalTo: actions[0].widthAnchor),
            actions[1].topAnchor.constraint(equalTo: actions[0].topAnchor),
            actions[2].topAnchor.constraint(equalTo: actions[0].topAnchor),
            // Comment: a small avatar and the text, centred on each other.
            commentAvatar.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: margin),
            commentAvatar.topAnchor.constraint(equalTo: actions[0].bottomAnchor, constant: 8),
            comment.leadingAnchor.constraint(equalTo: commentAvatar.trailingAnchor, constant: 8),
            comment.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -margin),
            comment.centerYAnchor.constraint(equalTo: commentAvatar.centerYAnchor),
            commentAvatar.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -12),
        ])
    }
}
