import LayoutEngine

/// Builds one hierarchy (a scene's root view, a XIB's top-level view or a cell) from its
/// elements: views, layout guides and constraints, then activates the constraints in one
/// batch. Cells and table header views found inside are handed back to be built as
/// hierarchies of their own.
final class HierarchyBuilder {
    /// What the document-level importer gives every hierarchy.
    struct Context {
        let path: String
        /// The device laid out for.
        let device: DeviceProfile
        /// The device the document names (differs from `device` when the options override it).
        let documentDevice: DeviceProfile
        /// The document's `toolsVersion` (the Xcode build that saved it), 0 when absent.
        let toolsVersion: Double
        /// What the canvas of that Xcode simulates; at run time (not reproducing the canvas),
        /// the newest, which is today's UIKit.
        var canvas: XcodeCanvas { XcodeCanvas(toolsVersion: options.reproducesCanvas ? toolsVersion : 0) }
        let images: [String: Size]
        let options: ImportOptions
        /// Constraint ids a `<variation>` mask uninstalls for the document's traits.
        let excludedConstraints: Set<String>
        /// View ids a `<variation>` mask uninstalls for the document's traits, with everything
        /// inside them: not built, and their frames not compared.
        let uninstalledViews: Set<String>
        /// The document targets AppKit (`targetRuntime="MacOSX.Cocoa"`): laid out with UIKit's model
        /// for now, without the canvas behaviours only UIKit documents show.
        var isAppKit = false
    }

    /// A hierarchy to build later: a cell or header found while building another.
    struct Pending {
        let node: XMLNode
        let kind: ImportedLayout.Kind
    }

    /// The insets of a root's safe area and of its legacy layout guides.
    struct RootInsets {
        var top: Double = 0
        var bottom: Double = 0
        /// The leading and trailing insets (an Apple TV's overscan; 0 on iOS in portrait).
        var sides: Double = 0
        /// Whether the root is a full-screen view controller's view (a scene's, or a XIB's
        /// top-level view at the screen's size), with a root view's margins.
        var isFullScreen = false
    }

    let context: Context
    let layout: ImportedLayout
    /// The size to lay the hierarchy out at (the design size unless the device changes).
    let targetSize: Size
    private(set) var warnings: [ImportWarning] = []
    /// Cells and headers found inside, to build as separate hierarchies.
    private(set) var pending: [Pending] = []
    /// Ids of the `<constraint>` elements this hierarchy read.
    private(set) var visitedConstraints: [String] = []
    private(set) var skippedConstraints = 0

    var items: [String: LayoutItem] = [:]
    var nodesByView: [ObjectIdentifier: XMLNode] = [:]
    private var constraintNodes: [(node: XMLNode, owner: String)] = []
    var safeAreaNodes: [(node: XMLNode, owner: View)] = []
    var scrollGuideNodes: [(node: XMLNode, owner: View)] = []
    let rootInsets: RootInsets
    var canvas: XcodeCanvas { context.canvas }
    let isSceneRoot: Bool

    /// Elements that are views even without a frame.
    static let viewElements: Set<String> = [
        "view", "label", "button", "imageView", "stackView", "scrollView", "tableView", "collectionView", "textField",
        "textView", "switch", "slider", "activityIndicatorView", "progressView", "segmentedControl", "stepper",
        "pageControl", "searchBar", "navigationBar", "toolbar", "tabBar", "mapView", "webView", "wkWebView",
        "datePicker", "pickerView", "containerView", "visualEffectView", "tableViewCell", "collectionViewCell",
        "tableViewCellContentView", "collectionViewCellContentView", "collectionReusableView", "glkView", "arscnView",
        "sceneKitView", "mtkView",
    ]

    /// The UIKit class of each element name (`label` → `UILabel`).
    static func className(for node: XMLNode) -> String {
        if let custom = node["customClass"] { return custom }
        switch node.name {
        case "view": return "UIView"
        case "imageView": return "UIImageView"
        case "activityIndicatorView": return "UIActivityIndicatorView"
        case "tableViewCellContentView": return "UITableViewCellContentView"
        case "collectionViewCellContentView": return "UICollectionViewCellContentView"
        case "wkWebView": return "WKWebView"
        case "mapView": return "MKMapView"
        default:
            guard let first = node.name.first else { return "UIView" }
            return "UI" + first.uppercased() + node.name.dropFirst()
        }
    }

