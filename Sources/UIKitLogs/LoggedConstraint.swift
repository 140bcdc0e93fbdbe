import Foundation

/// An object named in a constraint description: a view, a layout guide, a stack-view spacer.
///
/// Addresses are the only identity UIKit prints: the same view appears under the same address
/// in every entry of a log. An item the log names only through a short name that no `names:`
/// map resolves (`progress background`) is identified by that name.
public struct LoggedItem: Hashable, Sendable, CustomStringConvertible {
    /// The class as printed (`UILabel`, `Trust.BrowserNavigationBar`, `UILayoutGuide`), or `nil`
    /// when the log names the item only by an accessibility name.
    public var className: String?
    /// The address without `0x`, lower case, or `nil` when the log does not give one.
    public var address: String?
    /// The text UIKit shows for labels and buttons (`'Set lunch'`), or a layout guide's
    /// identifier (`'UIViewLayoutMarginsGuide'`).
    public var text: String?
    /// The short name the log used for it (`name_label`, `'|'` resolved), if any.
    public var name: String?

    public init(className: String?, address: String?, text: String? = nil, name: String? = nil) {
        self.className = className
        self.address = address
        self.text = text
        self.name = name
    }

    /// What identifies the item across entries: its address, else its name.
    public var key: String { address.map { "0x" + $0 } ?? name ?? className ?? "?" }

    /// Whether this is a layout guide (`UILayoutGuide`, legacy `_UILayoutGuide`, a stack view's spacer).
    public var isLayoutGuide: Bool {
        guard let className else { return false }
        return className.hasSuffix("LayoutGuide") || className == "_UILayoutSpacer"
    }

    /// The layout-margins guide of some view (`'UIViewLayoutMarginsGuide'`).
    public var isMarginsGuide: Bool { isLayoutGuide && text == "UIViewLayoutMarginsGuide" }
    /// The safe-area guide of some view (`'UIViewSafeAreaLayoutGuide'`).
    public var isSafeAreaGuide: Bool { isLayoutGuide && text == "UIViewSafeAreaLayoutGuide" }

    /// A short readable name: `UILabel 'Set lunch'`, `name_label`, `UIStackView …5c70`.
    public var shortName: String {
        if let name, className == nil { return name }
        var base = className ?? name ?? "?"
        if let dot = base.lastIndex(of: "."), !base.hasPrefix("_Tt") { base = String(base[base.index(after: dot)...]) }
        if let text { return "\(base) '\(text)'" }
        if let name, name != "|" { return "\(base) \(name)" }
        if let address { return "\(base) …\(address.suffix(4))" }
        return base
    }

    /// As UIKit prints it: `UILabel:0x7f83b9a05e80'Set lunch'`.
    public var description: String {
        var text = ""
        if let className, let address { text = "\(className):0x\(address)" } else { text = name ?? className ?? "?" }
        if let quoted = self.text { text += "'\(quoted)'" }
        return text
    }
}

/// An attribute as UIKit prints it, including the margin, baseline and autoresizing forms.
public enum LoggedAttribute: String, Sendable, CaseIterable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins
    case firstBaseline, lastBaseline, baseline
    case minX, minY, midX, midY, maxX, maxY
    /// A scroll view's content size as old logs print the engine's variables
    /// (`UITableView:0x7c1d4400.contentHeight{id: 178}`).
    case contentWidth, contentHeight

    /// Whether the attribute is horizontal.
    public var isHorizontal: Bool {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
            .trailingMargin, .centerXWithinMargins, .minX, .midX, .maxX, .contentWidth:
            true
        default: false
        }
    }

    /// Whether the attribute is a size.
    public var isDimension: Bool { self == .width || self == .height }

    /// Whether the attribute is an edge at the end of its axis (trailing, right, bottom, last baseline).
    public var isTrailingSide: Bool {
        switch self {
        case .right, .trailing, .bottom, .rightMargin, .trailingMargin, .bottomMargin, .maxX, .maxY, .lastBaseline,
            .baseline:
            true
        default: false
        }
    }
}

/// A relation as printed.
public enum LoggedRelation: String, Sendable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="
}

/// One side of a constraint: an item's attribute.
public struct LoggedAnchor: Hashable, Sendable, CustomStringConvertible {
    public var item: LoggedItem
    public var attribute: LoggedAttribute
    public init(item: LoggedItem, attribute: LoggedAttribute) {
        self.item = item
        self.attribute = attribute
    }
    public var description: String { "\(item).\(attribute.rawValue)" }
}

