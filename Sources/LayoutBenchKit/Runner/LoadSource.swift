import Foundation

/// Where the runner reads the machine's load: the 1-minute load average, read at the start
/// and the end of each measurement (``TimeResult/loadAverageAtStart``). Tests inject fixed
/// values; ``system`` reads `/proc/loadavg`.
public struct LoadSource: Sendable {
    /// The 1-minute load average now, or `nil` when it cannot be read.
    public var oneMinuteAverage: @Sendable () -> Double?

    public init(oneMinuteAverage: @escaping @Sendable () -> Double?) {
        self.oneMinuteAverage = oneMinuteAverage
    }

    /// The first field of `/proc/loadavg` (Linux); `nil` where there is none. Reading it
    /// allocates: the runner reads it outside every measured interval.
    public static let system = LoadSource { parse(try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) }

    /// A source that never has a reading.
    public static let unavailable = LoadSource { nil }

    /// The 1-minute load average in the text of `/proc/loadavg` (`0.52 0.58 0.59 1/467 12345`),
    /// or `nil` when the text does not start with a non-negative number.
    static func parse(_ text: String?) -> Double? {
        guard let first = text?.split(whereSeparator: { $0 == " " || $0 == "\n" }).first,
            let value = Double(first), value.isFinite, value >= 0
        else { return nil }
        return value
    }
}