    /// Whether an element is a view (it has a frame, or its name is a view's).
    static func isView(_ node: XMLNode) -> Bool {
        viewElements.contains(node.name) || node.child("rect", key: "frame") != nil
    }

    /// Parses `<rect key="frame">`.
    static func frame(of node: XMLNode) -> Rect? {
        guard let rect = node.child("rect", key: "frame"), let x = rect.number("x"), let y = rect.number("y"),
            let width = rect.number("width"), let height = rect.number("height")
        else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// Starts a hierarchy whose root is `node`, in a window of the root's design size
    /// (the device's screen when the root has no frame).
    init(context: Context, node: XMLNode, kind: ImportedLayout.Kind, name: String, rootInsets: RootInsets) {
        self.context = context
        self.rootInsets = rootInsets
        self.isSceneRoot = kind == .scene
        let size = Self.frame(of: node)?.size ?? context.device.screen
        // A scene designed at the document's screen size follows the device laid out for:
        // built at the design size (autoresizing masks are relative to it), then resized.
        let canvas = context.canvas
        targetSize =
            kind == .scene && size == canvas.screen(of: context.documentDevice) ? canvas.screen(of: context.device) : size
        let window = Window(width: max(size.width, 0), height: max(size.height, 0), name: "window")
        // Xcode's canvas resolves conflicts by its own choice, which its stored frames show.
        if context.options.reproducesCanvas { window.engine.breakRule = .interfaceBuilderCanvas }
        let root = Self.makeBareView(node, frame: Rect(origin: .zero, size: size), context: context)
        layout = ImportedLayout(name: name, kind: kind, line: node.line, window: window, root: root)
        // The root is sized by its window (a view controller's view, a cell sized by its table).
        root.translatesAutoresizingMaskIntoConstraints = true
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        register(node, view: root)
        buildChildren(of: node, view: root)
        window.addSubview(root)
        root.registerSubtreeInLayoutEngine()
    }

    /// Builds a table cell's content into an engine `TableViewCell` (its content view stands for
    /// the file's), for a table to reuse: nothing is activated in a window or laid out; the
    /// table's window is the layout's only for reference. Call ``activateConstraints()`` next.
    init(context: Context, cellNode node: XMLNode, into cell: TableViewCell, tableWindow: Window, name: String) {
        self.context = context
        self.rootInsets = RootInsets()
        self.isSceneRoot = false
        self.tableCell = cell
        targetSize = tableWindow.frame.size
        layout = ImportedLayout(name: name, kind: .cell, line: node.line, window: tableWindow, root: cell)
        register(node, view: cell)
        buildChildren(of: node, view: cell)
    }

    /// The engine cell being filled, for ``init(context:cellNode:into:tableWindow:name:)``.
    private var tableCell: TableViewCell?

    func warn(_ node: XMLNode, _ message: String) {
        warnings.append(ImportWarning(path: context.path, line: node.line, message: message))
    }

    // MARK: - Views

    /// A view for an element, configured from its attributes (priorities, hidden, stack
    /// properties), without subviews.
    private static func makeBareView(_ node: XMLNode, frame: Rect, context: Context) -> View {
        let id = node["id"] ?? "?"
        let className = className(for: node)
        let view: View
        switch node.name {
        case "stackView":
            let stack = ImportedStackView(className: className, id: id, frame: frame)
            // Xcode's canvas holds proportional shares required (its stored frames show it).
            stack.requiresProportionalShares = context.options.reproducesCanvas
            // ... and makes no ambiguity suppression (a view it leaves free keeps its stored size).
            stack.suppressesAmbiguity = !context.options.reproducesCanvas
            view = stack
        case "scrollView":
            view = ImportedScrollView(className: className, id: id, frame: frame)
        default:
            var intrinsic = IntrinsicSizing.size(
                for: node, frame: Self.frame(of: node), images: context.images, textSizing: context.options.textSizing,
                toolsVersion: context.toolsVersion)
            if context.options.reproducesCanvas {
                if let width = node.number("placeholderIntrinsicWidth") { intrinsic.width = width }
                if let height = node.number("placeholderIntrinsicHeight") { intrinsic.height = height }
            }
            let imported = ImportedView(className: className, id: id, frame: frame, intrinsic: intrinsic)
            if node.name == "switch" {
                // UISwitch's alignment rectangle is 2 points narrower than its 51-point frame, on
                // the right: constraints place the 49 × 31 rectangle (the design frames show it).
                imported.alignmentInsets = EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 2)
                imported.intrinsic.width -= 2
            } else if node.name == "slider", node["translatesAutoresizingMaskIntoConstraints"] == "NO", !node.flag("fixedFrame") {
                // UISlider's frame is 2 points wider on each side and 1 point taller at the
                // bottom than the 30-point alignment rectangle constraints place (5 sliders in
                // four files of three apps, of Xcode 10 to 15, stored so; 31 is its frame height).
                // A slider whose frame is translated (a fixed frame) is stored at that frame.
                imported.alignmentInsets = EdgeInsets(top: 0, leading: 2, bottom: 1, trailing: 2)
            }
            view = imported
        }
        // `fixedFrame="YES"`: a view without constraints, for which Xcode adds prototyping
        // constraints at build time that hold its frame; modelled as a translated frame.
        view.translatesAutoresizingMaskIntoConstraints =
            node["translatesAutoresizingMaskIntoConstraints"] != "NO" || node.flag("fixedFrame")
        view.autoresizingMask = autoresizingMask(node)
        view.isHidden = node.flag("hidden")
        if let value = node.number("horizontalHuggingPriority"), let priority = LayoutPriority(validating: value) {
            view.setContentHuggingPriority(priority, for: .horizontal)
        }
        if let value = node.number("verticalHuggingPriority"), let priority = LayoutPriority(validating: value) {
            view.setContentHuggingPriority(priority, for: .vertical)
        }
        if let value = node.number("horizontalCompressionResistancePriority"), let priority = LayoutPriority(validating: value) {
            view.setContentCompressionResistancePriority(priority, for: .horizontal)
        }
        if let value = node.number("verticalCompressionResistancePriority"), let priority = LayoutPriority(validating: value) {
            view.setContentCompressionResistancePriority(priority, for: .vertical)
        }
        return view
    }

