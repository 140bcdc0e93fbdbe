@_spi(Testing) import Cassowary

/// The layout engine of one view hierarchy (`NSISEngine`): one instrumented
/// ``Cassowary/Solver`` holding the four variables of every view and layout guide
/// that takes part in layout, and one equation per active constraint.
///
/// A ``Window`` owns its engine. A hierarchy without a window gets one at its first
/// activation, which holds the constraints unsolved until the hierarchy is laid out,
/// measured or joins a window (``isDeferring``); when two hierarchies join, the joining
/// engine's constraints move into the other engine and it is thrown away, as UIKit's are.
///
/// Every solver operation the engine performs shows in ``solver``'s counters; an
/// ``eventSink`` receives each operation with its cost, attributed to constraints,
/// views and the operation that caused it.
public final class LayoutEngine {
    /// The solver. Read its `counters` to see what layout cost.
    public let solver = Solver()
    /// The work around the solver: activation calls, ancestor searches, installs,
    /// notifications and `layoutSubviews()` calls (``EngineCounters``).
    public var counters: EngineCounters { _counters }
    var _counters = EngineCounters()
    /// The root of the hierarchy.
    public var root: View? { _root }
    // Stored properties the engine reads per view or per constraint are internal, behind
    // public computed accessors: in a whole-module build the optimizer can then prove that
    // no access overlaps another and drop the runtime exclusivity checks (public stored
    // properties keep them, since other modules may access them).
    unowned(unsafe) var _root: View?

    // Registry of items with variables.
    let items = EngineList<Unmanaged<LayoutItem>>()
    /// Variable id -> registry slot * 4 + component (minX, minY, width, height), or -1.
    let variableOwner = EngineList<Int32>()
    /// Items registered since the last frame update. Unretained, like `items`: the root owns
    /// its engine, so a retained root here would keep a window that never lays out alive
    /// forever; `unregister` removes an item before it can go away.
    let newlyRegistered = EngineList<Unmanaged<LayoutItem>>()
    /// Views registered whose content-size constraints are not installed yet: they go in
    /// at the end of the batch (or the single change) that registered the view. Unretained,
    /// as `newlyRegistered` is.
    let pendingContentSizeViews = EngineList<Unmanaged<View>>()
    var installingContentSizes = false
    /// Registered views whose intrinsic size follows their resolved width (multi-line
    /// labels without a preferred width): LayoutEngine+Wrapping.swift.
    let wrappingViews = EngineList<View>()
    /// Frames show another optimal solution (`exerciseAmbiguityInLayout`): the next
    /// pass copies every frame from the solver again.
    var framesShowExercisedAmbiguity = false
    /// Active constraints (strongly held while installed).
    let activeConstraints = EngineList<LayoutConstraint>()

    // The window's size: edit variables, or required constraints.
    var windowSizeEdits: (width: Variable, height: Variable)?
    var windowSizeConstraints: (width: LayoutConstraint, height: LayoutConstraint)?
    var rootPins: [LayoutConstraint] = []

    /// Layout passes run.
    public var passCount: Int { _passCount }
    var _passCount = 0
    /// Display frames run (``Window/performFrame(_:)``).
    public var frameCount: Int { _frameCount }
    var _frameCount = 0
    var inLayoutPass = false
    var inUpdatePass = false
    var batchDepth = 0
    /// Whether the engine holds its constraints without solving them: the engine of a hierarchy
    /// in no window that has not been laid out or measured yet (``View/engineForActivation()``).
    /// Its constraints are active and installed on their views, its items have no variables, and
    /// its solver is empty until ``materialize()``; when the hierarchy joins another, they move
    /// without ever being solved here.
    var isDeferring = false
    /// Required constraints the solver refused inside the current batch: added again, and
    /// their conflicts resolved, when the batch ends (``resolveRefusedInBatch()``).
    var refusedInBatch: [LayoutConstraint] = []

