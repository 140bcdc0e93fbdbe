/// Apple's Visual Format Language (the Auto Layout Guide's "Visual Format
/// Language" and `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`):
/// the defaults it uses. Parse formats with
/// ``LayoutConstraint/constraints(withVisualFormat:options:metrics:views:)``.
public enum VisualFormat {
    /// The standard space between sibling views, `[a]-[b]`: 8 points, Apple's
    /// documented default.
    public static let standardSpacing: Double = 8

    /// The standard space between a view and its superview's edge, `|-[a]` and
    /// `[a]-|`: 20 points, Apple's documented default. (UIKit on iOS 11 and later
    /// may relate `|-` to the superview's layout margins instead; layoutbench has no
    /// margins and always uses this constant to the edge.)
    public static let standardSuperviewSpacing: Double = 20
}

extension LayoutConstraint {
    /// Options for ``constraints(withVisualFormat:options:metrics:views:)``
    /// (`NSLayoutConstraint.FormatOptions`, with UIKit's raw values).
    ///
    /// Alignment options add, for each pair of consecutive views in the format, a
    /// constraint `previous.attribute == next.attribute`; they must lie across the
    /// format's orientation (top, bottom, centerY with `H:`; left, right, leading,
    /// trailing, centerX with `V:`). Direction options decide which edges `H:`
    /// formats relate; `V:` formats ignore them.
    ///
    /// Not supported (layoutbench has no baselines): `alignAllLastBaseline`,
    /// `alignAllFirstBaseline` and `spacingBaselineToBaseline`. Their raw bits are
    /// refused with ``VisualFormatError/Code/invalidOptions``.
    public struct FormatOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Align the left edges of consecutive views.
        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        /// Align the right edges of consecutive views.
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        /// Align the top edges of consecutive views.
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        /// Align the bottom edges of consecutive views.
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        /// Align the leading edges of consecutive views.
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        /// Align the trailing edges of consecutive views.
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        /// Align the horizontal centers of consecutive views.
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        /// Align the vertical centers of consecutive views.
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        /// The bits of the alignment options.
        public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)

        /// `H:` runs from leading to trailing (`leading`/`trailing` attributes). The
        /// default: its raw value is 0, so `[]` means this.
        public static let directionLeadingToTrailing = FormatOptions([])
        /// `H:` runs from left to right (`left`/`right` attributes).
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        /// `H:` runs from right to left: the first view is rightmost.
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        /// The bits of the direction options.
        public static let directionMask = FormatOptions(rawValue: 3 << 16)

        /// Every bit layoutbench understands.
        static let supported: FormatOptions = [
            .alignAllLeft, .alignAllRight, .alignAllTop, .alignAllBottom, .alignAllLeading, .alignAllTrailing,
            .alignAllCenterX, .alignAllCenterY, .directionMask,
        ]

        /// The alignment options with their attributes, in a fixed order.
        static let alignments: [(option: FormatOptions, attribute: LayoutAttribute, name: String)] = [
            (.alignAllLeft, .left, "alignAllLeft"), (.alignAllRight, .right, "alignAllRight"),
            (.alignAllTop, .top, "alignAllTop"), (.alignAllBottom, .bottom, "alignAllBottom"),
            (.alignAllLeading, .leading, "alignAllLeading"), (.alignAllTrailing, .trailing, "alignAllTrailing"),
            (.alignAllCenterX, .centerX, "alignAllCenterX"), (.alignAllCenterY, .centerY, "alignAllCenterY"),
        ]
    }

    /// Makes constraints from a string in Apple's Visual Format Language, as
    /// `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`. The
    /// constraints are not activated: pass them to ``activate(_:)``.
    ///
    /// The grammar (`e` is nothing):
    ///
    /// ```
    /// format      ::= (orientation ':')? ('|' connection)? view (connection view)* (connection '|')?
    /// orientation ::= 'H' | 'V'                         (default H)
    /// view        ::= '[' viewName ('(' predicate (',' predicate)* ')')? ']'
    /// connection  ::= e | '-' | '-' number '-' | '-' metricName '-' | '-(' predicate (',' predicate)* ')-'
    /// predicate   ::= ('==' | '<=' | '>=')? (number | metricName | viewName) ('@' (number | metricName))?
    /// ```
    ///
    /// - `|` is the superview of the views (a layout guide's owning view). Every view
    ///   in a format that uses `|` must share it.
    /// - `-` alone is the standard spacing: ``VisualFormat/standardSpacing`` (8)
    ///   between views, ``VisualFormat/standardSuperviewSpacing`` (20) to `|`.
    ///   `e` (`[a][b]`, `|[a]`) is a spacing of 0.
    /// - `-N-` takes a non-negative number or a metric; `-(...)-` takes any predicates
    ///   (`-(>=8,<=20@750)-`), numbers negative or fractional (`-(-10.5)-`).
    /// - In a view, predicates constrain its width (`H:`) or height (`V:`), to a
    ///   number or metric, or to the same dimension of another view (`[a(==b)]`).
    /// - The relation defaults to `==`, the priority to 1000 (required); a priority
    ///   lies in 1...1000. Names are C identifiers; metrics are looked up before views.
    /// - Numbers are read as `strtod` reads them; no whitespace is allowed anywhere.
    ///
    /// The constraints have UIKit's form: spacing relates `next.leading` to
    /// `previous.trailing + spacing` (first item the later view), `|-N-[a]` is
    /// `a.leading == superview.leading + N` and `[a]-N-|` is
    /// `superview.trailing == a.trailing + N` (top and bottom for `V:`; left and
    /// right with ``FormatOptions/directionLeftToRight``; mirrored with
    /// ``FormatOptions/directionRightToLeft``); sizes are `a.width == N` or
    /// `a.width == b.width`. They come in the order the format spells them, then
    /// the alignment constraints. None has an identifier (as in UIKit).
    ///
    /// Syntax and names are checked left to right; then the options against the
    /// orientation, then the superview.
    ///
    /// - Parameters:
    ///   - format: The visual format string, such as `H:|-[label]-(>=8)-[button(80)]-|`.
    ///   - options: Alignment between consecutive views and the direction of `H:`.
    ///   - metrics: Values for the metric names the format uses.
    ///   - views: The views (or layout guides) the format names, by name.
    /// - Returns: The constraints, inactive.
    /// - Throws: ``VisualFormatError`` with a ``VisualFormatError/Code``, the position
    ///   of the offending character and UIKit's message with a caret under it.
    /// - Complexity: O(*n*) in the length of the format, plus sorting the dictionary
    ///   keys for an unknown-name message.
    public static func constraints(
        withVisualFormat format: String,
        options: FormatOptions = [],
        metrics: [String: Double] = [:],
        views: [String: LayoutItem]
    ) throws(VisualFormatError) -> [LayoutConstraint] {
        var builder = VisualFormat.Builder(format: format, options: options, metrics: metrics, views: views)
        return try builder.build()
    }
}