    /// `<autoresizingMask>`'s flags as the engine's mask (none when absent).
    static func autoresizingMask(_ node: XMLNode) -> AutoresizingMask {
        guard let element = node.child("autoresizingMask", key: "autoresizingMask") else { return [] }
        var mask: AutoresizingMask = []
        if element.flag("flexibleMinX") { mask.insert(.flexibleLeftMargin) }
        if element.flag("widthSizable") { mask.insert(.flexibleWidth) }
        if element.flag("flexibleMaxX") { mask.insert(.flexibleRightMargin) }
        if element.flag("flexibleMinY") { mask.insert(.flexibleTopMargin) }
        if element.flag("heightSizable") { mask.insert(.flexibleHeight) }
        if element.flag("flexibleMaxY") { mask.insert(.flexibleBottomMargin) }
        return mask
    }

    private func register(_ node: XMLNode, view: View) {
        guard let id = node["id"] else {
            warn(node, "<\(node.name)> has no id; constraints cannot refer to it")
            return
        }
        items[id] = view
        layout.viewsByID[id] = view
        nodesByView[ObjectIdentifier(view)] = node
        if view is StackView { layout.stackViewCount += 1 }
    }

    /// Makes, configures and adds the subviews of `node`, and records its constraints,
    /// guides and the cells to import separately.
    private func buildChildren(of node: XMLNode, view: View) {
        for child in node.children {
            switch child.name {
            case "subviews":
                for element in child.children {
                    if let id = element["id"], context.uninstalledViews.contains(id) {
                        // Uninstalled for the size class: UIKit does not add it, so its stored frame
                        // (and those inside it) is compared with nothing.
                        var views = Self.frame(of: element) == nil ? 0 : 1
                        element.forEachDescendant { if Self.frame(of: $0) != nil { views += 1 } }
                        layout.uninstalledViews += views
                        continue
                    }
                    guard Self.isView(element) else {
                        warn(element, "<\(element.name)> in <subviews> is not a view this importer knows; skipped")
                        continue
                    }
                    addSubview(element, to: view)
                }
            case "constraints":
                let owner = node["id"] ?? "?"
                for element in child.children where element.name == "constraint" {
                    constraintNodes.append((element, owner))
                }
            case "viewLayoutGuide":
                switch child["key"] {
                case "safeArea": safeAreaNodes.append((child, view))
                case "contentLayoutGuide", "frameLayoutGuide":
                    if view is ScrollView {
                        scrollGuideNodes.append((child, view))
                    } else {
                        warn(child, "a \(child["key"] ?? "") guide on a view that is not a scroll view; skipped")
                    }
                default: warn(child, "<viewLayoutGuide key=\"\(child["key"] ?? "")\"> is not modelled; skipped")
                }
            case "tableViewCellContentView", "collectionViewCellContentView":
                if let cell = tableCell, cell === view {
                    register(child, view: cell.contentView)
                    buildChildren(of: child, view: cell.contentView)
                } else {
                    addSubview(child, to: view)
                }
            case "view" where child["key"] == "contentView":
                // A collection cell's content view (`<view key="contentView">`).
                if let cell = tableCell, cell === view {
                    register(child, view: cell.contentView)
                    buildChildren(of: child, view: cell.contentView)
                } else {
                    addSubview(child, to: view)
                }
            case "prototypes", "cells", "sections":
                child.forEachDescendant { element in
                    if element.name == "tableViewCell" || element.name == "collectionViewCell" {
                        if !Self.hasAncestorCell(element, below: child) { pending.append(Pending(node: element, kind: .cell)) }
                    }
                }
            default:
                guard Self.isView(child), child["key"] != nil else { continue }
                // A view in a keyed slot (a table's header or footer, a cell's background):
                // laid out on its own when it has constraints, else its frame is fixed.
                var hasConstraints = false
                child.forEachDescendant { if $0.name == "constraint" { hasConstraints = true } }
                if hasConstraints { pending.append(Pending(node: child, kind: .view)) }
            }
        }
    }

