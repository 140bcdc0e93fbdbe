import LayoutEngine

/// A view made from an Interface Builder element: it keeps the UIKit class name for
/// descriptions and a fixed intrinsic content size chosen by ``IntrinsicSizing``.
final class ImportedView: View {
    let className: String
    var intrinsic: Size

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