    /// The rule that chooses which constraint of a conflict to break: UIKit's at run time
    /// (the default), or Interface Builder's canvas (``BreakRule``).
    public var breakRule: BreakRule {
        get { _breakRule }
        set { _breakRule = newValue }
    }

    /// Constraints broken to resolve conflicts, in total.
    public var brokenConstraintCount: Int { _brokenConstraintCount }
    /// Receives every line the engine logs (the UIKit-style conflict reports and
    /// other issues). `nil` by default: benchmarks stay quiet.
    public var logHandler: ((String) -> Void)? {
        get { _logHandler }
        set { _logHandler = newValue }
    }
    /// The most recent issues (at most ``issueHistoryLimit``), oldest first.
    public var recentIssues: [LayoutIssue] { _recentIssues }
    /// How many issues of each kind the engine recorded.
    public var issueCounts: [LayoutIssue.Kind: Int] { _issueCounts }

    // The conflict path's state, internal like `_root` and changed only whole (the
    // collections through `swap`), so that breaking a constraint pays no exclusivity checks.
    var _breakRule: BreakRule = .uikit
    var _brokenConstraintCount = 0
    var _logHandler: ((String) -> Void)?
    var breakObservers: [(token: Int, handler: (UnsatisfiableConstraintsReport) -> Void)] = []
    var nextObserverToken = 1
    var _recentIssues: [LayoutIssue] = []
    var _issueCounts: [LayoutIssue.Kind: Int] = [:]
    /// How many issues ``recentIssues`` keeps.
    public static let issueHistoryLimit = 256

    /// Whether solver variables get names like `Label:title.minX` (for
    /// `solver.dump()`). Off by default: naming costs allocations per item.
    public var namesSolverVariables: Bool {
        get { _namesSolverVariables }
        set { _namesSolverVariables = newValue }
    }
    /// Internal storage, read once per item registered (`_root` says why internal).
    var _namesSolverVariables = false

    /// Receives every engine operation with its solver cost (see ``LayoutEvent``).
    /// `nil` by default: recording costs one check per operation when off.
    ///
    /// The engine retains its sink (a strong reference costs nothing per event; a weak one
    /// would be loaded at every check). Events hold their views and constraints, pass and
    /// frame events the root, and the root owns this engine: a sink that keeps events keeps
    /// the whole hierarchy alive until it is set back to `nil`. `LayoutProfiler` keeps names
    /// only, and its `detach()` clears the sinks it set.
    public var eventSink: LayoutEventSink? {
        get { _eventSink }
        set { _eventSink = newValue }
    }
    var _eventSink: LayoutEventSink?
    var operationStack: [LayoutOperation] = []

    /// App constraints deactivated and activated again at the end of every display frame
    /// (``injectingChurn(constraintsPerFrame:_:)``, read when the engine is made); 0 otherwise.
    var injectedChurnPerFrame = 0

    init() {
        if let instrumentation = LayoutInstrumentation.current { join(instrumentation) }
        if Self.checksSolverInvariants { solver.checksInvariants = true }
        let injectedWork = Self.injectedWorkPerCellUpdate.load(ordering: .relaxed)
        if injectedWork > 0 { solver._injectedWorkPerCellUpdate = injectedWork }
    }

    convenience init(root: View) {
        self.init()
        attach(root: root)
    }

    deinit {
        for constraint in activeConstraints.elements {
            constraint.engine = nil
            constraint.solverConstraint = nil
            constraint.installedView = nil
        }
        for item in items.elements {
            let item = item.takeUnretainedValue()
            item.registeredEngine = nil
            item.variables = nil
        }
    }

    func attach(root: View) {
        self._root = root
    }

    // MARK: - Observers and issues

