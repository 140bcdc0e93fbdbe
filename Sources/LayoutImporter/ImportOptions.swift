/// Choices an import makes that the file does not settle.
public struct ImportOptions: Sendable {
    /// How text-bearing views get their intrinsic size (see ``IntrinsicSizing``).
    public enum TextSizing: String, Sendable, CaseIterable {
        /// The design frame Xcode measured, at the document's device; the font model for
        /// misplaced views.
        case canvas
        /// The font model for every text.
        case fontModel = "font-model"
    }

    /// How text is measured.
    public var textSizing: TextSizing = .canvas
    /// The device to lay out for, by IB id (`retina4_7`); `nil`: the document's own device.
    public var deviceID: String?
    /// Landscape rather than the document's orientation; `nil`: the document's.
    public var landscape: Bool?

    /// Whether `placeholder="YES"` constraints take part as design-time constraints.
    ///
    /// They are removed at build time, so they are never part of the runtime layout nor counted
    /// as imported; but Xcode's canvas lays out with them, and so do its stored frames. On
    /// (the default), they are activated into ``ImportedLayout/designTimeConstraints`` so the
    /// layout reproduces the canvas, as do IB's placeholder intrinsic sizes
    /// (`placeholderIntrinsicWidth`/`Height`); off, the layout is the runtime one.
    public var reproducesCanvas = true

    public init(textSizing: TextSizing = .canvas, deviceID: String? = nil, landscape: Bool? = nil, reproducesCanvas: Bool = true) {
        self.reproducesCanvas = reproducesCanvas
        self.textSizing = textSizing
        self.deviceID = deviceID
        self.landscape = landscape
    }
}
