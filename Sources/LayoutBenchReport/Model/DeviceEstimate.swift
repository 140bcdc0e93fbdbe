import LayoutBenchJSON
import OrderedCollections

/// What a run of a reproduced published benchmark would take on a phone: the run's exact
/// counts through a cost model fitted on published device timings, with the error that model
/// had on timings it was not fitted on (docs/fidelity.md, "In device time").
///
/// The model is linear in four counts, each a piece of work a phone does: one fresh list (the
/// collection or table view the benchmark makes per iteration, with its cells on screen), the
/// constraints the solvers took, the solvers' tableau work (``Metric/cellUpdates``) and the
/// text measured without a cache hit. `scripts/device-estimate` fits its coefficients on
/// LayoutFrameworkBenchmark's timings of an iPhone 13 Pro and writes them to
/// `DeviceEstimate+Fitted.swift`, with its checks on other devices and on the table form.
/// Only the scenarios that reproduce that benchmark (``form(ofScenario:)``) get an estimate:
/// the model was checked on nothing else.
public struct DeviceEstimate: Codable, Sendable, Equatable {
    /// The phone (`iPhone 16`).
    public var device: String
    /// Its iOS version.
    public var os: String
    /// The estimated time of one run, milliseconds.
    public var milliseconds: Double
    /// The largest relative error the model had on the held-out timings of this kind of
    /// workload (0.21 is 21%).
    public var heldOutError: Double
    /// Where that error was measured: the source, device and number of timings.
    public var checkedOn: String
}

extension DeviceEstimate {
    /// A count the model charges for.
    enum Feature {
        /// One run (a fresh list with its cells on screen).
        case run
        /// `constraintsAdded`.
        case constraintsAdded
        /// `cellUpdates`.
        case cellUpdates
        /// `textMeasurements - textCacheHits`.
        case textShaped

        func value(in counters: OrderedDictionary<String, Int>) -> Double? {
            switch self {
            case .run: return 1
            case .constraintsAdded: return counters["constraintsAdded"].map(Double.init)
            case .cellUpdates: return counters["cellUpdates"].map(Double.init)
            case .textShaped:
                guard let measured = counters["textMeasurements"], let hits = counters["textCacheHits"] else { return nil }
                return Double(measured - hits)
            }
        }
    }

    /// The two forms of the benchmark the model was checked on.
    enum Form {
        /// Every item sized through one mannequin cell, then the cells on screen
        /// (`UICollectionView` with a flow layout).
        case collection
        /// Self-sizing rows (`UITableView`, estimated row height).
        case table
    }

    /// A device the model was fitted on or checked on.
    struct Device {
        let name: String
        let os: String
        let source: String
        let form: Form
        /// Whether the fit saw none of these timings.
        let heldOut: Bool
        /// The device's factor over the fitted device (1 where none was fitted).
        let factor: Double
        let timings: Int
        /// The largest relative error over its timings.
        let largestError: Double
    }

    /// The device the report estimates for: the newest phone with published timings.
    static let reportedDevice = "iPhone 16"

    /// The benchmark's form a scenario reproduces, or `nil` for every other scenario.
    static func form(ofScenario name: String) -> Form? {
        switch name {
        case "lfb/autolayout", "lfb/stackview", "lfb/manual-frames": .collection
        case "lfb/table-autolayout", "lfb/table-stackview": .table
        default: nil
        }
    }

    /// The estimate on an iPhone 16 of one run of `scenario` with these counters, or `nil` when
    /// the scenario is not one the model was checked on or a count is missing.
    ///
    /// The time is the fitted cost times the iPhone 16's factor; the error beside it is the
    /// largest held-out error of the same form (for the table form, measured on another phone
    /// with a factor of its own: no iPhone 16 table timings are published).
    public static func estimate(scenario: String, counters: OrderedDictionary<String, Int>) -> DeviceEstimate? {
        guard let form = form(ofScenario: scenario),
            let device = devices.first(where: { $0.name == reportedDevice && $0.form == .collection })
        else { return nil }
        var cost = 0.0
        for (feature, milliseconds) in coefficients {
            guard let value = feature.value(in: counters) else { return nil }
            cost += value * milliseconds
        }
        guard let check = devices.filter({ $0.heldOut && $0.form == form }).max(by: { $0.largestError < $1.largestError })
        else { return nil }
        return DeviceEstimate(
            device: device.name, os: device.os, milliseconds: cost * device.factor, heldOutError: check.largestError,
            checkedOn: "\(check.source), \(check.name), \(check.timings) timings")
    }
}
