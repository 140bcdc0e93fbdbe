import LayoutEngine
import LayoutText

// LayoutFrameworkBenchmark's feed cell (layoutBox/LayoutFrameworkBenchmark, the LinkedIn feed
// item it took from LayoutKit), the benchmark whose device timings are published for iPhone 5
// to 16, reproduced with the engine's views: its three ways of laying the same 15 leaves out
// (Auto Layout in 5 containers, UIStackView in 6 nested stacks, frames set by hand), its data
// and its method. What each part follows is named beside it; docs/fidelity.md puts the model's
// ratios beside the devices'.

/// One feed item's texts, as `FeedItemData.generate(count:)` makes them: 8 strings of 13 to 39
/// characters, the headline the longest.
struct LFBItem {
    let actionText: String
    let posterName: String
    let posterHeadline: String
    let posterTimestamp: String
    let posterComment: String
    let contentTitle: String
    let contentDomain: String
    let actorComment: String

    init(index i: Int) {
        actionText = "action text \(i)"
        posterName = "poster name \(i)"
        posterHeadline = "poster title \(i) with some longer stuff"
        posterTimestamp = "poster timestamp \(i)"
        posterComment = "poster comment \(i)"
        contentTitle = "content title \(i)"
        contentDomain = "content domain \(i)"
        actorComment = "actor comment \(i)"
    }
}

/// A feed item's content view: set its data, measure it at a width (what the flow layout's
/// `sizeForItemAt` asks the mannequin cell), and its labels (to give them a text measurer).
protocol LFBItemView: AnyObject {
    var view: View { get }
    var labels: [Label] { get }
    func setData(_ item: LFBItem)
    func sizeThatFits(width: Double) -> Size
}

/// The 12 labels and 3 image views every variant has, with the same fixed content.
final class LFBLeaves {
    let actionLabel = Label(name: "actionLabel"), optionsLabel = Label(text: "...", name: "optionsLabel")
    let posterImage = ImageView(imageSize: Size(width: 50, height: 50), name: "posterImage")
    let posterName = Label(name: "posterName"), posterHeadline = Label(name: "posterHeadline")
    let posterTime = Label(name: "posterTime"), posterComment = Label(name: "posterComment")
    let contentImage = ImageView(imageSize: Size(width: 350, height: 200), name: "contentImage")
    let contentTitle = Label(name: "contentTitle"), contentDomain = Label(name: "contentDomain")
    let like = Label(text: "Like", name: "like"), comment = Label(text: "Comment", name: "comment")
    let share = Label(text: "Share", name: "share")
    let actorImage = ImageView(imageSize: Size(width: 50, height: 50), name: "actorImage")
    let actorComment = Label(name: "actorComment")

    var labels: [Label] {
        [
            actionLabel, optionsLabel, posterName, posterHeadline, posterTime, posterComment, contentTitle, contentDomain, like,
            comment, share, actorComment,
        ]
    }

    /// What the Auto Layout and stack variants set alike: the options label and the two 50-point
    /// images keep their widths (required hugging and compression resistance), and the headline
    /// wraps to at most 3 lines.
    func prepareForConstraints() {
        for view: View in [optionsLabel, posterImage, actorImage] {
            view.setContentHuggingPriority(.required, for: .horizontal)
            view.setContentCompressionResistancePriority(.required, for: .horizontal)
        }
        posterHeadline.numberOfLines = 3
    }

    /// `setData(_:)` of every variant: the 8 texts.
    func setTexts(_ item: LFBItem) {
        actionLabel.text = item.actionText
        posterName.text = item.posterName
        posterHeadline.text = item.posterHeadline
        posterTime.text = item.posterTimestamp
        posterComment.text = item.posterComment
        contentTitle.text = item.contentTitle
        contentDomain.text = item.contentDomain
        actorComment.text = item.actorComment
    }
}

