import Foundation
import LayoutBenchMetrics

/// An inline SVG chart of series of points, with logarithmic or linear axes, ticks and grid
/// lines, whiskers (a range per point), fitted curves and a dashed reference line. The
/// legend is HTML beside it (``legend(_:)``), so it wraps on a phone.
///
/// Colours come from the shared style sheet (series classes `s0`...`s5`), so charts follow
/// the page's light or dark scheme. Every point has a `<title>` (a tooltip without script).
public struct SVGLineChart {
    /// How an axis maps values.
    public enum Scale: Sendable {
        /// Logarithmic: equal distances for equal ratios (values must be positive).
        case log
        /// Linear.
        case linear
    }

    /// A point, with an optional range drawn as a whisker.
    public struct Point: Sendable {
        public var x: Double
        public var y: Double
        public var low: Double?
        public var high: Double?
        /// The tooltip, or `nil` for `x, y`.
        public var label: String?

        public init(x: Double, y: Double, low: Double? = nil, high: Double? = nil, label: String? = nil) {
            self.x = x
            self.y = y
            self.low = low
            self.high = high
            self.label = label
        }
    }

    /// A series: points, an optional fitted curve, a colour.
    public struct Series: Sendable {
        /// The legend's text.
        public var name: String
        /// The colour: 0 to 5 (`s0`...`s5`).
        public var style: Int
        /// The points.
        public var points: [Point]
        /// Whether to join the points with a line.
        public var connected: Bool
        /// A curve drawn dashed (a fitted model), as (x, y) pairs in ascending x.
        public var curve: [(x: Double, y: Double)]

        public init(name: String, style: Int, points: [Point], connected: Bool = false, curve: [(x: Double, y: Double)] = []) {
            self.name = name
            self.style = style
            self.points = points
            self.connected = connected
            self.curve = curve
        }
    }

    /// What the chart shows, for screen readers (`aria-label`).
    public var title: String
    /// The horizontal axis's label.
    public var xLabel: String
    /// The vertical axis's label.
    public var yLabel: String
    public var xScale: Scale
    public var yScale: Scale
    public var series: [Series]
    /// Formats tick labels and tooltips of the horizontal axis.
    public var xFormat: @Sendable (Double) -> String
    /// Formats tick labels and tooltips of the vertical axis.
    public var yFormat: @Sendable (Double) -> String
    /// Fixed ticks for the horizontal axis (value, label), such as run numbers, or `nil`.
    public var xTicks: [(Double, String)]?
    /// A horizontal dashed line (a ratio of 1), or `nil`.
    public var referenceY: Double?

    public var width = 520.0
    public var height = 300.0

