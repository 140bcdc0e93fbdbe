import LayoutEngine

/// A .xib or .storyboard turned into engine hierarchies, with what was skipped.
public final class ImportedDocument {
    /// Whether the file is a XIB or a storyboard.
    public enum Kind: String, Sendable, Codable {
        case xib, storyboard
    }

    /// The file's path, as given.
    public let path: String
    /// XIB or storyboard.
    public let kind: Kind
    /// The device the document is laid out for.
    public let device: DeviceProfile
    /// The size classes `<variation>`s were chosen by.
    public var traits: TraitCollection { device.traits }
    /// The hierarchies, in document order.
    public internal(set) var layouts: [ImportedLayout] = []
    /// What was skipped or approximated, in document order.
    public internal(set) var warnings: [ImportWarning] = []

    /// Every `<constraint>` element in the file.
    public internal(set) var constraintElements = 0
    /// `placeholder="YES"` constraints (removed at build time, so dropped).
    public internal(set) var placeholderConstraints = 0
    /// Constraints a `<variation>` mask uninstalls for ``traits``.
    public internal(set) var excludedForSizeClass = 0
    /// Constraints that could not be imported (each has a warning).
    public internal(set) var skippedConstraints = 0
    /// `symbolic="YES"` constraints (standard spacing, imported with their written constant).
    public internal(set) var symbolicConstraints = 0

    init(path: String, kind: Kind, device: DeviceProfile) {
        self.path = path
        self.kind = kind
        self.device = device
    }

    /// The constraints imported over all hierarchies.
    public var importedConstraints: Int { layouts.reduce(0) { $0 + $1.constraints.count } }

    /// The constraints the file asks for at ``traits``: elements minus placeholders minus
    /// those uninstalled for the size class.
    public var expectedConstraints: Int { constraintElements - placeholderConstraints - excludedForSizeClass }
}
