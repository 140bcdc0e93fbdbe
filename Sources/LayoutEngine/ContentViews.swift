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
    public var characterWidth: Double {
        get { _characterWidth }
        set { if replace(&_characterWidth, with: newValue) { invalidateIntrinsicContentSize() } }
    }
    /// The height of one line.
    public var lineHeight: Double {
        get { _lineHeight }
        set { if replace(&_lineHeight, with: newValue) { invalidateIntrinsicContentSize() } }
    }
    /// The maximum number of lines; 0 means no limit.
    public var numberOfLines: Int {
        get { _numberOfLines }
        set {
            guard replace(&_numberOfLines, with: newValue) else { return }
            updateWrapping()
            invalidateIntrinsicContentSize()
        }
    }
    /// The width at which multi-line text wraps; 0 (the default) means the width
    /// the label's constraints resolve to.
    public var preferredMaxLayoutWidth: Double {
        get { _preferredMaxLayoutWidth }
        set {
            guard replace(&_preferredMaxLayoutWidth, with: newValue) else { return }
            updateWrapping()
            invalidateIntrinsicContentSize()
        }
    }
    /// The text.
    public var text: String {
        get { _text }
        set {
            // Compared and stored by hand: through `replace`, String's `==` (a call) would
            // run inside the access to `_text` and keep its exclusivity checked at run time.
            guard newValue != _text else { return }
            _text = newValue
            textLength = Label.characterCount(newValue)
            invalidateIntrinsicContentSize()
        }
    }
    /// The width the engine last resolved for a multi-line label without a
    /// ``preferredMaxLayoutWidth`` (0 before the first solve: no wrapping yet).
    public var resolvedWrapWidth: Double { _resolvedWrapWidth }

    // Internal storage behind the public accessors, so that the optimizer can drop the
    // runtime exclusivity checks (see LayoutEngine.root), and the text's length in
    // characters, counted once per change rather than per intrinsic-size query.
    var _characterWidth: Double = 7
    var _lineHeight: Double = 17
    var _numberOfLines = 1
    var _preferredMaxLayoutWidth: Double = 0
    var _text: String
    var textLength: Int
    var _resolvedWrapWidth: Double = 0

    public init(text: String = "", name: String? = nil) {
        self._text = text
        self.textLength = Label.characterCount(text)
        super.init(name: name)
    }

    open override var typeName: String { "Label" }

    /// The number of characters (grapheme clusters) in `text`: one per byte for ASCII text
    /// without carriage returns (a scan of its UTF-8), `String.count` otherwise.
    static func characterCount(_ text: String) -> Int {
        var text = text
        let asciiCount: Int? = text.withUTF8 { bytes in
            for byte in bytes where byte >= 0x80 || byte == 0x0D { return nil }
            return bytes.count
        }
        return asciiCount ?? text.count
    }

    /// The width text wraps at: the explicit preferred width, else the resolved one
    /// for a multi-line label, else 0 (no wrapping).
    var wrapWidth: Double {
        guard _numberOfLines != 1 else { return 0 }
        return _preferredMaxLayoutWidth > 0 ? _preferredMaxLayoutWidth : _resolvedWrapWidth
    }

    open override var intrinsicContentSize: Size {
        let textWidth = Double(textLength) * _characterWidth
        let wrapWidth = wrapWidth
        guard wrapWidth > 0, textWidth > wrapWidth else {
            return Size(width: textWidth, height: textLength == 0 ? 0 : _lineHeight)
        }
        var lines = (textWidth / wrapWidth).rounded(.up)
        if _numberOfLines > 0 { lines = min(lines, Double(_numberOfLines)) }
        return Size(width: wrapWidth, height: lines * _lineHeight)
    }

    private func updateWrapping() {
        let wraps = _numberOfLines != 1 && _preferredMaxLayoutWidth == 0
        if !wraps { _resolvedWrapWidth = 0 }
        setWrapsToResolvedWidth(wraps)
    }

    override func adoptResolvedWidth(_ width: Double) -> Bool {
        let width = max(width, 0)
        // Sub-point noise from the solver must not start another round.
        guard abs(width - _resolvedWrapWidth) > 1e-9 else { return false }
        let before = intrinsicContentSize
        _resolvedWrapWidth = width
        guard intrinsicContentSize != before else { return false }
        invalidateIntrinsicContentSize()
        return true
    }
}

/// An image view: its intrinsic content size is its image's size.
open class ImageView: View {
    /// The image's size, or `nil` for no image (no intrinsic size).
    public var imageSize: Size? {
        get { _imageSize }
        set { if replace(&_imageSize, with: newValue) { invalidateIntrinsicContentSize() } }
    }
    /// Internal storage, read per intrinsic-size query: the optimizer then drops its runtime
    /// exclusivity checks (see `LayoutEngine._root`).
    var _imageSize: Size?

    public init(imageSize: Size? = nil, name: String? = nil) {
        self._imageSize = imageSize
        super.init(name: name)
    }

    open override var typeName: String { "ImageView" }

    open override var intrinsicContentSize: Size { _imageSize ?? .noIntrinsicSize }
}
