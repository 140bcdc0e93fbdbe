import Cassowary

// The layout cycle: update constraints (bottom-up, one batch), solve, apply the
// solved values to frames, lay out subviews (top-down).

extension LayoutEngine {
    /// Runs the update-constraints pass if any view asked for it: every flagged
    /// view's `updateConstraints()`, children before parents, inside one batch, so
    /// the whole pass costs one solve.
    func updateConstraintsPass() {
        guard let root, root.subtreeNeedsUpdateConstraints || !pendingContentSizeViews.isEmpty else { return }
        emit(.updatePassBegan, view: root, cost: SolverCounters())
        beginBatch()
        inUpdatePass = true
        visitForUpdate(root)
        inUpdatePass = false
        endBatch()
    }

    private func visitForUpdate(_ view: View) {
        guard view.subtreeNeedsUpdateConstraints else { return }
        view.subtreeNeedsUpdateConstraints = false
        for subview in view.subviews {
            visitForUpdate(subview)
        }
        if view.needsContentSizeUpdate { updateContentSizeConstraints(view) }
        if view.needsAutoresizingUpdate { applyAutoresizingUpdate(view) }
        if view.needsUpdateConstraintsFlag {
            view.needsUpdateConstraintsFlag = false
            measuringSolverCost {
                withOperation(.updateConstraints(view)) {
                    view.updateConstraints()
                }
            } report: { cost in
                emit(.updateConstraints, view: view, cost: cost)
            }
        }
    }

    /// Runs a layout pass: the update pass, the solve (twice when a multi-line label's
    /// wrapping width moved: LayoutEngine+Wrapping.swift), frames, then
    /// `layoutSubviews()` top-down on views that need it, repeating (a few times
    /// at most) while layout code invalidates layout again.
    func layoutPass() {
        guard let root else { return }
        if inLayoutPass {
            // layoutIfNeeded() from inside layoutSubviews(): bring values up to date.
            updateConstraintsPass()
            resolveWrappingWidths()
            applySolvedValues()
            return
        }
        inLayoutPass = true
        _passCount += 1
        emit(.passBegan, view: root, cost: SolverCounters())
        let before = eventSink != nil ? solver.counters : nil
        updateConstraintsPass()
        resolveWrappingWidths()
        applySolvedValues()
        var rounds = 0
        while root.subtreeNeedsLayout || root.subtreeNeedsUpdateConstraints {
            rounds += 1
            if rounds > 8 {
                record(
                    issue: .layoutLoop(
                        root,
                        message:
                            "Layout of \(root.debugName) did not settle after 8 rounds: layoutSubviews() or updateConstraints() keeps invalidating layout. Don't call setNeedsLayout() or setNeedsUpdateConstraints() from inside them."
                    ))
                clearLayoutFlags(root)
                break
            }
            visitForLayout(root)
            updateConstraintsPass()
            resolveWrappingWidths()
            applySolvedValues()
        }
        inLayoutPass = false
        if let before {
            emit(.passEnded, view: root, cost: solver.counters - before)
        } else {
            emit(.passEnded, view: root, cost: SolverCounters())
        }
    }

    private func visitForLayout(_ view: View) {
        guard view.subtreeNeedsLayout else { return }
        view.subtreeNeedsLayout = false
        if view.needsLayoutFlag {
            view.needsLayoutFlag = false
            _counters.layoutSubviewsCalls += 1
            measuringSolverCost {
                withOperation(.layoutSubviews(view)) {
                    view.layoutSubviews()
                }
            } report: { cost in
                if cost != SolverCounters() { emit(.layoutSubviews, view: view, cost: cost) }
            }
            if solver.isBatching == false { applySolvedValues() }
        }
        for subview in view.subviews {
            visitForLayout(subview)
        }
    }

    private func clearLayoutFlags(_ view: View) {
        view.subtreeNeedsLayout = false
        view.needsLayoutFlag = false
        view.subtreeNeedsUpdateConstraints = false
        view.needsUpdateConstraintsFlag = false
        for subview in view.subviews { clearLayoutFlags(subview) }
    }

    /// Copies solved values into frames: only the variables that changed since the
    /// last time (plus newly registered items), so the cost follows what moved.
    /// Views whose size changed get `layoutSubviews()` in this pass.
    func applySolvedValues() {
        if framesShowExercisedAmbiguity { restoreSolvedFrames() }
        // Most calls have no newly registered item: skip the loop and the (not inlined) removal.
        if !newlyRegistered.isEmpty {
            for reference in newlyRegistered.elements {
                let item = reference.takeUnretainedValue()
                guard item.registeredEngine === self else { continue }
                guard let variables = item.variables else { continue }
                // Its four variables, each told once.
                _counters.variableNotifications += 4
                item.solvedFrame = Rect(
                    x: solver.value(of: variables.minX), y: solver.value(of: variables.minY),
                    width: solver.value(of: variables.width), height: solver.value(of: variables.height))
                item.hasSolvedFrame = true
                item.asView?.setNeedsLayout()
            }
            newlyRegistered.removeAll(keepingCapacity: true)
        }
        var notified = 0
        solver.forEachChangedVariable { variable, value in
            let id = Int(variable.id)
            guard id < variableOwner.count else { return }
            let owner = variableOwner[id]
            guard owner >= 0 else { return }
            notified += 1
            let item = items[Int(owner >> 2)].takeUnretainedValue()
            switch owner & 3 {
            case 0: item.solvedFrame.origin.x = value
            case 1: item.solvedFrame.origin.y = value
            case 2:
                item.solvedFrame.size.width = value
                item.asView?.setNeedsLayout()
            default:
                item.solvedFrame.size.height = value
                item.asView?.setNeedsLayout()
            }
            item.hasSolvedFrame = true
        }
        _counters.variableNotifications += notified
    }

    /// Puts every frame back to the solver's values after `exerciseAmbiguityInLayout`.
    @inline(never)
    private func restoreSolvedFrames() {
        framesShowExercisedAmbiguity = false
        for slot in items.elements {
            let item = slot.takeUnretainedValue()
            guard let variables = item.variables else { continue }
            let solved = Rect(
                x: solver.value(of: variables.minX), y: solver.value(of: variables.minY),
                width: solver.value(of: variables.width), height: solver.value(of: variables.height))
            guard solved != item.solvedFrame else { continue }
            item.solvedFrame = solved
            item.asView?.setNeedsLayout()
        }
    }

    // MARK: - Frames (display cycles)

    func beginFrame() {
        _frameCount += 1
        emit(.frameBegan, view: root, cost: SolverCounters())
    }

    func endFrame() {
        emit(.frameEnded, view: root, cost: SolverCounters())
    }
}