    /// Calls `handler` with the report of every constraint the engine breaks to
    /// resolve a conflict, with the set of mutually exclusive constraints: the hook
    /// UIKit keeps private (`engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:`).
    ///
    /// - Returns: A token for ``removeBreakObserver(_:)``.
    @discardableResult
    public func addBreakObserver(_ handler: @escaping (UnsatisfiableConstraintsReport) -> Void) -> Int {
        let token = nextObserverToken
        nextObserverToken += 1
        var observers: [(token: Int, handler: (UnsatisfiableConstraintsReport) -> Void)] = []
        swap(&observers, &breakObservers)
        observers.append((token, handler))
        swap(&observers, &breakObservers)
        return token
    }

    /// Stops calling a break observer.
    public func removeBreakObserver(_ token: Int) {
        var observers: [(token: Int, handler: (UnsatisfiableConstraintsReport) -> Void)] = []
        swap(&observers, &breakObservers)
        observers.removeAll { $0.token == token }
        swap(&observers, &breakObservers)
    }

    func record(issue: LayoutIssue) {
        var counts: [LayoutIssue.Kind: Int] = [:]
        swap(&counts, &_issueCounts)
        counts[issue.kind, default: 0] += 1
        swap(&counts, &_issueCounts)
        var issues: [LayoutIssue] = []
        swap(&issues, &_recentIssues)
        issues.append(issue)
        if issues.count > Self.issueHistoryLimit {
            issues.removeFirst(issues.count - Self.issueHistoryLimit)
        }
        swap(&issues, &_recentIssues)
        if case .unsatisfiable = issue {
            // The report was logged when it was made.
        } else {
            _logHandler?(issue.message)
        }
    }

    // MARK: - Batches

    /// Runs `body` as one batch: constraint changes inside it are added to the
    /// solver at once, and one solve runs at the end.
    public func performBatch<Result>(_ body: () throws -> Result) rethrows -> Result {
        beginBatch()
        defer { endBatch() }
        return try body()
    }

    func beginBatch() {
        batchDepth += 1
        solver.beginBatch()
    }

    func endBatch() {
        if batchDepth == 1 { installPendingContentSizeConstraints() }
        let before = eventSink != nil ? solver.counters : nil
        if batchDepth == 1 { resolveRefusedInBatch() }
        batchDepth -= 1
        do {
            try solver.endBatch()
        } catch {
            if case .unsatisfiableBatch(let failures) = error {
                for failure in failures { breakAfterConstantConflict(failure) }
            }
        }
        if batchDepth == 0, let before {
            let cost = solver.counters - before
            if cost.solves > 0 { emit(.batchSolved, cost: cost) }
        }
    }

    /// Whether constraint changes are being batched (inside ``performBatch(_:)``
    /// or the update-constraints pass).
    public var isBatching: Bool { batchDepth > 0 }

    // MARK: - Registration

    /// Gives an item its four variables, with the constraints the engine makes for
    /// it: a window's origin and size, a root's origin, autoresizing-mask
    /// constraints, content-size constraints.
    func register(_ item: LayoutItem) {
        if item.registeredEngine === self { return }
        precondition(item.registeredEngine == nil, "\(item.debugName) is registered in another engine")
        let variables: ItemVariables
        if _namesSolverVariables {
            let prefix = item.debugName
            variables = ItemVariables(
                minX: solver.makeVariable(prefix + ".minX"), minY: solver.makeVariable(prefix + ".minY"),
                width: solver.makeVariable(prefix + ".width"), height: solver.makeVariable(prefix + ".height"))
        } else {
            variables = ItemVariables(
                minX: solver.makeVariable(), minY: solver.makeVariable(),
                width: solver.makeVariable(), height: solver.makeVariable())
        }
        item.variables = variables
        item.registeredEngine = self
        item.registrySlot = Int32(items.count)
        items.append(Unmanaged.passUnretained(item))
        for component in 0..<4 {
            let id = Int(variables[component].id)
            variableOwner.grow(to: id + 1, with: -1)
            variableOwner[id] = item.registrySlot * 4 + Int32(component)
        }
        newlyRegistered.append(Unmanaged.passUnretained(item))
        guard let view = item.asView else {
            if let owner = item.hostView { register(owner) }
            return
        }
        if view === root {
            installRootConstraints(view)
        } else if view.translatesAutoresizingMaskIntoConstraints, let superview = view.superview {
            register(superview)
            installAutoresizingConstraints(view)
        }
        // The content-size constraints go in after the app's constraints of the batch (or
        // the single change) that registered the view, before its solve; UIKit makes them
        // later still, in the update pass. Installed first, they would make the view's size
        // basic before the app relates it to other views, and each such relation would then
        // need an artificial-variable phase (a manual grid of 81 labels: 2665 pivots).
        pendingContentSizeViews.append(Unmanaged.passUnretained(view))
        if view.wrapsToResolvedWidth { trackWrapping(view) }
    }

