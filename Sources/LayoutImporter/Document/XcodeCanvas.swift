import LayoutEngine

/// What Xcode's canvas simulates around a full-screen view controller's view, which depends on
/// the Xcode version that saved the document (`toolsVersion`): the status bar and the home
/// indicator that the stored frames of the safe area and of the legacy layout guides show.
///
/// Every value below was read off the stored frames of the real-world corpus (views pinned to a
/// full-screen root's safe area or top layout guide, the constraint's constant taken off), by
/// Xcode version, over `ib/` and `ib2/`; the counts are such views, and the views that show
/// another value sit under a simulated or segue-implied navigation bar:
/// - **Xcode 10 and earlier** (tools versions up to 14490: these documents still write the
///   device as `<device><adaptation id="fullscreen"/></device>`, Xcode 11 and later as
///   `<device appearance="light"/>`, first seen at 14868): a 20-point status bar on every
///   device without a home indicator (iPhone 8 scenes and view-controller XIBs: 11 views in four
///   apps; iPad Pro 10.5": 4), and 44 on the notched iPhones (2).
/// - **Xcode 11 to 13** (14868 up to 21000): no status bar on iPhones with a home button (7
///   views in three apps, top 0; 5 more in two apps up to Xcode 16), 44 on every notched iPhone
///   whatever its size (iPhone XR and 11, 11 Pro, 12, 11 Pro Max, 12 Pro Max: 30 views), as iOS
///   13 had it.
/// - **Xcode 14 to 16** (21000 up to 24000): the notched iPhones' own status bars as iOS 16 gives
///   them: 48 on the iPhone XR and 11 (`retina6_1`: 7 views in three apps), 47 on the iPhone 12
///   to 14 (`retina6_0`: 2), 44 on the iPhone XS Max and 11 Pro Max (`retina6_5`: 1); 59 on the
///   Dynamic Island iPhones (from iOS 16's figures; no stored frame in the corpus checks it).
/// - **Xcode 26** (24000 and up): both insets of a notched iPhone twice as deep (on the 393 × 852
///   `retina6_12` of one app top 118 in 4 views and bottom 68 in 5; top 96 on `retina6_1`, 1
///   view; bottom 68 on `retina6_1` in another app's launch screen), and a 20-point status bar
///   again on the iPhone 8 (1 view).
/// The home indicator is 34 points on every notched iPhone and 20 on the rounded iPads, as
/// their safe areas have it at run time.
public struct XcodeCanvas: Sendable, Hashable {
    /// The Xcode versions whose canvases differ.
    public enum Era: Int, Sendable, Comparable {
        /// Xcode 8 and earlier: tools versions under 13000.
        case xcode8
        /// Xcode 9 and 10: up to 14490.
        case xcode9
        /// Xcode 11: 14868 up to 17000.
        case xcode11
        /// Xcode 12 and 13: up to 21000.
        case xcode12
        /// Xcode 14 to 16: up to 24000.
        case xcode14
        /// Xcode 26: 24000 and up.
        case xcode26

        public static func < (lhs: Era, rhs: Era) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The Xcode version that saved the document.
    public let era: Era

    /// The canvas of the Xcode that wrote `toolsVersion` (the document's attribute, its first
    /// number); 0 or absent is taken as the newest.
    public init(toolsVersion: Double) {
        self.toolsVersion = toolsVersion
        switch toolsVersion {
        case 0: era = .xcode26
        case ..<13000: era = .xcode8
        case ..<14868: era = .xcode9
        case ..<17000: era = .xcode11
        case ..<21000: era = .xcode12
        case ..<24000: era = .xcode14
        default: era = .xcode26
        }
    }

    /// The tools version that saved the document (its first number; 0 when absent).
    public let toolsVersion: Double

    /// The screen of `device` in this Xcode: `retina6_12` named the 390 × 844 iPhone 14 when
    /// Xcode 14 added it, and the 393 × 852 iPhone 15 later (documents saved by Xcode 26 store
    /// 393 × 852 root frames for it: 6 files in one app). The change is taken at Xcode 15 (tools
    /// version 22000), which added the iPhone 15; no stored frame of Xcode 15 or 16 checks it.
    public func screen(of device: DeviceProfile) -> Size {
        guard device.id == "retina6_12", toolsVersion == 0 || toolsVersion >= 22000 else { return device.screen }
        return device.isLandscape ? Size(width: 852, height: 393) : Size(width: 393, height: 852)
    }