/// Activates the constraints of a visual format, one `addConstraints` call as the benchmark
/// makes it for each format (`addConstraints(withVisualFormat:views:)`).
private func addConstraints(_ format: String, _ views: [String: View]) {
    do {
        LayoutConstraint.activate(try LayoutConstraint.constraints(withVisualFormat: format, views: views))
    } catch {
        preconditionFailure("LayoutFrameworkBenchmark's format \(format) does not parse: \(error)")
    }
}

/// `addAutoLayoutSubview`: translation off, added to `container`.
private func addAutoLayoutSubviews(_ views: [String: View], to container: View) {
    for view in views.values.sorted(by: { ($0.name ?? "") < ($1.name ?? "") }) {
        view.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(view)
    }
}

/// `FeedItemAutoLayoutView`: a root and 5 containers, 67 constraints from visual formats and
/// `NSLayoutConstraint(item:...)`, 6 of them inequalities and 2 at priority 749; the headline
/// wraps to at most 3 lines. Measured with `systemLayoutSizeFitting(width, 0)` at fitting
/// priority on both axes, as its `sizeThatFits` does.
final class LFBAutoLayoutItem: LFBItemView {
    let leaves = LFBLeaves()
    let view = View(name: "FeedItemAutoLayoutView")
    var labels: [Label] { leaves.labels }

    init() {
        let l = leaves
        l.prepareForConstraints()

        let topBar = View(name: "TopBarView")
        let bar = ["actionLabel": l.actionLabel, "optionsLabel": l.optionsLabel]
        addAutoLayoutSubviews(bar, to: topBar)
        addConstraints("H:|-0-[actionLabel]-0-[optionsLabel]-0-|", bar)
        addConstraints("V:|-0-[actionLabel]-(>=0)-|", bar)
        addConstraints("V:|-0-[optionsLabel]-(>=0)-|", bar)

        let miniProfile = View(name: "MiniProfileView")
        let profile = [
            "posterImageView": l.posterImage, "posterNameLabel": l.posterName, "posterHeadlineLabel": l.posterHeadline,
            "posterTimeLabel": l.posterTime, "posterCommentLabel": l.posterComment,
        ]
        addAutoLayoutSubviews(profile, to: miniProfile)
        addConstraints("V:|-0-[posterImageView]-(>=0)-[posterCommentLabel]-0-|", profile)
        addConstraints("V:|-1-[posterNameLabel]-1-[posterHeadlineLabel]-1-[posterTimeLabel]-(>=3)-[posterCommentLabel]", profile)
        addConstraints("V:[posterImageView]-(0@749)-[posterCommentLabel]", profile)
        addConstraints("H:|-0-[posterImageView]-2-[posterNameLabel]-4-|", profile)
        addConstraints("H:[posterImageView]-2-[posterHeadlineLabel]-4-|", profile)
        addConstraints("H:[posterImageView]-2-[posterTimeLabel]-4-|", profile)
        addConstraints("H:|-0-[posterCommentLabel]-0-|", profile)

        let miniContent = View(name: "MiniContentView")
        let content = ["contentImageView": l.contentImage, "contentTitleLabel": l.contentTitle, "contentDomainLabel": l.contentDomain]
        addAutoLayoutSubviews(content, to: miniContent)
        addConstraints("V:|-0-[contentImageView]-0-[contentTitleLabel]-0-[contentDomainLabel]-0-|", content)
        addConstraints("H:|-0-[contentImageView]-0-|", content)
        addConstraints("H:|-0-[contentTitleLabel]-0-|", content)
        addConstraints("H:|-0-[contentDomainLabel]-0-|", content)

        let socialActions = View(name: "SocialActionsView")
        let social = ["likeLabel": l.like, "commentLabel": l.comment, "shareLabel": l.share]
        addAutoLayoutSubviews(social, to: socialActions)
        addConstraints("V:|-0-[likeLabel]-0-|", social)
        addConstraints("V:|-0-[commentLabel]-0-|", social)
        addConstraints("V:|-0-[shareLabel]-0-|", social)
        let margins = socialActions.layoutMarginsGuide
        LayoutConstraint.activate([
            l.like.layoutMarginsGuide.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            l.comment.centerXAnchor.constraint(equalTo: socialActions.centerXAnchor),
            l.share.layoutMarginsGuide.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
        ])

        let commentView = View(name: "CommentView")
        let comment = ["actorImageView": l.actorImage, "actorCommentLabel": l.actorComment]
        addAutoLayoutSubviews(comment, to: commentView)
        addConstraints("H:|-0-[actorImageView]-0-[actorCommentLabel]-0-|", comment)
        addConstraints("V:|-0-[actorImageView]-(>=0)-|", comment)
        addConstraints("V:|-0-[actorCommentLabel]-(>=0)-|", comment)
        addConstraints("V:[actorImageView]-(0@749)-|", comment)

        let sections = [
            "topBarView": topBar, "miniProfileView": miniProfile, "miniContentView": miniContent, "socialActionsView": socialActions,
            "commentView": commentView,
        ]
        addAutoLayoutSubviews(sections, to: view)
        addConstraints("V:|-0-[topBarView]-0-[miniProfileView]-0-[miniContentView]-0-[socialActionsView]-0-[commentView]-0-|", sections)
        for name in ["topBarView", "miniProfileView", "miniContentView", "socialActionsView", "commentView"] {
            addConstraints("H:|-0-[\(name)]-0-|", sections)
        }
    }

