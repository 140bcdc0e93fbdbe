// Registering a whole hierarchy with its engine up front.

extension View {
    /// Gives this view and every view below it their solver variables now, in one batch, with
    /// the constraints the engine makes for them: autoresizing-mask constraints for views that
    /// translate their mask, content-size constraints for views with an intrinsic size.
    ///
    /// The engine otherwise registers a view only when a constraint names it, so a view that no
    /// constraint names keeps its frame when its superview resizes. UIKit lays such views out by
    /// their autoresizing masks; registering them makes their masks' constraints part of the
    /// layout, so they follow. An importer of a whole document calls it on each root.
    ///
    /// - Complexity: O(n) registrations for n views, one solve.
    public func registerSubtreeInLayoutEngine() {
        let engine = ensureEngine()
        engine.performBatch {
            var stack: [View] = [self]
            while let view = stack.popLast() {
                engine.register(view)
                stack.append(contentsOf: view.subviews.reversed())
            }
        }
    }
}
