/// A text label with an intrinsic content size from a simple, deterministic text
/// model: each character is `characterWidth` points wide, each line `lineHeight`
/// points tall. Setting ``text`` changes the intrinsic size in place.
///
/// A multi-line label (``numberOfLines`` 0 or more than 1) wraps at
/// ``preferredMaxLayoutWidth`` when one is set. Without one it wraps at the width
/// its constraints give it, as UIKit's labels do: the engine solves, hands the
/// label its resolved width, and solves again with the wrapped height (the second
/// update pass, LayoutEngine+Wrapping.swift).
open class Label: View {
    /// The width of one character.
    public var characterWidth: Double = 7 {
        didSet { if oldValue != characterWidth { invalidateIntrinsicContentSize() } }
    }
    /// The height of one line.
    public var lineHeight: Double = 17 {
        didSet { if oldValue != lineHeight { invalidateIntrinsicContentSize() } }
    }
    /// The maximum number of lines; 0 means no limit.
    public var numberOfLines = 1 {
        didSet {
            guard oldValue != numberOfLines else { return }
            updateWrapping()
            invalidateIntrinsicContentSize()
        }
    }
    /// The width at which multi-line text wraps; 0 (the default) means the width
    /// the label's constraints resolve to.
    public var preferredMaxLayoutWidth: Double = 0 {
        didSet {
            guard oldValue != preferredMaxLayoutWidth else { return }
            updateWrapping()
            invalidateIntrinsicContentSize()
        }
    }
    /// The text.
    public var text: String {
        didSet { if oldValue != text { invalidateIntrinsicContentSize() } }
    }
    /// The width the engine last resolved for a multi-line label without a
    /// ``preferredMaxLayoutWidth`` (0 before the first solve: no wrapping yet).
    public private(set) var resolvedWrapWidth: Double = 0

    public init(text: String = "", name: String? = nil) {
        self.text = text
        super.init(name: name)
    }

    open override var typeName: String { "Label" }

    /// The width text wraps at: the explicit preferred width, else the resolved one
    /// for a multi-line label, else 0 (no wrapping).
    var wrapWidth: Double {
        guard numberOfLines != 1 else { return 0 }
        return preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : resolvedWrapWidth
    }

    open override var intrinsicContentSize: Size {
        let textWidth = Double(text.count) * characterWidth
        let wrapWidth = wrapWidth
        guard wrapWidth > 0, textWidth > wrapWidth else {
            return Size(width: textWidth, height: text.isEmpty ? 0 : lineHeight)
        }
        var lines = (textWidth / wrapWidth).rounded(.up)
        if numberOfLines > 0 { lines = min(lines, Double(numberOfLines)) }
        return Size(width: wrapWidth, height: lines * lineHeight)
    }

    private func updateWrapping() {
        let wraps = numberOfLines != 1 && preferredMaxLayoutWidth == 0
        if !wraps { resolvedWrapWidth = 0 }
        setWrapsToResolvedWidth(wraps)
    }

    override func adoptResolvedWidth(_ width: Double) -> Bool {
        let width = max(width, 0)
        // Sub-point noise from the solver must not start another round.
        guard abs(width - resolvedWrapWidth) > 1e-9 else { return false }
        let before = intrinsicContentSize
        resolvedWrapWidth = width
        guard intrinsicContentSize != before else { return false }
        invalidateIntrinsicContentSize()
        return true
    }
}

/// An image view: its intrinsic content size is its image's size.
open class ImageView: View {
    /// The image's size, or `nil` for no image (no intrinsic size).
    public var imageSize: Size? {
        didSet { if oldValue != imageSize { invalidateIntrinsicContentSize() } }
    }

    public init(imageSize: Size? = nil, name: String? = nil) {
        self.imageSize = imageSize
        super.init(name: name)
    }

    open override var typeName: String { "ImageView" }

    open override var intrinsicContentSize: Size { imageSize ?? .noIntrinsicSize }
}