    func setData(_ item: LFBItem) { leaves.setTexts(item) }

    func sizeThatFits(width: Double) -> Size { view.systemLayoutSizeFitting(Size(width: width, height: 0)) }
}

/// `FeedItemUIStackView`: itself a vertical stack of 8 arranged views, with 5 stacks inside
/// (`topBar`, `posterCard` holding `posterLabels`, `actions`, `comment`), at most 3 deep; the
/// headline wraps to at most 3 lines. Measured as the Auto Layout variant.
final class LFBStackViewItem: LFBItemView {
    let leaves = LFBLeaves()
    let stack: StackView
    var view: View { stack }
    var labels: [Label] { leaves.labels }

    init() {
        let l = leaves
        l.prepareForConstraints()

        let topBar = StackView(arrangedSubviews: [l.actionLabel, l.optionsLabel], name: "topBar")
        topBar.axis = .horizontal
        topBar.alignment = .leading
        let posterLabels = StackView(arrangedSubviews: [l.posterName, l.posterHeadline, l.posterTime], name: "posterLabels")
        posterLabels.axis = .vertical
        posterLabels.spacing = 1
        posterLabels.layoutMargins = EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        posterLabels.isLayoutMarginsRelativeArrangement = true
        let posterCard = StackView(arrangedSubviews: [l.posterImage, posterLabels], name: "posterCard")
        posterCard.axis = .horizontal
        posterCard.alignment = .center
        let actions = StackView(arrangedSubviews: [l.like, l.comment, l.share], name: "actions")
        actions.axis = .horizontal
        actions.distribution = .equalSpacing
        let comment = StackView(arrangedSubviews: [l.actorImage, l.actorComment], name: "comment")
        comment.axis = .horizontal
        stack = StackView(arrangedSubviews: [], name: "ComplexStackView")
        stack.axis = .vertical
        for arranged in [topBar, posterCard, l.posterComment, l.contentImage, l.contentTitle, l.contentDomain, actions, comment] {
            arranged.translatesAutoresizingMaskIntoConstraints = false
            stack.addArrangedSubview(arranged)
        }
    }

    func setData(_ item: LFBItem) { leaves.setTexts(item) }

    func sizeThatFits(width: Double) -> Size { stack.systemLayoutSizeFitting(Size(width: width, height: 0)) }
}

