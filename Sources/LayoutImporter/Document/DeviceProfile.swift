import LayoutEngine

/// The size class of one dimension of a trait collection (`UIUserInterfaceSizeClass`).
public enum SizeClass: String, Sendable, Codable {
    case compact, regular
}

/// The traits `<variation>` elements are chosen by: a horizontal and a vertical size class.
public struct TraitCollection: Sendable, Hashable, CustomStringConvertible {
    public var horizontal: SizeClass
    public var vertical: SizeClass

    public init(horizontal: SizeClass, vertical: SizeClass) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// `wC hR` style, as Interface Builder's trait bar shows it.
    public var description: String {
        "w\(horizontal == .compact ? "C" : "R") h\(vertical == .compact ? "C" : "R")"
    }

    /// Whether a variation key (`default`, `heightClass=compact`,
    /// `heightClass=regular-widthClass=compact`, ...) applies to these traits; `nil` for a key
    /// this importer does not understand.
    public func matches(variationKey key: String) -> Bool? {
        if key == "default" { return true }
        for component in key.split(separator: "-") {
            let parts = component.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = SizeClass(rawValue: parts[1]) else { return nil }
            switch parts[0] {
            case "widthClass": if value != horizontal { return false }
            case "heightClass": if value != vertical { return false }
            default: return nil
            }
        }
        return true
    }

    /// How specific a key is: the number of size classes it names (`default` is 0).
    static func specificity(ofVariationKey key: String) -> Int {
        key == "default" ? 0 : key.split(separator: "-").count
    }
}

/// A device Interface Builder lays a document out for (`<device id="retina4_7" .../>`):
/// its screen in points, size classes, and the insets and margins UIKit gives it.
///
/// The table covers the ids IB writes for iPhones and iPads; an unknown id falls back to
/// `retina4_7` (iPhone 8) with a warning. Values are portrait; a landscape document swaps
/// the screen and takes the landscape traits and insets.
public struct DeviceProfile: Sendable, Hashable {
    /// IB's id (`retina4_7`).
    public let id: String
    /// Whether the document is landscape.
    public let isLandscape: Bool
    /// The screen in points.
    public let screen: Size
    /// The size classes.
    public let traits: TraitCollection
    /// The status bar's height (0 in landscape on iPhone).
    public let statusBarHeight: Double
    /// The bottom safe-area inset (the home indicator), 0 on devices with a home button.
    public let homeIndicatorInset: Double
    /// Whether the device is an iPad.
    public let isPad: Bool
    /// Whether the device is an Apple TV (a tvOS document's).
    public var isTV: Bool { id == "appleTV" }

    /// The safe-area insets of a full-screen view on an Apple TV: tvOS's 60 points at the top and
    /// bottom and 80 at the sides (the overscan margins of tvOS 11's safe area; a label pinned
    /// 600 points from a tvOS XIB's safe-area leading edge is stored at 680, a view pinned to its
    /// root's bottom margin 60 points up).
    public static let tvSafeArea = EdgeInsets(top: 60, leading: 80, bottom: 60, trailing: 80)

    /// The system minimum side margins of a view controller's root view (16 on a compact
    /// width under 414 points, 20 otherwise), relative to the safe area.
    public var rootSideMargin: Double { screen.width >= 414 || isPad ? 20 : 16 }

    /// The default layout margins of a table cell's content view, as the design frames of the
    /// corpus show them: 15 at the sides in documents saved before Xcode 12 (tools version under
    /// 17000, iOS 13 SDK and earlier), 16 since; 11 top and bottom on iPhone, 15 on iPad.
    public func cellContentMargins(toolsVersion: Double) -> EdgeInsets {
        let side = toolsVersion > 0 && toolsVersion < 17000 ? 15.0 : 16.0
        let vertical = isPad ? 15.0 : 11.0
        return EdgeInsets(top: vertical, leading: side, bottom: vertical, trailing: side)
    }

    /// The devices known, by IB id: (portrait width, height, status bar, home indicator, iPad).
    static let known: [String: (Double, Double, Double, Double, Bool)] = [
        "retina3_5": (320, 480, 20, 0, false),
        "retina4_0": (320, 568, 20, 0, false),
        "retina4_7": (375, 667, 20, 0, false),
        "retina5_5": (414, 736, 20, 0, false),
        "retina5_9": (375, 812, 44, 34, false),
        "retina6_1": (414, 896, 44, 34, false),
        "retina6_5": (414, 896, 44, 34, false),
        "retina6_0": (390, 844, 47, 34, false),
        "retina6_12": (390, 844, 47, 34, false),
        "retina6_3": (393, 852, 59, 34, false),
        "retina6_7": (428, 926, 47, 34, false),
        "retina6_72": (428, 926, 47, 34, false),
        "retina6_9": (430, 932, 59, 34, false),
        "ipad9_7": (768, 1024, 20, 0, true),
        "ipad10_2": (810, 1080, 20, 0, true),
        "ipad10_5": (834, 1112, 20, 0, true),
        "ipad10_9rounded": (820, 1180, 24, 20, true),
        "ipad11": (834, 1194, 24, 20, true),
        "ipad12_9": (1024, 1366, 20, 0, true),
        "ipad12_9rounded": (1024, 1366, 24, 20, true),
        // Apple TV: the 1920 × 1080 screen of every tvOS document (12 files of one app store it).
        "appleTV": (1920, 1080, 0, 0, false),
    ]

    /// The device ids the importer knows, sorted.
    public static var knownIDs: [String] { known.keys.sorted() }

    /// The profile for IB's device id, or `nil` for an id not in the table.
    public init?(id: String, landscape: Bool = false) {
        guard let entry = Self.known[id] else { return nil }
        self.id = id
        self.isLandscape = landscape
        self.isPad = entry.4
        if id == "appleTV" {
            screen = Size(width: entry.0, height: entry.1)
            statusBarHeight = 0
            homeIndicatorInset = 0
            traits = TraitCollection(horizontal: .regular, vertical: .regular)
        } else if landscape {
            screen = Size(width: entry.1, height: entry.0)
            statusBarHeight = entry.4 ? entry.2 : 0
            homeIndicatorInset = entry.3 > 0 ? (entry.4 ? entry.3 : 21) : 0
            traits = TraitCollection(horizontal: entry.4 || entry.0 >= 414 ? .regular : .compact, vertical: entry.4 ? .regular : .compact)
        } else {
            screen = Size(width: entry.0, height: entry.1)
            statusBarHeight = entry.2
            homeIndicatorInset = entry.3
            traits = TraitCollection(horizontal: entry.4 ? .regular : .compact, vertical: .regular)
        }
    }

    /// iPhone 8 in portrait: what IB uses when a document names no device.
    public static let fallback = DeviceProfile(id: "retina4_7")!
    /// What a tvOS document (`targetRuntime="AppleTV"`) that names no device is laid out for.
    public static let appleTV = DeviceProfile(id: "appleTV")!

    /// The device sizes of the sweep: iPhone SE, 8, 11 Pro, 11, 14 Pro Max, iPad 9.7" and
    /// 12.9", each in portrait and landscape.
    public static let sweepIDs = ["retina4_0", "retina4_7", "retina5_9", "retina6_1", "retina6_72", "ipad9_7", "ipad12_9"]
}
