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
            measuredSize = nil
            invalidateIntrinsicContentSize()
        }
    }
    /// The width the engine last resolved for a multi-line label without a
    /// ``preferredMaxLayoutWidth`` (0 before the first solve: no wrapping yet).
    public var resolvedWrapWidth: Double { _resolvedWrapWidth }
    /// The font the text is measured in (the system font at 17 points by default). It matters
    /// only with a ``textMeasurer``; the engine's own text model ignores it.
    public var font: Font {
        get { _font }
        set {
            guard newValue != _font else { return }
            _font = newValue
            invalidateMeasuredText()
        }
    }
    /// What measures the text (`nil`: the engine's own model, ``characterWidth`` a character and
    /// ``lineHeight`` a line). With a measurer, the label keeps the last size it measured, for
    /// its text, font and wrapping width, as UILabel keeps its intrinsic size until the text
    /// changes: repeated queries of an unchanged label measure nothing.
    public var textMeasurer: TextMeasuring? {
        get { _textMeasurer }
        set {
            guard newValue !== _textMeasurer else { return }
            _textMeasurer = newValue
            invalidateMeasuredText()
        }
    }

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
    var _font = Font.labelDefault
    var _textMeasurer: TextMeasuring?
    /// The last size the measurer gave, and the wrapping width it was measured at.
    var measuredSize: (width: Double, size: Size)?

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
        if _textMeasurer != nil { return measuredTextSize(wrapWidth: wrapWidth) }
        let textWidth = Double(textLength) * _characterWidth
        let wrapWidth = wrapWidth
        guard wrapWidth > 0, textWidth > wrapWidth else {
            return Size(width: textWidth, height: textLength == 0 ? 0 : _lineHeight)
        }
        var lines = (textWidth / wrapWidth).rounded(.up)
        if _numberOfLines > 0 { lines = min(lines, Double(_numberOfLines)) }
        return Size(width: wrapWidth, height: lines * _lineHeight)
    }

    /// The size of the text wrapped at `width` (0: one line) and cut to ``numberOfLines``, as
    /// `UILabel.sizeThatFits(_:)` gives it: what `sizeToFit()` sets the frame to. Measured by the
    /// ``textMeasurer`` when there is one (its measurement counted there), else by the engine's
    /// text model.
    public func sizeThatFits(width: Double) -> Size {
        guard let measurer = _textMeasurer else {
            let textWidth = Double(textLength) * _characterWidth
            guard _numberOfLines != 1, width > 0, textWidth > width else {
                return Size(width: textWidth, height: textLength == 0 ? 0 : _lineHeight)
            }
            var lines = (textWidth / width).rounded(.up)
            if _numberOfLines > 0 { lines = min(lines, Double(_numberOfLines)) }
            return Size(width: width, height: lines * _lineHeight)
        }
        if _text.isEmpty { return .zero }
        return measurer.size(of: _text, font: _font, width: _numberOfLines == 1 ? 0 : width, lines: _numberOfLines)
    }

    /// The measurer's size at `wrapWidth`, measured again only when the text, the font, the
    /// measurer or the width changed.
    private func measuredTextSize(wrapWidth: Double) -> Size {
        if let measured = measuredSize, measured.width == wrapWidth { return measured.size }
        let size = sizeThatFits(width: wrapWidth)
        measuredSize = (wrapWidth, size)
        return size
    }

    private func invalidateMeasuredText() {
        measuredSize = nil
        invalidateIntrinsicContentSize()
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