/// `FeedItemManualView`: the 15 leaves directly under the root, no constraints. `setData`
/// sizes 3 labels to fit; `layoutSubviews` assigns the 15 frames with 11 `sizeToFit` calls;
/// `sizeThatFits` sets the frame, lays out and returns the bottom edge plus the 8-point margin.
/// Every label is single-line here, as in the benchmark.
final class LFBManualItem: LFBItemView {
    let leaves = LFBLeaves()
    let view = View(name: "FeedItemManualView")
    var labels: [Label] { leaves.labels }
    let hMargin = 8.0

    init() {
        let l = leaves
        sizeToFit(l.optionsLabel)
        sizeToFit(l.posterImage)
        sizeToFit(l.contentImage)
        for leaf: View in [
            l.actionLabel, l.optionsLabel, l.posterImage, l.posterName, l.posterHeadline, l.posterTime, l.posterComment, l.contentImage,
            l.contentTitle, l.contentDomain, l.like, l.comment, l.share, l.actorImage, l.actorComment,
        ] {
            view.addSubview(leaf)
        }
    }

    /// `sizeToFit()`: the frame's size becomes what the view measures (a label's text on one
    /// line, an image view's image), its origin kept.
    private func sizeToFit(_ view: View) {
        let size = (view as? Label)?.sizeThatFits(width: 0) ?? view.intrinsicContentSize
        view.frame = Rect(origin: view.frame.origin, size: Size(width: max(size.width, 0), height: max(size.height, 0)))
    }

    func setData(_ item: LFBItem) {
        let l = leaves
        l.setTexts(item)
        sizeToFit(l.posterName)
        sizeToFit(l.posterHeadline)
        sizeToFit(l.posterTime)
    }

    /// `layoutSubviews`, line for line.
    func layoutSubviews() {
        let l = leaves
        let bounds = view.bounds
        let vMargin = 4.0, spacing = 1.0
        l.optionsLabel.frame = Rect(
            x: bounds.width - l.optionsLabel.frame.width - hMargin, y: hMargin, width: l.optionsLabel.frame.width,
            height: l.optionsLabel.frame.height)
        l.actionLabel.frame = Rect(x: hMargin, y: hMargin, width: bounds.width - l.optionsLabel.frame.width, height: 0)
        sizeToFit(l.actionLabel)
        l.posterImage.frame = Rect(x: hMargin, y: l.actionLabel.frame.maxY + 10, width: l.posterImage.frame.width, height: 0)
        sizeToFit(l.posterImage)
        let insets = (top: -10.0, left: 2.0, bottom: 2.0)
        l.posterName.frame = Rect(
            x: l.posterImage.frame.maxX + insets.left, y: l.posterImage.frame.minY + insets.top, width: l.posterName.frame.width,
            height: l.posterName.frame.height)
        l.posterHeadline.frame = Rect(
            x: l.posterImage.frame.maxX + insets.left, y: l.posterName.frame.maxY + spacing, width: l.posterHeadline.frame.width,
            height: l.posterHeadline.frame.height)
        l.posterTime.frame = Rect(
            x: l.posterImage.frame.maxX + insets.left, y: l.posterHeadline.frame.maxY + spacing, width: l.posterTime.frame.width,
            height: l.posterTime.frame.height)
        l.posterComment.frame = Rect(
            x: hMargin, y: max(l.posterImage.frame.maxY, l.posterTime.frame.maxY + insets.bottom), width: bounds.width, height: 0)
        sizeToFit(l.posterComment)
        l.contentImage.frame = Rect(x: hMargin, y: l.posterComment.frame.maxY, width: bounds.width, height: 0)
        sizeToFit(l.contentImage)
        l.contentTitle.frame = Rect(x: hMargin, y: l.contentImage.frame.maxY, width: bounds.width, height: 0)
        sizeToFit(l.contentTitle)
        l.contentDomain.frame = Rect(x: hMargin, y: l.contentTitle.frame.maxY, width: bounds.width, height: 0)
        sizeToFit(l.contentDomain)
        l.like.frame = Rect(x: hMargin, y: l.contentDomain.frame.maxY + vMargin, width: 0, height: 0)
        sizeToFit(l.like)
        sizeToFit(l.comment)
        l.comment.frame = Rect(
            x: bounds.width / 2 - l.comment.frame.width / 2, y: l.contentDomain.frame.maxY + vMargin, width: l.comment.frame.width,
            height: l.comment.frame.height)
        sizeToFit(l.share)
        l.share.frame = Rect(
            x: bounds.width - l.share.frame.width - hMargin, y: l.contentDomain.frame.maxY + vMargin, width: l.share.frame.width,
            height: l.share.frame.height)
        l.actorImage.frame = Rect(x: hMargin, y: l.like.frame.maxY + vMargin, width: 0, height: 0)
        sizeToFit(l.actorImage)
        l.actorComment.frame = Rect(
            x: l.actorImage.frame.maxX + vMargin, y: l.actorImage.frame.minY + (l.actorImage.frame.height - l.actorComment.frame.height) / 2,
            width: bounds.width - l.actorImage.frame.width, height: 0)
        sizeToFit(l.actorComment)
    }