/// One constraint description of a log (`<NSLayoutConstraint:0x… … (active)>`), read into
/// the equation `first (relation) multiplier * second + constant`.
public struct LoggedConstraint: Sendable, CustomStringConvertible {
    /// `NSLayoutConstraint`, `NSAutoresizingMaskLayoutConstraint`, `SnapKit.LayoutConstraint`, …
    public var className: String
    /// The constraint's address (lower-case hex, no `0x`), or a Masonry key when it has none.
    public var address: String
    /// SnapKit's `@File.swift#88` source location, without the `@`.
    public var sourceLocation: String?
    /// `NSLayoutConstraint.identifier` (`UIView-Encapsulated-Layout-Width`, `UISV-alignment`, …).
    public var identifier: String?
    /// The autoresizing mask as printed (`h=--& v=--&`), on `NSAutoresizingMaskLayoutConstraint`s.
    public var autoresizingMask: String?
    public var first: LoggedAnchor
    public var relation: LoggedRelation
    public var second: LoggedAnchor?
    public var multiplier: Double
    public var constant: Double
    /// Whether the constant is a system spacing (`NSSpace(8)`, `NSLayoutAnchorConstraintSpace(8)`).
    public var isSystemSpacing: Bool
    /// The priority when printed (`@750`); `nil` means required.
    public var priority: Double?
    /// Whether the description says `(active)`.
    public var isActive: Bool
    /// Whether the body was Visual Format (`H:|-(15)-[…]`).
    public var isVisualFormat: Bool
    /// The description as it appeared (after repairing paste damage).
    public var text: String
    /// Where the description starts in the input (1-based).
    public var line: Int
    public var column: Int
    /// The superview the state suffix names as `'|'` (`(active, names: '|':UIView:0x7f01 )`),
    /// which modern autoresizing constraints (`UIView:0x7f02.minX == 0`) are relative to.
    public var superview: LoggedItem? = nil

    /// Whether the constraint is one UIKit makes for a frame it imposes (autoresizing mask,
    /// a table's or collection's cell size, a temporary size), or one layoutbench's engine
    /// prints for its window's frame (`'window-width'`, `'root-origin-x'`: its own reports
    /// read back): not app code.
    public var isImposedGeometry: Bool {
        if className == "NSAutoresizingMaskLayoutConstraint" { return true }
        guard let identifier else { return false }
        return identifier.hasPrefix("UIView-Encapsulated-Layout") || identifier.hasPrefix("_UITemporaryLayout")
            || Self.engineWindowIdentifiers.contains(identifier)
    }

    /// The identifiers of the window constraints in layoutbench's own reports
    /// (`LayoutEngine`'s root frame).
    static let engineWindowIdentifiers: Set<String> = ["window-width", "window-height", "root-origin-x", "root-origin-y"]

    /// Whether UIKit made it for a layout-margins or safe-area guide.
    public var isGuideDefinition: Bool {
        guard let identifier else { return false }
        return identifier.hasPrefix("UIView-") && identifier.hasSuffix("-guide-constraint")
            || identifier.hasPrefix("UIViewSafeAreaLayoutGuide")
    }

    /// Whether a stack view made it (`UISV-*`).
    public var isStackViewConstraint: Bool { identifier?.hasPrefix("UISV-") ?? false }

    /// The equation in plain form: `UILabel 'Title'.width == 200`.
    public var equation: String {
        var text = "\(first.item.shortName).\(first.attribute.rawValue) \(relation.rawValue) "
        if let second {
            if multiplier != 1 { text += "\(formatLogNumber(multiplier)) × " }
            text += "\(second.item.shortName).\(second.attribute.rawValue)"
            if constant != 0 { text += constant < 0 ? " − \(formatLogNumber(-constant))" : " + \(formatLogNumber(constant))" }
        } else {
            text += formatLogNumber(constant)
        }
        if let priority { text += " @\(formatLogNumber(priority))" }
        return text
    }

    public var description: String { text }
}

/// As UIKit prints numbers (`%g`): `8`, `0.5`, `54.6667`, `2.22507e-308`.
func formatLogNumber(_ value: Double) -> String {
    String(format: "%g", value)
}

/// One "Unable to simultaneously satisfy constraints" block.
public struct LoggedConflict: Sendable {
    /// Which framework printed it.
    public enum Platform: String, Sendable { case uikit, appkit }
    public var platform: Platform
    /// The mutually exclusive constraints, as listed (duplicates kept).
    public var constraints: [LoggedConstraint]
    /// The constraint UIKit broke ("Will attempt to recover by breaking constraint"), when the log has that line.
    public var broken: LoggedConstraint?
    /// Whether os_log redacted the block to `<private>`.
    public var isRedacted: Bool
    /// Whether the header line was present (most pasted logs keep only the list).
    public var hasHeader: Bool
    /// The header's line (or the first constraint's) in the input.
    public var line: Int
    /// Whether the recovery line was cut inside the broken constraint's description, which
    /// ``broken`` then is the listed entry with the address the cut line still shows.
    public var isRecoveryLineCut = false

    /// The listed constraints without repeats (same address): UIKit's list can repeat an entry.
    public var distinctConstraints: [LoggedConstraint] {
        var seen = Set<String>()
        return constraints.filter { seen.insert($0.address + $0.text).inserted }
    }
}
