/// A view that lays out a line of views with constraints it generates and manages
/// (`UIStackView`).
///
/// The stack does no layout of its own: it keeps a set of constraints (origin
/// ``LayoutConstraint/Origin/container``, installed on the stack, each named with
/// UIKit's identifier, see ``GeneratedConstraintKind``) between itself, its
/// ``arrangedSubviews`` and the layout guides it adds, and the engine solves them
/// like any other. That is the cost WWDC 2018 session 220 and seed 002 section 7
/// warn about, and it shows in the solver counters:
///
/// - Changing ``arrangedSubviews``, ``axis``, ``distribution`` or ``alignment`` marks the
///   stack; its ``updateConstraints()`` then **removes every generated constraint and makes
///   a fresh set** (one batch inside the update pass, so one solve for the pass, but the
///   churn shows in `constraintsRemoved`, `constraintsAdded` and row operations). The
///   rebuild runs under ``LayoutOperation/containerRebuild(_:)``.
/// - Hiding or showing an arranged subview does **not** rebuild, whatever seed 002 section 7
///   says: as UIKit's constraint logs and its `_UIOrderedLayoutArrangement` show, the stack
///   adds (removes) the view's `UISV-hiding` constraint and its weak `UISV-spacing-hidden`
///   tie, replaces the `UISV-spacing` constraints on either side of it by one across it (or
///   the reverse), moves a `UISV-canvas-connection` when the first or last visible view
///   changes, and edits the other constants in place; everything else stays. A hide in the
///   middle of a `.fill` stack removes 2 constraints and adds 3 (docs/engine.md, "Hiding
///   arranged views"; ``visibilityUpdateCount``). The update runs under
///   ``LayoutOperation/containerUpdate(_:)``.
/// - Changing ``spacing`` alone updates the `UISV-spacing` (and `UISV-spacing-hidden`)
///   constants in place, as UIKit does (except for ``Distribution/fillProportionally``,
///   whose multipliers include the spacing).
/// - A change of an arranged subview's intrinsic content size is a constant update
///   of that view's content-size constraints: the stack does not rebuild, except
///   with ``Distribution/fillProportionally``, whose multipliers come from the
///   intrinsic sizes (it rebuilds in ``layoutSubviews()`` when they changed).
/// - A stack inside a stack is an arranged subview like any other: it has no
///   intrinsic size, its content determines its size, and every level adds its own
///   generated set.
///
/// Arranged subviews get `translatesAutoresizingMaskIntoConstraints = false`, as in
/// UIKit. Hidden arranged subviews stay arranged, collapse along the axis (`UISV-hiding`)
/// and drop out of the spacing chain and of the distribution's constraints; they keep
/// their alignment constraints.
///
/// The generated set, with n visible and h hidden arranged subviews out of N (n ≥ 1),
/// is documented per distribution and alignment on ``expectedConstraintCount(arranged:hidden:distribution:alignment:)``:
/// n + 1 + 2h along the axis; 0, n − 1, n, 3n − 3, 3n − 3 more for the five
/// distributions; 2N across the axis for `.fill`, 2N + 2n + 2 for `.leading` and
/// `.trailing`, 2N + 2n + 3 for `.center`. A fill/fill stack of n views holds 3n + 1.
///
/// Under `.fill`, views of equal hugging (compression resistance) priority do not
/// leave the layout ambiguous: the last of them in ``arrangedSubviews`` takes the
/// extra (missing) length, by UIKit's documented index rule (StackView+FillOrder.swift).
/// ``setCustomSpacing(_:after:)`` sets the gap after one view, and
/// ``isLayoutMarginsRelativeArrangement`` ties the arrangement to the stack's
/// ``View/layoutMarginsGuide`` instead of its edges.
///
/// ``Alignment/firstBaseline`` and ``Alignment/lastBaseline`` line up the arranged views'
/// baseline guides (``View/firstBaselineOffsetFromTop``, ``View/lastBaselineOffsetFromBottom``;
/// a view without them has its baselines at its bottom edge) in a horizontal stack.
///
/// Not modelled: `isBaselineRelativeArrangement` (spacing is measured between edges).
open class StackView: View {
    /// How the arranged subviews share the stack's length along its axis
    /// (`UIStackView.Distribution`).
    public enum Distribution: String, Sendable, CaseIterable {
        /// The views fill the stack end to end; content hugging and compression
        /// resistance decide which view grows or shrinks.
        case fill
        /// The views fill the stack and all have the same length (`UISV-fill-equally`).
        case fillEqually
        /// The views fill the stack with lengths proportional to their intrinsic
        /// lengths, or their frames' for views without one (`UISV-fill-proportionally`,
        /// at 999 − index; required with ``StackView/requiresProportionalShares``).
        case fillProportionally
        /// The views keep their lengths; equal gaps (spacer guides) fill the rest,
        /// never smaller than ``StackView/spacing``.
        case equalSpacing
        /// The views' centers are equally spaced (spacer guides from center to
        /// center), with gaps never smaller than ``StackView/spacing``.
        case equalCentering
    }

