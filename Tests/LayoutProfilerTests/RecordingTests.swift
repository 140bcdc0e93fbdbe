import Cassowary
import LayoutEngine
import LayoutProfiler
import LayoutScenarios
import Testing

/// Recording changes nothing it measures, accounts for every counter, and stays within
/// its memory bounds.
@Suite("Profiler recording")
struct RecordingTests {
    static let catalogue = ScenarioCatalog.all.map(\.name)

    @Test("Counters are identical with the profiler attached and without it", arguments: catalogue)
    func countersUnchanged(_ name: String) {
        let scenario = ScenarioCatalog.named(name)!
        let size = scenario.quickSizes.min()!

        let plain = scenario.prepare(size: size)
        let plainBefore = plain.counters
        plain.run()
        let plainCounters = plain.counters - plainBefore

        let profile = Layouts.profile(scenario, size: size)
        #expect(profile.counters == plainCounters, "\(name): counters differ with the profiler attached")
    }

    @Test("The events account for every solver counter (but the value reads of variablesChanged)", arguments: catalogue)
    func eventsAccountForCounters(_ name: String) throws {
        let scenario = ScenarioCatalog.named(name)!
        let profile = Layouts.profile(scenario, size: scenario.quickSizes.min()!)
        let solver = try #require(profile.report.totals.solverCounters)
        for counter in profile.report.totals.counters.values where counter.name != "variablesChanged" {
            #expect(
                counter.value == solver[counter.name],
                "\(name): \(counter.name) is \(counter.value) in events, \(solver[counter.name] ?? -1) in the engines")
        }
        #expect(profile.report.totals.solves == profile.counters.solves)
        #expect(profile.report.totals.rowOperations == profile.counters.rowOperations)
    }

    @Test("Engines made inside observing(_:) are profiled from their creation")
    func observingHook() {
        final class Recorder: LayoutEventSink {
            var kinds: [LayoutEvent.Kind] = []
            func record(_ event: LayoutEvent) { kinds.append(event.kind) }
        }
        let recorder = Recorder()
        let view = View(name: "detached")
        let child = View(name: "child")
        child.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(child)
        LayoutEngine.observingEvents(with: recorder) {
            LayoutConstraint.activate([child.widthAnchor.constraint(equalToConstant: 10)])
            // In no window the engine holds the constraint until the hierarchy is laid out.
            #expect(!recorder.kinds.contains(.constraintAdded))
            view.layoutIfNeeded()
        }
        #expect(recorder.kinds.contains(.constraintAdded))
        #expect(view.layoutEngine?.eventSink === recorder)

        // Outside the hook, a new engine has no sink.
        let other = View(name: "other")
        let otherChild = View(name: "otherChild")
        otherChild.translatesAutoresizingMaskIntoConstraints = false
        other.addSubview(otherChild)
        LayoutConstraint.activate([otherChild.widthAnchor.constraint(equalToConstant: 10)])
        #expect(other.layoutEngine?.eventSink == nil)
    }

    @Test("A long run stays within every store's bound")
    func boundedMemory() throws {
        var configuration = LayoutProfiler.Configuration()
        configuration.eventBufferCapacity = 100
        configuration.timelineCapacity = 16
        configuration.viewCapacity = 8
        configuration.identifierCapacity = 4
        configuration.churnHistoryCapacity = 32
        configuration.churnWindow = 10
        configuration.competingCapacity = 8

        let window = Window(width: 400, height: 2000)
        var rows: [View] = []
        var heights: [LayoutConstraint] = []
        var constraints: [LayoutConstraint] = []
        for index in 0..<30 {
            let row = Layouts.constrained(View(name: "row\(index)"), in: window)
            let height = row.heightAnchor.constraint(equalToConstant: 20)
            height.identifier = "row\(index).height"
            constraints += [
                row.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                row.topAnchor.constraint(equalTo: window.topAnchor, constant: Double(index) * 30),
                row.widthAnchor.constraint(equalToConstant: 100), height,
            ]
            rows.append(row)
            heights.append(height)
        }
        LayoutConstraint.activate(constraints)
        window.layoutIfNeeded()

        let profiler = LayoutProfiler(configuration: configuration)
        profiler.attach(to: window.engine)
        let frames = 3000
        var maximum = profiler.storage
        for frame in 0..<frames {
            window.performFrame {
                let index = frame % rows.count
                LayoutConstraint.deactivate([heights[index]])
                heights[index] = rows[index].heightAnchor.constraint(equalToConstant: 20 + Double(frame % 5))
                heights[index].identifier = "height\(frame)"
                LayoutConstraint.activate([heights[index]])
            }
            let storage = profiler.storage
            maximum.eventsKept = max(maximum.eventsKept, storage.eventsKept)
            maximum.timelineEntries = max(maximum.timelineEntries, storage.timelineEntries)
            maximum.viewsTracked = max(maximum.viewsTracked, storage.viewsTracked)
            maximum.identifiersTracked = max(maximum.identifiersTracked, storage.identifiersTracked)
            maximum.removedConstraintsRemembered = max(maximum.removedConstraintsRemembered, storage.removedConstraintsRemembered)
        }
        profiler.detach()
        #expect(maximum.eventsKept == 100)
        #expect(maximum.timelineEntries <= 16)
        #expect(maximum.viewsTracked <= 8)
        #expect(maximum.identifiersTracked <= 4)
        #expect(maximum.removedConstraintsRemembered <= 2 * 32)

        let report = profiler.report(title: "long run")
        #expect(report.recentEvents.events.count == 100)
        #expect(report.recentEvents.received == profiler.eventsReceived)
        #expect(report.recentEvents.dropped == report.recentEvents.received - 100)
        #expect(report.recentEvents.events.last?.sequence == report.recentEvents.received)
        #expect(report.timeline.entries.count <= 16)
        #expect(report.timeline.span >= frames / 16)
        #expect(report.timeline.entries.reduce(0) { $0 + $1.solves } == report.totals.solves)
        #expect(report.totals.frames == frames)
        #expect(report.limits.viewsOverflowed > 0)
        #expect(report.topViews.contains { $0.label == "(other)" })
        // The churn is still found, and every frame's two solves counted.
        #expect(report.churn.constraints == frames)
        #expect(Layouts.finding(report, "multiple-solves-per-frame")?.count("frames") == frames)
    }

    @Test("The default event buffer keeps the most recent 4096 events of a long scenario")
    func defaultBufferBound() {
        let scenario = ScenarioCatalog.named("edits/churn")!
        let profile = Layouts.profile(scenario, size: 1600)
        let events = profile.report.recentEvents
        #expect(events.capacity == 4096)
        #expect(events.received > 4096)
        #expect(events.events.count == 4096)
        #expect(events.dropped == events.received - 4096)
        #expect(profile.report.timeline.entries.count <= 2048)
    }
}