    /// Installs the content-size constraints of the views registered since the last call.
    func installPendingContentSizeConstraints() {
        guard !installingContentSizes, !pendingContentSizeViews.isEmpty else { return }
        installingContentSizes = true
        // By index: installing may register more views, appended here (no copy, no allocation).
        var index = 0
        while index < pendingContentSizeViews.count {
            let view = pendingContentSizeViews[index].takeUnretainedValue()
            if view.registeredEngine === self { updateContentSizeConstraints(view) }
            index += 1
        }
        pendingContentSizeViews.removeAll(keepingCapacity: true)
        installingContentSizes = false
    }

    /// Removes an item's variables from use: its constraints are deactivated.
    func unregister(_ item: LayoutItem) {
        guard item.registeredEngine === self, let variables = item.variables else { return }
        for component in 0..<4 {
            variableOwner[Int(variables[component].id)] = -1
        }
        let slot = Int(item.registrySlot)
        let last = items.count - 1
        if slot != last {
            let moved = items[last].takeUnretainedValue()
            moved.registrySlot = Int32(slot)
            if let movedVariables = moved.variables {
                for component in 0..<4 {
                    variableOwner[Int(movedVariables[component].id)] = Int32(slot) * 4 + Int32(component)
                }
            }
        }
        items.swapRemove(at: slot)
        item.registrySlot = -1
        item.registeredEngine = nil
        item.variables = nil
        item.hasSolvedFrame = false
        newlyRegistered.removeAll { $0.takeUnretainedValue() === item }
        if let view = item.asView {
            pendingContentSizeViews.removeAll { $0.takeUnretainedValue() === view }
            view.autoresizingConstraints = []
            view.clearContentSizeConstraints()
            if view.isTrackedForWrapping {
                view.isTrackedForWrapping = false
                wrappingViews.removeAll { $0 === view }
            }
        }
    }

    private func installRootConstraints(_ view: View) {
        let pins = [
            LayoutConstraint(
                item: view, attribute: .left, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 0,
                priority: .required, identifier: "root-origin-x", origin: .window),
            LayoutConstraint(
                item: view, attribute: .top, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 0,
                priority: .required, identifier: "root-origin-y", origin: .window),
        ]
        rootPins = pins
        for pin in pins { install(pin, on: nil) }
        guard let window = view as? Window, let variables = view.variables else { return }
        switch window.sizing {
        case .fixed:
            let width = LayoutConstraint(
                item: view, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1,
                constant: window.storedFrame.width, priority: .required, identifier: "window-width", origin: .window)
            let height = LayoutConstraint(
                item: view, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1,
                constant: window.storedFrame.height, priority: .required, identifier: "window-height", origin: .window)
            windowSizeConstraints = (width, height)
            install(width, on: nil)
            install(height, on: nil)
        case .edit(let priority):
            windowSizeEdits = (variables.width, variables.height)
            try? solver.addEditVariable(variables.width, priority: priority.solverPriority)
            try? solver.addEditVariable(variables.height, priority: priority.solverPriority)
            try? solver.suggestValue(window.storedFrame.width, for: variables.width)
            try? solver.suggestValue(window.storedFrame.height, for: variables.height)
        }
    }

