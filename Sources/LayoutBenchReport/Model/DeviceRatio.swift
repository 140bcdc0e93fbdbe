import LayoutBenchJSON

/// A published device ratio beside the model's: for a pair whose two sides reproduce a
/// published benchmark's variants, the ratio that benchmark measured on a phone at a size, and
/// the model's at the same size.
public struct DeviceRatio: Codable, Sendable, Equatable {
    /// The phone (`iPhone 13 Pro`).
    public var device: String
    /// Its iOS version.
    public var os: String
    /// Where the timings are published.
    public var source: String
    /// The size (items) the two timings were measured at.
    public var size: Int
    /// Anti-pattern time ÷ fix time on the device.
    public var deviceRatio: Double
    /// The model's wall-time ratio at that size, when the run measured it.
    @OmittedWhenNil public var modelRatio: Double?
}

extension DeviceRatio {
    /// A published timing pair, without the model's side.
    struct Published {
        let device: String
        let os: String
        let source: String
        let size: Int
        let ratio: Double
    }

    /// The device ratios published for the pairs that reproduce LayoutFrameworkBenchmark's feed
    /// cell (`lfb/`, docs/fidelity.md), from the exact console output its issues give: #27,
    /// iPhone 13 Pro on iOS 18.6 (UIStackView 11.9 and 78.6 ms, Auto Layout 9.4 and 64.0 ms,
    /// manual 3.8 and 21.6 ms at 10 and 100 items), and #10, iPhone 13 Pro Max on iOS 16.3
    /// (12.1 and 75.3, 9.7 and 62.2, 3.6 and 19.7 ms).
    static let published: [String: [Published]] = [
        "lfb/stackview / lfb/autolayout": [
            Published(device: "iPhone 13 Pro", os: "iOS 18.6", source: issue27, size: 10, ratio: 11.9 / 9.4),
            Published(device: "iPhone 13 Pro", os: "iOS 18.6", source: issue27, size: 100, ratio: 78.6 / 64.0),
            Published(device: "iPhone 13 Pro Max", os: "iOS 16.3", source: issue10, size: 10, ratio: 12.1 / 9.7),
            Published(device: "iPhone 13 Pro Max", os: "iOS 16.3", source: issue10, size: 100, ratio: 75.3 / 62.2),
        ],
        "lfb/autolayout / lfb/manual-frames": [
            Published(device: "iPhone 13 Pro", os: "iOS 18.6", source: issue27, size: 10, ratio: 9.4 / 3.8),
            Published(device: "iPhone 13 Pro", os: "iOS 18.6", source: issue27, size: 100, ratio: 64.0 / 21.6),
            Published(device: "iPhone 13 Pro Max", os: "iOS 16.3", source: issue10, size: 10, ratio: 9.7 / 3.6),
            Published(device: "iPhone 13 Pro Max", os: "iOS 16.3", source: issue10, size: 100, ratio: 62.2 / 19.7),
        ],
    ]
    static let issue27 = "github.com/layoutBox/LayoutFrameworkBenchmark/issues/27"
    static let issue10 = "github.com/layoutBox/LayoutFrameworkBenchmark/issues/10"

    /// The published ratios of a pair, each with the model's wall-time ratio at its size.
    static func ratios(antiPattern: String, fix: String, sizes: [PairComparison.SizeRatios]) -> [DeviceRatio]? {
        guard let published = published["\(antiPattern) / \(fix)"] else { return nil }
        return published.map { entry in
            let model = sizes.first { $0.size == entry.size }?.ratios[Metric.wallNanoseconds.rawValue] ?? nil
            return DeviceRatio(
                device: entry.device, os: entry.os, source: entry.source, size: entry.size, deviceRatio: entry.ratio, modelRatio: model)
        }
    }
}
