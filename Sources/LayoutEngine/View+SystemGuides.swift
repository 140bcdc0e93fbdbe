// Layout margins, the safe area and baselines as layout guides, as UIKit models them
// (`UIViewLayoutMarginsGuide`, `UIViewSafeAreaLayoutGuide`), made on first use.
//
// The model, and where it is simpler than UIKit:
// - The safe-area guide is inset from the view's edges by ``View/safeAreaInsets``, which
//   the host sets on a root (a window's status bar and home indicator). A subview's insets
//   are where its frame overlaps its superview's unsafe area, as UIKit derives them on each
//   layout pass: ``View/propagateSafeAreaInsets()`` sets them from the last pass's frames.
// - The margins guide is inset by ``View/layoutMargins`` from the view's edges, plus the
//   safe-area insets while ``View/insetsLayoutMarginsFromSafeArea`` is on (UIKit adds them to
//   the margins). `preservesSuperviewLayoutMargins` is not modelled: the margins are the
//   view's own.
// - Baselines are horizontal zero-height guides at a fixed offset from the top (first)
//   or bottom (last) edge; a view without text has both at its bottom edge, as UIView.

/// A view's system guides and their constraints.
final class SystemGuides {
    /// The margins guide's insets from the base it was made on.
    var marginInsets: EdgeInsets {
        guard marginsAddSafeArea else { return layoutMargins }
        return EdgeInsets(
            top: layoutMargins.top + safeAreaInsets.top, leading: layoutMargins.leading + safeAreaInsets.leading,
            bottom: layoutMargins.bottom + safeAreaInsets.bottom, trailing: layoutMargins.trailing + safeAreaInsets.trailing)
    }

    func applyMargins() { View.applyInsets(marginInsets, to: marginConstraints) }

    var layoutMargins = EdgeInsets(all: 8)
    var insetsLayoutMarginsFromSafeArea = true
    var marginsGuide: LayoutGuide?
    var marginConstraints: [LayoutConstraint] = []
    /// The margins guide is inset from the view's edges by the margins plus the safe-area
    /// insets (it was made while the view had no safe-area guide to inset it from).
    var marginsAddSafeArea = false

    var safeAreaInsets = EdgeInsets.zero
    var safeAreaGuide: LayoutGuide?
    var safeAreaConstraints: [LayoutConstraint] = []

    var firstBaselineOffsetFromTop: Double?
    var lastBaselineOffsetFromBottom: Double?
    var firstBaselineGuide: LayoutGuide?
    var lastBaselineGuide: LayoutGuide?
    var baselineConstraints: [LayoutConstraint] = []
}

extension View {
    var guides: SystemGuides {
        if let existing = systemGuides { return existing }
        let made = SystemGuides()
        systemGuides = made
        return made
    }

    // MARK: - Layout margins

    /// The insets of ``layoutMarginsGuide`` (8 on every side by default, as UIView).
    /// Changing them updates the guide's constraint constants in place.
    public var layoutMargins: EdgeInsets {
        get { systemGuides?.layoutMargins ?? EdgeInsets(all: 8) }
        set {
            let state = guides
            guard state.layoutMargins != newValue else { return }
            state.layoutMargins = newValue
            state.applyMargins()
        }
    }

    /// Whether the margins are measured from the safe-area guide (when the view has
    /// one) rather than from the edges. Set it before the margins guide is first used.
    public var insetsLayoutMarginsFromSafeArea: Bool {
        get { systemGuides?.insetsLayoutMarginsFromSafeArea ?? true }
        set { guides.insetsLayoutMarginsFromSafeArea = newValue }
    }

    /// Whether the view has made its margins guide.
    public var hasLayoutMarginsGuide: Bool { systemGuides?.marginsGuide != nil }

    /// The guide inset from the view by ``layoutMargins`` (`layoutMarginsGuide`); the
    /// `leadingMargin`, `topMargin`, ... attributes of Interface Builder are its edges.
    /// Made and activated on first use, with four required constraints named as
    /// UIKit's (`UIView-leftMargin-guide-constraint`, ...).
    public var layoutMarginsGuide: LayoutGuide {
        let state = guides
        if let guide = state.marginsGuide { return guide }
        let guide = addSystemGuide("UIViewLayoutMarginsGuide", suffix: "margins")
        state.marginsGuide = guide
        let base: LayoutItem = state.insetsLayoutMarginsFromSafeArea ? (state.safeAreaGuide ?? self) : self
        state.marginsAddSafeArea = state.insetsLayoutMarginsFromSafeArea && base === self
        state.marginConstraints = Self.activateInsets(guide, in: base, state.marginInsets, prefix: "UIView-", suffix: "Margin-guide-constraint")
        return guide
    }

