// Written by scripts/device-estimate --write: do not edit. The fit, its data and its checks
// are described there and in docs/fidelity.md ("In device time").

extension DeviceEstimate {
    /// Milliseconds per count, fitted on LayoutFrameworkBenchmark's timings of issue 27.
    static let coefficients: [(counter: Feature, milliseconds: Double)] = [
        (.run, 1.8835917348440572),
        (.constraintsAdded, 0.0033067482422038594),
        (.cellUpdates, 0.0),
        (.textShaped, 0.023918402747395946),
    ]

    /// The device fitted on, then each held-out check.
    static let devices: [Device] = [
        Device(
            name: "iPhone 13 Pro", os: "iOS 18.6", source: "LFB-issue27", form: .collection,
            heldOut: false, factor: 1.0, timings: 30, largestError: 0.15936064561192867),
        Device(
            name: "iPhone 13 Pro Max", os: "iOS 16.3", source: "LFB-issue10", form: .collection,
            heldOut: true, factor: 1.0, timings: 30, largestError: 0.17325551097371494),
        Device(
            name: "iPhone 16", os: "iOS 18.6", source: "LFB-chart", form: .collection,
            heldOut: true, factor: 0.9764863885083102, timings: 30, largestError: 0.20582216603805323),
        Device(
            name: "iPhone 6S", os: "not stated (log dated 2017-06-07)", source: "LKapp-xlsx-2017-06-table", form: .table,
            heldOut: true, factor: 11.864653799565309, timings: 12, largestError: 0.23091020930433093),
    ]
}
