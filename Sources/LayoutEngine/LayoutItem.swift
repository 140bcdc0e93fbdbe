import Cassowary
import Synchronization

/// A rectangle that constraints can position: a ``View`` or a ``LayoutGuide``.
///
/// Each item has four solver variables (minX, minY, width, height) in its root's
/// coordinate space, allocated when it first takes part in its root's engine.
open class LayoutItem {
    /// A name used in constraint descriptions, reports and traces (`Label:title`).
    public var name: String? {
        get { _name }
        set { _name = newValue }
    }
    // Internal storage behind a public accessor: no runtime exclusivity checks (EngineList.swift).
    var _name: String?

    /// A number that identifies the item in descriptions when it has no name, unique among
    /// the items a process makes: tables key items by it rather than by address, so that
    /// their probe sequences, and the instructions counted, do not depend on the allocator.
    public let serial: Int

    /// The engine the item's variables live in, when registered.
    unowned(unsafe) var registeredEngine: LayoutEngine?
    var variables: ItemVariables?
    var registrySlot: Int32 = -1
    /// The solver weight of the item's content-size constraints: set by the stack view
    /// that arranges it, from its index (StackView+FillOrder.swift); 1 otherwise. A
    /// `Float` beside `registrySlot`, where it takes no room.
    var fillOrderWeight: Float = 1

    /// The item's rectangle in its root's coordinates, as of the last layout pass.
    var solvedFrame = Rect.zero
    /// Whether `solvedFrame` holds engine values.
    var hasSolvedFrame = false

    /// Whether the item is a ``View`` (set once, at creation): the engine's per-item loops
    /// test this flag instead of a dynamic cast (`asView`).
    let isView: Bool

    init(name: String?, isView: Bool = false) {
        self._name = name
        self.serial = LayoutItem.nextSerial()
        self.isView = isView
    }

    /// The item as a ``View``, or `nil` for a layout guide, without a dynamic cast.
    @inline(__always)
    var asView: View? { isView ? unsafeDowncast(self, to: View.self) : nil }

    private static let serialCounter = Atomic<Int>(0x6000_0000)

    private static func nextSerial() -> Int {
        serialCounter.wrappingAdd(0x10, ordering: .relaxed).newValue
    }

    /// The class name used in descriptions (`View`, `Label`, `LayoutGuide`...).
    open var typeName: String { "LayoutItem" }

    /// The view whose hierarchy the item belongs to (the view itself, or a guide's owner),
    /// without a virtual call or a cast: ``View`` and ``LayoutGuide`` are the only subclasses
    /// (the initializer is internal).
    var hostView: View? {
        isView ? unsafeDowncast(self, to: View.self) : unsafeDowncast(self, to: LayoutGuide.self)._owningView
    }

    /// `TypeName:name`, or `TypeName:0x...` without a name.
    public var debugName: String {
        var text = typeName
        text += ":"
        if let name {
            text += name
        } else {
            text += "0x"
            text += String(serial, radix: 16)
        }
        return text
    }

    // MARK: Anchors

    public var leadingAnchor: XAxisAnchor { XAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: XAxisAnchor { XAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: XAxisAnchor { XAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: XAxisAnchor { XAxisAnchor(item: self, attribute: .right) }
    public var centerXAnchor: XAxisAnchor { XAxisAnchor(item: self, attribute: .centerX) }
    public var topAnchor: YAxisAnchor { YAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: YAxisAnchor { YAxisAnchor(item: self, attribute: .bottom) }
    public var centerYAnchor: YAxisAnchor { YAxisAnchor(item: self, attribute: .centerY) }
    public var widthAnchor: DimensionAnchor { DimensionAnchor(item: self, attribute: .width) }
    public var heightAnchor: DimensionAnchor { DimensionAnchor(item: self, attribute: .height) }
}