extension VisualFormat {
    /// Turns a parsed format into constraints.
    struct Builder {
        let format: String
        let options: LayoutConstraint.FormatOptions
        var parser: Parser
        private var constraints: [LayoutConstraint] = []

        init(format: String, options: LayoutConstraint.FormatOptions, metrics: [String: Double], views: [String: LayoutItem]) {
            self.format = format
            self.options = options
            self.parser = Parser(format: format, metrics: metrics, views: views)
        }

        mutating func build() throws(VisualFormatError) -> [LayoutConstraint] {
            let syntax = try parser.parse()
            try checkOptions(for: syntax)
            let container = try checkSuperview(of: syntax)
            let edges = Edges(axis: syntax.axis, options: options)
            let dimension: LayoutAttribute = syntax.axis == .horizontal ? .width : .height

            if let leading = syntax.leadingSuperview, let container {
                let first = syntax.views[0].item
                connect(
                    (container, edges.backward), (first, edges.backward), by: leading.connection,
                    standard: VisualFormat.standardSuperviewSpacing, reversed: edges.reversed)
            }
            for (index, view) in syntax.views.enumerated() {
                for predicate in view.predicates {
                    let (toItem, secondAttribute, constant): (LayoutItem?, LayoutAttribute, Double) =
                        switch predicate.object {
                        case .constant(let value): (nil, .notAnAttribute, value)
                        case .item(let other, _): (other, dimension, 0)
                        }
                    constraints.append(
                        LayoutConstraint(
                            item: view.item, attribute: dimension, relatedBy: predicate.relation, toItem: toItem,
                            attribute: secondAttribute, constant: constant, priority: predicate.priority))
                }
                guard index < syntax.connections.count else { continue }
                let next = syntax.views[index + 1].item
                connect(
                    (view.item, edges.forward), (next, edges.backward), by: syntax.connections[index],
                    standard: VisualFormat.standardSpacing, reversed: edges.reversed)
            }
            if let trailing = syntax.trailingSuperview, let container {
                let last = syntax.views[syntax.views.count - 1].item
                connect(
                    (last, edges.forward), (container, edges.forward), by: trailing.connection,
                    standard: VisualFormat.standardSuperviewSpacing, reversed: edges.reversed)
            }
            for alignment in LayoutConstraint.FormatOptions.alignments where options.contains(alignment.option) {
                for (previous, next) in zip(syntax.views, syntax.views.dropFirst()) {
                    constraints.append(
                        LayoutConstraint(
                            item: previous.item, attribute: alignment.attribute, relatedBy: .equal, toItem: next.item,
                            attribute: alignment.attribute))
                }
            }
            return constraints
        }

