/// A point in a view's coordinate space (points, y grows downward as in UIKit).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public var description: String { "(\(formatNumber(x)), \(formatNumber(y)))" }
}

/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// The value of a dimension that has no intrinsic size (`UIView.noIntrinsicMetric`).
    public static let noIntrinsicMetric: Double = -1

    /// No intrinsic size in either dimension.
    public static let noIntrinsicSize = Size(width: noIntrinsicMetric, height: noIntrinsicMetric)

    public var description: String { "(\(formatNumber(width)) x \(formatNumber(height)))" }
}

/// A rectangle: an origin and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }

    /// Whether the two rectangles overlap with a positive area.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The rectangle with its edges moved in by `insets` (left to right: leading is the left
    /// edge), as `UIEdgeInsetsInsetRect`.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.leading, y: minY + insets.top, width: width - insets.leading - insets.trailing,
            height: height - insets.top - insets.bottom)
    }

    /// Whether every edge agrees with `other`'s within `tolerance`.
    public func isClose(to other: Rect, tolerance: Double = 1e-6) -> Bool {
        abs(minX - other.minX) <= tolerance && abs(minY - other.minY) <= tolerance
            && abs(width - other.width) <= tolerance && abs(height - other.height) <= tolerance
    }

    public var description: String {
        "(\(formatNumber(minX)), \(formatNumber(minY)), \(formatNumber(width)), \(formatNumber(height)))"
    }
}

/// Insets from the four edges of a rectangle.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public init(all inset: Double) {
        self.init(top: inset, leading: inset, bottom: inset, trailing: inset)
    }

    public static let zero = EdgeInsets(all: 0)
}

/// A layout axis.
public enum Axis: String, Sendable, CaseIterable {
    case horizontal
    case vertical
}

/// A number without a trailing `.0`, rounded to 4 decimals for display.
func formatNumber(_ value: Double) -> String {
    if value.isInfinite { return value > 0 ? "inf" : "-inf" }
    if value.isNaN { return "nan" }
    let rounded = (value * 10_000).rounded() / 10_000
    if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
    return String(rounded)
}
