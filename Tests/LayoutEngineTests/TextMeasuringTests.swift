import Testing

@testable import LayoutEngine

/// A label measured by a ``TextMeasuring`` (docs/text.md), and a measurement of a view in no
/// window, which builds its engine for the call.
@Suite("Text measuring and fitting")
struct TextMeasuringTests {
    /// 10 points a character, 20 a line, counting its calls.
    final class CountingMeasurer: TextMeasuring {
        var calls = 0
        var work: TextWork { TextWork(measurements: calls) }
        func size(of text: String, font: Font, width: Double, lines: Int) -> Size {
            calls += 1
            let natural = Double(text.count) * 10 * font.pointSize / 17
            guard width > 0, natural > width else { return Size(width: natural, height: 20) }
            var count = (natural / width).rounded(.up)
            if lines > 0 { count = min(count, Double(lines)) }
            return Size(width: width, height: count * 20)
        }
    }

    @Test("a label with a measurer measures once per text, font and width, as UILabel keeps its size")
    func labelCachesItsMeasurement() {
        let measurer = CountingMeasurer()
        let label = Label(text: "hello", name: "label")
        label.textMeasurer = measurer
        #expect(label.intrinsicContentSize == Size(width: 50, height: 20))
        _ = label.intrinsicContentSize
        #expect(measurer.calls == 1)
        label.text = "hello world"
        #expect(label.intrinsicContentSize.width == 110)
        label.font = .system(34)
        #expect(label.intrinsicContentSize.width == 220)
        #expect(measurer.calls == 3)
        // sizeThatFits measures every time (sizeToFit's work), wrapping a multi-line label.
        label.numberOfLines = 0
        #expect(label.sizeThatFits(width: 100) == Size(width: 100, height: 60))
        #expect(measurer.calls == 4)
    }

    @Test("without a measurer the engine's text model is unchanged")
    func defaultModel() {
        let label = Label(text: "abc", name: "label")
        #expect(label.intrinsicContentSize == Size(width: 21, height: 17))
        #expect(label.sizeThatFits(width: 0) == Size(width: 21, height: 17))
    }

    @Test("measuring a view in no window builds its engine for each call; in a window it does not")
    func fittingBuildsAnEngine() {
        let root = View(name: "root")
        let child = View(name: "child")
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 4),
            child.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            child.topAnchor.constraint(equalTo: root.topAnchor),
            child.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            child.widthAnchor.constraint(equalToConstant: 40),
            child.heightAnchor.constraint(equalToConstant: 30),
        ])
        let size = root.systemLayoutSizeFitting(Size(width: 0, height: 0))
        let first = root.layoutEngine
        let firstCounters = first?.solver.counters
        #expect(size == Size(width: 44, height: 30))
        #expect(root.systemLayoutSizeFitting(Size(width: 0, height: 0)) == size)
        #expect(root.layoutEngine !== first)
        // The previous call's engine is thrown away as UIKit releases it: nothing is removed
        // from it, constraint by constraint, and its solver holds no rows any more.
        #expect(first?.solver.counters.constraintsRemoved == firstCounters?.constraintsRemoved)
        #expect(first?.solver.counters.constraintsAdded == firstCounters?.constraintsAdded)
        #expect(first?.solver.counters.rowsLive == 0 && first?.solver.constraintCount == 0)
        // Still installed where UIKit installs them (the edges on the root, the sizes on the child),
        // and active in the new engine.
        #expect(root.constraints.count == 4 && child.constraints.count == 2)
        #expect((root.constraints + child.constraints).allSatisfy { $0.isActive && $0.engine === root.layoutEngine })

        let window = Window(width: 200, height: 200)
        let hosted = View(name: "hosted")
        hosted.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(hosted)
        LayoutConstraint.activate([hosted.widthAnchor.constraint(equalToConstant: 10), hosted.heightAnchor.constraint(equalToConstant: 10)])
        _ = hosted.systemLayoutSizeFitting(Size(width: 0, height: 0))
        #expect(hosted.layoutEngine === window.engine)
    }
}
