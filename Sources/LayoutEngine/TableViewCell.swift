/// A row of a ``TableView`` (`UITableViewCell`): a view with a ``contentView`` to put
/// content in, reused for other rows as the table scrolls.
///
/// Like UIKit's, a cell is made 320 × 44 and translates its autoresizing mask into
/// constraints: the table sets its frame. Its ``contentView`` also translates its
/// mask, with flexible width and height, so it always covers the cell; constrain your
/// content to the content view (not to the cell), and do not turn off the content
/// view's `translatesAutoresizingMaskIntoConstraints`.
///
/// Set up subviews and constraints once, in `init`; in the data source only change
/// content (text, images), which the engine turns into constant updates. Override
/// ``prepareForReuse()`` to reset state before the cell shows another row.
open class TableViewCell: View {
    /// The view that holds the cell's content; it follows the cell's size.
    public let contentView: View

    /// The identifier the cell was dequeued with, or `nil` for a cell made outside
    /// ``TableView/dequeueReusableCell(withIdentifier:for:)``.
    public var reuseIdentifier: String? { _reuseIdentifier }
    /// Internal storage, read whenever the table pools the cell: the optimizer then drops its
    /// runtime exclusivity checks (see `LayoutEngine._root`).
    var _reuseIdentifier: String?

    /// Makes a cell 320 × 44 with its content view.
    ///
    /// - Parameters:
    ///   - reuseIdentifier: The identifier; the table sets it when it makes the cell
    ///     from a registered factory.
    ///   - name: A name for descriptions (`TableViewCell:name`).
    public init(reuseIdentifier: String? = nil, name: String? = nil) {
        let size = Size(width: 320, height: 44)
        contentView = TableViewCellContentView(name: name.map { $0 + ".contentView" }, frame: Rect(origin: .zero, size: size))
        self._reuseIdentifier = reuseIdentifier
        super.init(name: name, frame: Rect(origin: .zero, size: size))
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    open override var typeName: String { "TableViewCell" }

    /// Called when the table hands the cell out again, before the data source
    /// configures it. Reset transient state here; keep constraints.
    open func prepareForReuse() {}

    /// Sets the frame the table gives the cell (in the table's content coordinates)
    /// and keeps the content view's stored frame covering it.
    ///
    /// The content view's autoresizing constraints are made from its stored frame
    /// relative to the cell's (flexible margins of zero); they follow the cell by
    /// themselves, but if they are ever made again (the cell moving between engines)
    /// the stored frames must still agree, or the margins come out wrong.
    func setTableFrame(_ rect: Rect) {
        if storedFrame != rect { frame = rect }
        contentView.storedFrame = Rect(origin: .zero, size: rect.size)
    }
}

/// A table cell's content view (`UITableViewCellContentView`).
final class TableViewCellContentView: View {
    override var typeName: String { "TableViewCellContentView" }
}
