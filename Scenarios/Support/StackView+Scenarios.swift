import LayoutEngine

extension StackView {
    /// A stack of `views` along `axis`, `spacing` points apart; the cells' stacks are made
    /// this way (set in this order: the views, the axis, the spacing).
    convenience init(arrangedSubviews views: [View], axis: Axis, spacing: Double, name: String) {
        self.init(arrangedSubviews: views, name: name)
        self.axis = axis
        self.spacing = spacing
    }
}
