import LayoutBenchJSON

/// Joins the reports of `run --shard 1/N` to `N/N` into the report one unsharded run
/// would have written (`layoutbench merge`).
///
/// The shards must be one run's parts: the same commit and tool version, the same options
/// but for the shard itself (and the formats written), and the same kind of machine
/// (``machineKind(_:)``); each `K` from 1 to `N` exactly once. The merged report puts every
/// measurement back at its place in the unsharded order
/// (``RunConfiguration/Shard/measurementIndex(ofPosition:)``), so its scenarios, sizes,
/// counters, failures, growth fits and pairs are those of an unsharded run; its options
/// carry no shard. Times are each shard's own: shards on different machines of one kind
/// compare as well as runs on those machines do.
public enum ReportMerge {
    /// What of a machine must agree between shards: what the measurements depend on, not
    /// what differs between otherwise equal CI runners (kernel patch level, memory size).
    public struct MachineKind: Hashable, Sendable, CustomStringConvertible {
        public var architecture: String?
        public var cpuModel: String?
        public var logicalCores: Int
        public var os: String?
        public var compilerVersion: String
        public var buildConfiguration: String
        public var jemallocVersion: String?

        public var description: String {
            "\(architecture ?? "unknown architecture"), \(cpuModel ?? "unknown CPU"), \(logicalCores) cores, "
                + "\(os ?? "unknown OS"), Swift \(compilerVersion) \(buildConfiguration)"
                + (jemallocVersion.map { ", jemalloc \($0)" } ?? "")
        }
    }

    /// The kind of machine `report` was measured on.
    public static func machineKind(_ report: Report) -> MachineKind {
        let environment = report.environment
        return MachineKind(
            architecture: environment.machine.architecture, cpuModel: environment.machine.cpuModel,
            logicalCores: environment.machine.logicalCores, os: environment.machine.os,
            compilerVersion: environment.toolchain.compilerVersion,
            buildConfiguration: environment.toolchain.buildConfiguration,
            jemallocVersion: environment.measurement.jemallocVersion)
    }

