import LayoutEngine

extension ImportedLayout {
    /// Holds the stored size of every view whose layout the constraints leave ambiguous, as
    /// Xcode's canvas does, and lays the hierarchy out again; records the ambiguous views first
    /// (``ambiguousViews``), so that the import still reports them.
    ///
    /// Where the constraints leave a view's width or height free, the canvas keeps the frame
    /// the view has, which is the one it stores: plain views without an intrinsic size in
    /// centre-aligned stacks are stored 240 points wide and centred, where the engine, free to
    /// choose, makes them 0 wide (with the stacks' suppression off, 11 views in six files of five
    /// apps agree only so). The holds are design-time
    /// constraints at priority 1, below every constraint of the file and every content-size
    /// priority, so they decide nothing the file's constraints decide; UIKit at run time has no
    /// such constraint, so they are made only while reproducing the canvas.
    func holdStoredSizesOfAmbiguousViews() {
        let ambiguous = root.ambiguousViews()
        ambiguousViews = ambiguous.count
        guard !ambiguous.isEmpty else { return }
        let stored = Dictionary(designFrames.map { (ObjectIdentifier($0.view), $0.frame.size) }, uniquingKeysWith: { first, _ in first })
        var holds: [LayoutConstraint] = []
        for view in ambiguous {
            guard let size = stored[ObjectIdentifier(view)] else { continue }
            holds.append(
                LayoutConstraint(
                    item: view, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1,
                    constant: size.width, priority: LayoutPriority(1), identifier: "IB-canvas-stored-width"))
            holds.append(
                LayoutConstraint(
                    item: view, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1,
                    constant: size.height, priority: LayoutPriority(1), identifier: "IB-canvas-stored-height"))
        }
        guard !holds.isEmpty else { return }
        LayoutConstraint.activate(holds)
        designTimeConstraints += holds
        window.layoutIfNeeded()
    }
}