    /// The status bar's height over a full-screen view controller's view on `device` (0 in an
    /// iPhone's landscape, where iOS hides it).
    public func statusBar(on device: DeviceProfile) -> Double {
        if device.isLandscape && !device.isPad { return 0 }
        let notched = device.homeIndicatorInset > 0
        switch era {
        case .xcode8, .xcode9:
            return notched ? device.statusBarHeight : 20
        case .xcode11, .xcode12:
            if device.isPad { return notched ? device.statusBarHeight : 20 }
            return notched ? 44 : 0
        case .xcode14:
            if device.isPad { return notched ? device.statusBarHeight : 20 }
            return notched ? modernStatusBar(device) : 0
        case .xcode26:
            if device.isPad { return notched ? device.statusBarHeight : 20 }
            return notched ? 2 * modernStatusBar(device) : 20
        }
    }

    /// The home indicator's inset at the bottom of a full-screen view controller's view.
    public func homeIndicator(on device: DeviceProfile) -> Double {
        era == .xcode26 && !device.isPad ? 2 * device.homeIndicatorInset : device.homeIndicatorInset
    }

    /// iOS 16's status bars of the notched iPhones, by IB's device id (the Dynamic Island's
    /// 59 for `retina6_12` once it names the iPhone 15).
    private func modernStatusBar(_ device: DeviceProfile) -> Double {
        switch device.id {
        case "retina6_12": return min(screen(of: device).width, screen(of: device).height) == 393 ? 59 : 47
        case "retina6_1": return 48
        case "retina6_5", "retina5_9": return 44
        case "retina6_3", "retina6_9": return 59
        default: return device.statusBarHeight
        }
    }

    /// The side margin of a root view (a view controller's view; in Xcode 9 and 10 also any top-level
    /// view of a XIB) `width` points wide: UIKit's system minimum margins, 16 points on the
    /// narrower iPhones and 20 from 400 points on and on iPad (Xcode 9 and 10 canvases: collection
    /// cells at the top of XIBs 352 and 375 wide show 16 in 20 views, 402 and 600 wide 20 in 4, in
    /// one app; scenes of every era show 16 at 320 and 375 and 20 at 414 and on iPad).
    public func rootSideMargin(width: Double, device: DeviceProfile) -> Double {
        device.isPad || width >= 400 ? 20 : 16
    }

    /// Whether the canvas gives a XIB's top-level views, full screen or not, a root view's margins
    /// (0 at the top and bottom, ``rootSideMargin(width:device:)`` at the sides): Xcode 9 and 10
    /// do (the collection cells above and a title view, 28 views; a 178-point alert view's top 0);
    /// later canvases give a view that is not full screen UIView's 8.
    public var rootMarginsOnTopLevelViews: Bool { era == .xcode9 }

    /// The default layout margins of a table cell's content view, as the canvas of each Xcode shows
    /// them (views pinned to the side margins of content views without explicit margins):
    /// - Xcode 8: 8 on every side (15 views at the sides in one app; 1 at 6);
    /// - Xcode 9 and 10: a prototype in a storyboard's table 15 at the sides (the table's, as iOS 11
    ///   and 12 had it: 11 views), a XIB's cell a root view's margins by its own width (16 at 320 to
    ///   375: 15 views, 20 at 600: 8); 5 views show 8 or 14; 11 at the top and bottom;
    /// - Xcode 11: 15 at the sides (12 views), 20 on the 414-point iPhones (6);
    /// - Xcode 12 and later: 16 at the sides (71 views, 30 of them a 704-point iPad split view's
    ///   prototypes), 20 on the 414-point iPhones for a cell wider than 320 (6: a 331-point cell on
    ///   an iPhone 11; a 600-point cell on an iPhone 8 shows 16); 3 views show 8 or 14; 11 at the
    ///   top and bottom, 15 on iPad.
    public func cellContentMargins(device: DeviceProfile, cellWidth: Double, inStoryboardTable: Bool) -> EdgeInsets {
        if era == .xcode8 { return EdgeInsets(all: 8) }
        // A 320-point cell, the width Xcode gives a new XIB cell, keeps the narrow margin on the
        // 414-point iPhones too (3 views in two files).
        let wide = !device.isPad && min(device.screen.width, device.screen.height) >= 414 && cellWidth > 320
        let side: Double
        switch era {
        case .xcode8, .xcode9: side = inStoryboardTable ? 15 : rootSideMargin(width: cellWidth, device: device)
        case .xcode11: side = wide ? 20 : 15
        case .xcode12, .xcode14, .xcode26: side = wide ? 20 : 16
        }
        let vertical = device.isPad ? 15.0 : 11.0
        return EdgeInsets(top: vertical, leading: side, bottom: vertical, trailing: side)
    }
}
