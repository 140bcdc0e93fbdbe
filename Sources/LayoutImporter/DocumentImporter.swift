import Foundation
import LayoutEngine

/// Turns Interface Builder documents (.xib, .storyboard) into engine hierarchies.
///
/// Every scene's root view, every top-level view of a XIB and every table or collection
/// cell (prototype, static, or a XIB's top-level cell) becomes an ``ImportedLayout``: its
/// views in a ``Window`` of the root's design size, its `<constraint>`s active, laid out.
/// See `docs/importer.md` for what is modelled and how.
public enum DocumentImporter {
    /// The system spacing between sibling views, for `spacingType="standard"` stacks (a
    /// `symbolic="YES"` constraint keeps the constant IB wrote, 8 in practice).
    public static let standardSpacing = 8.0

    /// Imports the file at `path`.
    ///
    /// - Parameters:
    ///   - path: A .xib or .storyboard.
    ///   - options: Device, orientation and text sizing.
    /// - Returns: The document, laid out; anything skipped is in its warnings.
    /// - Throws: ``ImportError``: `.unreadableFile`, `.malformedXML` (with line and column),
    ///   `.notInterfaceBuilder`.
    /// - Complexity: Parsing is linear in the file; layout costs what the solver does.
    public static func importFile(atPath path: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportedDocument {
        // Refused before it is read: a 200 MB file took 18 s and 1.5 GB to fail in the parser
        // (issue 40's probe).
        if let bytes = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, bytes > XMLReader.maximumBytes {
            throw XMLReader.tooLarge(path: path, bytes: bytes)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImportError(.unreadableFile, path: path, "Cannot read '\(path)'; check that it exists and is readable.")
        }
        return try importDocument(data, path: path, options: options)
    }

    /// Imports a document from its bytes; `path` names it in warnings and errors.
    ///
    /// - Throws: ``ImportError`` `.malformedXML` or `.notInterfaceBuilder`.
    public static func importDocument(_ data: Data, path: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportedDocument {
        let root = try XMLReader.parse(data, path: path)
        guard root.name == "document" else {
            throw ImportError(
                .notInterfaceBuilder, path: path, line: root.line, column: root.column,
                "The root element is <\(root.name)>, not an Interface Builder <document>.")
        }
        let kind: ImportedDocument.Kind = (root["type"] ?? "").contains("Storyboard") ? .storyboard : .xib
        var warnings: [ImportWarning] = []
        let deviceNode = root.child("device")
        let documentLandscape = deviceNode?["orientation"] == "landscape"
        let documentDevice: DeviceProfile
        if let id = deviceNode?["id"], let known = DeviceProfile(id: id, landscape: documentLandscape) {
            documentDevice = known
        } else if root["targetRuntime"] == "AppleTV" {
            documentDevice = .appleTV
        } else {
            documentDevice = DeviceProfile(id: DeviceProfile.fallback.id, landscape: documentLandscape)!
            warnings.append(
                ImportWarning(
                    path: path, line: deviceNode?.line ?? root.line,
                    message: "device '\(deviceNode?["id"] ?? "none")' is unknown; laid out as retina4_7 (iPhone 8)"))
        }
        let device: DeviceProfile
        if options.deviceID == nil && options.landscape == nil {
            device = documentDevice
        } else if let chosen = DeviceProfile(id: options.deviceID ?? documentDevice.id, landscape: options.landscape ?? documentLandscape) {
            device = chosen
        } else {
            throw ImportError(
                .unknownDevice, path: path,
                "Unknown device '\(options.deviceID ?? "")'; the devices are \(DeviceProfile.known.keys.sorted().joined(separator: ", ")).")
        }
        let document = ImportedDocument(path: path, kind: kind, device: device)

        var images: [String: Size] = [:]
        for image in root.child("resources")?.children(named: "image") ?? [] {
            if let name = image["name"], let width = image.number("width"), let height = image.number("height") {
                images[name] = Size(width: width, height: height)
            }
        }

        // Count the constraints and work out which the size class uninstalls.
        var constraintsByID: [String: XMLNode] = [:]
        var variationOwners: [XMLNode] = []
        root.forEachDescendant { node in
            if node.name == "constraint" {
                document.constraintElements += 1
                if node.flag("placeholder") { document.placeholderConstraints += 1 }
                if let id = node["id"] { constraintsByID[id] = node }
            } else if node.name == "variation", let owner = node.parent, owner.name != "constraint",
                !variationOwners.contains(where: { $0 === owner })
            {
                variationOwners.append(owner)
            }
            if node.name == "variation", device.traits.matches(variationKey: node["key"] ?? "") == nil {
                warnings.append(
                    ImportWarning(path: path, line: node.line, message: "variation key '\(node["key"] ?? "")' is not understood; ignored"))
            }
        }
        let masks = sizeClassMasks(variationOwners, traits: device.traits, path: path, warnings: &warnings)
        let uninstalled = uninstalledElements(root, views: masks.subviews)
        // A constraint of an uninstalled view, or on one, is uninstalled with it, as UIKit installs
        // neither the view nor the constraints that need it.
        var excluded = masks.constraints
        root.forEachDescendant { node in
            guard node.name == "constraint", let id = node["id"] else { return }
            let owner = node.parent?.parent?["id"]
            let items = [node["firstItem"] ?? owner, node["secondItem"] ?? (node["secondAttribute"] == nil ? nil : owner), owner]
            if items.contains(where: { $0.map(uninstalled.contains) == true }) { excluded.insert(id) }
        }
        for id in excluded {
            if let node = constraintsByID[id], !node.flag("placeholder") { document.excludedForSizeClass += 1 }
        }

        let context = HierarchyBuilder.Context(
            path: path, device: device, documentDevice: documentDevice,
            toolsVersion: root["toolsVersion"].flatMap { Double($0.split(separator: ".").first ?? "") } ?? 0, images: images, options: options,
            excludedConstraints: excluded, uninstalledViews: uninstalled, isAppKit: root["targetRuntime"]?.hasPrefix("MacOSX") == true)
        let scenes = Scenes(root: root, kind: kind)
        var queue: [(node: XMLNode, kind: ImportedLayout.Kind, controller: XMLNode?)] = scenes.roots
        var visited = Set<String>()
        var names = Set<String>()
        var index = 0
        while index < queue.count {
            let (node, layoutKind, controller) = queue[index]
            index += 1
            let insets = rootInsets(
                for: node, kind: layoutKind, controller: controller, scenes: scenes, device: device,
                documentDevice: documentDevice, canvas: options.reproducesCanvas ? context.canvas : nil)
            var name = layoutName(node: node, controller: controller, kind: layoutKind)
            if names.contains(name) { name += "-\(index)" }
            names.insert(name)
            let recipe = LayoutRecipe(context: context, node: node, kind: layoutKind, name: name, insets: insets, controller: controller)
            let builder = recipe.build()
            document.layouts.append(builder.layout)
            warnings += builder.warnings
            document.skippedConstraints += builder.skippedConstraints
            document.symbolicConstraints += builder.symbolicCount
            visited.formUnion(builder.visitedConstraints)
            queue += builder.pending.map { ($0.node, $0.kind, nil) }
        }
        // Constraints in no imported hierarchy (in an element the importer does not enter).
        for (id, node) in constraintsByID.sorted(by: { $0.value.line < $1.value.line })
        where !visited.contains(id) && !node.flag("placeholder") && !excluded.contains(id) {
            document.skippedConstraints += 1
            warnings.append(ImportWarning(path: path, line: node.line, message: "constraint \(id) is outside every imported hierarchy; skipped"))
        }
        document.warnings = warnings.sorted { $0.line < $1.line }
        return document
    }

    /// The constraint and view ids that the `<variation>` masks of `owners` leave uninstalled
    /// for `traits` (`<mask key="constraints">` and `<mask key="subviews">`): per owner,
    /// `default` first, then the matching keys from least to most specific, each `exclude`
    /// uninstalling and each `include` installing.
    static func sizeClassMasks(
        _ owners: [XMLNode], traits: TraitCollection, path: String, warnings: inout [ImportWarning]
    ) -> (constraints: Set<String>, subviews: Set<String>) {
        var constraints = Set<String>()
        var subviews = Set<String>()
        for owner in owners {
            let variations = owner.children(named: "variation")
                .filter { traits.matches(variationKey: $0["key"] ?? "") == true }
                .sorted {
                    TraitCollection.specificity(ofVariationKey: $0["key"] ?? "") < TraitCollection.specificity(ofVariationKey: $1["key"] ?? "")
                }
            for variation in variations {
                for mask in variation.children(named: "mask") {
                    guard mask["key"] == "constraints" || mask["key"] == "subviews" else {
                        warnings.append(
                            ImportWarning(
                                path: path, line: mask.line, message: "<mask key=\"\(mask["key"] ?? "")\"> is not modelled; ignored"))
                        continue
                    }
                    for entry in mask.children {
                        guard let reference = entry["reference"] else { continue }
                        if entry.name == "exclude" {
                            if mask["key"] == "constraints" { constraints.insert(reference) } else { subviews.insert(reference) }
                        } else if entry.name == "include" {
                            if mask["key"] == "constraints" { constraints.remove(reference) } else { subviews.remove(reference) }
                        }
                    }
                }
            }
        }
        return (constraints, subviews)
    }

    /// The ids of the views `ids` names and of everything inside them (subviews, guides):
    /// what uninstalling those views takes out of the hierarchy.
    static func uninstalledElements(_ root: XMLNode, views ids: Set<String>) -> Set<String> {
        guard !ids.isEmpty else { return [] }
        var uninstalled = Set<String>()
        root.forEachDescendant { node in
            guard let id = node["id"], ids.contains(id) else { return }
            uninstalled.insert(id)
            node.forEachDescendant { inner in
                if let innerID = inner["id"] { uninstalled.insert(innerID) }
            }
        }
        return uninstalled
    }

    /// The safe-area (and legacy layout guide) insets of a hierarchy's root: a scene's root, or
    /// a XIB's top-level view at the screen's size (the view of a view controller loaded from
    /// the XIB, which the canvas simulates full screen as a scene's), as Xcode's canvas simulates
    /// them (``XcodeCanvas``: the status bar and home indicator by the Xcode version that saved
    /// the document) or, when not reproducing the canvas, as the device has them at run time:
    /// - never a status bar or home indicator with a freeform simulated size;
    /// - a navigation bar (44 on iPhone, 50 on iPad) when the controller simulates one or sits in a
    ///   navigation stack, a tab bar (49, iPad 50) or toolbar (44, iPad 50) at the bottom, plus the
    ///   home indicator;
    /// - nothing under an opaque (`translucent="NO"`) bar: the root starts below it;
    /// - nothing for cells and other XIB views (IB simulates no bars for them).
    static func rootInsets(
        for node: XMLNode, kind: ImportedLayout.Kind, controller: XMLNode?, scenes: Scenes, device: DeviceProfile,
        documentDevice: DeviceProfile? = nil, canvas: XcodeCanvas?
    ) -> HierarchyBuilder.RootInsets {
        // Full screen: designed at the screen of the document's device (a scene built at that
        // size follows the device laid out for) or of the device laid out for.
        let screens = [device, documentDevice ?? device].map { canvas?.screen(of: $0) ?? $0.screen }
        let size = HierarchyBuilder.frame(of: node)?.size ?? screens[0]
        let fullScreen = screens.contains { size == $0 || size == Size(width: $0.height, height: $0.width) }
        guard kind == .scene || kind == .view && node.parent?.name == "objects" && fullScreen else { return .init() }
        if device.isTV {
            let safe = fullScreen ? DeviceProfile.tvSafeArea : EdgeInsets(all: 0)
            return .init(top: safe.top, bottom: safe.bottom, sides: safe.leading, isFullScreen: fullScreen)
        }
        // A XIB's top-level view carries its simulated metrics itself (a simulated navigation bar
        // over a view controller's XIB view: its table stored 44 points down).
        let metrics = controller ?? (kind == .view ? node : nil)
        // A popover's or a form sheet's smaller root shows no status bar nor home indicator. A page
        // sheet on an iPhone (iOS 13's card, simulated as the screen less its top offset) reaches
        // the screen's bottom edge, so it keeps the home indicator under no status bar: a table
        // pinned 16 points above such a sheet's bottom safe area is stored 34 + 16 points above
        // its bottom on a notched iPhone.
        let pageSheet =
            !device.isPad && metrics?.child("modalPageSheetSimulatedSizeMetrics", key: "simulatedDestinationMetrics") != nil
        let freeform =
            metrics?.child("freeformSimulatedSizeMetrics", key: "simulatedDestinationMetrics") != nil || !fullScreen
        var top = freeform ? 0 : canvas?.statusBar(on: device) ?? device.statusBarHeight
        var bottom = freeform && !pageSheet ? 0 : canvas?.homeIndicator(on: device) ?? device.homeIndicatorInset
        guard let controller = metrics else {
            return .init(top: top, bottom: bottom, isFullScreen: fullScreen)
        }
        let bar = device.isPad ? 50.0 : 44.0
        let id = controller["id"] ?? ""
        let simulatedTop = controller.children.first { $0["key"] == "simulatedTopBarMetrics" }
        if simulatedTop?["translucent"] == "NO" {
            top = 0
        } else if simulatedTop?.name == "simulatedNavigationBarMetrics" || scenes.navigationEmbedded.contains(id) {
            top += bar
        }
        let simulatedBottom = controller.children.first { $0["key"] == "simulatedBottomBarMetrics" }
        if simulatedBottom?["translucent"] == "NO" {
            bottom = 0
        } else if simulatedBottom?.name == "simulatedToolbarMetrics" {
            bottom += bar
        } else if simulatedBottom?.name == "simulatedTabBarMetrics" || scenes.tabEmbedded.contains(id) {
            bottom += device.isPad ? 50 : 49
        }
        return .init(top: top, bottom: bottom, isFullScreen: fullScreen)
    }

    /// `<class or label>-<id>`: the controller's for a scene, the root's otherwise.
    static func layoutName(node: XMLNode, controller: XMLNode?, kind: ImportedLayout.Kind) -> String {
        let subject = controller ?? node
        let label =
            subject["userLabel"] ?? subject["customClass"] ?? subject["storyboardIdentifier"]
            ?? (kind == .cell ? node["reuseIdentifier"] : nil) ?? subject.name
        let safe = String(label.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        return "\(safe)-\(subject["id"] ?? "?")"
    }

    /// Finds the .xib and .storyboard files among `paths` (files as given, folders
    /// searched recursively), sorted within each folder, each once: a document named twice
    /// (`--layouts a.xib --layouts a.xib`, or a file and its folder) would make two scenarios
    /// of one name.
    ///
    /// - Throws: ``ImportError`` `.noDocuments` for a path that does not exist or a folder
    ///   with no document.
    public static func documentPaths(in paths: [String]) throws(ImportError) -> [String] {
        var result: [String] = []
        var seen = Set<String>()
        func add(_ path: String) {
            if seen.insert(URL(fileURLWithPath: path).standardizedFileURL.path).inserted { result.append(path) }
        }
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ImportError(.noDocuments, path: path, "No such file or folder '\(path)'.")
            }
            guard isDirectory.boolValue else {
                add(path)
                continue
            }
            var found: [String] = []
            if let enumerator = manager.enumerator(atPath: path) {
                for case let relative as String in enumerator where relative.hasSuffix(".xib") || relative.hasSuffix(".storyboard") {
                    found.append((path as NSString).appendingPathComponent(relative))
                }
            }
            guard !found.isEmpty else {
                throw ImportError(.noDocuments, path: path, "The folder '\(path)' holds no .xib or .storyboard file.")
            }
            for document in found.sorted() { add(document) }
        }
        return result
    }
}

/// The hierarchies of a document and the navigation structure of a storyboard.
struct Scenes {
    /// The roots to import, with their controllers.
    var roots: [(node: XMLNode, kind: ImportedLayout.Kind, controller: XMLNode?)] = []
    /// Controllers shown in a navigation controller (root or pushed).
    var navigationEmbedded = Set<String>()
    /// Controllers of a tab bar controller.
    var tabEmbedded = Set<String>()

