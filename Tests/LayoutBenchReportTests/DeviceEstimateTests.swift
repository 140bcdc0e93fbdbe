import OrderedCollections
import Testing

@testable import LayoutBenchReport

/// The estimate in device time (``DeviceEstimate``): the fitted cost of a run's counts on the
/// reported phone, only for the scenarios the model was checked on.
@Suite("Device-time estimate")
struct DeviceEstimateTests {
    let counters: OrderedDictionary<String, Int> = [
        "constraintsAdded": 1_000, "cellUpdates": 50_000, "textMeasurements": 120, "textCacheHits": 20,
    ]

    /// The fitted cost of `counters`, by hand from the coefficients.
    func cost(_ counters: OrderedDictionary<String, Int>) -> Double {
        DeviceEstimate.coefficients.reduce(0) { total, entry in total + entry.counter.value(in: counters)! * entry.milliseconds }
    }

    @Test("The fitted cost times the iPhone 16's factor, with the largest held-out error of the form")
    func collectionForm() throws {
        let estimate = try #require(DeviceEstimate.estimate(scenario: "lfb/autolayout", counters: counters))
        let phone = try #require(DeviceEstimate.devices.first { $0.name == "iPhone 16" })
        #expect(estimate.device == "iPhone 16" && phone.heldOut)
        #expect(abs(estimate.milliseconds - cost(counters) * phone.factor) < 1e-9)
        let collectionChecks = DeviceEstimate.devices.filter { $0.heldOut && $0.form == .collection }
        #expect(estimate.heldOutError == collectionChecks.map(\.largestError).max())
        #expect(estimate.heldOutError <= 0.25)
        // 100 more shaped texts cost 100 times the text coefficient, on the same phone.
        var more = counters
        more["textMeasurements"]! += 100
        let textMilliseconds = try #require(DeviceEstimate.coefficients.first { $0.counter == .textShaped }).milliseconds
        let moreEstimate = try #require(DeviceEstimate.estimate(scenario: "lfb/manual-frames", counters: more))
        #expect(abs(moreEstimate.milliseconds - estimate.milliseconds - 100 * textMilliseconds * phone.factor) < 1e-9)
    }

    @Test("The table form carries the table check's error; no other scenario gets an estimate")
    func onlyWhereChecked() throws {
        let table = try #require(DeviceEstimate.estimate(scenario: "lfb/table-autolayout", counters: counters))
        let tableCheck = try #require(DeviceEstimate.devices.first { $0.heldOut && $0.form == .table })
        #expect(table.heldOutError == tableCheck.largestError)
        #expect(table.checkedOn.contains(tableCheck.source))
        #expect(DeviceEstimate.estimate(scenario: "cells/feed-stack", counters: counters) == nil)
        #expect(DeviceEstimate.estimate(scenario: "import/Main", counters: counters) == nil)
        // A report without the text counters (written before they were counted) gets none.
        var old = counters
        old.removeValue(forKey: "textCacheHits")
        #expect(DeviceEstimate.estimate(scenario: "lfb/autolayout", counters: old) == nil)
    }

    @Test("Every coefficient is a cost: none is negative")
    func coefficientsAreCosts() {
        #expect(DeviceEstimate.coefficients.allSatisfy { $0.milliseconds >= 0 })
        #expect(DeviceEstimate.devices.contains { !$0.heldOut })
    }
}
