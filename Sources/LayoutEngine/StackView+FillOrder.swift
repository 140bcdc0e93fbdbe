// `.fill`: when arranged views of equal content hugging (or compression resistance)
// priority share extra (or missing) length, the one later in `arrangedSubviews` takes it.
//
// Apple's documentation of `UIStackView.Distribution.fill` says that where hugging and
// compression resistance leave the layout ambiguous, "the stack view resizes the arranged
// views based on their index in the arrangedSubviews array"
// (https://developer.apple.com/documentation/uikit/uistackview/distribution-swift.enum/fill).
// It does not say which end. The model follows the direction of UIKit's other index
// rules, which its generated constraints show: `UISV-fill-proportionally` at 999 − index
// and equal-centering's `UISV-fill-equally` at 150 − index, where the earlier views hold
// and the later ones give way. So the last of the tied views stretches or shrinks.
//
// UIKit's `.fill` set has no constraint for this, so the model adds none either: each
// arranged view's content-size constraints get a solver weight (within their priority)
// that falls with the view's index in `arrangedSubviews`, 2 − i / 1024. Between equal
// priorities the lighter constraint gives way first; between different priorities the
// weights change nothing (priorities are lexicographic). The weight depends on the index
// alone: not on the count, the axis, the distribution, nor on which views are hidden (a
// hidden view's length is held at zero anyway). So hiding, showing, appending, a new axis
// or a new distribution changes no weight, and the updates and rebuilds that follow them cost what
// they cost before. (Across the axis, and under the other distributions, the content-size
// constraints of one priority never pull against each other, so the weights decide
// nothing there.) A view gets its weight when it is arranged, before it joins the stack
// as a subview, so an appended view's content-size constraints are made with it (a first
// layout replaces none). A weight is fixed per solver constraint: an insertion or removal
// before a view, or arranging a view that already had content-size constraints, changes
// its weight and replaces them, inside the stack's rebuild batch.

extension StackView {
    /// The weight of the content-size constraints of the arranged view at `index`.
    static func fillOrderWeight(index: Int) -> Float {
        2 - Float(min(index, 1023)) / 1024
    }

    /// Gives each arranged view its index's weight, replacing content-size constraints
    /// whose weight changed.
    func applyFillOrder(engine: LayoutEngine) {
        for (index, view) in arrangedSubviews.enumerated() {
            setFillOrder(of: view, weight: Self.fillOrderWeight(index: index), engine: engine)
        }
    }

    /// Sets one view's fill-order weight.
    func setFillOrder(of view: View, weight: Float, engine: LayoutEngine?) {
        guard view.fillOrderWeight != weight else { return }
        view.fillOrderWeight = weight
        engine?.contentSizeWeightsDidChange(view)
    }
}
