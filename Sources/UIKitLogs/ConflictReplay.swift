import LayoutEngine

/// What replaying one logged conflict in the engine found.
public struct ReplayOutcome: Sendable {
    /// Constraints replayed from the log (repeats counted once).
    public var constraintCount: Int
    /// The log's constraints that Auto Layout would refuse (a position related to the other
    /// axis): not replayed.
    public var refused: [LoggedConstraint] = []
    /// Whether the engine finds the constraints unsatisfiable too.
    public var unsatisfiable: Bool
    /// The log's constraints in a minimal conflicting set (removing any one makes the rest
    /// satisfiable), in log order.
    public var minimalConflict: [LoggedConstraint]
    /// Whether the minimal set is exactly the log's list (every listed constraint needed): the
    /// replay finds the conflict UIKit found.
    public var minimalIsLoggedSet: Bool { unsatisfiable && minimalConflict.count == constraintCount }
    /// What UIKit keeps implicit that the minimal set needs ("sizes are never negative").
    public var implicitRules: [String]
    /// The constraint UIKit broke, from the log's recovery line.
    public var uikitBroke: LoggedConstraint?
    /// The log constraint the engine breaks (its first break), if it is one of the log's.
    public var engineBreaks: LoggedConstraint?
    /// Whether the engine broke the same constraint as UIKit; `nil` when the log does not say.
    public var agree: Bool? {
        guard let uikitBroke, unsatisfiable else { return nil }
        guard let engineBreaks else { return false }
        return engineBreaks.address == uikitBroke.address
    }
    /// The log's constraints in the engine's first conflict set (the mutually exclusive set it
    /// chose from: LayoutEngine+ConflictSet.swift).
    public var engineConflict: [LoggedConstraint] = []
    /// Why the engine and UIKit differ, when they do.
    public var disagreement: String? {
        guard agree == false, let uikitBroke else { return nil }
        let same: (LoggedConstraint) -> Bool = { $0.address == uikitBroke.address }
        if !engineConflict.contains(where: same) {
            return minimalConflict.contains(where: same)
                ? "UIKit's choice is not in the mutually exclusive set the engine found (of the sets that conflict, its filter keeps the one with the constraints the break rule breaks first)"
                : "UIKit's choice is not needed for the conflict in the engine's model: without it the rest still conflicts, so breaking it would not resolve this conflict"
        }
        return "both are in the engine's conflict set; the rule ranks the engine's choice first (docs/break-rule.md)"
    }
    /// The constraint the engine's break rule picks from UIKit's own list (the log's set rather
    /// than the engine's): whether the rule agrees with UIKit given the same candidates.
    public var ruleOnLoggedSet: LoggedConstraint?
    /// Whether ``ruleOnLoggedSet`` is the constraint UIKit broke; `nil` when the log does not say.
    public var ruleAgrees: Bool? {
        guard let uikitBroke else { return nil }
        return ruleOnLoggedSet?.address == uikitBroke.address
    }
    /// Whether the engine breaks the same constraint when the log's constraints are activated
    /// in reverse order inside the one `activate([...])` (neither the conflict set nor the rule
    /// may depend on it).
    public var orderIndependent: Bool
    /// The engine's own console report of its first break (UIKit's format).
    public var engineReport: String?
    /// The pivot of the explanation: the constraint the others cannot satisfy, the value
    /// they allow for its left side, and the value it requires.
    public var tension: Tension?

    public struct Tension: Sendable {
        public var constraint: LoggedConstraint
        /// The value of `first - multiplier × second` that the other constraints come closest to.
        public var othersAllow: Double
        /// The value the constraint requires (its constant).
        public var required: Double
    }
}

/// Rebuilds a logged conflict in the engine and re-solves it.
///
/// Items (by address, else name) become views under one root, with the hierarchy the log
/// shows (`'|'`, stack views, guide owners); every constraint becomes an engine constraint of
/// the matching origin (autoresizing masks stay `NSAutoresizingMaskLayoutConstraint`s with their
/// `h=--& v=--&` text); margins and baselines the log names but does not define get UIKit's
/// defaults; every size gets UIKit's implicit `≥ 0`. All are activated in one batch.
public struct ConflictReplay {
    public let conflict: LoggedConflict
    let model: ReplayModel

