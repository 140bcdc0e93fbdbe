import Foundation

/// Numbers as people read them in tables: times with units, bytes in KiB and MiB, counts
/// with thousands separators, changes with signs. Used by the terminal, Markdown and HTML
/// views alike.
public enum MetricFormat {
    /// A metric's value: `1.23 ms`, `4.5 MiB`, `12,345`.
    public static func value(_ value: Double, metric: String) -> String {
        switch metric {
        case "wallNanoseconds", "cpuNanoseconds": duration(nanoseconds: value)
        case "allocatedBytes", "peakIncreaseBytes", "deallocatedBytes": bytes(value)
        default: count(value)
        }
    }

    /// `850 ns`, `12.3 µs`, `1.23 ms`, `2.50 s`.
    public static func duration(nanoseconds: Double) -> String {
        let magnitude = abs(nanoseconds)
        if magnitude < 1_000 { return "\(Int(nanoseconds.rounded())) ns" }
        if magnitude < 1_000_000 { return significant(nanoseconds / 1_000) + " µs" }
        if magnitude < 1_000_000_000 { return significant(nanoseconds / 1_000_000) + " ms" }
        return significant(nanoseconds / 1_000_000_000) + " s"
    }

    /// `512 B`, `12.5 KiB`, `3.20 MiB`.
    public static func bytes(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude < 1024 { return "\(Int(value.rounded())) B" }
        if magnitude < 1024 * 1024 { return significant(value / 1024) + " KiB" }
        if magnitude < 1024 * 1024 * 1024 { return significant(value / 1024 / 1024) + " MiB" }
        return significant(value / 1024 / 1024 / 1024) + " GiB"
    }

    /// An integer with thousands separators (`12,345`); other values with three significant digits.
    public static func count(_ value: Double) -> String {
        guard value == value.rounded(), abs(value) < 1e15 else { return significant(value) }
        let digits = String(Int64(abs(value)))
        var grouped = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped += "," }
            grouped.append(character)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// Three significant digits: `1.23`, `12.3`, `123`, `1234`.
    public static func significant(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 100 { return String(format: "%.0f", value) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        return String(format: "%.2f", value)
    }

    /// Three significant digits, without exponent, for values from 0: `1.25`, `12.4`, `125`
    /// (the terminal's progress lines and the busy-machine notes).
    public static func fixed(_ value: Double) -> String {
        let digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if digits == 0 { return "\(Int(rounded))" }
        var text = "\(rounded)"
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        }
        return text
    }

    /// A change from `base` to `head`: `+12.3%`, `-4.0%`, `0%`, or `new` when the base is 0.
    public static func relativeChange(base: Double, head: Double) -> String {
        if base == head { return "0%" }
        guard base != 0 else { return "new" }
        let change = (head - base) / abs(base) * 100
        let text = abs(change) >= 100 ? String(format: "%.0f", change) : String(format: "%.1f", change)
        return (change > 0 ? "+" : "") + text + "%"
    }

    /// The difference `head - base` in the metric's unit, signed: `+40`, `-1.2 ms`.
    public static func delta(base: Double, head: Double, metric: String) -> String {
        let difference = head - base
        if difference == 0 { return "0" }
        return (difference > 0 ? "+" : "-") + value(abs(difference), metric: metric)
    }

    /// A ratio: `12.3×`, `0.52×`.
    public static func ratio(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "n/a" }
        return significant(value) + "×"
    }

    /// A p-value: `0.003`, `<0.001`, `1`.
    public static func pValue(_ value: Double) -> String {
        if value < 0.001 { return "<0.001" }
        if value >= 0.995 { return "1" }
        return String(format: "%.3f", value)
    }
}