    /// Resizes the window. With edit variables, one `windowResized` event carries the
    /// suggestions' cost; with a fixed size, the two constant changes carry it (under a
    /// `windowResize` operation) and `windowResized` is a zero-cost marker.
    func resizeWindow(width: Double, height: Double) {
        if let edits = windowSizeEdits {
            let before = eventSink != nil ? solver.counters : nil
            try? solver.suggestValue(width, for: edits.width)
            try? solver.suggestValue(height, for: edits.height)
            if let before { emit(.windowResized, cost: solver.counters - before, oldValue: 0, newValue: width) }
        } else if let constraints = windowSizeConstraints {
            withOperation(.custom("windowResize")) {
                constraints.width.constant = width
                constraints.height.constant = height
            }
            emit(.windowResized, cost: SolverCounters(), oldValue: 0, newValue: width)
        }
    }

    // MARK: - Activation

    /// Installs constraints in the engines of their hierarchies; more than one (or
    /// `individually == false`) runs as one batch per engine.
    static func activate(_ constraints: [LayoutConstraint], individually: Bool) {
        if constraints.count == 1 { return activate(constraints[0], individually: individually) }
        var groups: [(engine: LayoutEngine, items: [(LayoutConstraint, View)])] = []
        var holding: [LayoutEngine] = []
        for constraint in constraints where constraint.engine == nil {
            let host = installationView(for: constraint)
            let engine = host.engineForActivation()
            if constraint.secondItem != nil { engine._counters.ancestorSearches += 1 }
            if engine.isDeferring {
                if !holding.contains(where: { $0 === engine }) {
                    holding.append(engine)
                    engine._counters.activationCalls += 1
                }
                engine.hold(constraint, on: host)
                continue
            }
            if let index = groups.firstIndex(where: { $0.engine === engine }) {
                groups[index].items.append((constraint, host))
            } else {
                // Room for every constraint: they almost always go to one engine.
                var items: [(LayoutConstraint, View)] = []
                items.reserveCapacity(constraints.count)
                items.append((constraint, host))
                groups.append((engine, items))
            }
        }
        for group in groups {
            group.engine._counters.activationCalls += 1
            let batched = !individually || group.items.count > 1
            group.engine.withOperation(batched ? .activate(count: group.items.count) : .setActive) {
                if batched { group.engine.beginBatch() }
                // Already active (listed twice): nothing to do, as in UIKit.
                for (constraint, host) in group.items where constraint.engine == nil {
                    group.engine.install(constraint, on: host, individually: !batched)
                }
                if batched { group.engine.endBatch() }
            }
        }
    }

    /// ``activate(_:individually:)`` of one constraint, without the grouping by engine.
    static func activate(_ constraint: LayoutConstraint, individually: Bool) {
        guard constraint.engine == nil else { return }
        let host = installationView(for: constraint)
        let engine = host.engineForActivation()
        engine._counters.activationCalls += 1
        if constraint.secondItem != nil { engine._counters.ancestorSearches += 1 }
        if engine.isDeferring { return engine.hold(constraint, on: host) }
        engine.withOperation(individually ? .setActive : .activate(count: 1)) {
            if !individually { engine.beginBatch() }
            if constraint.engine == nil { engine.install(constraint, on: host, individually: individually) }
            if !individually { engine.endBatch() }
        }
    }

    /// The nearest common ancestor of a constraint's items, where UIKit installs it.
    static func installationView(for constraint: LayoutConstraint) -> View {
        guard let first = constraint.firstItem.hostView else {
            preconditionFailure(
                "Unable to activate constraint \(constraint): \(constraint.firstItem.debugName) is a layout guide that belongs to no view. Add it to a view first."
            )
        }
        guard let secondItem = constraint.secondItem else { return first }
        guard let second = secondItem.hostView else {
            preconditionFailure(
                "Unable to activate constraint \(constraint): \(secondItem.debugName) is a layout guide that belongs to no view. Add it to a view first."
            )
        }
        guard let ancestor = commonAncestor(first, second) else {
            preconditionFailure(
                "Unable to activate constraint \(constraint) because \(first.debugName) and \(second.debugName) have no common ancestor. Does the constraint reference items in different view hierarchies? That's illegal."
            )
        }
        return ancestor
    }