    // MARK: - Safe area

    /// The insets of ``safeAreaLayoutGuide`` from the view's edges (zero by default).
    /// The host sets them (a window's status bar, a home indicator); changing them
    /// updates the guide's constants in place.
    public var safeAreaInsets: EdgeInsets {
        get { systemGuides?.safeAreaInsets ?? .zero }
        set {
            let state = guides
            guard state.safeAreaInsets != newValue else { return }
            state.safeAreaInsets = newValue
            Self.applyInsets(newValue, to: state.safeAreaConstraints)
            if state.marginsAddSafeArea { state.applyMargins() }
        }
    }

    /// Sets every descendant's ``safeAreaInsets`` to where its frame overlaps its superview's
    /// unsafe area, from the frames of the last layout pass; the receiver's own insets are the
    /// host's. Returns whether any changed, after which the host lays out again (UIKit does the
    /// same: `safeAreaInsetsDidChange` triggers another pass).
    ///
    /// UIKit gives a subview the part of its superview's safe-area insets that its frame
    /// overlaps (`UIView.safeAreaInsets`: "the portion of your view covered by ... other
    /// content"), clipped to its bounds. Interface Builder's stored frames show it: a bar pinned
    /// to the bottom of a notched iPhone's root, with its stack on the bar's bottom margin, is
    /// stored 34 points taller than its content and margins. A scroll view's content keeps
    /// zero insets: UIKit offsets it by the adjusted content inset instead.
    @discardableResult
    public func propagateSafeAreaInsets() -> Bool {
        var changed = false
        var stack: [(view: View, safe: Rect)] = [(self, frameInRoot.inset(by: safeAreaInsets))]
        while let (parent, safe) = stack.popLast() {
            guard !(parent is ScrollView) || parent === self else { continue }
            for child in parent.subviews {
                let frame = child.frameInRoot
                let insets = EdgeInsets(
                    top: min(max(safe.minY - frame.minY, 0), frame.height),
                    leading: min(max(safe.minX - frame.minX, 0), frame.width),
                    bottom: min(max(frame.maxY - safe.maxY, 0), frame.height),
                    trailing: min(max(frame.maxX - safe.maxX, 0), frame.width))
                if child.systemGuides != nil && child.safeAreaInsets != insets {
                    child.safeAreaInsets = insets
                    changed = true
                }
                if !child.subviews.isEmpty { stack.append((child, frame.inset(by: insets))) }
            }
        }
        return changed
    }

    /// Whether the view has made its safe-area guide.
    public var hasSafeAreaLayoutGuide: Bool { systemGuides?.safeAreaGuide != nil }

    /// The guide inset from the view by ``safeAreaInsets`` (`safeAreaLayoutGuide`),
    /// made and activated on first use (`UIViewSafeAreaLayoutGuide-*` constraints).
    public var safeAreaLayoutGuide: LayoutGuide {
        let state = guides
        if let guide = state.safeAreaGuide { return guide }
        let guide = addSystemGuide("UIViewSafeAreaLayoutGuide", suffix: "safeArea")
        state.safeAreaGuide = guide
        state.safeAreaConstraints = Self.activateInsets(guide, in: self, state.safeAreaInsets, prefix: "UIViewSafeAreaLayoutGuide-", suffix: "")
        return guide
    }

    // MARK: - Baselines

    /// The first baseline's distance from the top edge, or `nil` for a view without
    /// text (its baselines are its bottom edge). Set it before the guide is first used.
    public var firstBaselineOffsetFromTop: Double? {
        get { systemGuides?.firstBaselineOffsetFromTop }
        set { guides.firstBaselineOffsetFromTop = newValue }
    }

    /// The last baseline's distance from the bottom edge, or `nil` for a view without
    /// text. Set it before the guide is first used.
    public var lastBaselineOffsetFromBottom: Double? {
        get { systemGuides?.lastBaselineOffsetFromBottom }
        set { guides.lastBaselineOffsetFromBottom = newValue }
    }

