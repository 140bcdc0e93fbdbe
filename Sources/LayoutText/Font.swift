import LayoutEngine

// The engine's `Font` (a size in points and a weight of the system font), which `Label` carries,
// is the font this module measures, in the system font's stand-in, Inter (docs/text.md, "The
// font"). A `Font` is a value; it holds no file: ``TextMeasurer`` opens the files of its weights
// and gives the metrics at a size (``TextMeasurer/metrics(of:)``).

extension Font {
    /// The largest size ``TextMeasurer`` measures (a larger one is refused with
    /// ``TextError/Code/invalidFontSize``), well above any label's: FreeType refuses sizes
    /// beyond 16 bits of pixels, and text at such sizes is no label.
    public static let maximumPointSize: Double = 4096

    /// A font of `pointSize` points and `weight`, as `UIFont.systemFont(ofSize:weight:)`.
    public init(size pointSize: Double, weight: Weight = .regular) {
        self.init(pointSize: pointSize, weight: weight)
    }

    /// The font of a text style at the default (Large) content size, as
    /// `UIFont.preferredFont(forTextStyle:)` gives it.
    public init(textStyle: TextStyle) {
        self.init(size: textStyle.pointSize, weight: textStyle.weight)
    }

    /// `UIFont.systemFont(ofSize:weight:)`.
    public static func system(size: Double, weight: Weight = .regular) -> Font {
        Font(size: size, weight: weight)
    }

    /// `UIFont.preferredFont(forTextStyle:)` at the default (Large) content size.
    public static func preferred(_ textStyle: TextStyle) -> Font {
        Font(textStyle: textStyle)
    }
}

extension Font {
    /// UIKit's Dynamic Type text styles (UIFont.TextStyle).
    public enum TextStyle: String, CaseIterable, Hashable, Sendable {
        case largeTitle
        case title1
        case title2
        case title3
        case headline
        case body
        case callout
        case subheadline
        case footnote
        case caption1
        case caption2

        /// The style's size at the default (Large) content size, from Apple's Human Interface
        /// Guidelines (Typography, "Dynamic Type sizes", iOS, Large): the sizes
        /// `LayoutImporter`'s `IntrinsicSizing.textStyleSizes` uses too.
        public var pointSize: Double {
            switch self {
            case .largeTitle: 34
            case .title1: 28
            case .title2: 22
            case .title3: 20
            case .headline: 17
            case .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption1: 12
            case .caption2: 11
            }
        }

        /// The style's weight: semibold for the headline, regular for every other style.
        public var weight: Weight { self == .headline ? .semibold : .regular }
    }
}
