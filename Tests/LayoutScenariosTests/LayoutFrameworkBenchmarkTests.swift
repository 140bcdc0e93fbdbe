import Cassowary
import LayoutEngine
import Testing

@testable import LayoutScenarios

/// The `lfb/` family reproduces LayoutFrameworkBenchmark's feed cell (docs/fidelity.md):
/// its structure per variant, and its method.
@Suite("LayoutFrameworkBenchmark's feed cell")
struct LayoutFrameworkBenchmarkTests {
    /// The constraints installed on `view` and every view below it (`view.constraints`).
    static func installed(in view: View) -> [LayoutConstraint] {
        view.constraints + view.subviews.flatMap(installed(in:))
    }

    /// Every view below `view`, depth first.
    static func descendants(of view: View) -> [View] {
        view.subviews + view.subviews.flatMap(descendants(of:))
    }

    @Test("Auto Layout: a root and 5 containers, 67 constraints, 6 inequalities, 2 at 749")
    func autoLayoutStructure() {
        let item = LFBAutoLayoutItem()
        // The benchmark's own: the margins guides' constraints are UIKit's.
        let constraints = Self.installed(in: item.view).filter { $0.origin == .app }
        #expect(item.view.subviews.count == 5)
        #expect(constraints.count == 67)
        #expect(constraints.filter { $0.relation != .equal }.count == 6)
        #expect(constraints.filter { $0.priority == LayoutPriority(749) }.count == 2)
        #expect(item.leaves.posterHeadline.numberOfLines == 3)
    }

    @Test("UIStackView: 6 stacks, at most 3 deep; manual frames: 15 leaves and no constraint")
    func stackAndManualStructure() {
        let stack = LFBStackViewItem()
        let stacks = ([stack.view] + Self.descendants(of: stack.view)).filter { $0 is StackView }
        #expect(stacks.count == 6)
        #expect(stack.stack.arrangedSubviews.count == 8)
        let manual = LFBManualItem()
        #expect(manual.view.subviews.count == 15)
        #expect(Self.installed(in: manual.view).isEmpty)
        #expect(manual.leaves.labels.allSatisfy { $0.numberOfLines == 1 })
    }

    @Test(
        "Each variant sizes an item taller than its two images, the same item the same height each time",
        arguments: ["stackview", "autolayout", "manual-frames"])
    func sizes(variant: String) throws {
        let make: () -> LFBItemView =
            switch variant {
            case "stackview": LFBStackViewItem.init
            case "autolayout": LFBAutoLayoutItem.init
            default: LFBManualItem.init
            }
        let item = make()
        item.setData(LFBItem(index: 3))
        let first = item.sizeThatFits(width: LFBScenarios.bounds.width)
        item.setData(LFBItem(index: 4))
        _ = item.sizeThatFits(width: LFBScenarios.bounds.width)
        item.setData(LFBItem(index: 3))
        let again = item.sizeThatFits(width: LFBScenarios.bounds.width)
        #expect(first.height > 250)
        #expect(again == first)
    }

    @Test("A run sizes every item, then builds only the cells on screen")
    func method() throws {
        let scenario = try #require(ScenarioCatalog.named("lfb/autolayout"))
        let instance = scenario.prepare(size: 20)
        let before = instance.counters
        instance.run()
        #expect(instance.verify().isEmpty)
        // Each measurement of the sizing cell, in no window, builds its engine again: every one
        // of its constraints is added once per item.
        let added = (instance.counters - before).constraintsAdded
        #expect(added >= 20 * 67)
    }
}