    public init(
        title: String, xLabel: String, yLabel: String, xScale: Scale = .log, yScale: Scale = .log, series: [Series],
        xFormat: @escaping @Sendable (Double) -> String = { MetricFormat.count($0) },
        yFormat: @escaping @Sendable (Double) -> String = { MetricFormat.significant($0) },
        xTicks: [(Double, String)]? = nil, referenceY: Double? = nil
    ) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.xScale = xScale
        self.yScale = yScale
        self.series = series
        self.xFormat = xFormat
        self.yFormat = yFormat
        self.xTicks = xTicks
        self.referenceY = referenceY
    }

    private let left = 64.0, right = 14.0, top = 12.0, bottom = 42.0

    /// The chart as an `<svg>` element.
    public func svg() -> String {
        let usable = { (value: Double, scale: Scale) in value.isFinite && (scale == .linear || value > 0) }
        var xs: [Double] = [], ys: [Double] = []
        for entry in series {
            for point in entry.points {
                if usable(point.x, xScale) { xs.append(point.x) }
                for value in [point.y, point.low, point.high].compactMap({ $0 }) where usable(value, yScale) { ys.append(value) }
            }
            for point in entry.curve where usable(point.x, xScale) && usable(point.y, yScale) {
                xs.append(point.x)
                ys.append(point.y)
            }
        }
        if let referenceY, usable(referenceY, yScale) { ys.append(referenceY) }
        if let xTicks { xs += xTicks.map(\.0) }
        var nodes: [Markup] = [Markup("title", [:], [.text(title)])]
        func chart() -> String {
            Markup(
                "svg",
                [
                    "class": "chart", "viewBox": "0 0 \(Int(width)) \(Int(height))", "role": "img", "aria-label": title,
                    "xmlns": "http://www.w3.org/2000/svg",
                ], nodes
            ).markup
        }
        guard let xMin = xs.min(), let xMax = xs.max(), let yMin = ys.min(), let yMax = ys.max() else {
            let allZero = !series.allSatisfy({ $0.points.isEmpty }) && series.allSatisfy { $0.points.allSatisfy { $0.y == 0 } }
            nodes.append(
                Markup(
                    "text", ["x": "\(Int(width / 2))", "y": "\(Int(height / 2))", "text-anchor": "middle"],
                    [.text(allZero ? "0 at every point" : "no data")]))
            return chart()
        }
        let xDomain = Self.domain(xMin, xMax, xScale, pad: xTicks == nil ? 0.06 : 0.04)
        let yDomain = Self.domain(yMin, yMax, yScale, pad: 0.08)
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func px(_ x: Double) -> Double { left + Self.fraction(x, xDomain, xScale) * plotWidth }
        func py(_ y: Double) -> Double { top + (1 - Self.fraction(y, yDomain, yScale)) * plotHeight }
        func line(_ kind: String, _ x1: String, _ x2: String, _ y1: String, _ y2: String) -> Markup {
            Markup("line", ["class": kind, "x1": x1, "x2": x2, "y1": y1, "y2": y2])
        }

        // Grid, ticks and labels.
        let yTickValues = Self.ticks(yDomain, yScale)
        for value in yTickValues {
            let y = Self.f(py(value))
            nodes.append(line("grid", Self.f(left), Self.f(left + plotWidth), y, y))
            nodes.append(Markup("text", ["x": Self.f(left - 6), "y": y, "dy": "3.5", "text-anchor": "end"], [.text(yFormat(value))]))
        }
        let xTickList: [(Double, String)] = xTicks ?? Self.ticks(xDomain, xScale).map { ($0, xFormat($0)) }
        for (value, label) in xTickList {
            let x = Self.f(px(value))
            nodes.append(line("grid", x, x, Self.f(top), Self.f(top + plotHeight)))
            nodes.append(Markup("text", ["x": x, "y": Self.f(top + plotHeight + 14), "text-anchor": "middle"], [.text(label)]))
        }
        nodes.append(line("axis", Self.f(left), Self.f(left), Self.f(top), Self.f(top + plotHeight)))
        nodes.append(line("axis", Self.f(left), Self.f(left + plotWidth), Self.f(top + plotHeight), Self.f(top + plotHeight)))
        nodes.append(Markup("text", ["x": Self.f(left + plotWidth / 2), "y": Self.f(height - 6), "text-anchor": "middle"], [.text(xLabel)]))
        nodes.append(
            Markup(
                "text", ["transform": "translate(12 \(Self.f(top + plotHeight / 2))) rotate(-90)", "text-anchor": "middle"], [.text(yLabel)]))
        if let referenceY, usable(referenceY, yScale) {
            let y = Self.f(py(referenceY))
            nodes.append(line("one", Self.f(left), Self.f(left + plotWidth), y, y))
        }

        for entry in series {
            let style = "s\(((entry.style % 6) + 6) % 6)"
            let curve = entry.curve.filter { usable($0.x, xScale) && usable($0.y, yScale) }
            if curve.count >= 2 {
                nodes.append(Markup("path", ["class": "curve \(style)", "d": Self.path(curve.map { (px($0.x), py($0.y)) })]))
            }
            let points = entry.points.filter { usable($0.x, xScale) && usable($0.y, yScale) }
            if entry.connected && points.count >= 2 {
                nodes.append(Markup("path", ["class": "line \(style)", "d": Self.path(points.map { (px($0.x), py($0.y)) })]))
            }
            for point in points {
                let x = Self.f(px(point.x))
                if let low = point.low, let high = point.high, usable(low, yScale), usable(high, yScale), high > low {
                    let y1 = Self.f(py(low)), y2 = Self.f(py(high))
                    let edge = Self.f(px(point.x) - 3)
                    nodes.append(Markup("path", ["class": "whisker \(style)", "d": "M\(x) \(y1)V\(y2)M\(edge) \(y1)h6M\(edge) \(y2)h6"]))
                }
                let label = point.label ?? "\(entry.name): \(xFormat(point.x)), \(yFormat(point.y))"
                nodes.append(
                    Markup("circle", ["class": style, "cx": x, "cy": Self.f(py(point.y)), "r": "3.5"], [Markup("title", [:], [.text(label)])]))
            }
        }
        return chart()
    }

    /// An HTML legend: one line per (text, style, dashed) entry.
    public static func legend(_ entries: [(text: String, style: Int, dashed: Bool)]) -> String {
        Markup(
            "ul", ["class": "legend"],
            entries.map {
                Markup(
                    "li", [:],
                    [Markup("span", ["class": "swatch s\((($0.style % 6) + 6) % 6)\($0.dashed ? " dashed" : "")"], [.text("")]), .text($0.text)])
            }
        ).markup
    }

    /// Points of `model`'s curve `a + b·f(n)` from `from` to `to`, spaced evenly in log n.
    public static func modelCurve(
        model: String, intercept: Double, slope: Double, from: Double, to: Double, steps: Int = 40
    ) -> [(x: Double, y: Double)] {
        guard from > 0, to >= from, let growth = GrowthFit.Model(rawValue: model) else { return [] }
        var points: [(x: Double, y: Double)] = []
        for index in 0...steps {
            let x = to == from ? from : exp(log(from) + (log(to) - log(from)) * Double(index) / Double(steps))
            points.append((x, intercept + slope * growth.basis(x)))
        }
        return points
    }

    // MARK: Scales

    static func domain(_ low: Double, _ high: Double, _ scale: Scale, pad: Double) -> (Double, Double) {
        switch scale {
        case .log:
            var a = log10(low), b = log10(high)
            if b - a < 0.3 {
                let middle = (a + b) / 2
                a = middle - 0.15
                b = middle + 0.15
            }
            let margin = (b - a) * pad
            return (pow(10, a - margin), pow(10, b + margin))
        case .linear:
            var a = low, b = high
            if b - a == 0 {
                a -= abs(a) * 0.1 + 1
                b += abs(b) * 0.1 + 1
            }
            let margin = (b - a) * pad
            return (a - margin, b + margin)
        }
    }

    static func fraction(_ value: Double, _ domain: (Double, Double), _ scale: Scale) -> Double {
        switch scale {
        case .log: (log10(value) - log10(domain.0)) / (log10(domain.1) - log10(domain.0))
        case .linear: (value - domain.0) / (domain.1 - domain.0)
        }
    }

    /// Tick values: powers of ten (with 2 and 5 between when few), or a 1-2-5 step.
    static func ticks(_ domain: (Double, Double), _ scale: Scale) -> [Double] {
        switch scale {
        case .log:
            let first = Int(floor(log10(domain.0))), last = Int(ceil(log10(domain.1)))
            func candidates(_ multipliers: [Double]) -> [Double] {
                var values: [Double] = []
                for exponent in first...last {
                    for multiplier in multipliers {
                        let value = multiplier * pow(10, Double(exponent))
                        if value >= domain.0 && value <= domain.1 { values.append(value) }
                    }
                }
                return values
            }
            var values = candidates([1, 2, 5])
            if values.count > 7 { values = candidates([1]) }
            if values.count > 7 { values = values.enumerated().filter { $0.offset % 2 == 0 }.map(\.element) }
            if values.count < 2 { values = candidates([1, 2, 3, 4, 5, 6, 7, 8, 9]) }
            if values.count < 2 { values = [domain.0 * 1.05, sqrt(domain.0 * domain.1), domain.1 / 1.05] }
            return values
        case .linear:
            let span = domain.1 - domain.0
            guard span > 0 else { return [domain.0] }
            let rough = span / 5
            let magnitude = pow(10, floor(log10(rough)))
            let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? rough
            var values: [Double] = []
            var value = ceil(domain.0 / step) * step
            while value <= domain.1 + step * 1e-9 {
                values.append(abs(value) < step * 1e-9 ? 0 : value)
                value += step
            }
            return values
        }
    }

    static func path(_ points: [(Double, Double)]) -> String {
        points.enumerated().map { "\($0.offset == 0 ? "M" : "L")\(f($0.element.0)) \(f($0.element.1))" }.joined()
    }

    /// A coordinate with one decimal.
    static func f(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// Horizontal bars of ratios on a logarithmic scale around 1×: a bar to the right is a
/// ratio above 1 (the anti-pattern costs more), to the left below 1. Optional ranges
/// (bootstrap intervals) are drawn as whiskers.
public struct SVGRatioBars {
    /// One bar.
    public struct Bar: Sendable {
        public var label: String
        public var ratio: Double?
        public var low: Double?
        public var high: Double?

        public init(label: String, ratio: Double? = nil, low: Double? = nil, high: Double? = nil) {
            self.label = label
            self.ratio = ratio
            self.low = low
            self.high = high
        }
    }

    /// For screen readers.
    public var title: String
    public var bars: [Bar]

    public init(title: String, bars: [Bar]) {
        self.title = title
        self.bars = bars
    }

    /// The chart as an `<svg>` element.
    public func svg() -> String {
        let width = 560.0, labelWidth = 160.0, valueWidth = 64.0, rowHeight = 22.0, top = 18.0
        let height = top + rowHeight * Double(max(bars.count, 1)) + 8
        let values = bars.flatMap { [$0.ratio, $0.low, $0.high].compactMap { $0 } }.filter { $0 > 0 && $0.isFinite }
        let extent = max(1, ceil(values.map { abs(log10($0)) }.max() ?? 1))
        let plotLeft = labelWidth, plotWidth = width - labelWidth - valueWidth
        func px(_ ratio: Double) -> Double { plotLeft + (log10(ratio) + extent) / (2 * extent) * plotWidth }
        var nodes: [Markup] = [Markup("title", [:], [.text(title)])]
        for exponent in stride(from: -Int(extent), through: Int(extent), by: 1) {
            let x = SVGLineChart.f(px(pow(10, Double(exponent))))
            nodes.append(
                Markup(
                    "line", ["class": exponent == 0 ? "one" : "grid", "x1": x, "x2": x, "y1": "\(Int(top - 4))", "y2": SVGLineChart.f(height - 6)]))
            let label = exponent >= 0 ? "\(MetricFormat.count(pow(10, Double(exponent))))×" : "1/\(MetricFormat.count(pow(10, Double(-exponent))))"
            nodes.append(Markup("text", ["x": x, "y": "12", "text-anchor": "middle"], [.text(label)]))
        }
        for (index, bar) in bars.enumerated() {
            let y = top + rowHeight * Double(index)
            let middle = SVGLineChart.f(y + rowHeight / 2)
            nodes.append(
                Markup("text", ["x": SVGLineChart.f(labelWidth - 6), "y": middle, "dy": "3.5", "text-anchor": "end"], [.text(bar.label)]))
            guard let ratio = bar.ratio, ratio > 0, ratio.isFinite else {
                nodes.append(Markup("text", ["x": SVGLineChart.f(px(1) + 6), "y": middle, "dy": "3.5"], [.text("n/a")]))
                continue
            }
            let x1 = min(px(1), px(ratio)), x2 = max(px(1), px(ratio))
            nodes.append(
                Markup(
                    "rect",
                    [
                        "class": "bar \(ratio >= 1 ? "s1" : "s2")", "x": SVGLineChart.f(x1), "y": SVGLineChart.f(y + 4),
                        "width": SVGLineChart.f(max(1, x2 - x1)), "height": SVGLineChart.f(rowHeight - 8),
                    ], [Markup("title", [:], [.text("\(bar.label): \(MetricFormat.ratio(ratio))")])]))
            if let low = bar.low, let high = bar.high, low > 0, high > 0 {
                let a = SVGLineChart.f(px(low)), b = SVGLineChart.f(px(high))
                nodes.append(Markup("path", ["class": "whisker", "style": "stroke: var(--fg)", "d": "M\(a) \(middle)H\(b)"]))
            }
            nodes.append(Markup("text", ["x": SVGLineChart.f(width - valueWidth + 6), "y": middle, "dy": "3.5"], [.text(MetricFormat.ratio(ratio))]))
        }
        return Markup(
            "svg",
            [
                "class": "chart bars", "viewBox": "0 0 \(Int(width)) \(Int(height))", "role": "img", "aria-label": title,
                "xmlns": "http://www.w3.org/2000/svg",
            ], nodes
        ).markup
    }
}
