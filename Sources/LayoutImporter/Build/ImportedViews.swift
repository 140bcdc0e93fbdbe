import LayoutEngine

/// A view made from an Interface Builder element: it keeps the UIKit class name for
/// descriptions and a fixed intrinsic content size chosen by ``IntrinsicSizing``.
final class ImportedView: View {
    let className: String
    var intrinsic: Size
    /// How far the frame extends beyond the alignment rectangle the engine lays out
    /// (`alignmentRectInsets`): a switch's frame is 2 points wider on the right.
    var alignmentInsets = EdgeInsets.zero

    init(className: String, id: String, frame: Rect, intrinsic: Size) {
        self.className = className
        self.intrinsic = intrinsic
        super.init(name: id, frame: frame)
    }

    override var typeName: String { className }
    override var intrinsicContentSize: Size { intrinsic }
}

/// A `<stackView>`: the engine's stack view under UIKit's class name.
final class ImportedStackView: StackView {
    let className: String

    init(className: String, id: String, frame: Rect) {
        self.className = className
        super.init(name: id)
        self.frame = frame
    }

    override var typeName: String { className }
}

/// A `<scrollView>`: the engine's scroll view under UIKit's class name.
final class ImportedScrollView: ScrollView {
    let className: String

    init(className: String, id: String, frame: Rect) {
        self.className = className
        super.init(name: id, frame: frame)
    }

    override var typeName: String { className }
}

extension View {
    /// The frame UIKit would report: the engine's rectangle (the alignment rectangle) grown by
    /// the view's alignment insets.
    var frameIncludingAlignmentInsets: Rect {
        let frame = self.frame
        guard let insets = (self as? ImportedView)?.alignmentInsets, insets != .zero else { return frame }
        return Rect(
            x: frame.minX - insets.leading, y: frame.minY - insets.top,
            width: frame.width + insets.leading + insets.trailing, height: frame.height + insets.top + insets.bottom)
    }
}
