import Cassowary

// Constraints the engine makes for views (autoresizing masks, intrinsic content
// sizes) and how hierarchies join and split.

extension LayoutEngine {
    // MARK: - Autoresizing mask constraints

    /// Makes a view's frame into constraints relative to its superview, as UIKit's
    /// `NSAutoresizingMaskLayoutConstraint`s: two per axis, fully determining the
    /// view's position and size.
    func installAutoresizingConstraints(_ view: View) {
        guard let superview = view.superview, view.autoresizingConstraints.isEmpty else { return }
        register(superview)
        let constraints = makeAutoresizingConstraints(for: view, in: superview)
        view.autoresizingConstraints = constraints
        withOperation(.autoresizing(view)) {
            for constraint in constraints { install(constraint, on: nil) }
        }
    }

    func removeAutoresizingConstraints(_ view: View) {
        let constraints = view.autoresizingConstraints
        view.autoresizingConstraints = []
        withOperation(.autoresizing(view)) {
            for constraint in constraints { uninstall(constraint) }
        }
    }

    /// UIKit's `h=--& v=--&` text for a mask: per axis the leading margin, the size and
    /// the trailing margin, `&` flexible and `-` fixed. An axis with nothing flexible
    /// prints its trailing margin as `&`, as UIKit does (the default mask is `h=--& v=--&`):
    /// the origin and size hold, and the trailing margin takes whatever the superview's
    /// size leaves.
    static func autoresizingText(_ mask: AutoresizingMask) -> String {
        func axis(_ leading: Bool, _ size: Bool, _ trailing: Bool) -> String {
            let fixed = !leading && !size && !trailing
            return (leading ? "&" : "-") + (size ? "&" : "-") + (trailing || fixed ? "&" : "-")
        }
        return "h=" + axis(mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin))
            + " v=" + axis(mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin))
    }

    /// The autoresizing constraints for the view's stored frame. Flexible parts
    /// follow the superview: a flexible margin lets that edge float, a flexible size
    /// scales with the superview; both margins flexible keep the center's offset.
    func makeAutoresizingConstraints(for view: View, in superview: View) -> [LayoutConstraint] {
        let mask = view.autoresizingMask
        let frame = view.storedFrame
        let container = superview.frame.size
        let text = Self.autoresizingText(mask)
        func axis(
            leading: LayoutAttribute, trailing: LayoutAttribute, center: LayoutAttribute, size: LayoutAttribute,
            position: Double, length: Double, containerLength: Double,
            flexibleLeading: Bool, flexibleSize: Bool, flexibleTrailing: Bool
        ) -> [LayoutConstraint] {
            func make(_ attribute: LayoutAttribute, _ second: LayoutAttribute?, multiplier: Double = 1, _ constant: Double) -> LayoutConstraint {
                let constraint = LayoutConstraint(
                    item: view, attribute: attribute, relatedBy: .equal, toItem: second == nil ? nil : superview,
                    attribute: second ?? .notAnAttribute, multiplier: multiplier, constant: constant, priority: .required,
                    identifier: nil, origin: .autoresizingMask)
                constraint.autoresizingDescription = text
                return constraint
            }
            let trailingMargin = containerLength - position - length
            let scale = containerLength > 0 ? length / containerLength : 1
            switch (flexibleLeading, flexibleSize, flexibleTrailing) {
            case (false, false, _):
                return [make(leading, leading, position), make(size, nil, length)]
            case (true, false, false):
                return [make(trailing, trailing, -trailingMargin), make(size, nil, length)]
            case (true, false, true):
                return [make(center, center, position + length / 2 - containerLength / 2), make(size, nil, length)]
            case (false, true, false):
                return [make(leading, leading, position), make(trailing, trailing, -trailingMargin)]
            case (false, true, true):
                return [make(leading, leading, position), make(size, size, multiplier: scale, 0)]
            case (true, true, false):
                return [make(trailing, trailing, -trailingMargin), make(size, size, multiplier: scale, 0)]
            case (true, true, true):
                return [make(center, center, position + length / 2 - containerLength / 2), make(size, size, multiplier: scale, 0)]
            }
        }
        return axis(
            leading: .left, trailing: .right, center: .centerX, size: .width,
            position: frame.minX, length: frame.width, containerLength: container.width,
            flexibleLeading: mask.contains(.flexibleLeftMargin), flexibleSize: mask.contains(.flexibleWidth),
            flexibleTrailing: mask.contains(.flexibleRightMargin))
            + axis(
                leading: .top, trailing: .bottom, center: .centerY, size: .height,
                position: frame.minY, length: frame.height, containerLength: container.height,
                flexibleLeading: mask.contains(.flexibleTopMargin), flexibleSize: mask.contains(.flexibleHeight),
                flexibleTrailing: mask.contains(.flexibleBottomMargin))
    }

    /// A view's frame was set: its autoresizing constraints take the new values in the
    /// next update pass (constant updates, batched), or the window resizes at once.
    func frameDidChange(_ view: View) {
        if view === root, view is Window {
            resizeWindow(width: view.storedFrame.width, height: view.storedFrame.height)
            return
        }
        guard view.registeredEngine === self, view.translatesAutoresizingMaskIntoConstraints,
            view.superview != nil, !view.autoresizingConstraints.isEmpty
        else { return }
        view.needsAutoresizingUpdate = true
        view.markSubtreeNeedsUpdate()
        view.setNeedsLayout()
    }

    /// Applies a changed frame to the autoresizing constraints, in place when their
    /// shape is unchanged.
    func applyAutoresizingUpdate(_ view: View) {
        view.needsAutoresizingUpdate = false
        guard view.registeredEngine === self, view.translatesAutoresizingMaskIntoConstraints,
            let superview = view.superview, !view.autoresizingConstraints.isEmpty
        else { return }
        let fresh = makeAutoresizingConstraints(for: view, in: superview)
        let existing = view.autoresizingConstraints
        let sameShape = zip(fresh, existing).allSatisfy {
            $0.firstAttribute == $1.firstAttribute && $0.secondAttribute == $1.secondAttribute && $0.multiplier == $1.multiplier
        }
        withOperation(.autoresizing(view)) {
            if sameShape {
                for (update, constraint) in zip(fresh, existing) where update.constant != constraint.constant {
                    constraint.constant = update.constant
                }
            } else {
                removeAutoresizingConstraints(view)
                installAutoresizingConstraints(view)
            }
        }
    }

    /// `translatesAutoresizingMaskIntoConstraints` or the mask changed.
    func autoresizingDidChange(_ view: View) {
        guard view.registeredEngine === self, view !== root else { return }
        if !view.autoresizingConstraints.isEmpty { removeAutoresizingConstraints(view) }
        if view.translatesAutoresizingMaskIntoConstraints, view.superview != nil {
            installAutoresizingConstraints(view)
        }
    }

    // MARK: - Intrinsic content size

    /// Keeps the four content-size constraints in step with the intrinsic size:
    /// `width <= w` at the hugging priority, `width >= w` at the compression
    /// resistance priority, the same for the height. A changed size changes the
    /// constants in place; only a dimension gaining or losing its metric adds or
    /// removes constraints.
    func updateContentSizeConstraints(_ view: View) {
        view.needsContentSizeUpdate = false
        let size = view.intrinsicContentSize
        withOperation(.intrinsicSize(view)) {
            for index in 0..<4 {
                let isWidth = index < 2
                let metric = isWidth ? size.width : size.height
                let existing = view.contentSizeConstraints[index]
                if metric < 0 {
                    if let existing {
                        uninstall(existing)
                        view.setContentSizeConstraint(nil, at: index)
                    }
                    continue
                }
                if let existing {
                    if existing.constant != metric { existing.constant = metric }
                    continue
                }
                let constraint = makeContentSizeConstraint(view, index: index, metric: metric)
                view.setContentSizeConstraint(constraint, at: index)
                install(constraint, on: nil)
            }
        }
    }

    func contentSizePriority(_ view: View, index: Int) -> LayoutPriority {
        switch index {
        case 0: view.huggingPriorities.horizontal
        case 1: view.compressionPriorities.horizontal
        case 2: view.huggingPriorities.vertical
        default: view.compressionPriorities.vertical
        }
    }

    func makeContentSizeConstraint(_ view: View, index: Int, metric: Double) -> LayoutConstraint {
        LayoutConstraint(
            item: view, attribute: index < 2 ? .width : .height,
            relatedBy: index % 2 == 0 ? .lessThanOrEqual : .greaterThanOrEqual, toItem: nil, attribute: .notAnAttribute,
            multiplier: 1, constant: metric, priority: contentSizePriority(view, index: index),
            identifier: index % 2 == 0 ? "hug" : "compression", origin: .contentSize)
    }

    /// Remakes a view's content-size constraints whose weight no longer matches its
    /// fill order (a replacement each: the solver's weights are fixed per constraint).
    func contentSizeWeightsDidChange(_ view: View) {
        guard view.registeredEngine === self else { return }
        withOperation(.intrinsicSize(view)) {
            for index in 0..<4 {
                guard let existing = view.contentSizeConstraints[index],
                    let installed = existing.solverConstraint, installed.weight != Double(view.fillOrderWeight)
                else { continue }
                uninstall(existing)
                let replacement = makeContentSizeConstraint(view, index: index, metric: existing.constant)
                view.setContentSizeConstraint(replacement, at: index)
                install(replacement, on: nil)
            }
        }
    }

    /// Hugging or compression priorities changed: non-required to non-required is an
    /// in-place priority update; across required, the constraint is replaced.
    func contentPrioritiesDidChange(_ view: View) {
        guard view.registeredEngine === self else { return }
        withOperation(.intrinsicSize(view)) {
            for index in 0..<4 {
                guard let existing = view.contentSizeConstraints[index] else { continue }
                let wanted = contentSizePriority(view, index: index)
                guard wanted != existing.priority else { continue }
                if existing.priority.changesInPlace(to: wanted) && !existing.isBroken {
                    existing.priority = wanted
                } else {
                    uninstall(existing)
                    let replacement = makeContentSizeConstraint(view, index: index, metric: existing.constant)
                    view.setContentSizeConstraint(replacement, at: index)
                    install(replacement, on: nil)
                }
            }
        }
    }

    // MARK: - Hierarchies joining and splitting

    /// A subview joined a hierarchy. Its old engine (it was a root) moves into the
    /// new hierarchy: re-rooted if the new hierarchy has none, else its constraints
    /// are added here and the old engine is thrown away (``absorb(_:)``). A registered
    /// subview that translates its autoresizing mask gets its constraints.
    static func hierarchyDidJoin(child: View, parent: View) {
        let newRoot = parent.rootView
        if let childEngine = child.ownedEngine {
            child.ownedEngine = nil
            if let parentEngine = newRoot.ownedEngine {
                parentEngine.absorb(childEngine)
            } else {
                childEngine.reroot(to: newRoot)
            }
        }
        if let engine = child.registeredEngine, child.translatesAutoresizingMaskIntoConstraints {
            engine.installAutoresizingConstraints(child)
        }
    }

    /// Makes this engine the engine of a larger hierarchy whose root had none.
    func reroot(to newRoot: View) {
        let pins = rootPins
        rootPins = []
        for pin in pins { uninstall(pin) }
        _root = newRoot
        newRoot.ownedEngine = self
    }

    /// Moves every constraint of another engine into this one, in one batch, and throws the
    /// other away. Its app and container constraints are added here (their views keep them in
    /// ``View/constraints``); its own (autoresizing, content size, root pins) are made again
    /// here as the items register.
    ///
    /// Throwing an engine away costs no solver work: UIKit releases the engine object, it does
    /// not take constraints out of it one by one (`systemLayoutSizeFitting` builds an engine,
    /// solves and discards it on every call: WWDC 2018, session 220). The other engine's rows
    /// are never touched again.
    func absorb(_ other: LayoutEngine) {
        var moving: [LayoutConstraint] = []
        moving.reserveCapacity(other.activeConstraints.count)
        for constraint in other.activeConstraints.elements where constraint.origin == .app || constraint.origin == .container {
            moving.append(constraint)
        }
        other.discard()
        // A deferring engine takes them unsolved, as it took its own.
        if isDeferring {
            for constraint in moving { hold(constraint, on: nil) }
            return
        }
        performBatch {
            withOperation(.hierarchyChange) {
                // `on: nil`: each stays in the `constraints` of the view it was installed on.
                for constraint in moving { install(constraint, on: nil) }
            }
        }
    }

    /// Forgets every constraint and item, as releasing the engine does: no solver work, no
    /// events, and the solver's memory returned (its counters kept). Constraints become
    /// inactive (app and container ones stay in their views' ``View/constraints`` for
    /// ``absorb(_:)`` to add elsewhere); items lose their variables.
    private func discard() {
        for constraint in activeConstraints.elements {
            if constraint.origin != .app && constraint.origin != .container, let host = constraint.installedView {
                host.removeInstalledConstraint(constraint)
                constraint.installedView = nil
                constraint.installedSlot = -1
            }
            constraint.engine = nil
            constraint.solverConstraint = nil
            constraint.engineSlot = -1
            constraint.isBroken = false
        }
        activeConstraints.removeAll()
        for reference in items.elements {
            let item = reference.takeUnretainedValue()
            item.registrySlot = -1
            item.registeredEngine = nil
            item.variables = nil
            item.hasSolvedFrame = false
            if let view = item.asView {
                view.autoresizingConstraints = []
                view.clearContentSizeConstraints()
                view.isTrackedForWrapping = false
            }
        }
        items.removeAll()
        wrappingViews.removeAll()
        newlyRegistered.removeAll()
        pendingContentSizeViews.removeAll()
        rootPins = []
        windowSizeConstraints = nil
        // The tableau's memory goes too, as with the released engine; the counters stay for
        // whoever reports this engine's work (a scenario's run holds its engines until it ends).
        solver.discardAll()
    }

    /// A subview is about to leave its superview. Constraints between its subtree and
    /// the rest are deactivated (as UIKit does); constraints inside the subtree are
    /// removed here and returned, to be added to the subtree's own engine.
    static func hierarchyWillSplit(child: View, parent: View) -> [(LayoutConstraint, View?)] {
        guard let engine = parent.layoutEngine else { return [] }
        // By serial, not address: the hashes stay the same from one machine to the next.
        var members = Set<Int>()
        var stack = [child]
        while let view = stack.popLast() {
            members.insert(view.serial)
            for guide in view.layoutGuides { members.insert(guide.serial) }
            stack.append(contentsOf: view.subviews)
        }
        func inside(_ item: LayoutItem?) -> Bool? {
            guard let item else { return nil }
            return members.contains(item.serial)
        }
        var moving: [(LayoutConstraint, View?)] = []
        var leaving: [LayoutConstraint] = []
        for constraint in engine.activeConstraints.elements {
            let first = inside(constraint.firstItem)!
            let second = inside(constraint.secondItem) ?? first
            guard first || second else { continue }
            // App and container constraints inside the subtree move with it; the
            // engine's own (autoresizing, content size) are made again on registration.
            if first && second && (constraint.origin == .app || constraint.origin == .container) {
                moving.append((constraint, constraint.installedView))
            }
            leaving.append(constraint)
        }
        engine.performBatch {
            engine.withOperation(.hierarchyChange) {
                for constraint in leaving { engine.uninstall(constraint) }
            }
        }
        for item in engine.items.elements.map({ $0.takeUnretainedValue() }) where members.contains(item.serial) {
            engine.unregister(item)
        }
        return moving
    }

    /// Adds constraints that moved with a subtree to the subtree's own engine.
    static func reinstall(_ moving: [(LayoutConstraint, View?)], in subtreeRoot: View) {
        guard !moving.isEmpty else { return }
        // The subtree is in no window now: its engine holds them until it is laid out.
        let engine = subtreeRoot.engineForActivation()
        if engine.isDeferring {
            for (constraint, host) in moving { engine.hold(constraint, on: host) }
            return
        }
        engine.performBatch {
            engine.withOperation(.hierarchyChange) {
                for (constraint, host) in moving { engine.install(constraint, on: host) }
            }
        }
    }

    /// A layout guide is leaving its view: its constraints are deactivated.
    func itemWillLeave(_ item: LayoutItem) {
        if isDeferring {
            let using = activeConstraints.elements.filter { $0.firstItem === item || $0.secondItem === item }
            for constraint in using { uninstall(constraint) }
            return
        }
        guard item.registeredEngine === self else { return }
        let using = activeConstraints.elements.filter { $0.firstItem === item || $0.secondItem === item }
        deactivate(using, individually: false)
        unregister(item)
    }
}
