import CHarfBuzz
import LayoutEngine

extension TextMeasurer {
    /// Splits the text into paragraphs at its newlines and lays each out, until the line limit.
    ///
    /// A newline is LF, CR, CRLF (one), NEL (U+0085), LINE SEPARATOR (U+2028) or PARAGRAPH
    /// SEPARATOR (U+2029). A newline at the very end of the text starts no line (an assumption
    /// about Core Text, not checked on a device).
    func breakLines(_ bytes: UnsafeBufferPointer<UInt8>, font: OpaquePointer, into breaker: inout LineBreaker) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let count = bytes.count
        var start = 0
        var index = 0
        while index < count {
            let separator = Self.newlineLength(base, count: count, at: index)
            if separator == 0 {
                index += 1
                continue
            }
            layOutParagraph(base, count: count, from: start, to: index, font: font, into: &breaker)
            if breaker.isFull { return }
            index += separator
            start = index
        }
        if start < count {
            layOutParagraph(base, count: count, from: start, to: count, font: font, into: &breaker)
        }
    }

    /// The length in bytes of the newline at `index`, or 0 if there is none.
    @inline(__always)
    static func newlineLength(_ base: UnsafePointer<UInt8>, count: Int, at index: Int) -> Int {
        switch base[index] {
        case 0x0A: return 1
        case 0x0D: return index + 1 < count && base[index + 1] == 0x0A ? 2 : 1
        case 0xC2: return index + 1 < count && base[index + 1] == 0x85 ? 2 : 0
        case 0xE2:
            guard index + 2 < count, base[index + 1] == 0x80 else { return 0 }
            return base[index + 2] == 0xA8 || base[index + 2] == 0xA9 ? 3 : 0
        default: return 0
        }
    }

    /// Shapes the paragraph `start..<end` in runs of at most ``shapingRunBytes`` bytes and
    /// feeds its clusters to `breaker`; then ends it.
    private func layOutParagraph(
        _ base: UnsafePointer<UInt8>, count: Int, from start: Int, to end: Int, font: OpaquePointer, into breaker: inout LineBreaker
    ) {
        var runStart = start
        while runStart < end {
            let runEnd = end - runStart > Self.shapingRunBytes ? Self.runEnd(base, from: runStart) : end
            shapeRun(base, count: count, from: runStart, to: runEnd, font: font, into: &breaker)
            if breaker.isFull { return }
            runStart = runEnd
        }
        breaker.endParagraph()
    }

    /// Where a run that starts at `start`, in a paragraph longer than ``shapingRunBytes`` after
    /// it, ends: after the last space in the second half of the window (shaping across a
    /// space changes no advance), else at the last character (scalar) boundary in the window.
    static func runEnd(_ base: UnsafePointer<UInt8>, from start: Int) -> Int {
        let limit = start + shapingRunBytes
        var index = limit
        while index > start + shapingRunBytes / 2 {
            if base[index - 1] == 0x20 { return index }
            index -= 1
        }
        index = limit
        // A UTF-8 continuation byte (10xxxxxx) is inside a scalar.
        while index > start + 1 && base[index] & 0xC0 == 0x80 { index -= 1 }
        return index
    }

    /// Shapes `start..<end` with HarfBuzz (the whole text given as context) and feeds each
    /// cluster's advance, in logical order, to `breaker`.
    private func shapeRun(
        _ base: UnsafePointer<UInt8>, count: Int, from start: Int, to end: Int, font: OpaquePointer, into breaker: inout LineBreaker
    ) {
        hb_buffer_clear_contents(buffer)
        UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: count) { text in
            hb_buffer_add_utf8(buffer, text, Int32(count), UInt32(start), Int32(end - start))
        }
        hb_buffer_set_language(buffer, language)
        // Script and direction from the run's first strong character; no bidi (docs/text.md).
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        counters.shapedRuns += 1

        var glyphCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount),
            let positions = hb_buffer_get_glyph_positions(buffer, nil), glyphCount > 0
        else { return }
        let glyphs = Int(glyphCount)
        counters.glyphsShaped += glyphs
        // A right-to-left run's glyphs are in visual order: walk it backwards for logical order.
        let backward = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
        var cluster = infos[backward ? glyphs - 1 : 0].cluster
        var advance = 0
        for step in 0..<glyphs {
            let glyph = backward ? glyphs - 1 - step : step
            let glyphCluster = infos[glyph].cluster
            if glyphCluster != cluster {
                breaker.add(advance, Self.clusterKind(base, count: count, at: Int(cluster)))
                if breaker.isFull { return }
                cluster = glyphCluster
                advance = 0
            }
            advance += Int(positions[glyph].x_advance)
        }
        breaker.add(advance, Self.clusterKind(base, count: count, at: Int(cluster)))
    }

    /// What the cluster that starts at byte `index` allows after it: spaces (space, tab,
    /// ZERO WIDTH SPACE, IDEOGRAPHIC SPACE) hang and allow a break; a hyphen-minus, HYPHEN,
    /// EN DASH or EM DASH allows a break after it.
    @inline(__always)
    static func clusterKind(_ base: UnsafePointer<UInt8>, count: Int, at index: Int) -> LineBreaker.ClusterKind {
        switch base[index] {
        case 0x20, 0x09: return .space
        case 0x2D: return .breakAfter
        case 0xE2 where index + 2 < count && base[index + 1] == 0x80:
            switch base[index + 2] {
            case 0x8B: return .space  // U+200B ZERO WIDTH SPACE
            case 0x90, 0x93, 0x94: return .breakAfter  // U+2010 HYPHEN, U+2013 EN DASH, U+2014 EM DASH
            default: return .normal
            }
        case 0xE3 where index + 2 < count && base[index + 1] == 0x80 && base[index + 2] == 0x80:
            return .space  // U+3000 IDEOGRAPHIC SPACE
        default: return .normal
        }
    }
}
