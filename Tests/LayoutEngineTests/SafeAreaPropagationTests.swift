import Testing

@testable import LayoutEngine

/// A subview's safe area is where its frame overlaps its superview's unsafe area, and its
/// margins add it (``View/propagateSafeAreaInsets()``, View+SystemGuides.swift).
@Suite("Safe area: derived from the ancestors")
struct SafeAreaPropagationTests {
    /// A 400 × 800 root with a notched iPhone's insets (47 at the top, 34 at the bottom) and a
    /// bar pinned to its bottom edge, whose `content` sits on the bar's bottom margin and is
    /// 50 tall; the bar's top is free, so its height follows its content and margins.
    func barOnTheBottomEdge() -> (window: Window, root: View, bar: View, content: View) {
        let window = Window(width: 400, height: 800)
        let root = View(name: "root")
        root.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(root)
        root.safeAreaInsets = EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0)
        let bar = View(name: "bar")
        let content = View(name: "content")
        for view in [bar, content] { view.translatesAutoresizingMaskIntoConstraints = false }
        root.addSubview(bar)
        bar.addSubview(content)
        LayoutConstraint.activate([
            root.leadingAnchor.constraint(equalTo: window.leadingAnchor), root.topAnchor.constraint(equalTo: window.topAnchor),
            root.widthAnchor.constraint(equalTo: window.widthAnchor), root.heightAnchor.constraint(equalTo: window.heightAnchor),
            bar.leadingAnchor.constraint(equalTo: root.leadingAnchor), bar.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            bar.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            content.topAnchor.constraint(equalTo: bar.topAnchor, constant: 20),
            content.leadingAnchor.constraint(equalTo: bar.leadingAnchor), content.trailingAnchor.constraint(equalTo: bar.trailingAnchor),
            content.heightAnchor.constraint(equalToConstant: 50),
            bar.layoutMarginsGuide.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: 12),
        ])
        window.layoutIfNeeded()
        return (window, root, bar, content)
    }

    @Test("a bar on the bottom edge gets the home indicator's inset, and its margins add it")
    func bottomBar() {
        let (window, root, bar, _) = barOnTheBottomEdge()
        // Before: the bar's own 8-point margin only.
        #expect(bar.frame.height == 20 + 50 + 12 + 8)
        #expect(root.propagateSafeAreaInsets())
        window.layoutIfNeeded()
        #expect(bar.safeAreaInsets == EdgeInsets(top: 0, leading: 0, bottom: 34, trailing: 0))
        #expect(bar.frame == Rect(x: 0, y: 800 - 124, width: 400, height: 20 + 50 + 12 + 8 + 34))
        // The bar's frame moved, but its overlap with the unsafe area did not: nothing changes.
        #expect(!root.propagateSafeAreaInsets())
    }

    @Test("a view inside the safe area gets no insets; one across an edge gets the part it covers")
    func overlapOnly() {
        let window = Window(width: 400, height: 800)
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        window.addSubview(root)
        root.safeAreaInsets = EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0)
        let inside = View(name: "inside", frame: Rect(x: 0, y: 100, width: 400, height: 100))
        let across = View(name: "across", frame: Rect(x: 10, y: 20, width: 100, height: 100))
        let nested = View(name: "nested", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        for view in [inside, across] { root.addSubview(view) }
        across.addSubview(nested)
        for view in [inside, across, nested] { _ = view.safeAreaLayoutGuide }
        window.layoutIfNeeded()
        root.propagateSafeAreaInsets()
        #expect(inside.safeAreaInsets == .zero)
        #expect(across.safeAreaInsets == EdgeInsets(top: 27, leading: 0, bottom: 0, trailing: 0))
        // Through the parent: the nested view, at the parent's top, covers the same 27 points.
        #expect(nested.safeAreaInsets == EdgeInsets(top: 27, leading: 0, bottom: 0, trailing: 0))
    }

    @Test("a scroll view's content keeps zero insets")
    func scrollContent() {
        let window = Window(width: 400, height: 800)
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        window.addSubview(root)
        root.safeAreaInsets = EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0)
        let scroll = ScrollView(name: "scroll", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let content = View(name: "content", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        root.addSubview(scroll)
        scroll.addSubview(content)
        for view in [scroll, content] { _ = view.safeAreaLayoutGuide }
        window.layoutIfNeeded()
        root.propagateSafeAreaInsets()
        #expect(scroll.safeAreaInsets == EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0))
        #expect(content.safeAreaInsets == .zero)
    }
}
