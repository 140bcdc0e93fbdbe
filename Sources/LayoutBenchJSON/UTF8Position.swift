/// Where a text file stops being UTF-8: the check that traces and Interface Builder documents
/// make before they parse, so that a binary file is an error at a line and column.
public enum UTF8Position {
    /// The first byte of `bytes` that does not begin a well-formed UTF-8 sequence, or `nil`
    /// when they are all UTF-8.
    ///
    /// - Returns: The byte, its offset, and its line and column (1-based; the column counts
    ///   bytes from the line's start).
    /// - Complexity: O(*n*) for *n* bytes.
    public static func firstInvalidByte<Bytes: Collection<UInt8>>(
        in bytes: Bytes
    ) -> (offset: Int, line: Int, column: Int, byte: UInt8)? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var lineStart = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1 && encoded.first == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = offset + 1
                }
                offset += encoded.count
            case .emptyInput:
                return nil
            case .error:
                let byte = bytes[bytes.index(bytes.startIndex, offsetBy: offset)]
                return (offset, line, offset - lineStart + 1, byte)
            }
        }
    }
}