    private static func hasAncestorCell(_ node: XMLNode, below top: XMLNode) -> Bool {
        var current = node.parent
        while let element = current, element !== top {
            if element.name == "tableViewCell" || element.name == "collectionViewCell" { return true }
            current = element.parent
        }
        return false
    }

    private func addSubview(_ element: XMLNode, to parent: View) {
        let frame = Self.frame(of: element)
        if frame == nil { warn(element, "<\(element.name) id=\"\(element["id"] ?? "?")\"> has no frame; placed at zero size") }
        let view = Self.makeBareView(element, frame: frame ?? .zero, context: context)
        register(element, view: view)
        if let stack = parent as? StackView {
            // A baseline-aligned stack lines up its views' text baselines (UIView's defaults are the
            // bottom edge), placed before the stack makes its constraints on them.
            if stack.alignment == .firstBaseline || stack.alignment == .lastBaseline { placeTextBaselines(of: view) }
            stack.addArrangedSubview(view)
        } else {
            parent.addSubview(view)
        }
        if let frame, let id = element["id"] {
            if element.flag("misplaced") {
                layout.misplacedViews += 1
            } else if element.flag("ambiguous") {
                layout.ambiguousInDesign += 1
            } else {
                layout.designFrames.append(.init(id: id, line: element.line, view: view, frame: frame))
            }
        }
        if let stack = view as? StackView { configure(stack, element) }
        buildChildren(of: element, view: view)
    }

    /// A stack view's axis, distribution, alignment and spacing, with the document's
    /// size-class variations applied.
    private func configure(_ stack: StackView, _ node: XMLNode) {
        var attributes = node.attributes
        for variation in matchingVariations(of: node) {
            for (key, value) in variation.attributes where key != "key" { attributes[key] = value }
        }
        stack.axis = attributes["axis"] == "vertical" ? .vertical : .horizontal
        switch attributes["distribution"] ?? "fill" {
        case "fill": stack.distribution = .fill
        case "fillEqually": stack.distribution = .fillEqually
        case "fillProportionally": stack.distribution = .fillProportionally
        case "equalSpacing": stack.distribution = .equalSpacing
        case "equalCentering": stack.distribution = .equalCentering
        case let other: warn(node, "stack distribution '\(other)' is unknown; using fill")
        }
        switch attributes["alignment"] ?? "fill" {
        case "fill": stack.alignment = .fill
        case "leading", "top": stack.alignment = .leading
        case "center": stack.alignment = .center
        case "trailing", "bottom": stack.alignment = .trailing
        case "firstBaseline": stack.alignment = .firstBaseline
        case "lastBaseline": stack.alignment = .lastBaseline
        case let other: warn(node, "stack alignment '\(other)' is unknown; using fill")
        }
        if attributes["spacingType"] == "standard" {
            stack.spacing = DocumentImporter.standardSpacing
        } else if let spacing = attributes["spacing"].flatMap(Double.init) {
            stack.spacing = spacing
        }
        if attributes["baselineRelativeArrangement"] == "YES" {
            warn(node, "baselineRelativeArrangement is not modelled; spacing is measured between edges")
        }
        // Arranged inside the stack's layout margins when the document says so, and when it gives
        // the stack margins of its own: the corpus's four stacks with explicit margins (16 at the
        // top and bottom, two files of one app) are all stored arranged inside them, and none
        // writes the attribute.
        let explicitMargins =
            node.child("edgeInsets", key: "layoutMargins") != nil
            || node.child("directionalEdgeInsets", key: "directionalLayoutMargins") != nil
        if attributes["layoutMarginsRelativeArrangement"] == "YES" || explicitMargins {
            stack.layoutMargins = margins(of: stack)
            stack.isLayoutMarginsRelativeArrangement = true
        }
    }

