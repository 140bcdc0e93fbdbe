import CHarfBuzz
import LayoutEngine

/// Measures text as `UILabel.sizeThatFits` and `intrinsicContentSize` do, with Inter shaped by
/// HarfBuzz at FreeType's advances (docs/text.md).
///
/// A measurement shapes each paragraph of the text (HarfBuzz, kerning and ligatures
/// included), breaks it into lines at the width (``LineBreaker``: at spaces and after
/// hyphens; inside a word wider than the line, between clusters), and returns the widest
/// line's width and the lines' height, each rounded up to a pixel of a 3x screen. Results are
/// cached per text, font, width and line limit, as UILabel's and Core Text's caching gives
/// repeated measurements of the same text; ``counters`` count the work exactly.
///
/// ```swift
/// let measurer = try TextMeasurer()
/// let size = measurer.size(of: "Hello, world", font: .preferred(.body), width: 0, lines: 1)
/// ```
///
/// A measurer owns a FreeType library, its sized fonts and one HarfBuzz buffer that every
/// measurement reuses, so it is not `Sendable`: make one per thread.
///
/// Limits (docs/text.md, "Limits"): a text over ``maximumTextBytes`` bytes of UTF-8 is refused
/// by ``measure(_:font:maxWidth:numberOfLines:)`` (``TextError/Code/textTooLong``) and
/// estimated by ``size(of:font:width:lines:)``; a paragraph is shaped in runs of at most
/// ``shapingRunBytes`` bytes; the cache holds at most ``cacheEntryLimit`` results and
/// ``cacheByteLimit`` bytes of text; at most ``sizedFontLimit`` sized fonts stay open.
public final class TextMeasurer {
    /// The longest text measured exactly: 1 MiB of UTF-8. A hostile input (a document's
    /// megabytes of text in one label) would otherwise cost shaping time in proportion.
    public static let maximumTextBytes = 1 << 20
    /// The longest run shaped in one `hb_shape` call, in bytes: a longer paragraph is shaped in
    /// pieces split after a space (or, in a longer word, at a character boundary), so that
    /// HarfBuzz's buffer stays small whatever the text.
    public static let shapingRunBytes = 4096
    /// The most results the cache holds; when full it is emptied (and refills).
    public static let cacheEntryLimit = 4096
    /// The most bytes of text the cache's keys hold; past it the cache is emptied.
    public static let cacheByteLimit = 4 << 20
    /// The most sizes of fonts kept open at once (each a FreeType face and a HarfBuzz font);
    /// past it the least recently used is closed.
    public static let sizedFontLimit = 16
    /// The screen scale sizes are rounded up to: 3, an iPhone's @3x (``roundedUpToPixel(_:)``).
    public static let pixelScale: Double = 3

    /// The font files opened.
    public let fonts: FontFiles
    /// What this measurer did since it was made or ``resetCounters()`` was called.
    public internal(set) var counters = TextCounters()

    let library: FT_Library
    /// Each weight's metrics in font units, by ``Font/Weight/index``.
    let faces: [FaceMetrics]
    /// The one buffer every run is shaped in.
    let buffer: OpaquePointer
    /// English: the shaping language, set rather than guessed from the process's locale, so
    /// that a measurement does not depend on it.
    let language: hb_language_t
    /// The open sized fonts, searched linearly (a handful of sizes is usual).
    var sizedFonts: [SizedFont] = []
    /// A counter that orders the sized fonts' uses, for eviction.
    var fontUseClock = 0
    var cache: [CacheKey: TextMeasurement] = [:]
    /// The bytes of text the cache's keys hold.
    var cacheBytes = 0

    /// Opens Inter where Debian's `fonts-inter` installs it (``FontFiles/locate(in:)`` with
    /// ``FontFiles/defaultDirectories``).
    ///
    /// - Throws: ``TextError`` with ``TextError/Code/fontNotFound`` (install `fonts-inter`),
    ///   ``TextError/Code/fontUnreadable`` or ``TextError/Code/freeTypeFailed``.
    public convenience init() throws(TextError) {
        try self.init(fonts: FontFiles.locate())
    }

    /// Opens Inter from the first of `fontDirectories` that holds each weight's file.
    ///
    /// - Throws: As ``init()``.
    public convenience init(fontDirectories: [String]) throws(TextError) {
        try self.init(fonts: FontFiles.locate(in: fontDirectories))
    }

