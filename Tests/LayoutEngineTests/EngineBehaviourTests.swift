import Cassowary
import Testing

@testable import LayoutEngine

/// A view whose updateConstraints() records the order it ran in and activates
/// its constraints one at a time (which the update pass batches).
final class RecordingView: View {
    nonisolated(unsafe) static var order: [String] = []
    var pending: [LayoutConstraint] = []

    override func updateConstraints() {
        Self.order.append(name ?? "?")
        for constraint in pending { constraint.isActive = true }
        pending = []
    }
}

@Suite("Engine behaviour", .serialized)
struct EngineBehaviourTests {
    @Test("The update pass runs bottom-up and is one batch: one solve for every view's changes")
    func updatePassIsBatched() {
        RecordingView.order = []
        let window = Window(width: 300, height: 300)
        let outer = constrained(RecordingView(name: "outer"), in: window)
        let inner = constrained(RecordingView(name: "inner"), in: outer)
        outer.pending = [
            outer.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
            outer.topAnchor.constraint(equalTo: window.topAnchor, constant: 10),
            outer.widthAnchor.constraint(equalToConstant: 100), outer.heightAnchor.constraint(equalToConstant: 100),
        ]
        inner.pending = [
            inner.leadingAnchor.constraint(equalTo: outer.leadingAnchor, constant: 5),
            inner.topAnchor.constraint(equalTo: outer.topAnchor, constant: 5),
            inner.widthAnchor.constraint(equalToConstant: 20), inner.heightAnchor.constraint(equalToConstant: 20),
        ]
        let before = window.counters
        window.layoutIfNeeded()
        let cost = window.counters - before
        #expect(RecordingView.order == ["inner", "outer"])
        #expect(cost.solves == 1 && cost.constraintsAdded == 8)
        #expect(inner.frame == Rect(x: 5, y: 5, width: 20, height: 20))
        #expect(inner.frameInRoot == Rect(x: 15, y: 15, width: 20, height: 20))
        // Nothing pending: the next pass does no solver work and calls nothing.
        RecordingView.order = []
        let idle = window.counters
        window.layoutIfNeeded()
        #expect(window.counters.solves == idle.solves && RecordingView.order.isEmpty)
    }

