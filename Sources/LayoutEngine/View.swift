/// Which margins and dimensions of a view follow its superview's size when
/// `translatesAutoresizingMaskIntoConstraints` is on (`UIView.AutoresizingMask`).
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
}

/// A rectangle in a view hierarchy, laid out by constraints (`UIView`).
///
/// Views made in code translate their frame into constraints by default
/// (``translatesAutoresizingMaskIntoConstraints`` is `true`), exactly as in UIKit:
/// adding your own constraints to such a view over-constrains it.
open class View: LayoutItem {
    /// The superview. Not retained: a superview owns its subviews.
    public var superview: View? { _superview }
    /// The subviews, back to front.
    public var subviews: [View] { _subviews }
    // Internal storage behind public accessors: the optimizer can drop the runtime
    // exclusivity checks on internal stored properties (see LayoutEngine.root).
    unowned(unsafe) var _superview: View?
    var _subviews: [View] = []
    /// Layout guides owned by this view.
    public var layoutGuides: [LayoutGuide] { _layoutGuides }
    var _layoutGuides: [LayoutGuide] = []

    /// The engine of the hierarchy this view is the root of (created on demand).
    var ownedEngine: LayoutEngine?

    /// Constraints installed on this view (the nearest common ancestor of their items).
    public var constraints: [LayoutConstraint] { _constraints }
    var _constraints: [LayoutConstraint] = []
    /// The constraints made from this view's frame, while it translates it.
    var autoresizingConstraints: [LayoutConstraint] = []
    /// The constraints made from this view's intrinsic content size (up to four).
    var contentSizeConstraints = ContentSizeConstraints()

    var storedFrame = Rect.zero
    /// The intrinsic size or the frame changed; the engine applies it in the next
    /// update pass (batched), as UIKit does.
    var needsContentSizeUpdate = false
    var needsAutoresizingUpdate = false
    var needsUpdateConstraintsFlag = true
    var subtreeNeedsUpdateConstraints = true
    var needsLayoutFlag = true
    var subtreeNeedsLayout = true
    /// Whether the intrinsic size depends on the width the engine resolves (a
    /// multi-line label without a `preferredMaxLayoutWidth`): the engine then runs
    /// UIKit's second update pass for it (LayoutEngine+Wrapping.swift).
    var wrapsToResolvedWidth = false
    /// Whether the view is in its engine's list of views that wrap.
    var isTrackedForWrapping = false

