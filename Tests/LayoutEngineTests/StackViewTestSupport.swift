import Testing

@testable import LayoutEngine

// Helpers shared by the stack view suites (StackViewTests, StackViewCellTests,
// StackViewFidelityTests).

// Labels are 7 points per character and 17 points tall (Label's text model):
// "abc" is 21 wide, "hello" 35, "hi" 14.

/// Three labels of widths 21, 35 and 14.
func threeLabels() -> [Label] {
    [Label(text: "abc", name: "a"), Label(text: "hello", name: "b"), Label(text: "hi", name: "c")]
}

/// A window with `stack` pinned at (x, y) (and, if given, its length along the axis).
func host(_ stack: StackView, x: Double = 0, y: Double = 0, width: Double? = nil, height: Double? = nil) -> Window {
    let window = Window(width: 400, height: 300)
    stack.translatesAutoresizingMaskIntoConstraints = false
    window.addSubview(stack)
    var constraints = [
        stack.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: x),
        stack.topAnchor.constraint(equalTo: window.topAnchor, constant: y),
    ]
    if let width { constraints.append(stack.widthAnchor.constraint(equalToConstant: width)) }
    if let height { constraints.append(stack.heightAnchor.constraint(equalToConstant: height)) }
    LayoutConstraint.activate(constraints)
    window.layoutIfNeeded()
    return window
}

func expectFrame(_ view: View, _ expected: Rect, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(view.frame.isClose(to: expected), "\(view.debugName): \(view.frame) != \(expected)", sourceLocation: sourceLocation)
}

func count(_ stack: StackView, _ kind: StackView.GeneratedConstraintKind) -> Int {
    stack.generatedConstraints.filter { $0.identifier == kind.rawValue }.count
}

/// Every stack in a hierarchy, depth first.
func allStacks(in view: View) -> [StackView] {
    var result: [StackView] = []
    func visit(_ view: View) {
        if let stack = view as? StackView { result.append(stack) }
        view.subviews.forEach(visit)
    }
    visit(view)
    return result
}

/// ``threeLabels()`` in a stack (the properties given set, the others left at their defaults),
/// hosted by ``host(_:x:y:width:height:)``.
func hostThreeLabels(
    axis: Axis? = nil, distribution: StackView.Distribution? = nil, spacing: Double? = nil,
    x: Double = 0, y: Double = 0, width: Double? = nil, height: Double? = nil
) -> (stack: StackView, labels: [Label], window: Window) {
    let labels = threeLabels()
    let stack = StackView(arrangedSubviews: labels)
    if let axis { stack.axis = axis }
    if let distribution { stack.distribution = distribution }
    if let spacing { stack.spacing = spacing }
    return (stack, labels, host(stack, x: x, y: y, width: width, height: height))
}

/// Expects each view's frame to be the rectangle at its index.
func expectFrames(_ views: [View], _ expected: [Rect], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(views.count == expected.count, sourceLocation: sourceLocation)
    for (view, frame) in zip(views, expected) {
        expectFrame(view, frame, sourceLocation: sourceLocation)
    }
}