    public init(_ conflict: LoggedConflict) {
        self.conflict = conflict
        var model = ReplayModel(conflict: conflict)
        // Autoresizing constraints the log does not show take the values a layout of the rest gives.
        let pending = model.planned.indices.filter { model.planned[$0].valueFromLayout }
        if !pending.isEmpty {
            let rest = Instance(model, model.planned.indices.filter { !model.planned[$0].valueFromLayout })
            for index in pending {
                var plan = model.planned[index]
                if plan.second != nil, plan.first.attribute.isDimension {
                    // A flexible size follows the superview's: the multiplier is the ratio.
                    let size = rest.read(plan.first.key, plan.first.attribute)
                    let container = rest.read(plan.second!.key, plan.second!.attribute)
                    plan.multiplier = container > 0 ? size / container : 1
                    plan.constant = container > 0 ? 0 : size - container
                } else {
                    plan.constant = rest.value(of: plan)
                }
                model.planned[index] = plan
            }
        }
        self.model = model
    }

    /// One engine with the planned constraints at `indices`, activated in that order.
    final class Instance {
        let root = View(name: "replay-root")
        var views: [String: LayoutItem] = [:]
        var made: [ObjectIdentifier: Int] = [:]
        var constraints: [LayoutConstraint] = []
        var reports: [UnsatisfiableConstraintsReport] = []

        /// Makes the constraints in `indices` order; activates the implicit ones first, then the
        /// log's in that order, reversed, or permuted by `logOrder` (positions among the log's
        /// constraints: `logOrder[k]` is activated `k`-th).
        init(
            _ model: ReplayModel, _ indices: [Int], weak: Int? = nil, reverseActivation: Bool = false, logOrder: [Int]? = nil,
            onlyTesting: Bool = false, tally: Tally? = nil
        ) {
            views[ReplayModel.rootKey] = root
            /// The view an item lives in: itself, or a guide's owner.
            func host(_ key: String) -> View {
                let item = view(key)
                if let view = item as? View { return view }
                return (item as! LayoutGuide).owningView ?? root
            }
            func view(_ key: String) -> LayoutItem {
                if let existing = views[key] { return existing }
                let item = model.items[key]!
                let parent = host(item.parent ?? ReplayModel.rootKey)
                if ReplayModel.isGuide(item.className) {
                    // A layout guide: the name keeps the address and identifier for descriptions.
                    let guide = LayoutGuide(identifier: item.name)
                    views[key] = guide
                    parent.addLayoutGuide(guide)
                    return guide
                }
                let made = ReplayView(className: item.className, name: item.name)
                views[key] = made
                parent.addSubview(made)
                return made
            }
            for key in model.order { _ = view(key) }
            // UIKit logged the conflict in a window, whose engine solves as constraints come.
            root.makeEngineSolveAsWindowsDo()
            for index in indices + (weak.map { [$0] } ?? []) {
                let plan = model.planned[index]
                let constraint = LayoutConstraint(
                    rebuilding: plan.origin, item: view(plan.first.key), attribute: plan.first.attribute,
                    relatedBy: plan.relation, toItem: plan.second.map { view($0.key) },
                    attribute: plan.second?.attribute ?? .notAnAttribute, multiplier: plan.multiplier,
                    constant: plan.constant, priority: index == weak ? 1 : plan.priority,
                    identifier: plan.identifier, autoresizingMask: plan.mask)
                made[ObjectIdentifier(constraint)] = index
                constraints.append(constraint)
            }
            // What UIKit keeps implicit holds from the start; the log's constraints follow, in
            // the log's order (or reversed), as one batch.
            let implicit = constraints.filter { !model.planned[made[ObjectIdentifier($0)]!].source.isLog }
            let logged = constraints.filter { model.planned[made[ObjectIdentifier($0)]!].source.isLog }
            let ordered = logOrder.map { order in order.map { logged[$0] } } ?? (reverseActivation ? logged.reversed() : logged)
            if onlyTesting, !implicit.isEmpty {
                // A satisfiability test: the implicit rules (which never conflict among
                // themselves) make the engine, which then breaks whatever the solver refuses
                // without looking for the mutually exclusive set.
                LayoutConstraint.activate(implicit)
                root.layoutEngine?.breakRule = .refusedConstraint
                LayoutConstraint.activate(ordered)
            } else {
                LayoutConstraint.activate(implicit + ordered)
            }
            root.layoutIfNeeded()
            for issue in root.layoutEngine?.recentIssues ?? [] {
                if case .unsatisfiable(let report) = issue { reports.append(report) }
            }
            if let tally, let counters = root.layoutEngine?.solver.counters {
                tally.engines += 1
                tally.constraintsAdded += counters.constraintsAdded
                tally.refusedAdds += counters.unsatisfiableDetections
            }
        }

