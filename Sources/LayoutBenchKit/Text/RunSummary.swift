/// The text `layoutbench run` prints after a run: pair ratios, growth per family, failures,
/// warnings and the files written.
public enum RunSummary {
    /// The summary for standard output.
    public static func text(_ report: Report, written: [String]) -> String {
        var lines: [String] = []
        if !report.pairs.isEmpty {
            lines.append("Anti-pattern / fix at the largest common size:")
            for pair in report.pairs {
                guard let size = pair.largestCommonSize, let ratios = pair.atLargestCommonSize else { continue }
                var parts: [String] = []
                for metric in [Metric.wallNanoseconds, .solves, .cellUpdates, .allocations] {
                    guard let entry = ratios[metric.rawValue] else { continue }
                    parts.append("\(metric.label) \(ratio(entry))")
                }
                if let interval = pair.sizes.last?.wallTimeRatioInterval {
                    parts[0] += " (95% \(ratio(interval.lower))–\(ratio(interval.upper)))"
                }
                lines.append("  \(pair.antiPattern) / \(pair.fix) at \(size) \(pair.sizeUnit): " + parts.joined(separator: ", "))
                for device in pair.deviceRatios ?? [] {
                    let model = device.modelRatio.map(ratio) ?? "not measured"
                    lines.append(
                        "    on a device: \(device.device) (\(device.os)) \(ratio(device.deviceRatio)) at \(device.size) \(pair.sizeUnit), "
                            + "the model \(model) (\(device.source))")
                }
                if let evidence = pair.evidenceOverSeed {
                    lines.append("    evidence over seed: \(evidence.seed) says \(evidence.claim); \(evidence.evidence) (\(evidence.anchor))")
                }
                if let contradiction = pair.contradiction {
                    let sizes = contradiction.sizes.map(String.init).joined(separator: ", ")
                    // A pair whose roles follow evidence is held to the evidence, not to the seed.
                    let against = pair.evidenceOverSeed.map { "contradicts the evidence (\($0.anchor))" } ?? "contradicts the seeds"
                    lines.append("    \(against) (the anti-pattern took less wall time at \(sizes)): \(contradiction.cause)")
                }
            }
        }
        lines += deviceEstimateLines(report)
        let fitted = report.families.filter { $0.scenarios.contains { !$0.growth.keys.isEmpty } }
        if !fitted.isEmpty {
            lines.append("Growth with size (model, log-log exponent):")
            for family in fitted {
                lines.append("  \(family.name)")
                let width = family.scenarios.map(\.name.count).max() ?? 0
                for entry in family.scenarios {
                    var parts: [String] = []
                    let sizeCount = (report.scenarios.first { $0.name == entry.name }).map { Set($0.growth.sizes).count } ?? 0
                    for metric in [Metric.wallNanoseconds, .cellUpdates, .allocations] {
                        guard let brief = entry.growth[metric.rawValue] else { continue }
                        let exponent = brief.logLogExponent.map { MetricFormat.fixed(abs($0) < 0.005 ? 0 : $0) } ?? "-"
                        parts.append("\(metric.label) \(brief.label(sizeCount: sizeCount)) (\(exponent))")
                    }
                    lines.append("    " + TextTable.pad(entry.name, width) + "  " + (parts.isEmpty ? "not fitted" : parts.joined(separator: ", ")))
                }
            }
        }
        for warning in report.warnings {
            lines.append("warning: \(warning)")
        }
        if let busy = BusyRule.warning(report) {
            lines.append("warning: \(busy)")
        }
        if report.failures.isEmpty {
            lines.append("All expectations held in every repetition; counters identical across repetitions.")
        } else {
            lines.append("\(report.failures.count) failure\(report.failures.count == 1 ? "" : "s") (see standard error).")
        }
        for path in written {
            lines.append("Wrote \(path)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per failure, for standard error.
    public static func failureLines(_ report: Report) -> String {
        report.failures.map { "error: \($0)\n" }.joined()
    }

    static func ratio(_ value: Double?) -> String {
        guard let value else { return "n/a" }
        return MetricFormat.fixed(value) + "×"
    }

    /// The estimated phone time of each scenario that has one, at its largest size.
    static func deviceEstimateLines(_ report: Report) -> [String] {
        let estimated = report.scenarios.compactMap { scenario in
            scenario.sizes.last { $0.deviceEstimate != nil }.flatMap { size in size.deviceEstimate.map { (scenario, size, $0) } }
        }
        guard !estimated.isEmpty else { return [] }
        var lines = ["On a phone, estimated from the counters (docs/fidelity.md, \"In device time\"):"]
        let width = estimated.map(\.0.name.count).max() ?? 0
        for (scenario, size, estimate) in estimated {
            lines.append(
                "  \(TextTable.pad(scenario.name, width))  about \(MetricFormat.significant(estimate.milliseconds)) ms at \(size.size) "
                    + "\(scenario.sizeUnit) on an \(estimate.device) (\(estimate.os)); held-out error up to "
                    + "\(MetricFormat.significant(estimate.heldOutError * 100))% (\(estimate.checkedOn))")
        }
        return lines
    }
}
