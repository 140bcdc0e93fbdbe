import LayoutEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A cached measurement's key: the text's exact UTF-8 bytes (not String's canonical
/// equivalence: "é" composed and decomposed shape apart), the font, the width lines wrap at
/// (infinity when they do not wrap, so that a one-line label at any width is one entry) and
/// the line limit.
struct CacheKey: Hashable {
    let text: String
    let font: Font
    let width: Double
    let lines: Int

    static func == (lhs: CacheKey, rhs: CacheKey) -> Bool {
        guard lhs.lines == rhs.lines, lhs.width == rhs.width, lhs.font == rhs.font else { return false }
        var left = lhs.text
        var right = rhs.text
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                leftBytes.count == rightBytes.count
                    && (leftBytes.isEmpty || memcmp(leftBytes.baseAddress!, rightBytes.baseAddress!, leftBytes.count) == 0)
            }
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(font)
        hasher.combine(width)
        hasher.combine(lines)
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension TextMeasurer {
    /// Caches `measurement` for `key`, emptying the cache first when it holds
    /// ``cacheEntryLimit`` results or the text would take it past ``cacheByteLimit`` bytes.
    func store(_ measurement: TextMeasurement, for key: CacheKey, byteCount: Int) {
        guard byteCount <= Self.cacheByteLimit else { return }
        if cache.count >= Self.cacheEntryLimit || cacheBytes + byteCount > Self.cacheByteLimit {
            cache.removeAll(keepingCapacity: true)
            cacheBytes = 0
        }
        cache[key] = measurement
        cacheBytes += byteCount
    }
}