        /// Adds the constraints of one connection between an earlier element and a
        /// later one, each with the edge that faces the other:
        /// `later.edge (relation) earlier.edge + spacing`, or the reverse when the
        /// direction runs right to left (so the spacing stays positive).
        private mutating func connect(
            _ earlier: (item: LayoutItem, edge: LayoutAttribute), _ later: (item: LayoutItem, edge: LayoutAttribute),
            by connection: Syntax.Connection, standard: Double, reversed: Bool
        ) {
            let (first, second) = reversed ? (earlier, later) : (later, earlier)
            let predicates: [Syntax.Predicate] =
                switch connection {
                case .standard: [Syntax.Predicate(relation: .equal, object: .constant(standard), priority: .required, position: 0)]
                case .predicates(let list): list
                }
            for predicate in predicates {
                // The parser refuses views in connections.
                guard case .constant(let spacing) = predicate.object else { continue }
                constraints.append(
                    LayoutConstraint(
                        item: first.item, attribute: first.edge, relatedBy: predicate.relation, toItem: second.item,
                        attribute: second.edge, constant: spacing, priority: predicate.priority))
            }
        }

        /// The edges a format relates. A view's `backward` edge faces the element
        /// before it, its `forward` edge the one after it; `|` at the start relates
        /// its `backward` edge, at the end its `forward` edge.
        struct Edges {
            var backward: LayoutAttribute
            var forward: LayoutAttribute
            /// Whether the format runs against the coordinates (right to left).
            var reversed: Bool

            init(axis: Axis, options: LayoutConstraint.FormatOptions) {
                let direction = options.intersection(.directionMask)
                switch axis {
                case .vertical:
                    (backward, forward, reversed) = (.top, .bottom, false)
                case .horizontal where direction == .directionLeftToRight:
                    (backward, forward, reversed) = (.left, .right, false)
                case .horizontal where direction == .directionRightToLeft:
                    (backward, forward, reversed) = (.right, .left, true)
                case .horizontal:
                    (backward, forward, reversed) = (.leading, .trailing, false)
                }
            }
        }

        /// Refuses bits layoutbench does not model, two directions at once, and
        /// alignments along the orientation. Points at the orientation (position 0).
        private func checkOptions(for syntax: Syntax) throws(VisualFormatError) {
            let unsupported = options.subtracting(LayoutConstraint.FormatOptions.supported)
            if !unsupported.isEmpty {
                throw error(
                    .invalidOptions, at: 0,
                    "The options hold bits 0x\(String(unsupported.rawValue, radix: 16)) that layoutbench does not support (baseline alignment and spacing have no model here)"
                )
            }
            if options.intersection(.directionMask) == .directionMask {
                throw error(
                    .invalidOptions, at: 0,
                    "The options ask for two directions at once; pass one of directionLeadingToTrailing, directionLeftToRight and directionRightToLeft"
                )
            }
            for alignment in LayoutConstraint.FormatOptions.alignments where options.contains(alignment.option) {
                guard alignment.attribute.axis == syntax.axis else { continue }
                let orientation = syntax.axis == .horizontal ? "H:" : "V:"
                let across =
                    syntax.axis == .horizontal
                    ? "alignAllTop, alignAllBottom or alignAllCenterY"
                    : "alignAllLeft, alignAllRight, alignAllLeading, alignAllTrailing or alignAllCenterX"
                throw error(
                    .invalidOptions, at: 0,
                    "\(alignment.name) aligns views along the axis that the \(orientation) format lays them out on; use \(across)")
            }
        }

        /// The superview `|` stands for: the superview of the view next to it. Every
        /// view of the format must share it. `nil` when the format has no `|`.
        private func checkSuperview(of syntax: Syntax) throws(VisualFormatError) -> View? {
            var bars: [(position: Int, view: Syntax.ViewTerm)] = []
            if let leading = syntax.leadingSuperview { bars.append((leading.position, syntax.views[0])) }
            if let trailing = syntax.trailingSuperview { bars.append((trailing.position, syntax.views[syntax.views.count - 1])) }
            guard let reference = bars.first else { return nil }
            guard let container = Self.container(of: reference.view.item) else {
                throw error(
                    .missingSuperview, at: reference.position,
                    "Unable to interpret '|' character, because the related view '\(reference.view.name)' (\(reference.view.item.debugName)) doesn't have a superview"
                )
            }
            for view in syntax.views {
                let own = Self.container(of: view.item)
                guard own !== container else { continue }
                let place = own.map { "is in \($0.debugName)" } ?? "has no superview"
                throw error(
                    .differentSuperviews, at: view.position,
                    "'\(view.name)' \(place), but '|' stands for \(container.debugName), the superview of '\(reference.view.name)'; every view in a format that uses '|' must share that superview"
                )
            }
            return container
        }

        /// A view's superview, or a layout guide's owning view.
        static func container(of item: LayoutItem) -> View? {
            switch item {
            case let view as View: view.superview
            case let guide as LayoutGuide: guide.owningView
            default: nil
            }
        }

        private func error(_ code: VisualFormatError.Code, at position: Int, _ reason: String) -> VisualFormatError {
            VisualFormatError(code: code, format: format, position: position, reason: reason)
        }
    }
}
