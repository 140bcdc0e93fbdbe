import LayoutEngine

/// The checks that read the view hierarchy once, at the end: stack nesting,
/// constraints across hierarchies, ambiguity between siblings. Not API.
struct _HierarchyAnalysis {
    struct StackNesting {
        var place: String
        var inCell: Bool
        var depth = 0
        var chain: [String] = []
        /// Cells whose nesting is over the limit (in a cell), or stacks nested deeper than
        /// the limit (elsewhere).
        var instances = 0
        var stacks = 0
        /// In a cell: the constraints installed in the cell with the most, by who made them.
        var containerConstraints = 0
        var appConstraints = 0
    }

    struct CrossLinks {
        var ancestor: String
        var constraints = 0
        var subtrees: Set<Int> = []
        var examples: [String] = []
        var views: [String] = []
    }

    struct AmbiguousSet {
        var superview: String
        var axis: Axis
        var hugging: Bool
        var priority: Float
        var views: [String]
    }

    let maximumNesting: Int
    let examples: Int
    let ambiguityLimit: Int

    var roots: [String] = []
    var views = 0
    var stackViews = 0
    var installedConstraints = 0
    var deepest = 0
    var deepestChain: [String] = []
    var nesting: [String: StackNesting] = [:]
    var nestingOrder: [String] = []
    var cross: [Int: CrossLinks] = [:]
    var crossOrder: [Int] = []
    var ambiguityChecked = true
    var ambiguousViews = 0
    var ambiguousSets: [AmbiguousSet] = []
    var notes: [String] = []

    init(maximumNesting: Int, examples: Int, ambiguityLimit: Int) {
        self.maximumNesting = maximumNesting
        self.examples = examples
        self.ambiguityLimit = ambiguityLimit
    }

    mutating func analyze(_ roots: [View]) {
        var seen = Set<ObjectIdentifier>()
        for root in roots.map(\.rootView) where seen.insert(ObjectIdentifier(root)).inserted {
            self.roots.append(root.debugName)
            var order: [View] = []
            walk(root, depth: 0, stackDepth: 0, chain: [], group: root.debugName, inCell: false, order: &order)
            checkAmbiguity(root, order: order)
        }
    }

    // MARK: - Walk: stacks and installed constraints

    private mutating func walk(
        _ view: View, depth: Int, stackDepth: Int, chain: [String], group: String, inCell: Bool, order: inout [View]
    ) {
        order.append(view)
        views += 1
        var stackDepth = stackDepth
        var chain = chain
        var group = group
        var inCell = inCell
        if let cell = view as? TableViewCell {
            // Nesting counts inside each cell; the same kind of cell is one place.
            group = _Naming.cellKind(cell)
            inCell = true
            stackDepth = 0
            chain = []
            noteCellInstance(group)
        }
        if view is StackView {
            stackViews += 1
            stackDepth += 1
            chain.append(_Naming.component(view))
            noteStack(group: group, inCell: inCell, depth: stackDepth, chain: chain)
        }
        for constraint in view.constraints {
            installedConstraints += 1
            if inCell {
                if constraint.origin == .container { cellConstraints.container += 1 }
                if constraint.origin == .app { cellConstraints.app += 1 }
            }
            checkCrossHierarchy(constraint, installedOn: view, depth: depth)
        }
        for subview in view.subviews {
            walk(subview, depth: depth + 1, stackDepth: stackDepth, chain: chain, group: group, inCell: inCell, order: &order)
        }
        if let cell = view as? TableViewCell {
            finishCellInstance(_Naming.cellKind(cell))
        }
    }

    private var cellDepth: [String: Int] = [:]

    private var cellConstraints = (container: 0, app: 0)

    private mutating func noteCellInstance(_ group: String) {
        cellDepth[group] = 0
        cellConstraints = (0, 0)
    }

    private mutating func finishCellInstance(_ group: String) {
        if let depth = cellDepth[group], depth > maximumNesting { nesting[group]?.instances += 1 }
        cellDepth[group] = nil
        if nesting[group] != nil,
            cellConstraints.container + cellConstraints.app
                > nesting[group]!.containerConstraints + nesting[group]!.appConstraints
        {
            nesting[group]!.containerConstraints = cellConstraints.container
            nesting[group]!.appConstraints = cellConstraints.app
        }
    }

    private mutating func noteStack(group: String, inCell: Bool, depth: Int, chain: [String]) {
        if nesting[group] == nil {
            nesting[group] = StackNesting(place: group, inCell: inCell)
            nestingOrder.append(group)
        }
        nesting[group]!.stacks += 1
        if depth > nesting[group]!.depth {
            nesting[group]!.depth = depth
            nesting[group]!.chain = chain
        }
        if inCell {
            cellDepth[group] = max(cellDepth[group] ?? 0, depth)
        } else if depth > maximumNesting {
            nesting[group]!.instances += 1
        }
        if depth > deepest {
            deepest = depth
            deepestChain = chain
        }
    }

