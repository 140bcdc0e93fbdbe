import LayoutEngine

extension TextMeasurer: TextMeasuring {
    /// ``counters`` as a run's report counts them: measurements, cache hits, glyphs shaped.
    public var work: TextWork {
        TextWork(measurements: counters.measurements, cacheHits: counters.cacheHits, glyphsShaped: counters.glyphsShaped)
    }

    /// The size of a label's text, for a label's `intrinsicContentSize`: the requirement an
    /// engine protocol that `Label` calls is to declare, and this measurer to conform to
    /// (docs/text.md, "For the integrator").
    ///
    /// The arguments are `Label`'s own: `width` is its wrap width (0 when it does not wrap:
    /// one line, or no width resolved yet), `lines` its `numberOfLines` (0 for no limit). The
    /// size is ``measure(_:font:maxWidth:numberOfLines:)``'s, rounded up to a pixel at 3x.
    /// This never throws, so that a layout pass cannot fail on a text:
    ///
    /// - A text over ``maximumTextBytes`` bytes is estimated instead of shaped, in one pass over
    ///   its bytes with no allocation: each Unicode scalar is the font's average advance (over
    ///   an English pangram), a paragraph wider than `width` takes `ceil(width of paragraph /
    ///   width)` lines of `width`, and the line limit applies. ``TextCounters/estimates``
    ///   counts them. The same estimate stands in if the font file can no longer be opened.
    /// - A font size that `measure` refuses (not above 0, or over ``Font/maximumPointSize``)
    ///   gives `(0 x 0)`: a label in such a font shows nothing.
    ///
    /// - Parameters:
    ///   - text: The label's text.
    ///   - font: Its font.
    ///   - width: The width its lines wrap at; 0 (or a negative or non-finite number) for none.
    ///   - lines: Its `numberOfLines`.
    /// - Returns: The text's size.
    /// - Complexity: O(*n*) in the text's bytes, as ``measure(_:font:maxWidth:numberOfLines:)``.
    public func size(of text: String, font: Font, width: Double, lines: Int) -> Size {
        do {
            return try measure(text, font: font, maxWidth: width, numberOfLines: lines).size
        } catch {
            switch error.code {
            case .invalidFontSize: return .zero
            default: return estimatedSize(of: text, font: font, width: width, lines: lines)
            }
        }
    }

    /// The estimate of ``size(of:font:width:lines:)`` for a text it does not shape.
    func estimatedSize(of text: String, font: Font, width: Double, lines: Int) -> Size {
        counters.estimates += 1
        let face = faces[font.weight.index]
        let advance = face.averageAdvance * font.pointSize / Double(face.unitsPerEm)
        let maxLines = max(lines, 0)
        let wraps = maxLines != 1 && width.isFinite && width > 0
        var lineCount = 0
        var widest = 0.0
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            let count = bytes.count
            var scalars = 0
            func endParagraph() {
                let paragraphWidth = Double(scalars) * advance
                if wraps && paragraphWidth > width {
                    // At most a line per scalar, bounded before the conversion: a tiny width
                    // must not overflow Int.
                    lineCount += Int(min((paragraphWidth / width).rounded(.up), Double(scalars)))
                    widest = max(widest, width)
                } else {
                    lineCount += 1
                    widest = max(widest, paragraphWidth)
                }
                scalars = 0
            }
            var index = 0
            var start = 0
            while index < count {
                if maxLines > 0 && lineCount >= maxLines { return }
                let separator = Self.newlineLength(base, count: count, at: index)
                if separator > 0 {
                    endParagraph()
                    index += separator
                    start = index
                    continue
                }
                // Every byte but a UTF-8 continuation byte (10xxxxxx) starts a scalar.
                if base[index] & 0xC0 != 0x80 { scalars += 1 }
                index += 1
            }
            if start < count { endParagraph() }
        }
        if maxLines > 0 { lineCount = min(lineCount, maxLines) }
        let lineHeight = metrics(of: font).lineHeight
        return Size(width: Self.roundedUpToPixel(widest), height: Self.roundedUpToPixel(Double(lineCount) * lineHeight))
    }
}
