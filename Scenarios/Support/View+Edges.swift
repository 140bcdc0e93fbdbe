import LayoutEngine

extension View {
    /// The four constraints that hold this view `insets` in from `container`'s edges, in the
    /// order the scenarios activate them: leading, trailing, top, bottom.
    func edgeConstraints(to container: View, insets: EdgeInsets = .zero) -> [LayoutConstraint] {
        [
            leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: insets.leading),
            trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -insets.trailing),
            topAnchor.constraint(equalTo: container.topAnchor, constant: insets.top),
            bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -insets.bottom),
        ]
    }
}