        /// The planned index of the first constraint the engine broke.
        var firstBroken: Int? {
            reports.first.flatMap { made[ObjectIdentifier($0.brokenConstraint)] }
        }

        /// An attribute as solved (root coordinates).
        func read(_ key: String, _ attribute: LayoutAttribute) -> Double {
            let frame: Rect
            if let view = views[key] as? View {
                frame = view.frameInRoot
            } else {
                let guide = views[key] as! LayoutGuide
                let owner = guide.owningView?.frameInRoot ?? .zero
                let inner = guide.layoutFrame
                frame = Rect(x: owner.minX + inner.minX, y: owner.minY + inner.minY, width: inner.width, height: inner.height)
            }
            switch attribute {
            case .left, .leading: return frame.minX
            case .right, .trailing: return frame.maxX
            case .centerX: return frame.minX + frame.width / 2
            case .width: return frame.width
            case .top: return frame.minY
            case .bottom: return frame.maxY
            case .centerY: return frame.minY + frame.height / 2
            case .height: return frame.height
            case .notAnAttribute: return 0
            }
        }

        /// `first - multiplier × second` of a planned constraint, as solved (root coordinates).
        func value(of plan: ReplayModel.Planned) -> Double {
            var value = read(plan.first.key, plan.first.attribute)
            if let second = plan.second { value -= plan.multiplier * read(second.key, second.attribute) }
            return value
        }
    }

    /// The log's constraint the engine breaks first when the log's constraints are activated
    /// in the order `logOrder` (a permutation of `0..<count` over the replayed log constraints,
    /// see ``replayedLogCount``), after the implicit ones.
    func engineBreaks(activating logOrder: [Int]) -> LoggedConstraint? {
        let instance = Instance(model, Array(model.planned.indices), logOrder: logOrder, tally: tally)
        guard let broken = instance.firstBroken, case .log(let index) = model.planned[broken].source else { return nil }
        return conflict.distinctConstraints[index]
    }

    /// How many of the log's constraints are replayed (the permutations of
    /// ``engineBreaks(activating:)`` are over these).
    var replayedLogCount: Int { model.planned.filter { $0.source.isLog }.count }

    func isUnsatisfiable(_ indices: [Int]) -> Bool {
        !Instance(model, indices, onlyTesting: true, tally: tally).reports.isEmpty
    }

    /// The work of the replays' engines, summed (what bounds a replay's cost, by counts).
    final class Tally: @unchecked Sendable {
        /// Engines built.
        var engines = 0
        /// Constraints added to their solvers, refused adds included.
        var constraintsAdded = 0
        /// Adds their solvers refused (`unsatisfiableDetections`).
        var refusedAdds = 0
    }

    /// What this replay's engines did so far.
    let tally = Tally()