    /// Merges shard reports.
    ///
    /// - Parameters:
    ///   - shards: The shard reports, in any order, each with the file it was read from.
    ///   - formats: The formats the merged report will be written in (its `options.formats`).
    /// - Returns: One report, without `options.shard`.
    /// - Throws: ``GateError`` (exit 65) naming the files: `shards-differ` for a report that
    ///   is not a shard, shards of different shard counts, commits, tool versions, options or
    ///   machines' kinds, or shards whose measurements do not fit together;
    ///   `incomplete-shards` naming which `K` are missing and which are given twice.
    /// - Complexity: O(*m* log *m*) for *m* measurements.
    public static func merge(_ shards: [LoadedReport], formats: [ReportFormat]) throws(GateError) -> Report {
        guard !shards.isEmpty else {
            throw GateError(.invalidArgument, "merge needs the shard reports: layoutbench merge SHARD.json... (docs/ci.md).")
        }
        let unsharded = shards.filter { $0.report.options.shard == nil }
        guard unsharded.isEmpty else {
            throw GateError(
                .shardsDiffer,
                "\(files(unsharded)) \(unsharded.count == 1 ? "is not a shard report" : "are not shard reports") "
                    + "(no options.shard); merge joins the reports of layoutbench run --shard K/N.")
        }
        try agreeing(shards, what: "shard counts N") { "\($0.options.shard!.count)" }
        try agreeing(shards, what: "commits") { $0.tool.gitCommit ?? "no commit" }
        try agreeing(shards, what: "tool versions") { $0.tool.version }
        try agreeing(shards, what: "machines' kinds") { machineKind($0).description }
        try agreeing(shards, what: "options (other than the shard)") { comparableOptions($0.options) }

        let count = shards[0].report.options.shard!.count
        // Read from files: bounded as `--shard` is before the list of shards is built.
        if let bad = shards.first(where: { shard in
            let position = shard.report.options.shard!
            return !(1...RunOptions.Shard.maximumCount).contains(position.count) || !(1...position.count).contains(position.index)
        }) {
            let position = bad.report.options.shard!
            throw GateError(
                .invalidReport,
                "\(bad.path): options.shard is \(position.index)/\(position.count); a shard is K/N with 1 ≤ K ≤ N ≤ \(RunOptions.Shard.maximumCount). "
                    + "Merge the reports that layoutbench run --shard K/N wrote.")
        }
        var seen: [Int: [String]] = [:]
        for shard in shards { seen[shard.report.options.shard!.index, default: []].append(shard.path) }
        let missing = (1...count).filter { seen[$0] == nil }
        let duplicated = seen.keys.sorted().filter { seen[$0]!.count > 1 }
        if !missing.isEmpty || !duplicated.isEmpty {
            var problems: [String] = []
            if !missing.isEmpty {
                problems.append("missing shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", "))")
            }
            for index in duplicated {
                problems.append("shard \(index)/\(count) given \(seen[index]!.count) times (\(seen[index]!.joined(separator: ", ")))")
            }
            throw GateError(
                .incompleteShards,
                "The shards do not make one run of \(count): " + problems.joined(separator: "; ")
                    + ". Give each of shards 1/\(count) to \(count)/\(count) once.")
        }

        let ordered = shards.sorted { $0.report.options.shard!.index < $1.report.options.shard!.index }
        // Every measurement at its number in the unsharded run.
        var placed: [(index: Int, scenario: ScenarioResult, size: SizeResult, file: String)] = []
        for shard in ordered {
            let position = shard.report.options.shard!
            var next = 0
            for scenario in shard.report.scenarios {
                for size in scenario.sizes {
                    placed.append((position.measurementIndex(ofPosition: next), scenario, size, shard.path))
                    next += 1
                }
            }
        }
        placed.sort { $0.index < $1.index }
        for (expected, measurement) in placed.enumerated() where measurement.index != expected {
            throw GateError(
                .shardsDiffer,
                "The shards' measurements do not fit together: measurement \(expected + 1) of the run is in no shard "
                    + "while \(measurement.file) holds measurement \(measurement.index + 1) (\(measurement.scenario.name) at size "
                    + "\(measurement.size.size)). Were the shards run from different catalogues (--layouts files that changed)?",
                file: measurement.file)
        }
        var scenarios: [ScenarioResult] = []
        for measurement in placed {
            if let last = scenarios.last, last.name == measurement.scenario.name {
                scenarios[scenarios.count - 1].sizes.append(measurement.size)
            } else {
                if scenarios.contains(where: { $0.name == measurement.scenario.name }) {
                    throw GateError(
                        .shardsDiffer,
                        "The shards' measurements do not fit together: \(measurement.scenario.name)'s sizes are not consecutive "
                            + "in the run. Were the shards run from different catalogues?", file: measurement.file)
                }
                var scenario = measurement.scenario
                scenario.sizes = [measurement.size]
                scenarios.append(scenario)
            }
        }
        for index in scenarios.indices {
            scenarios[index].status = scenarios[index].sizes.allSatisfy { $0.status == .passed } ? .passed : .failed
            scenarios[index].growth = GrowthReport.fit(scenarios[index].sizes)
        }

        let first = ordered[0].report
        var tool = first.tool
        let dirty = ordered.compactMap(\.report.tool.gitDirty)
        tool.gitDirty = dirty.isEmpty ? nil : dirty.contains(true)
        var options = first.options
        options.shard = nil
        options.formats = formats.map(\.rawValue)
        let failures = scenarios.flatMap { $0.sizes.flatMap(\.failures) }
        return Report(
            tool: tool, date: ordered.map(\.report.date).min() ?? first.date,
            durationSeconds: ordered.reduce(0) { $0 + $1.report.durationSeconds }, environment: first.environment,
            options: options, status: failures.isEmpty ? .passed : .failed, failures: failures,
            warnings: mergedWarnings(ordered), scenarios: scenarios, families: FamilySummary.summarize(scenarios),
            pairs: PairComparison.compare(scenarios))
    }

    /// A shard's options as they must agree between shards: without the shard and the formats.
    static func comparableOptions(_ options: Report.OptionsRecord) -> String {
        var options = options
        options.shard = nil
        options.formats = []
        let text = try? OrderedJSONEncoder().encode(options).serialized(pretty: false)
        return text ?? String(describing: options)
    }

    /// The value `key` gives every shard.
    ///
    /// - Throws: ``GateError`` `shards-differ` listing, for each value, the files that have it.
    @discardableResult
    static func agreeing(_ shards: [LoadedReport], what: String, _ key: (Report) -> String) throws(GateError) -> String {
        var groups: [(value: String, files: [String])] = []
        for shard in shards {
            let value = key(shard.report)
            if let index = groups.firstIndex(where: { $0.value == value }) {
                groups[index].files.append(shard.path)
            } else {
                groups.append((value, [shard.path]))
            }
        }
        guard groups.count == 1 else {
            throw GateError(
                .shardsDiffer,
                "The shards have different \(what): "
                    + groups.map { "\($0.files.joined(separator: ", ")): \($0.value)" }.joined(separator: "; ")
                    + ". Merge the shards of one run: one commit, one command line but for --shard, one kind of machine.")
        }
        return groups[0].value
    }

    /// Warnings every shard gave once, the others prefixed with their shard.
    static func mergedWarnings(_ shards: [LoadedReport]) -> [String] {
        var warnings: [String] = []
        for shard in shards {
            for warning in shard.report.warnings {
                if shards.allSatisfy({ $0.report.warnings.contains(warning) }) {
                    if !warnings.contains(warning) { warnings.append(warning) }
                } else {
                    warnings.append("shard \(shard.report.options.shard!): \(warning)")
                }
            }
        }
        return warnings
    }

    /// `a.json, b.json`.
    static func files(_ shards: [LoadedReport]) -> String {
        shards.map(\.path).joined(separator: ", ")
    }
}