    init(root: XMLNode, kind: ImportedDocument.Kind) {
        var objectLists: [XMLNode] = []
        if kind == .storyboard {
            for scene in root.child("scenes")?.children(named: "scene") ?? [] {
                if let objects = scene.child("objects") { objectLists.append(objects) }
            }
        } else if let objects = root.child("objects") {
            objectLists.append(objects)
        }
        var controllers: [XMLNode] = []
        for objects in objectLists {
            for object in objects.children {
                if object.name == "placeholder" || object.name == "viewControllerPlaceholder" { continue }
                if let view = object.children.first(where: { $0["key"] == "view" && HierarchyBuilder.isView($0) }) {
                    roots.append((view, .scene, object))
                    controllers.append(object)
                } else if HierarchyBuilder.isView(object) {
                    let isCell = object.name == "tableViewCell" || object.name == "collectionViewCell"
                    roots.append((object, isCell ? .cell : .view, nil))
                } else if object["id"] != nil, object.name.hasSuffix("Controller") {
                    controllers.append(object)
                }
            }
        }
        // Navigation: a navigation controller's root, and whatever a controller in a
        // navigation stack shows or pushes, until nothing changes.
        var segues: [(source: XMLNode, destination: String, kind: String, relationship: String?)] = []
        for controller in controllers {
            controller.forEachDescendant { node in
                if node.name == "segue", let destination = node["destination"] {
                    segues.append((controller, destination, node["kind"] ?? "", node["relationship"]))
                }
            }
        }
        for segue in segues where segue.kind == "relationship" {
            if segue.source.name == "navigationController", segue.relationship == "rootViewController",
                segue.source["navigationBarHidden"] != "YES"
            {
                navigationEmbedded.insert(segue.destination)
            }
            if segue.source.name == "tabBarController", segue.relationship == "viewControllers" {
                tabEmbedded.insert(segue.destination)
            }
        }
        var changed = true
        while changed {
            changed = false
            for segue in segues where ["show", "push"].contains(segue.kind) {
                if let source = segue.source["id"], navigationEmbedded.contains(source), !navigationEmbedded.contains(segue.destination) {
                    navigationEmbedded.insert(segue.destination)
                    changed = true
                }
            }
        }
    }
}

/// Everything needed to build one layout again from the parsed document: what
/// ``ImportedLayout/makeCopy()`` uses to lay the same hierarchy out afresh.
struct LayoutRecipe {
    let context: HierarchyBuilder.Context
    let node: XMLNode
    let kind: ImportedLayout.Kind
    let name: String
    let insets: HierarchyBuilder.RootInsets
    let controller: XMLNode?

    /// Builds the hierarchy, makes its guides, activates its constraints (one batch) and lays
    /// it out.
    func build() -> HierarchyBuilder {
        let builder = HierarchyBuilder(context: context, node: node, kind: kind, name: name, rootInsets: insets)
        builder.makeGuides(controller: controller)
        builder.activateConstraints()
        builder.layout.layOut()
        // The ambiguity the file's own constraints leave, counted before the canvas's holds.
        let ambiguous = builder.layout.root.ambiguousViews()
        builder.layout.ambiguousViews = ambiguous.count
        if context.options.reproducesCanvas {
            if !context.isAppKit { builder.layout.holdSizesNonNegative() }
            builder.layout.holdStoredSizes(of: ambiguous)
        }
        builder.layout.recipe = self
        return builder
    }
}