    /// An app or container constraint whose two items both sit two or more levels below
    /// the view it is installed on (their nearest common ancestor).
    private mutating func checkCrossHierarchy(_ constraint: LayoutConstraint, installedOn ancestor: View, depth: Int) {
        guard constraint.origin == .app || constraint.origin == .container, constraint.isActive,
            let secondItem = constraint.secondItem
        else { return }
        guard let (firstDepth, firstChild) = Self.levels(of: constraint.firstItem, below: ancestor),
            let (secondDepth, secondChild) = Self.levels(of: secondItem, below: ancestor),
            firstDepth >= 2, secondDepth >= 2
        else { return }
        let key = ancestor.serial
        if cross[key] == nil {
            cross[key] = CrossLinks(ancestor: _Naming.display(ancestor))
            crossOrder.append(key)
        }
        cross[key]!.constraints += 1
        if cross[key]!.subtrees.count < 100_000 {
            cross[key]!.subtrees.insert(firstChild)
            cross[key]!.subtrees.insert(secondChild)
        }
        cross[key]!.examples.appendCapped(constraint.description, limit: examples)
        for item in [constraint.firstItem, secondItem] {
            if let view = _Naming.view(of: item) { cross[key]!.views.appendUnique(view.debugName, limit: examples) }
        }
    }

    /// How many levels an item sits below `ancestor` (a guide one below its view), and
    /// the serial of the child of `ancestor` it is under.
    static func levels(of item: LayoutItem, below ancestor: View) -> (Int, Int)? {
        guard var view = _Naming.view(of: item) else { return nil }
        var levels = item is View ? 0 : 1
        if view === ancestor { return (levels, -1) }
        while let parent = view.superview {
            levels += 1
            if parent === ancestor { return (levels, view.serial) }
            view = parent
        }
        return nil
    }

    // MARK: - Ambiguity

    /// Reads `autolayoutTrace()` (one line per view, depth first, ambiguous variables
    /// named) and looks for siblings ambiguous on one axis with equal hugging or
    /// compression-resistance priorities.
    private mutating func checkAmbiguity(_ root: View, order: [View]) {
        guard order.count <= ambiguityLimit else {
            ambiguityChecked = false
            notes.append("Ambiguity not checked under \(root.debugName): \(order.count) views, more than the limit of \(ambiguityLimit).")
            return
        }
        guard root.layoutEngine != nil else { return }
        let lines = root.autolayoutTrace().split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == order.count else {
            notes.append("Ambiguity not checked under \(root.debugName): the layout trace did not match the hierarchy.")
            ambiguityChecked = false
            return
        }
        var ambiguous: [ObjectIdentifier: Set<Axis>] = [:]
        for (view, line) in zip(order, lines) {
            guard let variables = line.text(after: " - AMBIGUOUS LAYOUT for ") else { continue }
            ambiguousViews += 1
            var axes = Set<Axis>()
            for component in variables.split(separator: ",") {
                let name = component.split(separator: ".").last.map { $0.trimmingCharacters() } ?? ""
                switch name {
                case "width": axes.insert(.horizontal)
                case "height": axes.insert(.vertical)
                default: break
                }
            }
            if !axes.isEmpty { ambiguous[ObjectIdentifier(view)] = axes }
        }
        guard !ambiguous.isEmpty else { return }
        var parents: [View] = []
        var seenParents = Set<ObjectIdentifier>()
        for view in order where ambiguous[ObjectIdentifier(view)] != nil {
            if let parent = view.superview, seenParents.insert(ObjectIdentifier(parent)).inserted { parents.append(parent) }
        }
        for parent in parents {
            let siblings = (parent as? StackView)?.arrangedSubviews ?? parent.subviews
            for axis in [Axis.horizontal, .vertical] {
                let candidates = siblings.filter { sibling in
                    ambiguous[ObjectIdentifier(sibling)]?.contains(axis) == true && !sibling.isHidden
                        && Self.intrinsicLength(sibling, axis) >= 0
                }
                guard candidates.count >= 2 else { continue }
                let stretched =
                    candidates.reduce(0.0) { $0 + Self.length($1, axis) }
                    >= candidates.reduce(0.0) { $0 + Self.intrinsicLength($1, axis) }
                let priority: (View) -> Float = {
                    stretched ? $0.contentHuggingPriority(for: axis).rawValue : $0.contentCompressionResistancePriority(for: axis).rawValue
                }
                var byPriority: [Float: [View]] = [:]
                for candidate in candidates { byPriority[priority(candidate), default: []].append(candidate) }
                for (value, tied) in byPriority.sorted(by: { $0.key > $1.key }) where tied.count >= 2 {
                    ambiguousSets.append(
                        AmbiguousSet(
                            superview: _Naming.display(parent), axis: axis, hugging: stretched, priority: value,
                            views: tied.map(\.debugName)))
                }
            }
        }
    }

    static func intrinsicLength(_ view: View, _ axis: Axis) -> Double {
        axis == .horizontal ? view.intrinsicContentSize.width : view.intrinsicContentSize.height
    }

    static func length(_ view: View, _ axis: Axis) -> Double {
        axis == .horizontal ? view.frame.width : view.frame.height
    }
}

extension Substring {
    /// The text after the first occurrence of `marker`, or `nil`.
    func text(after marker: String) -> Substring? {
        let marker = Array(marker.utf8)
        let bytes = Array(utf8)
        guard bytes.count >= marker.count, !marker.isEmpty else { return nil }
        for start in 0...(bytes.count - marker.count) where bytes[start..<start + marker.count].elementsEqual(marker) {
            let index = utf8.index(utf8.startIndex, offsetBy: start + marker.count)
            return self[index...]
        }
        return nil
    }

    func trimmingCharacters() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