    /// A zero-height guide whose top is the first baseline (`firstBaselineAnchor` is its
    /// `topAnchor`); as wide as the view. Made and activated on first use.
    public var firstBaselineGuide: LayoutGuide { baselineGuide(first: true) }

    /// A zero-height guide whose top is the last baseline (`lastBaselineAnchor` is its
    /// `topAnchor`); as wide as the view. Made and activated on first use.
    public var lastBaselineGuide: LayoutGuide { baselineGuide(first: false) }

    /// The first or the last baseline guide, made and activated on first use.
    private func baselineGuide(first: Bool) -> LayoutGuide {
        let state = guides
        if let guide = first ? state.firstBaselineGuide : state.lastBaselineGuide { return guide }
        let guide = makeBaselineGuide(first: first, state)
        if first { state.firstBaselineGuide = guide } else { state.lastBaselineGuide = guide }
        return guide
    }

    private func makeBaselineGuide(first: Bool, _ state: SystemGuides) -> LayoutGuide {
        let guide = addSystemGuide(first ? "firstBaseline" : "lastBaseline", suffix: first ? "firstBaseline" : "lastBaseline")
        let vertical: LayoutConstraint
        if first, let offset = state.firstBaselineOffsetFromTop {
            vertical = .system(item: guide, attribute: .top, toItem: self, attribute: .top, constant: offset, identifier: "baseline-first")
        } else if !first, let offset = state.lastBaselineOffsetFromBottom {
            vertical = .system(item: guide, attribute: .top, toItem: self, attribute: .bottom, constant: -offset, identifier: "baseline-last")
        } else {
            vertical = .system(item: guide, attribute: .top, toItem: self, attribute: .bottom, identifier: first ? "baseline-first" : "baseline-last")
        }
        let made = [
            vertical,
            .system(item: guide, attribute: .height, toItem: nil, attribute: .notAnAttribute, identifier: "baseline-height"),
            .system(item: guide, attribute: .left, toItem: self, attribute: .left, identifier: "baseline-left"),
            .system(item: guide, attribute: .width, toItem: self, attribute: .width, identifier: "baseline-width"),
        ]
        state.baselineConstraints += made
        LayoutConstraint.activate(made)
        return guide
    }

    // MARK: - Helpers

    /// A guide with UIKit's `identifier`, named `<view>.<suffix>` for descriptions, added to
    /// this view.
    private func addSystemGuide(_ identifier: String, suffix: String) -> LayoutGuide {
        let guide = LayoutGuide(identifier: identifier)
        guide.name = (name ?? "0x" + String(serial, radix: 16)) + "." + suffix
        addLayoutGuide(guide)
        return guide
    }

    /// The constraints of ``insetConstraints(_:in:_:prefix:suffix:)``, activated.
    private static func activateInsets(
        _ guide: LayoutGuide, in base: LayoutItem, _ insets: EdgeInsets, prefix: String, suffix: String
    ) -> [LayoutConstraint] {
        let constraints = insetConstraints(guide, in: base, insets, prefix: prefix, suffix: suffix)
        LayoutConstraint.activate(constraints)
        return constraints
    }

    /// Left, top, right, bottom constraints that inset `guide` from `base`.
    static func insetConstraints(
        _ guide: LayoutGuide, in base: LayoutItem, _ insets: EdgeInsets, prefix: String, suffix: String
    ) -> [LayoutConstraint] {
        [
            .system(item: guide, attribute: .left, toItem: base, attribute: .left, constant: insets.leading, identifier: prefix + "left" + suffix),
            .system(item: guide, attribute: .top, toItem: base, attribute: .top, constant: insets.top, identifier: prefix + "top" + suffix),
            .system(
                item: guide, attribute: .right, toItem: base, attribute: .right, constant: -insets.trailing, identifier: prefix + "right" + suffix),
            .system(
                item: guide, attribute: .bottom, toItem: base, attribute: .bottom, constant: -insets.bottom, identifier: prefix + "bottom" + suffix),
        ]
    }

    /// Sets the constants of constraints made by ``insetConstraints(_:in:_:prefix:suffix:)``.
    static func applyInsets(_ insets: EdgeInsets, to constraints: [LayoutConstraint]) {
        guard constraints.count == 4 else { return }
        constraints[0].constant = insets.leading
        constraints[1].constant = insets.top
        constraints[2].constant = -insets.trailing
        constraints[3].constant = -insets.bottom
    }
}