    /// Content hugging priorities: resist growing beyond the intrinsic size.
    var huggingPriorities: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultLow, .defaultLow)
    /// Compression resistance priorities: resist shrinking below the intrinsic size.
    var compressionPriorities: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultHigh, .defaultHigh)
    /// The margins, safe-area and baseline guides, made on first use (View+SystemGuides.swift).
    var systemGuides: SystemGuides?

    /// Makes a view with a frame, translating its frame into constraints.
    public init(name: String? = nil, frame: Rect = .zero) {
        super.init(name: name, isView: true)
        storedFrame = frame
    }

    deinit {
        for subview in subviews where subview.superview === self {
            subview._superview = nil
        }
    }

    open override var typeName: String { "View" }

    // MARK: - Hierarchy

    /// The root of the hierarchy (a window, or the topmost superview).
    public var rootView: View {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    /// The window this view is in, if any.
    public var window: Window? { rootView as? Window }

    /// The engine of this view's hierarchy, if one exists yet.
    public var layoutEngine: LayoutEngine? {
        registeredEngine ?? rootView.ownedEngine
    }

    /// Adds a subview at the front. A view that already has a superview moves.
    ///
    /// When the subview's hierarchy has its own engine with active constraints, those
    /// constraints are added to this hierarchy's engine and the subview's engine is thrown
    /// away, as UIKit's engines do when hierarchies join.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts a subview at an index of ``subviews``.
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self, "A view cannot be its own subview")
        var ancestor: View? = self
        while let current = ancestor {
            precondition(current !== view, "Adding \(view.debugName) to \(debugName) would make a cycle")
            ancestor = current.superview
        }
        if view.superview != nil { view.removeFromSuperview() }
        insertIntoSubviews(view, at: index)
        view._superview = self
        LayoutEngine.hierarchyDidJoin(child: view, parent: self)
        view.setNeedsUpdateConstraints()
        setNeedsLayout()
        didAddSubview(view)
    }

    /// Removes the view from its superview. Constraints between this subtree and
    /// the rest of the old hierarchy are deactivated; constraints inside the subtree
    /// move with it to an engine of its own.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        let moving = LayoutEngine.hierarchyWillSplit(child: self, parent: parent)
        parent.removeFromSubviews(self)
        _superview = nil
        LayoutEngine.reinstall(moving, in: self)
        parent.setNeedsLayout()
    }

    /// Whether `view` is this view or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// Called after a subview was added.
    open func didAddSubview(_ subview: View) {}

    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: View) {}

    /// Adds a layout guide to this view.
    public func addLayoutGuide(_ guide: LayoutGuide) {
        precondition(guide.owningView == nil, "\(guide.debugName) already belongs to a view")
        guide.owningView = self
        var guides: [LayoutGuide] = []
        swap(&guides, &_layoutGuides)
        guides.append(guide)
        swap(&guides, &_layoutGuides)
    }

    /// Removes a layout guide, deactivating the constraints that use it.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView === self else { return }
        layoutEngine?.itemWillLeave(guide)
        var guides: [LayoutGuide] = []
        swap(&guides, &_layoutGuides)
        guides.removeAll { $0 === guide }
        swap(&guides, &_layoutGuides)
        guide.owningView = nil
    }

    // MARK: - Frame

    /// The frame in the superview's coordinates. After a layout pass it is what the
    /// engine solved; setting it on a view that translates its autoresizing mask
    /// updates the autoresizing constraints' constants in place.
    public var frame: Rect {
        get {
            guard hasSolvedFrame else { return storedFrame }
            guard let superview else { return Rect(origin: .zero, size: solvedFrame.size) }
            let parent = superview.frameInRoot
            return Rect(
                x: solvedFrame.minX - parent.minX, y: solvedFrame.minY - parent.minY,
                width: solvedFrame.width, height: solvedFrame.height)
        }
        set {
            guard newValue != storedFrame else { return }
            storedFrame = newValue
            if hasSolvedFrame && !translatesAutoresizingMaskIntoConstraints {
                // UIKit lets you set it; the next layout pass puts the engine's values back.
                return
            }
            layoutEngine?.frameDidChange(self)
        }
    }

    /// The frame in the root view's (window's) coordinates.
    public var frameInRoot: Rect {
        if hasSolvedFrame { return solvedFrame }
        guard let superview else { return storedFrame }
        let parent = superview.frameInRoot
        return Rect(
            x: parent.minX + storedFrame.minX, y: parent.minY + storedFrame.minY,
            width: storedFrame.width, height: storedFrame.height)
    }

    /// The bounds: the frame's size at the origin.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    /// Whether the frame becomes autoresizing-mask constraints (`true` for views made
    /// in code, as in UIKit). Turn it off before adding your own constraints.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { _translatesAutoresizingMask }
        set { if replace(&_translatesAutoresizingMask, with: newValue) { layoutEngine?.autoresizingDidChange(self) } }
    }
    var _translatesAutoresizingMask = true

    /// How the frame follows the superview's size while translated into constraints.
    public var autoresizingMask: AutoresizingMask {
        get { _autoresizingMask }
        set { if replace(&_autoresizingMask, with: newValue) { layoutEngine?.autoresizingDidChange(self) } }
    }
    var _autoresizingMask: AutoresizingMask = []

    /// Whether the view is hidden. Hidden views keep their constraints (as in UIKit);
    /// stack views collapse hidden arranged subviews.
    public var isHidden: Bool {
        get { _isHidden }
        set { if replace(&_isHidden, with: newValue) { superview?.subviewVisibilityDidChange(self) } }
    }
    var _isHidden = false

    /// Called when a subview's `isHidden` changes.
    open func subviewVisibilityDidChange(_ subview: View) {}

    // MARK: - Intrinsic content size

    /// The natural size of the content; `Size.noIntrinsicMetric` in a dimension
    /// without one. Subclasses override it and call ``invalidateIntrinsicContentSize()``
    /// when it changes.
    open var intrinsicContentSize: Size { .noIntrinsicSize }

    /// Takes the width the engine resolved for this view, for an intrinsic size that
    /// depends on it (see ``Label``). Called only while ``wrapsToResolvedWidth`` is set.
    ///
    /// - Returns: Whether the intrinsic size changed (the view has invalidated it).
    func adoptResolvedWidth(_ width: Double) -> Bool { false }

    /// Starts or stops the engine's second update pass for this view.
    func setWrapsToResolvedWidth(_ wraps: Bool) {
        guard wraps != wrapsToResolvedWidth else { return }
        wrapsToResolvedWidth = wraps
        if wraps, let engine = registeredEngine { engine.trackWrapping(self) }
    }

    /// Tells the engine the intrinsic size changed. In the next update pass (batched
    /// with everything else in it, as in UIKit) the content-size constraints' constants
    /// are updated in place: nothing is removed or re-added.
    public func invalidateIntrinsicContentSize() {
        guard registeredEngine != nil else { return }
        needsContentSizeUpdate = true
        markSubtreeNeedsUpdate()
        superview?.setNeedsLayout()
    }

    /// Marks this view's ancestors as having something to do in the update pass,
    /// without asking for this view's `updateConstraints()`.
    func markSubtreeNeedsUpdate() {
        var view: View? = self
        while let current = view, !current.subtreeNeedsUpdateConstraints {
            current.subtreeNeedsUpdateConstraints = true
            view = current.superview
        }
    }

    /// The content hugging priority of an axis (default 250).
    public func contentHuggingPriority(for axis: Axis) -> LayoutPriority {
        axis == .horizontal ? huggingPriorities.horizontal : huggingPriorities.vertical
    }

    /// Sets the content hugging priority of an axis.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: Axis) {
        if axis == .horizontal { huggingPriorities.horizontal = priority } else { huggingPriorities.vertical = priority }
        layoutEngine?.contentPrioritiesDidChange(self)
    }

    /// The compression resistance priority of an axis (default 750).
    public func contentCompressionResistancePriority(for axis: Axis) -> LayoutPriority {
        axis == .horizontal ? compressionPriorities.horizontal : compressionPriorities.vertical
    }

    /// Sets the compression resistance priority of an axis.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: Axis) {
        if axis == .horizontal { compressionPriorities.horizontal = priority } else { compressionPriorities.vertical = priority }
        layoutEngine?.contentPrioritiesDidChange(self)
    }

    // MARK: - Layout cycle

    /// Updates this view's constraints. The update pass calls it bottom-up on
    /// views that need it, inside one batch (one solve for the whole pass).
    /// Override it to change constraints; keep it idempotent.
    open func updateConstraints() {}

    /// Positions subviews by hand after the engine's frames are applied (top-down).
    open func layoutSubviews() {}

    /// Marks the view to get ``updateConstraints()`` in the next pass.
    public func setNeedsUpdateConstraints() {
        needsUpdateConstraintsFlag = true
        subtreeNeedsUpdateConstraints = true
        // Its own loop, not `superview?.markSubtreeNeedsUpdate()`: the call retained and
        // released each ancestor (+20% of `updatepass/idempotent`'s instructions at 16).
        var ancestor = superview
        while let current = ancestor, !current.subtreeNeedsUpdateConstraints {
            current.subtreeNeedsUpdateConstraints = true
            ancestor = current.superview
        }
    }

    /// Marks the view to get ``layoutSubviews()`` in the next pass.
    public func setNeedsLayout() {
        needsLayoutFlag = true
        subtreeNeedsLayout = true
        var ancestor = superview
        while let current = ancestor, !current.subtreeNeedsLayout {
            current.subtreeNeedsLayout = true
            ancestor = current.superview
        }
    }

    /// Whether the view waits for ``layoutSubviews()``.
    public var needsLayout: Bool { needsLayoutFlag }

    /// Runs the pending update-constraints pass of this view's hierarchy, solving once.
    public func updateConstraintsIfNeeded() {
        ensureEngine().updateConstraintsPass()
    }

    /// Runs the layout pass of this view's hierarchy now if anything is pending:
    /// update constraints (bottom-up, batched), solve, apply frames and call
    /// ``layoutSubviews()`` (top-down).
    public func layoutIfNeeded() {
        ensureEngine().layoutPass()
    }

    /// The engine of this hierarchy with every constraint in its solver, made if there is none
    /// yet (UIKit's `_layoutEngineCreateIfNecessary`): what laying out and measuring need.
    @discardableResult
    func ensureEngine() -> LayoutEngine {
        let engine = engineForActivation()
        engine.materialize()
        return engine
    }

    /// Gives this hierarchy an engine that solves each activation as it comes, as a window's
    /// does, though it is in no window: for replaying what happened in a window, where the order
    /// of the solves decides what breaks (UIKitLogs' replay of a conflict log).
    package func makeEngineSolveAsWindowsDo() {
        ensureEngine()
    }

    /// The engine constraints are activated in. A window's solves them at once. A hierarchy in
    /// no window gets one that only holds them (``LayoutEngine/isDeferring``) until the
    /// hierarchy is laid out or measured, or joins another whose engine solves: UIKit adds a
    /// constraint to an engine only when one is available (`_layoutEngineIfAvailable`, which
    /// `UIWindow` overrides to create its engine; a view's returns the engine it has), so
    /// building a cell's views detached costs no solve.
    func engineForActivation() -> LayoutEngine {
        if let engine = layoutEngine { return engine }
        let root = rootView
        let engine = LayoutEngine(root: root)
        engine.isDeferring = !(root is Window)
        root.ownedEngine = engine
        return engine
    }
}