    @Test("Intrinsic size changes are constant updates, not churn")
    func intrinsicSizeUpdatesInPlace() {
        let window = Window(width: 400, height: 100)
        let label = makeLabel("Hi", "label", in: window)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: window.leadingAnchor), label.topAnchor.constraint(equalTo: window.topAnchor),
        ])
        window.layoutIfNeeded()
        #expect(label.frame.size == Size(width: 14, height: 17))
        let before = window.counters
        label.text = "Hello there"
        window.layoutIfNeeded()
        let cost = window.counters - before
        #expect(label.frame.size == Size(width: 77, height: 17))
        #expect(cost.constraintsAdded == 0 && cost.constraintsRemoved == 0 && cost.constantUpdates == 2)
    }

    @Test("Frames of views that translate their autoresizing mask follow frame changes in place")
    func autoresizingFrames() {
        let window = Window(width: 400, height: 300)
        let card = View(name: "card", frame: Rect(x: 10, y: 20, width: 200, height: 100))
        window.addSubview(card)
        let label = makeLabel("Title", "title", in: card)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
            label.centerYAnchor.constraint(equalTo: card.centerYAnchor),
        ])
        window.layoutIfNeeded()
        #expect(card.frame == Rect(x: 10, y: 20, width: 200, height: 100))
        #expect(label.frame == Rect(x: 8, y: 41.5, width: 35, height: 17))
        let before = window.counters
        card.frame = Rect(x: 30, y: 40, width: 200, height: 60)
        window.layoutIfNeeded()
        #expect(label.frameInRoot == Rect(x: 38, y: 61.5, width: 35, height: 17))
        #expect((window.counters - before).constraintsAdded == 0)
        // A flexible-width content view follows its superview.
        let content = View(name: "content", frame: Rect(x: 0, y: 0, width: 200, height: 60))
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        card.addSubview(content)
        let pinned = makeView("pinned", in: content)
        LayoutConstraint.activate([
            pinned.trailingAnchor.constraint(equalTo: content.trailingAnchor),
            pinned.topAnchor.constraint(equalTo: content.topAnchor),
            pinned.widthAnchor.constraint(equalToConstant: 10), pinned.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.layoutIfNeeded()
        #expect(pinned.frame.minX == 190)
        card.frame = Rect(x: 30, y: 40, width: 300, height: 60)
        window.layoutIfNeeded()
        #expect(content.frame.width == 300 && pinned.frame.minX == 290)
    }

    @Test("Window sizing: fixed (required) and edit variables; resizing adds and removes nothing")
    func windowResize() {
        for sizing in [Window.Sizing.fixed, .edit(priority: 999)] {
            let window = Window(width: 320, height: 480, sizing: sizing)
            let bar = makeView("bar", in: window)
            LayoutConstraint.activate([
                bar.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 8),
                bar.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -8),
                bar.topAnchor.constraint(equalTo: window.topAnchor), bar.heightAnchor.constraint(equalToConstant: 44),
            ])
            window.layoutIfNeeded()
            let before = window.counters
            for width in stride(from: 320.0, through: 1024, by: 64) {
                window.resize(width: width, height: 480)
                window.layoutIfNeeded()
                #expect(bar.frame.width == width - 16)
            }
            let cost = window.counters - before
            #expect(cost.constraintsAdded == 0 && cost.constraintsRemoved == 0)
        }
    }

    @Test("Break observers receive every broken constraint with its conflict set; constant conflicts break too")
    func breakObserver() throws {
        let window = Window(width: 320, height: 480)
        let box = makeView("box", in: window)
        var seen: [(LayoutConstraint, [LayoutConstraint])] = []
        let token = window.engine.addBreakObserver { seen.append(($0.brokenConstraint, $0.constraints)) }
        let (fifty, hundred) = conflictingHeights(box, (50, "Box.height50"), (100, "Box.height100"))
        fifty.isActive = true
        hundred.isActive = true
        #expect(seen.count == 1)
        #expect(seen[0].0 === hundred && seen[0].1.map(\.identifier) == ["Box.height50", "Box.height100"])
        #expect("\(hundred)".contains("'Box.height100' View:box.height == 100"))
        // A constant change that conflicts: the solver rolls it back, the engine breaks it.
        let width = box.widthAnchor.constraint(equalToConstant: 10)
        let maxWidth = box.widthAnchor.constraint(lessThanOrEqualToConstant: 40)
        LayoutConstraint.activate([width, maxWidth])
        width.constant = 60
        #expect(seen.count == 2 && seen[1].0 === width && width.isBroken)
        window.layoutIfNeeded()
        #expect(box.frame.width == 40)
        window.engine.removeBreakObserver(token)
        let extra = box.heightAnchor.constraint(equalToConstant: 70)
        extra.isActive = true
        #expect(seen.count == 2 && window.engine.brokenConstraintCount == 3)
    }

    @Test("constraintsAffectingLayout(for:) lists the constraints that determine an axis")
    func constraintsAffecting() {
        let window = Window(width: 320, height: 480)
        let box = makeView("box", in: window)
        let leading = box.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 12)
        let width = box.widthAnchor.constraint(equalToConstant: 80)
        let top = box.topAnchor.constraint(equalTo: window.topAnchor, constant: 4)
        let height = box.heightAnchor.constraint(equalToConstant: 30)
        LayoutConstraint.activate([leading, width, top, height])
        window.layoutIfNeeded()
        let horizontal = box.constraintsAffectingLayout(for: .horizontal)
        #expect(horizontal.contains { $0 === leading } && horizontal.contains { $0 === width })
        #expect(!horizontal.contains { $0 === top || $0 === height })
        let vertical = box.constraintsAffectingLayout(for: .vertical)
        #expect(vertical.contains { $0 === top } && vertical.contains { $0 === height })

        // An ambiguous view: its x is free (a parameter of the solution, not basic), and the
        // constraint that ties another view to it still affects it.
        let free = makeView("free", in: window)
        let follower = makeView("follower", in: window)
        let tie = follower.leadingAnchor.constraint(equalTo: free.trailingAnchor, constant: 8)
        LayoutConstraint.activate([tie, free.widthAnchor.constraint(equalToConstant: 10)])
        window.layoutIfNeeded()
        #expect(free.hasAmbiguousLayout)
        #expect(free.constraintsAffectingLayout(for: .horizontal).contains { $0 === tie })
    }

    /// Two views share 270 points, each preferring 100 at the same priority: any split
    /// from 100/170 to 170/100 violates priority 500 by the same 70 points.
    func sharedRow() -> (Window, View, View) {
        let window = Window(width: 320, height: 200)
        let a = makeView("a", in: window)
        let b = makeView("b", in: window)
        let preferA = a.widthAnchor.constraint(equalToConstant: 100)
        let preferB = b.widthAnchor.constraint(equalToConstant: 100)
        preferA.priority = 500
        preferB.priority = 500
        LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 10),
            b.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -20),
            a.widthAnchor.constraint(greaterThanOrEqualToConstant: 50),
            b.widthAnchor.constraint(greaterThanOrEqualToConstant: 50),
            a.topAnchor.constraint(equalTo: window.topAnchor), b.topAnchor.constraint(equalTo: window.topAnchor),
            a.heightAnchor.constraint(equalToConstant: 30), b.heightAnchor.constraint(equalToConstant: 30),
            preferA, preferB,
        ])
        window.layoutIfNeeded()
        return (window, a, b)
    }

    @Test("exerciseAmbiguityInLayout: neighbours follow, calls alternate, the next layout pass restores")
    func exerciseAmbiguity() throws {
        let (window, a, b) = sharedRow()
        #expect(a.hasAmbiguousLayout && b.hasAmbiguousLayout)
        let original = (a: a.frame, b: b.frame)
        #expect([100.0, 170].contains(original.a.width))
        func expectTiled(sourceLocation: SourceLocation = #_sourceLocation) {
            // b follows a: 10 points after it, ending 20 from the window's edge.
            #expect(close(b.frame.minX, a.frame.maxX + 10), sourceLocation: sourceLocation)
            #expect(close(b.frame.maxX, 300), sourceLocation: sourceLocation)
            #expect(close(a.frame.width + b.frame.width, 270), sourceLocation: sourceLocation)
        }

        let first = try #require(a.exerciseAmbiguityInLayout())
        #expect(first == a.frame)
        #expect(close(first.width, original.a.width == 100 ? 170 : 100))
        expectTiled()
        let second = try #require(a.exerciseAmbiguityInLayout())
        #expect(close(second.width, original.a.width))
        expectTiled()
        let third = try #require(a.exerciseAmbiguityInLayout())
        #expect(close(third.width, first.width))
        expectTiled()

        window.layoutIfNeeded()
        #expect(a.frame == original.a && b.frame == original.b)
        // Determined views have nothing to exercise.
        #expect(window.exerciseAmbiguityInLayout() == nil)
    }

    @Test("A multi-line label wraps at its constrained width without preferredMaxLayoutWidth (two solves)")
    func multiLineLabelWrapsAtResolvedWidth() {
        let window = Window(width: 320, height: 480)
        // 40 characters of 7 points: 280 points of text, three lines at 100.
        let label = makeLabel(String(repeating: "m", count: 40), "label", in: window)
        label.numberOfLines = 0
        let width = label.widthAnchor.constraint(equalToConstant: 100)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            label.topAnchor.constraint(equalTo: window.topAnchor, constant: 40),
            width,
        ])
        window.layoutIfNeeded()
        #expect(label.frame == Rect(x: 20, y: 40, width: 100, height: 51))
        #expect(label.intrinsicContentSize == Size(width: 100, height: 51))

        /// The label's size after `change` and a layout pass.
        func size(after change: () -> Void) -> Size {
            change()
            window.layoutIfNeeded()
            return label.frame.size
        }
        // Wider: two lines; wide enough for the text: one line again.
        #expect(size { width.constant = 150 } == Size(width: 150, height: 34))
        #expect(size { width.constant = 300 } == Size(width: 300, height: 17))

        // numberOfLines caps the lines; a single-line label never wraps.
        width.constant = 50
        #expect(size { label.numberOfLines = 2 } == Size(width: 50, height: 34))
        #expect(size { label.numberOfLines = 1 } == Size(width: 50, height: 17))

        // An explicit preferredMaxLayoutWidth wins over the resolved width.
        label.numberOfLines = 0
        #expect(size { label.preferredMaxLayoutWidth = 140 } == Size(width: 50, height: 34))
    }

    @Test("A width that does not move costs no second solve")
    func wrappingSettledCostsNothing() {
        let window = Window(width: 320, height: 480)
        let label = makeLabel(String(repeating: "m", count: 40), "label", in: window)
        label.numberOfLines = 0
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            label.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -200),
            label.topAnchor.constraint(equalTo: window.topAnchor),
        ])
        window.layoutIfNeeded()
        #expect(label.frame.size == Size(width: 100, height: 51))
        let engine = window.engine
        let before = engine.solver.counters
        label.text = String(repeating: "m", count: 41)  // still three lines
        window.layoutIfNeeded()
        #expect(label.frame.size == Size(width: 100, height: 51))
        #expect((engine.solver.counters - before).solves <= 1)
        #expect(engine.wrappingViews.count == 1)
        window.resize(width: 420, height: 480)
        window.layoutIfNeeded()
        #expect(label.frame.size == Size(width: 200, height: 34))
    }

    /// A cell holding a multi-line label of 60 characters (420 points of text), 10 points in
    /// from the sides and 12 from the top and bottom.
    func wrappingCell(preferredMaxLayoutWidth: Double = 0) -> View {
        let cell = View(name: "cell")
        let title = makeLabel(String(repeating: "w", count: 60), "title", in: cell)
        title.numberOfLines = 0
        title.preferredMaxLayoutWidth = preferredMaxLayoutWidth
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 10),
            title.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -10),
            title.topAnchor.constraint(equalTo: cell.topAnchor, constant: 12),
            title.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -12),
        ])
        return cell
    }

    /// The size `view` fits at `width`, its height as low as its constraints allow.
    func sizeFitting(_ view: View, width: Double) -> Size {
        view.systemLayoutSizeFitting(
            Size(width: width, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
    }

    @Test("systemLayoutSizeFitting measures a multi-line label at the fitting width")
    func fittingSizeWrapsAtFittingWidth() {
        let cell = wrappingCell()
        // 420 points of text wrap at 200: 3 lines of 17.
        #expect(sizeFitting(cell, width: 220) == Size(width: 220, height: 51 + 24))
        #expect(sizeFitting(cell, width: 160) == Size(width: 160, height: 17 * 3 + 24))  // 420 / 140: still 3 lines
        #expect(sizeFitting(cell, width: 120) == Size(width: 120, height: 17 * 5 + 24))  // 420 / 100 -> 5 lines
    }

    @Test("systemLayoutSizeFitting in a window: width given, height found, at the cost of two batches")
    func fittingSize() {
        let cell = wrappingCell(preferredMaxLayoutWidth: 200)
        // In a window the window's engine measures (a root in no window gets an engine of its
        // own for each measurement, TextMeasuringTests).
        let window = Window(width: 400, height: 400)
        window.addSubview(cell)
        window.layoutIfNeeded()
        let engine = window.engine
        let lifted = cell.translatesAutoresizingMaskIntoConstraints ? 4 : 0
        let before = engine.solver.counters
        let size = sizeFitting(cell, width: 220)
        // 420 points of text wrap at 200: 3 lines of 17.
        #expect(size == Size(width: 220, height: 51 + 24))
        let cost = engine.solver.counters - before
        #expect(cost.solves == 2, "\(cost)")
        #expect(cost.constraintsAdded == 2 + lifted && cost.constraintsRemoved == 2 + lifted, "\(cost)")
    }

    @Test("Content-size constraints go in after the app's constraints of the batch, before its solve")
    func contentSizeAfterAppConstraints() {
        // A row of labels with equal widths: each `width == first.width` relates two sizes
        // that the labels' content-size constraints would already have made basic.
        let window = Window(width: 1000, height: 200)
        let labels = (0..<9).map { Label(text: "label \($0)", name: "label\($0)") }
        for label in labels {
            label.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(label)
        }
        var constraints = [
            labels[0].leadingAnchor.constraint(equalTo: window.leadingAnchor),
            labels[8].trailingAnchor.constraint(equalTo: window.trailingAnchor),
        ]
        for (index, label) in labels.enumerated() {
            constraints.append(label.topAnchor.constraint(equalTo: window.topAnchor))
            if index > 0 {
                constraints.append(label.leadingAnchor.constraint(equalTo: labels[index - 1].trailingAnchor))
                constraints.append(label.widthAnchor.constraint(equalTo: labels[0].widthAnchor))
            }
        }
        let engine = window.engine
        let before = engine.solver.counters
        LayoutConstraint.activate(constraints)
        let cost = engine.solver.counters - before
        #expect(cost.solves == 1)
        #expect(cost.constraintsAdded == constraints.count + 4 * labels.count)
        #expect(cost.artificialPhases == 0 && cost.pivots == 0, "\(cost)")
        window.layoutIfNeeded()
        #expect(abs(labels[8].frame.width - 1000.0 / 9) < 1e-6)
        #expect(abs(labels[8].frame.minX - 8 * 1000.0 / 9) < 1e-6)
    }

    @Test("Activating a constraint listed twice, or already active, installs it once")
    func activateDuplicates() {
        let window = Window(width: 300, height: 300)
        let box = View(name: "box")
        box.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(box)
        let width = box.widthAnchor.constraint(equalToConstant: 40)
        let height = box.heightAnchor.constraint(equalToConstant: 30)
        let before = window.engine.solver.counters
        LayoutConstraint.activate([width, height, width])
        LayoutConstraint.activate([height])
        let cost = window.engine.solver.counters - before
        #expect(cost.constraintsAdded == 2 && cost.solves == 1)
        #expect(width.isActive && height.isActive)
    }

    @Test("Joining and splitting hierarchies moves constraints between engines")
    func hierarchyMoves() {
        // A card built on its own: it gets its own engine.
        let card = View(name: "card")
        let title = makeLabel("Card", "title", in: card)
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 4),
            title.topAnchor.constraint(equalTo: card.topAnchor, constant: 4),
        ])
        let cardEngine = card.layoutEngine!
        // In no window, the card's engine holds its constraints unsolved until it is laid out.
        #expect(cardEngine.solver.constraintCount == 0 && card.constraints.allSatisfy(\.isActive))
        card.layoutIfNeeded()
        #expect(cardEngine.solver.constraintCount > 0)
        let removedBefore = cardEngine.solver.counters.constraintsRemoved
        // Added to a window: the constraints move into the window's engine.
        let window = Window(width: 320, height: 480)
        card.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(card)
        LayoutConstraint.activate([
            card.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            card.topAnchor.constraint(equalTo: window.topAnchor, constant: 30),
        ])
        window.layoutIfNeeded()
        // The card's engine is thrown away, not emptied: joining costs it no solver work.
        #expect(card.layoutEngine === window.engine && title.layoutEngine === window.engine)
        #expect(cardEngine.solver.counters.constraintsRemoved == removedBefore)
        // Its solver is emptied whole, memory and all, and keeps the counters of its work.
        #expect(cardEngine.solver.constraintCount == 0 && cardEngine.solver.counters.constraintsAdded > 0)
        #expect(title.frameInRoot == Rect(x: 24, y: 34, width: 28, height: 17))
        #expect(title.constraints.isEmpty && card.constraints.count == 2 && window.constraints.count == 2)
        // Removed: constraints to the window are deactivated; the card's own move with it.
        card.removeFromSuperview()
        #expect(window.constraints.isEmpty)
        #expect(card.constraints.count == 2 && card.constraints.allSatisfy(\.isActive))
        card.layoutIfNeeded()
        #expect(title.frame == Rect(x: 4, y: 4, width: 28, height: 17))
    }

    @Test("In no window, activated constraints wait unsolved until the hierarchy is laid out, measured or joins a window")
    func detachedHierarchyHoldsConstraints() {
        let cell = View(name: "cell")
        let title = makeLabel("Title", "title", in: cell)
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 8),
            title.topAnchor.constraint(equalTo: cell.topAnchor, constant: 8),
        ])
        let held = cell.layoutEngine!
        #expect(held.solver.constraintCount == 0 && held.solver.counters == SolverCounters())
        #expect(cell.constraints.count == 2 && cell.constraints.allSatisfy(\.isActive))
        // Deactivated while held: out again, still without solver work.
        let width = title.widthAnchor.constraint(equalToConstant: 40)
        width.isActive = true
        #expect(width.isActive && title.constraints.count == 1 && title.constraints[0] === width)
        width.isActive = false
        #expect(!width.isActive && title.constraints.isEmpty && held.solver.counters == SolverCounters())
        // Joining a window: solved there, in one batch; the held engine never solved anything.
        let window = Window(width: 320, height: 480)
        cell.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(cell)
        LayoutConstraint.activate([
            cell.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
            cell.topAnchor.constraint(equalTo: window.topAnchor, constant: 20),
        ])
        window.layoutIfNeeded()
        #expect(held.solver.counters == SolverCounters())
        #expect(title.frameInRoot.minX == 18 && title.frameInRoot.minY == 28)
        #expect(cell.constraints.count == 2 && cell.constraints.allSatisfy { $0.engine === window.engine })
    }

    @Test("The event sink sees each operation with its cost and cause")
    func events() {
        final class Sink: LayoutEventSink {
            var events: [LayoutEvent] = []
            func record(_ event: LayoutEvent) { events.append(event) }
        }
        let window = Window(width: 320, height: 480)
        let sink = Sink()
        window.engine.eventSink = sink
        // The kept events name the window, which owns the engine that retains the sink.
        defer { window.engine.eventSink = nil }
        let box = makeView("box", in: window)
        window.performFrame {
            LayoutConstraint.activate([
                box.leadingAnchor.constraint(equalTo: window.leadingAnchor), box.topAnchor.constraint(equalTo: window.topAnchor),
            ])
            box.widthAnchor.constraint(equalToConstant: 10).isActive = true
        }
        let added = sink.events.filter { $0.kind == .constraintAdded }
        #expect(added.count == 3)
        #expect(added.filter(\.individually).count == 1)
        #expect(added.first?.operation?.kindName == "activate")
        #expect(sink.events.first?.kind == .frameBegan && sink.events.last?.kind == .frameEnded)
        let solves = sink.events.reduce(0) { $0 + $1.cost.solves }
        #expect(solves == 2)
        #expect(sink.events.allSatisfy { $0.frame == 1 })
    }
}