    /// How the arranged subviews are placed across the stack's axis
    /// (`UIStackView.Alignment`).
    public enum Alignment: String, Sendable, CaseIterable {
        /// Every view spans the stack's full width (vertical stack) or height (horizontal stack).
        case fill
        /// Views align to the leading edge (vertical stack) or top edge (horizontal stack).
        case leading
        /// Views are centered across the axis.
        case center
        /// Views align to the trailing edge (vertical stack) or bottom edge (horizontal stack).
        case trailing

        /// The top edge, for a horizontal stack (the same as ``leading``).
        public static var top: Alignment { .leading }
        /// The views' first baselines on one line (horizontal stacks; a vertical stack
        /// fills, as UIKit documents the baseline alignments for horizontal stacks only).
        case firstBaseline
        /// The views' last baselines on one line (horizontal stacks; a vertical stack fills).
        case lastBaseline
        /// The bottom edge, for a horizontal stack (the same as ``trailing``).
        public static var bottom: Alignment { .trailing }

        /// Whether this is one of the baseline alignments.
        var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }
    }

    /// What a generated constraint does, named with UIKit's identifier (the
    /// constraint's ``LayoutConstraint/identifier`` is the raw value).
    public enum GeneratedConstraintKind: String, Sendable, CaseIterable {
        /// Ties the ends of the arrangement (or the alignment spanner) to the stack.
        case canvasConnection = "UISV-canvas-connection"
        /// The stack's length equal to zero at priority 49: makes a stack with spacer
        /// guides (or no visible view) hug its content.
        case canvasFit = "UISV-canvas-fit"
        /// The gap between two consecutive visible views (`==`, or `>=` for the
        /// spreading distributions).
        case spacing = "UISV-spacing"
        /// A hidden view's length equal to zero along the axis, required (as UIKit's iOS 9
        /// and 10 logs show it; iOS 26's UIKit makes it at 999.999, docs/engine.md).
        case hiding = "UISV-hiding"
        /// Ties a hidden view's position to its neighbour at priority 50, so it is not
        /// ambiguous: its leading edge half the gap after the visible view before it (0 when
        /// no visible view follows), or its trailing edge on the first visible view.
        case spacingHidden = "UISV-spacing-hidden"
        /// Equal lengths: of the views (`.fillEqually`) or of the spacer guides
        /// (`.equalSpacing`, and `.equalCentering` at priority 150 − index).
        case fillEqually = "UISV-fill-equally"
        /// A view's length as a share of the stack's (`.fillProportionally`).
        case fillProportionally = "UISV-fill-proportionally"
        /// Ties a spacer guide (identifier `UISV-distributing`) to the views on either side.
        case distributingEdge = "UISV-distributing-edge"
        /// Aligns each view with the first arranged subview across the axis.
        case alignment = "UISV-alignment"
        /// Keeps each visible view inside the alignment spanner.
        case spanningBoundary = "UISV-spanning-boundary"
        /// The alignment spanner's size equal to zero at priority 51: the stack hugs
        /// its tallest (widest) view.
        case spanningFit = "UISV-spanning-fit"
        /// A view's size across the axis equal to zero at priority 25, so views with
        /// no intrinsic size are not ambiguous under a non-fill alignment.
        case ambiguitySuppression = "UISV-ambiguity-suppression"
    }

    /// The two visible views a spacer guide lies between (UIKit keys its gap guides by them),
    /// by ``LayoutItem/serial``: not by address, whose hashes vary with the allocator
    /// (``RecipeKey``).
    struct DistributingGuideEnds: Hashable {
        let previous: Int
        let next: Int
    }

    /// The identifier of the spacer guides of `.equalSpacing` and `.equalCentering`.
    public static let distributingGuideIdentifier = "UISV-distributing"
    /// The identifier of the guide that spans the views across the axis under a
    /// non-fill alignment.
    public static let alignmentSpannerIdentifier = "UISV-alignment-spanner"

    /// The views the stack arranges, in order. Each is also a subview.
    public var arrangedSubviews: [View] { _arrangedSubviews }

    /// The constraints the stack generated and keeps active, in the order made.
    public var generatedConstraints: [LayoutConstraint] { _generatedConstraints }

    /// The spacer guides of `.equalSpacing` and `.equalCentering`, one per gap.
    public var distributingGuides: [LayoutGuide] { _distributingGuides }

    /// The guide that spans the views across the axis under a non-fill alignment.
    public var alignmentSpanner: LayoutGuide? { _alignmentSpanner }

    /// How many times the stack removed its constraints and made a fresh set.
    public var rebuildCount: Int { _rebuildCount }

    /// How many times a spacing change was applied in place (constants only).
    public var spacingUpdateCount: Int { _spacingUpdateCount }

    /// How many times hiding or showing arranged subviews was applied in place: the few
    /// constraints around the toggled views replaced, the rest kept (no rebuild).
    public var visibilityUpdateCount: Int { _visibilityUpdateCount }

    /// Whether the `UISV-fill-proportionally` shares are required rather than at 999 − index
    /// (false by default, as UIKit makes them at run time). Xcode's canvas holds them
    /// required: its stored frames keep the shares over an arranged view's own required
    /// length (docs/importer.md). A change rebuilds.
    public var requiresProportionalShares: Bool {
        get { _requiresProportionalShares }
        set {
            if replace(&_requiresProportionalShares, with: newValue), _distribution == .fillProportionally {
                setNeedsRebuild()
            }
        }
    }

    // The enum settings compare and store directly: through `replace(_:with:)`, their storage
    // kept its runtime exclusivity checks in a release build (the setter's store and every read
    // of it, in the disassembly), where `Double` and `Bool` settings through it do not.

    /// The axis the views are laid out along (`.horizontal` by default, as UIKit).
    public var axis: Axis {
        get { _axis }
        set {
            guard newValue != _axis else { return }
            _axis = newValue
            setNeedsRebuild()
        }
    }

    /// How the views share the stack's length (`.fill` by default).
    public var distribution: Distribution {
        get { _distribution }
        set {
            guard newValue != _distribution else { return }
            _distribution = newValue
            setNeedsRebuild()
        }
    }

    /// How the views are placed across the axis (`.fill` by default).
    public var alignment: Alignment {
        get { _alignment }
        set {
            guard newValue != _alignment else { return }
            _alignment = newValue
            setNeedsRebuild()
        }
    }

    /// The gap between consecutive visible views (the minimum gap for the spreading
    /// distributions). A change alone updates the `UISV-spacing` (and `UISV-spacing-hidden`)
    /// constants in place in the next update pass; no constraint is removed.
    public var spacing: Double {
        get { _spacing }
        set {
            guard replace(&_spacing, with: newValue) else { return }
            if _distribution == .fillProportionally {
                setNeedsRebuild()
            } else {
                needsSpacingUpdate = true
                setNeedsUpdateConstraints()
            }
        }
    }

    /// Whether the arrangement is tied to ``View/layoutMarginsGuide`` (inset by
    /// ``View/layoutMargins``) rather than to the stack's edges
    /// (`isLayoutMarginsRelativeArrangement`, false by default). A change rebuilds.
    public var isLayoutMarginsRelativeArrangement: Bool {
        get { _isLayoutMarginsRelativeArrangement }
        set { if replace(&_isLayoutMarginsRelativeArrangement, with: newValue) { setNeedsRebuild() } }
    }

    /// Whether the stack makes UIKit's `UISV-ambiguity-suppression` constraints (an arranged view's
    /// size across the axis == 0 at priority 25, for alignments other than `.fill`); true by
    /// default, as UIKit does at run time. Xcode's canvas makes none: a plain view without an
    /// intrinsic size in a centre-aligned stack keeps its stored width there (docs/importer.md).
    /// A change rebuilds.
    public var suppressesAmbiguity: Bool {
        get { _suppressesAmbiguity }
        set {
            if replace(&_suppressesAmbiguity, with: newValue), _alignment != .fill { setNeedsRebuild() }
        }
    }

    // Internal storage behind the public accessors above, changed only whole (arrays
    // through `swap`, StackView+Storage.swift), so that the optimizer drops the runtime
    // exclusivity checks on it (View+EngineStorage.swift, EngineList.swift say why).
    var _arrangedSubviews: [View] = []
    var _generatedConstraints: [LayoutConstraint] = []
    var _distributingGuides: [LayoutGuide] = []
    var _alignmentSpanner: LayoutGuide?
    var _rebuildCount = 0
    var _spacingUpdateCount = 0
    var _visibilityUpdateCount = 0
    var _requiresProportionalShares = false
    var _suppressesAmbiguity = true
    var _axis: Axis = .horizontal
    var _distribution: Distribution = .fill
    var _alignment: Alignment = .fill
    var _spacing: Double = 0
    var _isLayoutMarginsRelativeArrangement = false
    /// The two visible views each spacer guide lies between, by index in ``distributingGuides``.
    var distributingGuideEnds: [DistributingGuideEnds] = []
    /// The lengths the `UISV-fill-proportionally` multipliers were made from.
    var proportionalLengths: [Double] = []
    var needsRebuild = true
    var needsSpacingUpdate = false
    var needsVisibilityUpdate = false
    /// Custom gaps after particular views, in the order set (few per stack).
    var customSpacings: [(view: ObjectIdentifier, spacing: Double)] = []

    /// The value of ``customSpacing(after:)`` for a view without a custom gap
    /// (`UIStackView.spacingUseDefault`): the stack's ``spacing`` applies.
    public static let spacingUseDefault = Double.greatestFiniteMagnitude

    /// Sets the gap after one arranged view (`setCustomSpacing(_:after:)`); pass
    /// ``spacingUseDefault`` to go back to ``spacing``. Like a ``spacing`` change, it
    /// updates a `UISV-spacing` constant in place in the next update pass.
    ///
    /// - Parameters:
    ///   - spacing: The gap between `arrangedSubview` and the next visible view.
    ///   - arrangedSubview: The view the gap follows.
    public func setCustomSpacing(_ spacing: Double, after arrangedSubview: View) {
        let id = ObjectIdentifier(arrangedSubview)
        let changed = changeCustomSpacings { gaps in
            let index = gaps.firstIndex { $0.view == id }
            if spacing == Self.spacingUseDefault {
                guard let index else { return false }
                gaps.remove(at: index)
            } else if let index {
                guard gaps[index].spacing != spacing else { return false }
                gaps[index].spacing = spacing
            } else {
                gaps.append((id, spacing))
            }
            return true
        }
        guard changed else { return }
        if distribution == .fillProportionally {
            setNeedsRebuild()
        } else {
            needsSpacingUpdate = true
            setNeedsUpdateConstraints()
        }
    }

    /// The custom gap after a view, or ``spacingUseDefault`` (`customSpacing(after:)`).
    public func customSpacing(after arrangedSubview: View) -> Double {
        let id = ObjectIdentifier(arrangedSubview)
        return customSpacings.first { $0.view == id }?.spacing ?? Self.spacingUseDefault
    }

    /// The gap that follows `item` in the chain: its custom spacing, else ``spacing``.
    func spacing(after item: LayoutItem?) -> Double {
        guard !customSpacings.isEmpty, let item else { return spacing }
        let id = ObjectIdentifier(item)
        return customSpacings.first { $0.view == id }?.spacing ?? spacing
    }

    /// Makes a stack arranging `arrangedSubviews` (adding them as subviews).
    public init(arrangedSubviews: [View] = [], name: String? = nil) {
        super.init(name: name)
        for view in arrangedSubviews { addArrangedSubview(view) }
    }

    open override var typeName: String { "StackView" }

    // MARK: - Arranged subviews

    /// Adds a view to the end of ``arrangedSubviews``, adding it as a subview if it is
    /// not one, and turns off its `translatesAutoresizingMaskIntoConstraints`.
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts a view into ``arrangedSubviews`` at `index` (moving it if it is already
    /// arranged), adding it as a subview if it is not one.
    ///
    /// - Parameters:
    ///   - view: The view to arrange.
    ///   - index: Its position in ``arrangedSubviews``, at most `arrangedSubviews.count`.
    public func insertArrangedSubview(_ view: View, at index: Int) {
        precondition(view !== self, "A stack view cannot arrange itself")
        precondition(
            index >= 0 && index <= arrangedSubviews.count,
            "Index \(index) out of bounds for an arranged subview: it must lie in 0...\(arrangedSubviews.count)")
        if let existing = arrangedSubviews.firstIndex(where: { $0 === view }) {
            changeArrangedSubviews { list in
                list.remove(at: existing)
                list.insert(view, at: min(index, list.count))
            }
        } else {
            // Turned off before joining, so no autoresizing constraints are made for it
            // only to be removed again.
            view.translatesAutoresizingMaskIntoConstraints = false
            // Its fill-order weight too, so that its content-size constraints are made with
            // it rather than replaced by the rebuild (StackView+FillOrder.swift).
            setFillOrder(of: view, weight: Self.fillOrderWeight(index: index), engine: view.registeredEngine)
            if view.superview !== self { addSubview(view) }
            changeArrangedSubviews { $0.insert(view, at: index) }
        }
        setNeedsRebuild()
    }

    /// Removes a view from ``arrangedSubviews``. It stays a subview, as in UIKit:
    /// remove it from its superview too if it should go.
    public func removeArrangedSubview(_ view: View) {
        stopArranging(view, leavingHierarchy: false)
    }

    /// A subview leaving the stack stops being arranged.
    open override func willRemoveSubview(_ subview: View) {
        super.willRemoveSubview(subview)
        stopArranging(subview, leavingHierarchy: true)
    }

    /// Drops a view from the arrangement. Its fill-order weight goes back to 1: at once
    /// while it stays in the hierarchy, and for its next content-size constraints when
    /// it is leaving (its constraints are moving between engines then).
    private func stopArranging(_ view: View, leavingHierarchy: Bool) {
        guard let index = arrangedSubviews.firstIndex(where: { $0 === view }) else { return }
        changeArrangedSubviews { $0.remove(at: index) }
        changeCustomSpacings { gaps in gaps.removeAll { $0.view == ObjectIdentifier(view) } }
        setFillOrder(of: view, weight: 1, engine: leavingHierarchy ? nil : view.registeredEngine)
        setNeedsRebuild()
    }

    /// Hiding or showing an arranged subview updates the stack's constraints in place in the
    /// next update pass: the `UISV-hiding` constraint and the spacing around the view change,
    /// the rest stay (UIKit's `_UIOrderedLayoutArrangement`; docs/engine.md, "Hiding arranged
    /// views").
    open override func subviewVisibilityDidChange(_ subview: View) {
        super.subviewVisibilityDidChange(subview)
        guard arrangedSubviews.contains(where: { $0 === subview }) else { return }
        needsVisibilityUpdate = true
        setNeedsUpdateConstraints()
    }

    /// Marks the generated constraints to be remade in the next update pass.
    func setNeedsRebuild() {
        needsRebuild = true
        setNeedsUpdateConstraints()
    }

    // MARK: - Layout cycle

    /// Rebuilds the generated constraints if something marked them, or applies a hide, a
    /// show or a spacing change in place; then calls `super`.
    open override func updateConstraints() {
        if needsRebuild {
            rebuildConstraints()
        } else if needsVisibilityUpdate || needsSpacingUpdate {
            updateConstraintsInPlace()
        }
        super.updateConstraints()
    }

    /// Under `.fillProportionally`, remakes the constraints when an arranged subview's
    /// intrinsic length changed since they were made (their multipliers depend on it).
    open override func layoutSubviews() {
        super.layoutSubviews()
        if distribution == .fillProportionally, !needsRebuild, !generatedConstraints.isEmpty,
            currentProportionalLengths() != proportionalLengths
        {
            rebuildConstraints()
        }
    }

    /// The number of constraints a stack generates for `arranged` views of which
    /// `hidden` are hidden, as this implementation makes them (after UIKit's recipe).
    ///
    /// With N arranged views, h hidden and n = N − h visible (n ≥ 1):
    ///
    /// | part | constraints |
    /// |---|---|
    /// | along the axis: 2 `canvas-connection`, n − 1 `spacing`, h `hiding`, h `spacing-hidden` | n + 1 + 2h |
    /// | `.fill` | 0 |
    /// | `.fillEqually`: `fill-equally` from each view to the first | n − 1 |
    /// | `.fillProportionally`: one `fill-proportionally` per visible view | n |
    /// | `.equalSpacing`, `.equalCentering` (n ≥ 2): 2(n − 1) `distributing-edge`, n − 2 `fill-equally` between guides, 1 `canvas-fit` | 3n − 3 |
    /// | alignment `.fill`: 2(N − 1) `alignment`, 2 `canvas-connection` | 2N |
    /// | `.leading`, `.trailing`, the baselines: N − 1 `alignment`, 2 `canvas-connection`, 2n `spanning-boundary`, 1 `spanning-fit`, N `ambiguity-suppression` | 2N + 2n + 2 |
    /// | `.center`: as `.leading` with a third `canvas-connection` (the centers) | 2N + 2n + 3 |
    ///
    /// So a fill/fill stack of n views holds 3n + 1 (seed 002's "~12 for 5 views" is
    /// 16 here, as in UIKit), and each nesting level adds its own set. With no visible
    /// view the axis gets one `canvas-fit` and the cross axis the spanner's two
    /// `canvas-connection`s and its `spanning-fit` (plus N `ambiguity-suppression` for
    /// a non-fill alignment); with no arranged view at all there are none.
    ///
    /// - Returns: The count; the spacer guides (n − 1 for the spreading distributions)
    ///   and the alignment spanner (one, for a non-fill alignment) are not counted.
    public static func expectedConstraintCount(
        arranged: Int, hidden: Int, distribution: Distribution, alignment: Alignment
    ) -> Int {
        precondition(arranged >= 0 && hidden >= 0 && hidden <= arranged, "hidden must lie in 0...arranged")
        let total = arranged
        let visible = arranged - hidden
        guard total > 0 else { return 0 }
        guard visible > 0 else { return 1 + hidden * 2 + (total - 1) * (alignment == .fill ? 2 : 1) + 3 + (alignment == .fill ? 0 : total) }
        var count = visible + 1 + 2 * hidden
        switch distribution {
        case .fill: break
        case .fillEqually: count += visible - 1
        case .fillProportionally: count += visible
        case .equalSpacing, .equalCentering: count += visible >= 2 ? 3 * visible - 3 : 0
        }
        switch alignment {
        case .fill: count += 2 * total
        case .leading, .trailing, .firstBaseline, .lastBaseline: count += 2 * total + 2 * visible + 2
        case .center: count += 2 * total + 2 * visible + 3
        }
        return count
    }
}
