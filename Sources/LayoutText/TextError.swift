import LayoutEngine

/// Why text could not be measured, or a measurer not made: a stable ``code`` and a message
/// that says what failed and how to fix it.
public struct TextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What failed; stable across versions.
    public enum Code: String, Hashable, Sendable {
        /// No font file of a weight in the folders searched (``FontFiles/locate(in:)``), or a
        /// file given by path does not exist. The message names the package to install.
        case fontNotFound = "font-not-found"
        /// A font file exists but FreeType cannot open it as a scalable font.
        case fontUnreadable = "font-unreadable"
        /// FreeType could not start, or could not size a font.
        case freeTypeFailed = "freetype-failed"
        /// The text is longer than ``TextMeasurer/maximumTextBytes`` bytes of UTF-8.
        case textTooLong = "text-too-long"
        /// The font's size is not a number above 0 and up to ``Font/maximumPointSize``.
        case invalidFontSize = "invalid-font-size"
    }

    /// What failed.
    public let code: Code
    /// What failed and how to fix it.
    public let message: String
    /// The font file concerned, when there is one.
    public let path: String?

    public init(_ code: Code, path: String? = nil, _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    /// `code: message`.
    public var description: String { "\(code.rawValue): \(message)" }
}