    /// The nearest common ancestor of two views (a view is its own ancestor), or `nil` when
    /// they are in different hierarchies: where UIKit installs a constraint between them.
    /// Shared with the profiler, which names a constraint by that view (not API).
    package static func commonAncestor(_ a: View, _ b: View) -> View? {
        // The usual constraints: within a view, to its superview, between siblings.
        if a === b { return a }
        let aParent = a.superview
        let bParent = b.superview
        if aParent === b { return b }
        if bParent === a { return a }
        if let aParent, aParent === bParent { return aParent }
        func depth(_ view: View) -> Int {
            var depth = 0
            var current = view
            while let parent = current.superview {
                depth += 1
                current = parent
            }
            return depth
        }
        var (left, right) = (a, b)
        var (leftDepth, rightDepth) = (depth(a), depth(b))
        while leftDepth > rightDepth {
            left = left.superview!
            leftDepth -= 1
        }
        while rightDepth > leftDepth {
            right = right.superview!
            rightDepth -= 1
        }
        while left !== right {
            guard let nextLeft = left.superview, let nextRight = right.superview else { return nil }
            left = nextLeft
            right = nextRight
        }
        return left
    }

    /// Adds one constraint to the solver. `host` lists it in `host.constraints`
    /// (app and container constraints); engine-made constraints pass `nil`.
    func install(_ constraint: LayoutConstraint, on host: View?, individually: Bool = false) {
        precondition(constraint.engine == nil, "\(constraint) is already active")
        register(constraint.firstItem)
        if let second = constraint.secondItem { register(second) }
        list(constraint, on: host)
        let solverConstraint = constraint.makeSolverConstraint(priority: constraint.priority)
        constraint.solverConstraint = solverConstraint
        measuringSolverCost {
            do throws(SolverError) {
                try solver.add(solverConstraint)
            } catch {
                if case .unsatisfiable(let detail) = error {
                    if batchDepth > 0 {
                        // Resolved when the batch ends, against the whole batch (whatever its order).
                        var refused: [LayoutConstraint] = []
                        swap(&refused, &refusedInBatch)
                        refused.append(constraint)
                        swap(&refused, &refusedInBatch)
                    } else {
                        breakConstraint(constraint, conflicts: detail.conflicts)
                    }
                }
            }
            root?.setNeedsLayout()
        } report: { cost in
            emit(.constraintAdded, constraint: constraint, cost: cost, individually: individually && batchDepth == 0)
        }
        if batchDepth == 0 { installPendingContentSizeConstraints() }
    }

    /// Removes constraints; more than one (or `individually == false`) is one batch.
    func deactivate(_ constraints: [LayoutConstraint], individually: Bool) {
        let batched = !individually || constraints.count > 1
        withOperation(batched ? .deactivate(count: constraints.count) : .setInactive) {
            if batched { beginBatch() }
            for constraint in constraints where constraint.engine === self {
                uninstall(constraint, individually: !batched)
            }
            if batched { endBatch() }
        }
    }

    func uninstall(_ constraint: LayoutConstraint, individually: Bool = false) {
        guard constraint.engine === self else { return }
        // Held unsolved (``isDeferring``): nothing in the solver to take out.
        guard let solverConstraint = constraint.solverConstraint else { return unlist(constraint) }
        measuringSolverCost {
            try? solver.remove(solverConstraint)
            unlist(constraint)
            root?.setNeedsLayout()
        } report: { cost in
            emit(.constraintRemoved, constraint: constraint, cost: cost, individually: individually && batchDepth == 0)
        }
    }