    /// Opens the given font files and reads their metrics.
    ///
    /// - Parameter fonts: One file per weight.
    /// - Throws: ``TextError`` with ``TextError/Code/fontNotFound`` when a file does not exist,
    ///   ``TextError/Code/fontUnreadable`` when FreeType cannot open it as a scalable font, or
    ///   ``TextError/Code/freeTypeFailed`` when FreeType or HarfBuzz cannot start.
    public init(fonts: FontFiles) throws(TextError) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw TextError(.freeTypeFailed, "FreeType could not start (FT_Init_FreeType failed).")
        }
        let faces: [FaceMetrics]
        do {
            faces = try Font.Weight.allCases.map { (weight) throws(TextError) in
                try Self.readFace(weight, fonts: fonts, library: library)
            }
        } catch {
            FT_Done_FreeType(library)
            throw error
        }
        guard let buffer = hb_buffer_create(), hb_buffer_allocation_successful(buffer) != 0 else {
            FT_Done_FreeType(library)
            throw TextError(.freeTypeFailed, "HarfBuzz could not make a buffer (hb_buffer_create failed).")
        }
        self.fonts = fonts
        self.library = library
        self.faces = faces
        self.buffer = buffer
        self.language = hb_language_from_string("en", -1)
    }

    deinit {
        // The HarfBuzz fonts hold their FreeType faces: close them before the library.
        for sized in sizedFonts { hb_font_destroy(sized.font) }
        hb_buffer_destroy(buffer)
        FT_Done_FreeType(library)
    }

    /// Measures `text` as a label of `font` with `numberOfLines` measures it at `maxWidth`.
    ///
    /// As UILabel does, a one-line label (`numberOfLines` 1) does not wrap: its width is its
    /// first line's whole width, whatever `maxWidth` (UIKit truncates it when it draws). A
    /// label of more lines, or of any number (0), wraps at `maxWidth`. Newlines (LF, CR, CRLF,
    /// NEL, U+2028, U+2029) always end a line; one at the very end of the text adds none.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - font: Its font.
    ///   - maxWidth: The width lines wrap at; 0, a negative or non-finite number means none.
    ///   - numberOfLines: The most lines; 0 (or a negative number) means no limit.
    /// - Returns: The size, rounded up to a pixel at 3x, and the number of lines.
    /// - Throws: ``TextError`` with ``TextError/Code/textTooLong`` for a text over
    ///   ``maximumTextBytes`` bytes, ``TextError/Code/invalidFontSize`` for a size not above 0
    ///   or over ``Font/maximumPointSize``, ``TextError/Code/freeTypeFailed`` if FreeType
    ///   cannot size the font.
    /// - Complexity: O(*n*) in the text's bytes: a cache lookup (hashing the text), and on a
    ///   miss, one `hb_shape` per paragraph (per ``shapingRunBytes`` bytes of a long one) and
    ///   O(1) per glyph. No allocation per glyph once warm (the buffer is reused).
    public func measure(
        _ text: String, font: Font, maxWidth: Double = .infinity, numberOfLines: Int = 1
    ) throws(TextError) -> TextMeasurement {
        counters.measurements += 1
        guard font.pointSize > 0, font.pointSize <= Font.maximumPointSize else {
            throw TextError(
                .invalidFontSize,
                "The font size \(font.pointSize) is not a number above 0 and up to \(Int(Font.maximumPointSize)) points.")
        }
        let byteCount = text.utf8.count
        guard byteCount <= Self.maximumTextBytes else {
            throw TextError(
                .textTooLong,
                "The text is \(byteCount) bytes of UTF-8, over the limit of \(Self.maximumTextBytes) bytes that is "
                    + "measured exactly; size(of:font:width:lines:) estimates such a text instead.")
        }
        let lines = max(numberOfLines, 0)
        let wraps = lines != 1 && maxWidth.isFinite && maxWidth > 0
        let key = CacheKey(text: text, font: font, width: wraps ? maxWidth : .infinity, lines: lines)
        if let cached = cache[key] {
            counters.cacheHits += 1
            return cached
        }
        let measurement = try layOut(text, font: font, maxWidth: key.width, lines: lines)
        store(measurement, for: key, byteCount: byteCount)
        return measurement
    }

    /// The metrics of `font` at its size: its file's, scaled (``FontMetrics``).
    ///
    /// - Complexity: O(1); no file is read.
    public func metrics(of font: Font) -> FontMetrics {
        FontMetrics(pointSize: font.pointSize, face: faces[font.weight.index])
    }

    /// Sets every counter to 0.
    public func resetCounters() {
        counters = TextCounters()
    }

    /// Empties the cache, so that the next measurement of every text shapes again.
    public func clearCache() {
        cache.removeAll()
        cacheBytes = 0
    }

    /// The number of results in the cache.
    public var cachedCount: Int { cache.count }

    /// `x` rounded up to a pixel of a 3x screen, `ceil(x * 3) / 3`, as UIKit rounds a label's
    /// size up to `1 / UIScreen.scale` (a difference under 1e-9 pixel is taken as noise).
    ///
    /// - Complexity: O(1).
    public static func roundedUpToPixel(_ x: Double) -> Double {
        max(0, (x * pixelScale - 1e-9).rounded(.up) / pixelScale)
    }

    /// Shapes and breaks `text` (a cache miss).
    private func layOut(_ text: String, font: Font, maxWidth: Double, lines: Int) throws(TextError) -> TextMeasurement {
        guard !text.isEmpty else { return TextMeasurement(size: .zero, lineCount: 0) }
        let sized = try sizedFont(font)
        let limit = maxWidth * 64 >= Double(Int.max) ? Int.max : Int((maxWidth * 64).rounded(.down))
        var breaker = LineBreaker(maxWidth: limit, maxLines: lines)
        var text = text
        text.withUTF8 { breakLines($0, font: sized, into: &breaker) }
        counters.linesBroken += breaker.lineCount
        let lineHeight = metrics(of: font).lineHeight
        let size = Size(
            width: Self.roundedUpToPixel(Double(breaker.widest) / 64),
            height: Self.roundedUpToPixel(Double(breaker.lineCount) * lineHeight))
        return TextMeasurement(size: size, lineCount: breaker.lineCount)
    }
}

/// A measurer owns FreeType and HarfBuzz objects that are not thread-safe and reuses one
/// buffer across measurements: one per thread.
@available(*, unavailable)
extension TextMeasurer: Sendable {}

extension Font.Weight {
    /// The weight's position in ``Font/Weight/allCases``.
    var index: Int {
        switch self {
        case .regular: 0
        case .medium: 1
        case .semibold: 2
        case .bold: 3
        }
    }
}