    /// Replays the conflict.
    ///
    /// - Complexity: O(*n*) engine builds for *n* planned constraints (the deletion filter
    ///   that finds the minimal set), each a batch of at most *n* constraints; the filter's
    ///   engines only test satisfiability (one refused add each, ``BreakRule/refusedConstraint``),
    ///   and only the full replay and its reverse look for the mutually exclusive set
    ///   (``tally`` counts the work).
    public func run() -> ReplayOutcome {
        let constraints = conflict.distinctConstraints
        let all = Array(model.planned.indices)
        let full = Instance(model, all, tally: tally)
        let unsatisfiable = !full.reports.isEmpty
        var outcome = ReplayOutcome(
            constraintCount: constraints.count, unsatisfiable: unsatisfiable, minimalConflict: [], implicitRules: [],
            uikitBroke: conflict.broken, engineBreaks: nil, ruleOnLoggedSet: nil, orderIndependent: true,
            engineReport: full.reports.first?.message, tension: nil)
        outcome.refused = model.refused.map { constraints[$0] }
        let logged = full.constraints.filter { full.made[ObjectIdentifier($0)].map { model.planned[$0].source.isLog } ?? false }
        // The rule's fixed sizes that the rest would stretch (LayoutEngine.stretchedSizes), read
        // from a layout of everything else with the size at priority 1.
        var stretched = Set<ObjectIdentifier>()
        for size in logged where LayoutEngine.isPinnedLeafSize(size, among: logged) {
            guard let index = full.made[ObjectIdentifier(size)] else { continue }
            let others = Instance(model, all.filter { $0 != index }, weak: index, tally: tally)
            let plan = model.planned[index]
            if others.reports.isEmpty, others.value(of: plan) > plan.constant + 1e-6 * max(1, abs(plan.constant)) {
                stretched.insert(ObjectIdentifier(size))
            }
        }
        if !logged.isEmpty,
            let index = full.made[ObjectIdentifier(LayoutEngine.constraintToBreak(among: logged, stretched: stretched))],
            case .log(let logIndex) = model.planned[index].source
        {
            outcome.ruleOnLoggedSet = constraints[logIndex]
        }
        guard unsatisfiable else { return outcome }
        if let broken = full.firstBroken, case .log(let index) = model.planned[broken].source {
            outcome.engineBreaks = constraints[index]
        }
        // The log's constraints in the engine's first conflict set.
        if let report = full.reports.first {
            outcome.engineConflict = report.constraints.compactMap { constraint in
                full.made[ObjectIdentifier(constraint)].flatMap { index in
                    if case .log(let logIndex) = model.planned[index].source { constraints[logIndex] } else { nil }
                }
            }
        }
        // The same constraints activated in reverse order: the same constraint must break.
        let reversed = Instance(model, all, reverseActivation: true, tally: tally)
        outcome.orderIndependent = reversed.firstBroken == full.firstBroken
        // Deletion filter: the implicit constraints first, so the set keeps the log's own
        // constraints wherever they suffice; then the log's.
        var kept = all
        let implicitFirst = all.filter { !model.planned[$0].source.isLog } + all.filter { model.planned[$0].source.isLog }
        for candidate in implicitFirst {
            let without = kept.filter { $0 != candidate }
            if isUnsatisfiable(without) { kept = without }
        }
        var implicit: [String] = []
        for index in kept {
            switch model.planned[index].source {
            case .log(let logIndex): outcome.minimalConflict.append(constraints[logIndex])
            case .implicit(let words): if !implicit.contains(words) { implicit.append(words) }
            }
        }
        outcome.implicitRules = implicit
        // The tension: the imposed size if there is one, else the constraint the engine breaks.
        let pivot =
            kept.first { index in
                if case .log(let i) = model.planned[index].source { return constraints[i].isImposedGeometry }
                return false
            } ?? full.firstBroken.flatMap { kept.contains($0) ? $0 : nil } ?? kept.last
        if let pivot, case .log(let logIndex) = model.planned[pivot].source {
            let others = Instance(model, kept.filter { $0 != pivot }, weak: pivot, tally: tally)
            let plan = model.planned[pivot]
            outcome.tension = .init(
                constraint: constraints[logIndex], othersAllow: others.value(of: plan), required: plan.constant)
        }
        return outcome
    }
}
