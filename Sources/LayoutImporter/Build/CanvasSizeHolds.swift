import LayoutEngine

extension ImportedLayout {
    /// Keeps every view's width and height at 0 or more, as Xcode's canvas does: none of the
    /// 2,704 frames stored by the iOS documents of ten apps (`ib/`, `ib2/`) has a negative size,
    /// where the engine alone, free to compress a view without an intrinsic size, gives ten of
    /// them negative sizes (a spacer view in a stack squeezed to -118 by a priority-250 height,
    /// stored 0 tall with the stack at its content's height). UIKit at run time lets a frame
    /// go negative, so these design-time constraints are made only while reproducing the canvas.
    /// They sit above every priority a file can give (IB offers 1 to 999) and below required,
    /// so they outweigh every optional constraint but never make a layout unsatisfiable: where
    /// the file's required constraints need a negative size (a hidden arranged view's content),
    /// the view gets it and the import reports no conflict the file does not have.
    /// Call ``layOut()`` after (``holdStoredSizes(of:)`` does).
    func holdSizesNonNegative() {
        var holds: [LayoutConstraint] = []
        for design in designFrames {
            for attribute in [LayoutAttribute.width, .height] {
                holds.append(
                    LayoutConstraint(
                        item: design.view, attribute: attribute, relatedBy: .greaterThanOrEqual, toItem: nil,
                        attribute: .notAnAttribute, multiplier: 1, constant: 0, priority: LayoutPriority(999.5),
                        identifier: "IB-canvas-nonnegative-size"))
            }
        }
        LayoutConstraint.activate(holds)
        designTimeConstraints += holds
    }

    /// Holds the stored size of each of `ambiguous`, the views whose layout the file's
    /// constraints leave ambiguous (counted in ``ambiguousViews`` before, so that the import still
    /// reports them), as Xcode's canvas does, and lays the hierarchy out again.
    ///
    /// Where the constraints leave a view's width or height free, the canvas keeps the frame
    /// the view has, which is the one it stores: plain views without an intrinsic size in
    /// centre-aligned stacks are stored 240 points wide and centred, where the engine, free to
    /// choose, makes them 0 wide (with the stacks' suppression off, 11 views in six files of five
    /// apps agree only so). The holds are design-time constraints at priority 52: above a
    /// stack's own fitting (`UISV-spanning-fit`, 51), since the canvas keeps a free view's frame
    /// rather than shrink its stack to the views that are determined (a spacer view stored 60
    /// tall in a top-aligned stack, with the stack 60 tall and its other views 55), and below
    /// every constraint of the corpus's files (the lowest priority any of them gives is 100), so
    /// they decide nothing the file's constraints decide. UIKit at run time has no such constraint, so they are made only while
    /// reproducing the canvas.
    func holdStoredSizes(of ambiguous: [View]) {
        let stored = Dictionary(designFrames.map { (ObjectIdentifier($0.view), $0.frame.size) }, uniquingKeysWith: { first, _ in first })
        var holds: [LayoutConstraint] = []
        for view in ambiguous {
            guard let size = stored[ObjectIdentifier(view)] else { continue }
            holds.append(
                LayoutConstraint(
                    item: view, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1,
                    constant: size.width, priority: LayoutPriority(52), identifier: "IB-canvas-stored-width"))
            holds.append(
                LayoutConstraint(
                    item: view, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1,
                    constant: size.height, priority: LayoutPriority(52), identifier: "IB-canvas-stored-height"))
        }
        LayoutConstraint.activate(holds)
        designTimeConstraints += holds
        layOut()
    }
}