    /// Makes a constraint active here, without solver work: listed in ``activeConstraints``
    /// and, for app and container constraints, in `host`'s ``View/constraints``.
    private func list(_ constraint: LayoutConstraint, on host: View?) {
        constraint.engine = self
        constraint.engineSlot = Int32(activeConstraints.count)
        activeConstraints.append(constraint)
        if let host {
            host.addInstalledConstraint(constraint)
            _counters.constraintsInstalled += 1
        }
    }

    /// Undoes ``list(_:on:)``: the constraint is inactive, on no view, with no solver constraint.
    private func unlist(_ constraint: LayoutConstraint) {
        let slot = Int(constraint.engineSlot)
        activeConstraints.swapRemove(at: slot)?.move(toEngineSlot: Int32(slot))
        if let host = constraint.installedView { host.removeInstalledConstraint(constraint) }
        constraint.engine = nil
        constraint.solverConstraint = nil
        constraint.engineSlot = -1
        constraint.installedView = nil
        constraint.installedSlot = -1
        constraint.isBroken = false
    }

    // MARK: - Constraints held unsolved

    /// Makes a constraint active in a deferring engine: installed on `host` and listed, with no
    /// variables and no solver work (``isDeferring``).
    func hold(_ constraint: LayoutConstraint, on host: View?) {
        precondition(constraint.engine == nil, "\(constraint) is already active")
        list(constraint, on: host)
        root?.setNeedsLayout()
    }

    /// Ends ``isDeferring``: every constraint held goes into the solver in one batch, in the order
    /// they were activated (UIKit's engine, once created, takes the hierarchy's constraints in
    /// one pass). Nothing to do for an engine that solves already.
    func materialize() {
        guard isDeferring else { return }
        isDeferring = false
        let held = Array(activeConstraints.elements)
        guard !held.isEmpty else { return }
        activeConstraints.removeAll()
        for constraint in held {
            constraint.engine = nil
            constraint.engineSlot = -1
        }
        withOperation(.activate(count: held.count)) {
            performBatch {
                // `on: nil`: each is already in the `constraints` of its view.
                for constraint in held { install(constraint, on: nil) }
            }
        }
    }

    // MARK: - In-place updates

    func constantDidChange(_ constraint: LayoutConstraint, from old: Double) {
        guard let solverConstraint = constraint.solverConstraint else { return }
        measuringSolverCost {
            do throws(SolverError) {
                try solver.updateConstant(of: solverConstraint, to: -constraint.constant)
            } catch {
                if case .unsatisfiable(let detail) = error {
                    breakAfterConstantConflict(detail)
                }
            }
            root?.setNeedsLayout()
        } report: { cost in
            emit(.constantChanged, constraint: constraint, cost: cost, oldValue: old, newValue: constraint.constant)
        }
    }

    func priorityDidChange(_ constraint: LayoutConstraint, from old: LayoutPriority) {
        guard let solverConstraint = constraint.solverConstraint else { return }
        measuringSolverCost {
            if constraint.isBroken && constraint.priority.isRequired {
                // Still broken: it keeps holding at the broken priority.
            } else {
                constraint.isBroken = false
                try? solver.updatePriority(of: solverConstraint, to: constraint.priority.solverPriority)
            }
            root?.setNeedsLayout()
        } report: { cost in
            emit(
                .priorityChanged, constraint: constraint, cost: cost,
                oldValue: Double(old.rawValue), newValue: Double(constraint.priority.rawValue))
        }
    }

    func emitRefusedPriorityMutation(_ constraint: LayoutConstraint, to priority: LayoutPriority) {
        guard eventSink != nil else { return }
        emit(
            .priorityMutationRefused, constraint: constraint, cost: SolverCounters(),
            oldValue: Double(constraint.priority.rawValue), newValue: Double(priority.rawValue))
    }
}
