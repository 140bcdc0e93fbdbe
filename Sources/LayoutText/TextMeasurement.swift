import LayoutEngine

/// The size of a text laid out as a label lays it out: what
/// ``TextMeasurer/measure(_:font:maxWidth:numberOfLines:)`` returns.
public struct TextMeasurement: Hashable, Sendable {
    /// The width of the widest line and the height of the lines, each rounded up to a pixel
    /// of a 3x screen (``TextMeasurer/roundedUpToPixel(_:)``), as `UILabel.sizeThatFits` and
    /// `intrinsicContentSize` round them. An empty text is `(0 x 0)`.
    public var size: Size
    /// The lines laid out: at most the line limit asked for; 0 for an empty text.
    public var lineCount: Int

    public init(size: Size, lineCount: Int) {
        self.size = size
        self.lineCount = lineCount
    }
}