/// The root owns its engine, and the engine holds its items unretained: a window goes away
/// when the app lets go of it, laid out or not (Address Sanitizer's leak check found ~900
/// windows of the test suite alive at exit when the engine still retained new items).
@Suite("Engine memory")
struct EngineMemoryTests {
    @Test("A window that never lays out is freed with its views, constraints and engine")
    func windowWithoutLayoutIsFreed() {
        weak var window: Window?
        weak var label: Label?
        weak var engine: LayoutEngine?
        do {
            let made = Window(width: 320, height: 480)
            let text = makeLabel("hello", "label", in: made)
            LayoutConstraint.activate([
                text.leadingAnchor.constraint(equalTo: made.leadingAnchor, constant: 8),
                text.topAnchor.constraint(equalTo: made.topAnchor, constant: 8),
            ])
            window = made
            label = text
            engine = made.engine
            #expect(window != nil && label != nil && engine != nil)
        }
        #expect(window == nil)
        #expect(label == nil)
        #expect(engine == nil)
    }

    /// A sink that keeps events keeps the root they name, and the root owns the engine that
    /// retains the sink. `EventRecorder.events(of:during:)` detaches its recorder; the three tests
    /// that once set a recorder and left it (a table of 40 stack-view cells among them) kept their
    /// windows, tables, cells and solvers alive to the end of the suite: 6.5 MB that LeakSanitizer
    /// reported at exit.
    @Test("A window whose events were recorded is freed once the recorder is detached; left attached, it is not")
    func recordedWindowIsFreed() {
        let scroll = { (fixture: TableFixture) in fixture.table.scrollToEnd(in: fixture.window, step: 53) }
        weak var window: Window?
        weak var engine: LayoutEngine?
        do {
            let fixture = TableFixture(rows: 20, make: { BadCell() }, configure: { ($0 as! BadCell).configure(row: $1) })
            let events = EventRecorder.events(of: fixture.window.engine) { _ = scroll(fixture) }
            #expect(events.contains { $0.kind == .passBegan && $0.view === fixture.window })
            window = fixture.window
            engine = fixture.window.engine
        }
        #expect(window == nil)
        #expect(engine == nil)

        // The same recorder set and left attached: the window outlives every reference the test
        // holds, until the sink is cleared through the weak reference.
        do {
            let fixture = TableFixture(rows: 20, make: { BadCell() }, configure: { ($0 as! BadCell).configure(row: $1) })
            fixture.window.engine.eventSink = EventRecorder()
            _ = scroll(fixture)
            window = fixture.window
        }
        #expect(window != nil, "a recorder left attached no longer keeps its window alive: the engine's ownership changed")
        window?.engine.eventSink = nil
        #expect(window == nil)
    }

    @Test("A view removed before its content-size constraints go in is not touched after it is gone")
    func removedPendingViewIsForgotten() {
        let window = Window(width: 320, height: 480)
        weak var gone: Label?
        window.engine.performBatch {
            let text = Label(text: "transient", name: "t")
            window.addSubview(text)
            text.removeFromSuperview()
            gone = text
        }
        #expect(gone == nil)
        window.layoutIfNeeded()
        #expect(window.engine.brokenConstraintCount == 0)
    }
}
