/// A text label with an intrinsic content size from a simple, deterministic text
/// model: each character is `characterWidth` points wide, each line `lineHeight`
/// points tall. Setting ``text`` changes the intrinsic size in place.
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
        didSet { if oldValue != numberOfLines { invalidateIntrinsicContentSize() } }
    }
    /// The width at which multi-line text wraps (0: no wrapping).
    public var preferredMaxLayoutWidth: Double = 0 {
        didSet { if oldValue != preferredMaxLayoutWidth { invalidateIntrinsicContentSize() } }
    }
    /// The text.
    public var text: String {
        didSet { if oldValue != text { invalidateIntrinsicContentSize() } }
    }

    public init(text: String = "", name: String? = nil) {
        self.text = text
        super.init(name: name)
    }

    open override var typeName: String { "Label" }

    open override var intrinsicContentSize: Size {
        let textWidth = Double(text.count) * characterWidth
        guard numberOfLines != 1, preferredMaxLayoutWidth > 0, textWidth > preferredMaxLayoutWidth else {
            return Size(width: textWidth, height: text.isEmpty ? 0 : lineHeight)
        }
        var lines = (textWidth / preferredMaxLayoutWidth).rounded(.up)
        if numberOfLines > 0 { lines = min(lines, Double(numberOfLines)) }
        return Size(width: preferredMaxLayoutWidth, height: lines * lineHeight)
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
