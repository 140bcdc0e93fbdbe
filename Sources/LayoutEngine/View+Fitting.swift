// Fitting sizes: `systemLayoutSizeFitting`, which self-sizing cells use.

extension View {
    /// The size that satisfies the view's constraints, as close to `targetSize` as the
    /// fitting priorities ask (`systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`).
    ///
    /// As UIKit's engine does, it runs pending `updateConstraints()` first, then adds
    /// temporary `width == target.width` and `height == target.height` constraints at
    /// the given priorities, solves, reads the size and removes them again (so the
    /// measurement costs two batches). The view's own autoresizing-mask constraints,
    /// which would hold it at its current frame, are lifted for the measurement and
    /// restored in the second batch. A width given at ``LayoutPriority/required`` and
    /// a height at ``LayoutPriority/fittingSizeLevel`` is how a self-sizing cell finds
    /// its height. Multi-line labels inside wrap at the widths this measurement gives
    /// them (one more update pass and solve when a label's height changes).
    ///
    /// A view that is the root of its own hierarchy, in no window (a sizing cell, a view made to
    /// be measured), is measured in an engine built for the call: its constraints move into a new
    /// engine, which solves and is kept only until the next call, as UIKit builds an engine,
    /// fills it, solves and throws it away on every call (WWDC 2018, session 220, "High
    /// Performance Auto Layout": `systemLayoutSizeFitting` is expensive because of it). A
    /// measurement of a view in a window uses the window's engine.
    ///
    /// It cannot measure inside a batch or an update-constraints pass (the solve it
    /// needs is deferred there): that is a programming error.
    public func systemLayoutSizeFitting(
        _ targetSize: Size,
        withHorizontalFittingPriority horizontalPriority: LayoutPriority,
        verticalFittingPriority verticalPriority: LayoutPriority
    ) -> Size {
        rebuildEngineForMeasurement()
        let engine = ensureEngine()
        precondition(
            !engine.isBatching,
            "systemLayoutSizeFitting on \(debugName) inside a batch or an update-constraints pass would read unsolved values; measure outside them")
        // Pending updates are the caller's work (flushed here, as UIKit's measurement
        // does, with the view's own content size); only the measurement itself is
        // attributed to `.fitting`.
        engine.register(self)
        engine.updateConstraintsPass()
        return engine.withOperation(.fitting(self)) {
            let width = LayoutConstraint(
                item: self, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute,
                multiplier: 1, constant: targetSize.width, priority: horizontalPriority, identifier: "fitting-width",
                origin: .fitting)
            let height = LayoutConstraint(
                item: self, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute,
                multiplier: 1, constant: targetSize.height, priority: verticalPriority, identifier: "fitting-height",
                origin: .fitting)
            let lifted = autoresizingConstraints
            engine.performBatch {
                for constraint in lifted { engine.uninstall(constraint) }
                engine.install(width, on: nil)
                engine.install(height, on: nil)
            }
            // The fitting width decides where multi-line labels wrap: re-measure them and
            // solve again before reading the height, as UIKit's second update pass does.
            engine.resolveWrappingWidths()
            let variables = self.variables!
            let size = Size(width: engine.solver.value(of: variables.width), height: engine.solver.value(of: variables.height))
            engine.performBatch {
                engine.uninstall(width)
                engine.uninstall(height)
                for constraint in lifted { engine.install(constraint, on: nil) }
            }
            return size
        }
    }

    /// For a root in no window whose hierarchy has an engine already: a new engine that takes
    /// every constraint of the old one (the old one, emptied, is dropped).
    private func rebuildEngineForMeasurement() {
        guard superview == nil, !(self is Window), let old = ownedEngine, !old.isBatching else { return }
        let fresh = LayoutEngine(root: self)
        ownedEngine = fresh
        fresh.absorb(old)
    }

    /// The smallest size the constraints allow (`layoutFittingCompressedSize`).
    public func systemLayoutSizeFitting(_ targetSize: Size) -> Size {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }
}
