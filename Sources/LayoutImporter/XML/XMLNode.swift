/// One element of an Interface Builder document: its name, attributes, child elements
/// and where its start tag is in the file (1-based line and column, as the parser
/// reports them). Text content is not kept: IB documents carry none that layout needs.
public final class XMLNode {
    /// The element's name (`constraint`, `label`).
    public let name: String
    /// The attributes as written.
    public let attributes: [String: String]
    /// The child elements, in document order.
    public internal(set) var children: [XMLNode] = []
    /// The line of the start tag.
    public let line: Int
    /// The column the parser reported for the start tag.
    public let column: Int
    /// The enclosing element; not retained.
    public internal(set) weak var parent: XMLNode?

    init(name: String, attributes: [String: String], line: Int, column: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
        self.column = column
    }

    /// An attribute's value.
    public subscript(attribute: String) -> String? { attributes[attribute] }

    /// The first child with this name (and `key`, when given).
    public func child(_ name: String, key: String? = nil) -> XMLNode? {
        children.first { $0.name == name && (key == nil || $0.attributes["key"] == key) }
    }

    /// The children with this name.
    public func children(named name: String) -> [XMLNode] {
        children.filter { $0.name == name }
    }

    /// Whether an attribute is `YES`.
    func flag(_ attribute: String) -> Bool { attributes[attribute] == "YES" }

    /// An attribute as a number, if present, numeric, finite and within ±``numberLimit`` (a
    /// frame, a size or a priority: no screen or design is larger, and a NaN or 1e20 would make
    /// every sum after it meaningless); `nil` otherwise, as for a missing attribute.
    func number(_ attribute: String) -> Double? {
        guard let value = attributes[attribute].flatMap(Double.init), value.isFinite, abs(value) <= Self.numberLimit else { return nil }
        return value
    }

    /// The largest magnitude ``number(_:)`` accepts: a million points.
    static let numberLimit = 1_000_000.0

    /// Every element below this one, depth first, in document order.
    func forEachDescendant(_ body: (XMLNode) -> Void) {
        for child in children {
            body(child)
            child.forEachDescendant(body)
        }
    }
}