    func sizeThatFits(width: Double) -> Size {
        view.frame = Rect(x: 0, y: 0, width: width, height: 0)
        layoutSubviews()
        return Size(width: width, height: max(leaves.actorImage.frame.maxY, leaves.actorComment.frame.maxY) + hMargin)
    }
}

/// The family: a fresh collection view per repetition, as `BenchmarkViewController` times it.
enum LFBScenarios {
    /// The three variants, measured side by side: `stackview` is the anti-pattern of
    /// `autolayout`, and `autolayout` that of `manual-frames` (one interleaved group).
    static let all: [Scenario] = [
        scenario(
            "stackview", make: LFBStackViewItem.init, partner: "autolayout", role: .antiPattern,
            summary: "LayoutFrameworkBenchmark's feed cell in 6 nested UIStackViews: N items sized through one reused cell, then the visible cells.",
            modelGap: stackGap),
        scenario(
            "autolayout", make: LFBAutoLayoutItem.init, partner: "manual-frames", role: .antiPattern,
            summary: "LayoutFrameworkBenchmark's feed cell in Auto Layout (5 containers, 67 constraints): N items sized, then the visible cells."),
        scenario(
            "manual-frames", make: LFBManualItem.init, partner: "autolayout", role: .fix,
            summary:
                "LayoutFrameworkBenchmark's feed cell with frames set by hand (11 sizeToFit calls, no constraints): N items sized, then the visible cells."
        ),
    ]

    /// Why the model's stacks cost about what the Auto Layout variant does, where the devices
    /// measure 1.2x to 1.6x (docs/fidelity.md, "Beside the devices").
    static let stackGap =
        "The model's stack views make UIKit's constraint recipe (UISV-canvas-connection, -spacing, -alignment, "
        + "the spacer and spanner guides) and nothing else, about as many constraints as the Auto Layout variant. "
        + "UIKit's stacks also keep arrangement objects and guides of their own and re-evaluate the arrangement as "
        + "their arranged views change; the model does not do that upkeep, so it cannot show the stacks' extra cost "
        + "that the devices measure."

    /// The collection view's size: an iPhone 16's screen (393 x 852), the newest device the
    /// benchmark's charts give.
    static let bounds = Size(width: 393, height: 852)
    /// `UICollectionViewFlowLayout`'s default `minimumLineSpacing`.
    static let lineSpacing = 10.0

    static func scenario(
        _ variant: String, make: @escaping @Sendable () -> LFBItemView, partner: String, role: Scenario.Role, summary: String,
        modelGap: String? = nil
    ) -> Scenario {
        Scenario(
            name: "lfb/\(variant)", summary: summary, tags: ["lfb", "cells", "feed", "device-timings", role.rawValue],
            sizes: [10, 40, 100], quickSizes: [5, 10, 20], sizeUnit: "items", operationUnit: "item",
            pair: Scenario.Pair(partner: "lfb/\(partner)", role: role, modelGap: modelGap),
            expectations: [.counter("unsatisfiableDetections", .equal, 0)],
            build: { size in collectionView(items: size, make: make) })
    }