    /// The `<variation>` children of an element that apply to the document's traits, least
    /// specific first (`default`, then one size class, then two).
    func matchingVariations(of node: XMLNode) -> [XMLNode] {
        node.children(named: "variation")
            .filter { context.device.traits.matches(variationKey: $0["key"] ?? "") == true }
            .sorted { TraitCollection.specificity(ofVariationKey: $0["key"] ?? "") < TraitCollection.specificity(ofVariationKey: $1["key"] ?? "") }
    }

    // MARK: - Constraints

    /// Resolves every recorded `<constraint>` and activates them in one batch, then lays
    /// the hierarchy out.
    func activateConstraints() {
        var made: [LayoutConstraint] = []
        var designTime: [LayoutConstraint] = []
        made.reserveCapacity(constraintNodes.count)
        for (node, owner) in constraintNodes {
            let id = node["id"] ?? ""
            visitedConstraints.append(id)
            if context.excludedConstraints.contains(id) { continue }
            if node.flag("placeholder") {
                if context.options.reproducesCanvas, let constraint = makeConstraint(node, owner: owner) {
                    designTime.append(constraint)
                }
                continue
            }
            if let constraint = makeConstraint(node, owner: owner) {
                made.append(constraint)
                layout.constraintSources[ObjectIdentifier(constraint)] = (id, node.line)
            } else {
                skippedConstraints += 1
            }
        }
        LayoutConstraint.activate(made + designTime)
        layout.constraints = made
        layout.designTimeConstraints = designTime
        if tableCell == nil, targetSize != layout.size {
            layout.window.layoutIfNeeded()
            layout.window.resize(width: targetSize.width, height: targetSize.height)
        }
    }

