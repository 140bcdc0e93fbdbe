import LayoutEngine

extension View {
    /// Activates the four constraints that hold this view `insets` in from `container`'s
    /// edges, in this order: leading, trailing, top, bottom.
    ///
    /// It activates them itself rather than return them: the array literal handed straight
    /// to `activate` is not allocated on the heap, and cells run this in the measured region,
    /// where allocations are counted exactly.
    func pinEdges(to container: View, insets: EdgeInsets = .zero) {
        LayoutConstraint.activate([
            leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: insets.leading),
            trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -insets.trailing),
            topAnchor.constraint(equalTo: container.topAnchor, constant: insets.top),
            bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -insets.bottom),
        ])
    }
}
