import LayoutEngine

/// How the importer gives views an intrinsic content size (Interface Builder files do not
/// store one; UIKit computes it from text, fonts and images at run time).
///
/// - Images (`imageView`, image-only buttons): the image's size from the document's
///   `<resources>` (`<image name= width= height=>`); no intrinsic size without one.
/// - Fixed-size controls, with UIKit's (iOS 13+) sizes: `switch` 51 × 31, `activityIndicatorView`
///   20 × 20 (`medium`, `white`, `gray`) or 37 × 37 (`large`, `whiteLarge`), `stepper` 94 × 32,
///   `slider` height 30, `progressView` height 4 (2 before iOS 14: documents saved by Xcode 11 or
///   earlier, tools version under 17000), `searchBar` height 56, `navigationBar`
///   and `toolbar` height 44, `tabBar` height 49, `pageControl` height 26.
/// - Text (`label`, `button`, `textField`, `segmentedControl`, non-scrolling `textView`):
///   Linux has no Core Text, so text cannot be measured as UIKit does. With
///   ``ImportOptions/TextSizing/canvas`` (the default) the intrinsic size is the view's design
///   frame: the size Xcode measured with the real fonts at the document's device, which is
///   exact at that device (it is what `sizeToFit` gave in the canvas) and approximate at other
///   sizes (multi-line text does not re-wrap). A `misplaced` view's frame is stale, so it falls
///   back to the font model. With ``ImportOptions/TextSizing/fontModel`` every text is measured
///   with the font model: each character 0.55 em wide (San Francisco's average advance), a
///   line 1.2 em tall (rounded up to a point), text styles at their default sizes (body 17,
///   caption1 12, ...); buttons add UIKit's 6-point top and bottom padding; rounded text fields
///   are at least 34 tall and 7 points wider on each side.
enum IntrinsicSizing {
    /// The default point sizes of the Dynamic Type text styles at the default content size.
    static let textStyleSizes: [String: Double] = [
        "UICTFontTextStyleLargeTitle": 34, "UICTFontTextStyleTitle1": 28, "UICTFontTextStyleTitle2": 22,
        "UICTFontTextStyleTitle3": 20, "UICTFontTextStyleHeadline": 17, "UICTFontTextStyleBody": 17,
        "UICTFontTextStyleCallout": 16, "UICTFontTextStyleSubhead": 15, "UICTFontTextStyleFootnote": 13,
        "UICTFontTextStyleCaption1": 12, "UICTFontTextStyleCaption2": 11,
    ]

    /// The elements whose intrinsic size is their text's.
    static let textElements: Set<String> = ["label", "button", "textField", "segmentedControl"]

    /// The intrinsic content size for a view element.
    ///
    /// - Parameters:
    ///   - node: The element.
    ///   - frame: Its design frame.
    ///   - images: Image sizes from `<resources>`, by name.
    ///   - textSizing: How text is measured.
    static func size(for node: XMLNode, frame: Rect?, images: [String: Size], textSizing: ImportOptions.TextSizing, toolsVersion: Double) -> Size {
        // Xcode 12 (tools 17000) and later lay out with iOS 14's controls.
        let modernControls = toolsVersion >= 17000
        let none = Size.noIntrinsicMetric
        switch node.name {
        case "imageView":
            if let name = node["image"], let size = images[name] { return size }
            return .noIntrinsicSize
        case "switch": return Size(width: 51, height: 31)
        case "activityIndicatorView":
            let large = ["large", "whiteLarge"].contains(node["style"] ?? "")
            return large ? Size(width: 37, height: 37) : Size(width: 20, height: 20)
        case "stepper": return Size(width: 94, height: 32)
        case "slider": return Size(width: none, height: 30)
        case "progressView": return Size(width: none, height: modernControls ? 4 : 2)
        case "searchBar": return Size(width: none, height: 56)
        case "navigationBar", "toolbar": return Size(width: none, height: 44)
        case "tabBar": return Size(width: none, height: 49)
        case "pageControl": return Size(width: none, height: 26)
        case "textView":
            guard node["scrollEnabled"] == "NO" else { return .noIntrinsicSize }
            return textSize(node, frame: frame, images: images, textSizing: textSizing)
        default:
            guard textElements.contains(node.name) else { return .noIntrinsicSize }
            return textSize(node, frame: frame, images: images, textSizing: textSizing)
        }
    }

    private static func textSize(_ node: XMLNode, frame: Rect?, images: [String: Size], textSizing: ImportOptions.TextSizing) -> Size {
        if textSizing == .canvas, let frame, !node.flag("misplaced") {
            return frame.size
        }
        return fontModelSize(node, images: images)
    }

    /// The font model's size for a text-bearing element (see the type's documentation).
    static func fontModelSize(_ node: XMLNode, images: [String: Size]) -> Size {
        let pointSize = fontSize(node)
        let lineHeight = (pointSize * 1.2).rounded(.up)
        func width(_ text: String) -> Double { (Double(text.count) * pointSize * 0.55).rounded(.up) }
        switch node.name {
        case "button":
            let state = node.child("state", key: "normal")
            let title = state?["title"] ?? ""
            let image = state?["image"].flatMap { images[$0] }
            var size = Size(width: width(title), height: title.isEmpty ? 0 : lineHeight + 12)
            if let image {
                size.width += image.width
                size.height = max(size.height, image.height)
            }
            if title.isEmpty && image == nil { size = Size(width: 30, height: 34) }
            return size
        case "textField":
            let text = node["text"] ?? node["placeholder"] ?? ""
            let bordered = node["borderStyle"] == "roundedRect"
            return Size(width: width(text) + (bordered ? 14 : 0), height: bordered ? max(34, lineHeight + 14) : lineHeight)
        case "segmentedControl":
            let segments = node.child("segments")?.children(named: "segment") ?? []
            let widest = segments.map { width($0["title"] ?? "") }.max() ?? 0
            return Size(width: (widest + 20) * Double(max(segments.count, 1)), height: 32)
        default:
            let text = labelText(node)
            if text.isEmpty { return Size(width: 0, height: 0) }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let widest = lines.map { width(String($0)) }.max() ?? 0
            return Size(width: widest, height: lineHeight * Double(lines.count))
        }
    }

    /// A label's or text view's text: `text`, or the fragments of an attributed string.
    static func labelText(_ node: XMLNode) -> String {
        if let text = node["text"] { return text }
        if let attributed = node.child("attributedString") {
            return attributed.children(named: "fragment").compactMap { $0["content"] }.joined()
        }
        return ""
    }

    /// The point size of an element's `fontDescription` (17 when it has none).
    static func fontSize(_ node: XMLNode) -> Double {
        let description =
            node.child("fontDescription", key: "fontDescription")
            ?? node.child("attributedString")?.child("fragment")?.child("attributes")?.child("font")
        guard let description else { return 17 }
        if let size = description.number("pointSize") { return size }
        if let style = description["style"], let size = textStyleSizes[style] { return size }
        return 17
    }
}