    /// One `<constraint>`: `first.attribute relation multiplier × second.attribute + constant`
    /// at `priority`, with the first item the owner of the `<constraints>` block when absent
    /// and the document's `<variation>`s of the constraint applied.
    private func makeConstraint(_ node: XMLNode, owner: String) -> LayoutConstraint? {
        var attributes = node.attributes
        for variation in matchingVariations(of: node) {
            for (key, value) in variation.attributes where key != "key" { attributes[key] = value }
        }
        let id = attributes["id"] ?? "?"
        func skip(_ why: String) -> LayoutConstraint? {
            warn(node, "constraint \(id) skipped: \(why)")
            return nil
        }
        guard let firstAttributeName = attributes["firstAttribute"] else { return skip("it has no firstAttribute") }
        let firstID = attributes["firstItem"] ?? owner
        let secondID = attributes["secondItem"]
        let secondAttributeName = attributes["secondAttribute"]
        if (secondID == nil) != (secondAttributeName == nil) {
            return skip("it has a second item without a second attribute, or the reverse")
        }
        let relation: LayoutRelation
        switch attributes["relation"] ?? "equal" {
        case "equal": relation = .equal
        case "greaterThanOrEqual": relation = .greaterThanOrEqual
        case "lessThanOrEqual": relation = .lessThanOrEqual
        case let other: return skip("unknown relation '\(other)'")
        }
        var multiplier = 1.0
        if let text = attributes["multiplier"] {
            guard let value = parseMultiplier(text) else { return skip("multiplier '\(text)' is not a number or ratio") }
            multiplier = value
        }
        var constant = 0.0
        if let text = attributes["constant"] {
            guard let value = Double(text), value.isFinite else { return skip("constant '\(text)' is not a number") }
            constant = value
        }
        var priority = LayoutPriority.required
        if let text = attributes["priority"] {
            guard let value = Double(text), let valid = LayoutPriority(validating: value) else {
                return skip("priority '\(text)' is not in 1...1000")
            }
            priority = valid
        }
        guard let firstItem = items[firstID] else { return skip("its first item \(firstID) is not a view or guide of this hierarchy") }
        let other = secondID.flatMap { items[$0] }
        if let secondID, other == nil { return skip("its second item \(secondID) is not a view or guide of this hierarchy") }
        guard let (item, attribute) = target(firstItem, firstAttributeName, other: other, node: node) else {
            return skip("first attribute '\(firstAttributeName)' is not supported here")
        }
        var secondTarget: (LayoutItem, LayoutAttribute)?
        if let other, let secondAttributeName {
            guard let resolved = target(other, secondAttributeName, other: firstItem, node: node) else {
                return skip("second attribute '\(secondAttributeName)' is not supported here")
            }
            secondTarget = resolved
        }
        if let secondAttribute = secondTarget?.1, let firstAxis = attribute.axis, let secondAxis = secondAttribute.axis,
            firstAxis != secondAxis, !(attribute.isDimension && secondAttribute.isDimension)
        {
            return skip("it relates \(firstAttributeName) to \(secondAttributeName ?? "") across axes")
        }
        if secondTarget == nil && !attribute.isDimension {
            return skip("a position (\(firstAttributeName)) cannot equal a constant")
        }
        if attributes["symbolic"] == "YES" { symbolicCount += 1 }
        return LayoutConstraint(
            item: item, attribute: attribute, relatedBy: relation, toItem: secondTarget?.0,
            attribute: secondTarget?.1 ?? .notAnAttribute, multiplier: multiplier, constant: constant, priority: priority,
            identifier: attributes["identifier"])
    }

    private(set) var symbolicCount = 0

    /// The item and attribute an IB attribute name means on `item`: margins are the margins
    /// guide's edges, baselines the baseline guides' tops, and the edges of a scroll view
    /// related to a view inside it are its content guide's.
    private func target(_ item: LayoutItem, _ name: String, other: LayoutItem?, node: XMLNode) -> (LayoutItem, LayoutAttribute)? {
        if let attribute = LayoutAttribute(rawValue: name), attribute != .notAnAttribute {
            if let scroll = item as? ScrollView, let otherView = other.flatMap(Self.hostView(of:)), otherView !== scroll,
                otherView.isDescendant(of: scroll), !attribute.isDimension, attribute != .centerX, attribute != .centerY
            {
                return (scroll.contentLayoutGuide, attribute)
            }
            return (item, attribute)
        }
        let marginAttributes: [String: LayoutAttribute] = [
            "leftMargin": .left, "rightMargin": .right, "topMargin": .top, "bottomMargin": .bottom,
            "leadingMargin": .leading, "trailingMargin": .trailing, "centerXWithinMargins": .centerX,
            "centerYWithinMargins": .centerY,
        ]
        if let base = marginAttributes[name] {
            guard let view = item as? View else { return nil }
            if !view.hasLayoutMarginsGuide {
                if view === layout.root && (isSceneRoot || rootInsets.isFullScreen) { _ = view.safeAreaLayoutGuide }
                view.layoutMargins = margins(of: view)
            }
            return (view.layoutMarginsGuide, base)
        }
        switch name {
        case "firstBaseline", "baseline", "lastBaseline":
            guard let view = item as? View else { return nil }
            placeTextBaselines(of: view)
            // `baseline` is NSLayoutAttributeBaseline, which UIKit defines as the last baseline
            // (NSLayoutConstraint.h: NSLayoutAttributeBaseline = NSLayoutAttributeLastBaseline).
            return (name == "firstBaseline" ? view.firstBaselineGuide : view.lastBaselineGuide, .top)
        default:
            return nil
        }
    }

    private static func hostView(of item: LayoutItem) -> View? {
        if let view = item as? View { return view }
        return (item as? LayoutGuide)?.owningView
    }
}

extension View {
    var hasFirstBaselineOffset: Bool { firstBaselineOffsetFromTop != nil }
}