    /// One repetition: the data and the mannequin cell made outside the measurement (as the
    /// benchmark builds its controller before the timer); measured, the collection view made,
    /// every item sized through the mannequin (`sizeForItemAt`), then the cells on screen made,
    /// given their data and laid out at the sizes the flow layout gives them.
    static func collectionView(items count: Int, make makeView: @escaping () -> LFBItemView) -> ScenarioInstance {
        let data = (0..<count).map(LFBItem.init(index:))
        // Text measured for real, as Core Text measures UILabel's text on a device: HarfBuzz
        // shaping in Inter (docs/text.md), one measurer per repetition, so that every repetition
        // starts with its cache as cold as the benchmark's first layout of a new text.
        let measurer = try? TextMeasurer()
        func make() -> LFBItemView {
            let view = makeView()
            for label in view.labels { label.textMeasurer = measurer }
            return view
        }
        let mannequin = make()
        // The mannequin is in no window: its hierarchy has an engine of its own.
        _ = mannequin.sizeThatFits(width: bounds.width)
        var visible: [LFBItemView] = []
        // The collection view outlives the run: the work counted after it reads its hierarchy.
        var window: Window?
        var heights: [Double] = []
        return ScenarioInstance(
            engines: mannequin.view.layoutEngine.map { [$0] } ?? [],
            operations: count, views: [mannequin.view], textMeasurers: measurer.map { [$0] } ?? [],
            run: {
                let collection = Window(width: bounds.width, height: bounds.height, name: "collectionView")
                window = collection
                heights = data.map { item in
                    mannequin.setData(item)
                    return mannequin.sizeThatFits(width: bounds.width).height
                }
                var y = 0.0
                for (item, height) in zip(data, heights) where y < bounds.height {
                    let cell = make()
                    cell.setData(item)
                    let frame = Rect(x: 0, y: y, width: bounds.width, height: height)
                    if let manualCell = cell as? LFBManualItem {
                        // Frames by hand: the cell's view is given its frame and lays itself out.
                        manualCell.view.frame = frame
                        manualCell.layoutSubviews()
                    } else {
                        // A collection view cell: its content view holds the item's view, pinned
                        // by 4 constraints (`CollectionCell`), the cell at the flow layout's frame.
                        let contentView = View(name: "contentView", frame: frame)
                        collection.addSubview(contentView)
                        cell.view.translatesAutoresizingMaskIntoConstraints = false
                        contentView.addSubview(cell.view)
                        addConstraints("V:|-0-[v]-0-|", ["v": cell.view])
                        addConstraints("H:|-0-[v]-0-|", ["v": cell.view])
                    }
                    visible.append(cell)
                    y += height + lineSpacing
                }
                collection.layoutIfNeeded()
            },
            verify: {
                var failures: [(String, String)] = []
                if heights.count != count { failures.append(("\(count) items sized", "\(heights.count) were")) }
                if let height = heights.first, height < 200 + 50 {
                    failures.append(("an item at least as tall as its two images (250 points)", "it measured \(height)"))
                }
                if visible.isEmpty { failures.append(("the cells on screen made", "none was")) }
                let inCollection = window?.subviews.count ?? 0
                if !(visible.first is LFBManualItem), inCollection != visible.count {
                    failures.append(("a content view in the collection view per cell on screen", "\(inCollection) for \(visible.count) cells"))
                }
                if measurer == nil {
                    failures.append(
                        (
                            "text measured with HarfBuzz in Inter",
                            "the font was not found (apt-get install fonts-inter): the engine's text model measured it"
                        ))
                }
                return failures
            })
    }
}
