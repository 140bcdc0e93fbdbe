import Foundation

/// Named baselines: reports kept in a folder (`Reports/baselines/NAME.json`, committable) for
/// `layoutbench check` to compare against.
///
/// A baseline is saved only from a complete report whose scenarios all passed, and never from
/// a run with injected churn; the file is written atomically (a temporary file, `fsync`,
/// `rename`), so on any error an existing baseline of the same name is left exactly as it was.
public struct BaselineStore: Sendable {
    /// The folder holding the baselines.
    public var folder: String

    public init(folder: String = BaselineStore.defaultFolder) {
        self.folder = folder
    }

    /// `Reports/baselines`, in `$LAYOUTBENCH_SOURCE_ROOT` when that is set.
    public static var defaultFolder: String { ReportOutput.defaultRoot + "/baselines" }

    /// A saved baseline.
    public struct Entry: Sendable {
        /// The name (the file name without `.json`).
        public var name: String
        /// The file.
        public var path: String
        /// The report, or why it cannot be read.
        public var report: Result<Report, GateError>
    }

    /// Checks a baseline name: letters, digits, `.`, `_` and `-`, not starting with `.` or `-`
    /// (the command line would take it for an option), not ending in `.json` (the file name
    /// adds it, and `check --baseline NAME.json` means the baseline `NAME`), at most 100
    /// characters.
    ///
    /// - Throws: ``GateError`` `invalid-argument` quoting the name.
    public static func validate(name: String) throws(GateError) {
        let allowed = name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)
        }
        guard !name.isEmpty, allowed, !name.hasPrefix("."), !name.hasPrefix("-"), !name.hasSuffix(".json"), name.count <= 100
        else {
            throw GateError(
                .invalidArgument,
                "Invalid baseline name '\(name)': use letters, digits, '.', '_' and '-' (such as 'main' or 'ci-quick'), "
                    + "not starting with '.' or '-', not ending in '.json', at most 100 characters.")
        }
    }

    /// The baseline name `baseline save` uses for `name`: without a trailing `.json`, which
    /// the file name adds (`baseline save main.json` saves `main.json`, not `main.json.json`,
    /// and `check --baseline main.json` finds it).
    public static func saveName(_ name: String) -> String {
        name.hasSuffix(".json") && name.count > 5 ? String(name.dropLast(5)) : name
    }

    /// The file of the baseline `name`.
    public func path(for name: String) -> String {
        folder + "/" + name + ".json"
    }

    /// Whether `reference` names a file rather than a baseline: it has a `/` or ends in `.json`.
    public static func isPath(_ reference: String) -> Bool {
        reference.contains("/") || reference.hasSuffix(".json")
    }

    /// Loads a baseline by name, or a report file by path (see ``isPath(_:)``).
    ///
    /// - Throws: ``GateError`` `missing-baseline` (with the names there are), or the reading
    ///   errors of ``ReportReader/read(_:)``.
    public func load(_ reference: String) throws(GateError) -> LoadedReport {
        var path: String
        if Self.isPath(reference) {
            path = reference
            // `check --baseline main.json`: a file of that name in the current folder, else the
            // baseline `main` (saved by `baseline save main.json`).
            if !reference.contains("/") && !fileExists(reference) {
                let stored = self.path(for: Self.saveName(reference))
                if fileExists(stored) { path = stored }
            }
        } else {
            try Self.validate(name: reference)
            path = self.path(for: reference)
        }
        guard fileExists(path) else {
            let names = (try? list().map(\.name)) ?? []
            var message = "No baseline '\(reference)' (looked for \(path))."
            if !names.isEmpty {
                message += " The baselines are: " + names.map { "'\($0)'" }.joined(separator: ", ") + "."
                message += Suggestions.didYouMean(Suggestions.closest(to: reference, among: names))
            } else {
                message += " There are no baselines in \(folder) yet."
            }
            message += " Save one with 'layoutbench baseline save \(Self.isPath(reference) ? "NAME" : reference)'."
            throw GateError(.missingBaseline, message)
        }
        return try ReportReader.read(path)
    }

    /// What ``save(name:from:)`` did.
    public struct Saved: Sendable {
        /// The baseline's file.
        public var path: String
        /// The report saved.
        public var report: Report
        /// The baseline it replaced, when there was one and it could be read.
        public var replaced: Report?
    }

    /// Saves the report at `reportPath` as the baseline `name` (a trailing `.json` is dropped,
    /// ``saveName(_:)``), replacing one of that name.
    ///
    /// - Throws: ``GateError``: `invalid-argument` for a bad name; the reading errors of
    ///   ``ReportReader/read(_:)``; `unusable-report` for a failed run, a run with injected
    ///   churn or a report without scenarios; `unwritable-output`. On every error the
    ///   baseline folder is unchanged.
    public func save(name given: String, from reportPath: String) throws(GateError) -> Saved {
        let name = Self.saveName(given)
        try Self.validate(name: name)
        let loaded = try ReportReader.read(reportPath)
        try Self.checkUsable(loaded)
        let destination = path(for: name)
        let previous = fileExists(destination) ? (try? ReportReader.read(destination))?.report : nil
        do {
            try AtomicFile.createFolder(folder)
            try AtomicFile.write(loaded.bytes, to: destination)
        } catch {
            throw GateError(.unwritableOutput, error.message, cause: error)
        }
        return Saved(path: destination, report: loaded.report, replaced: previous)
    }

    /// Checks that a report can be a baseline: it passed, has scenarios with measurements,
    /// and ran without injected churn.
    ///
    /// - Throws: ``GateError`` `unusable-report` saying why.
    public static func checkUsable(_ loaded: LoadedReport) throws(GateError) {
        let report = loaded.report
        if report.status != .passed || !report.failures.isEmpty {
            let first = report.failures.first.map { " The first: \($0)." } ?? ""
            throw GateError(
                .unusableReport,
                "The report \(loaded.path) is of a failed run (\(report.failures.count) failure\(report.failures.count == 1 ? "" : "s")); "
                    + "a baseline must come from a run whose scenarios all met their expectations.\(first) "
                    + "Fix the failures, run again, then save the baseline.")
        }
        if let churn = report.options.injectChurn {
            throw GateError(
                .unusableReport,
                "The report \(loaded.path) ran with --inject-churn \(churn), a deliberately slowed variant; it cannot be a baseline. "
                    + "Run without --inject-churn and save that report.")
        }
        if let work = report.options.injectWork {
            throw GateError(
                .unusableReport,
                "The report \(loaded.path) ran with --inject-work \(work), a deliberately slowed variant; it cannot be a baseline. "
                    + "Run without --inject-work and save that report.")
        }
        if let shard = report.options.shard {
            throw GateError(
                .unusableReport,
                "The report \(loaded.path) is shard \(shard) of a run (--shard), a part of its selection; it cannot be a baseline. "
                    + "Join the shards with 'layoutbench merge SHARD.json...' and save the merged report.")
        }
        guard !report.scenarios.isEmpty else {
            throw GateError(.unusableReport, "The report \(loaded.path) has no scenarios; it cannot be a baseline.")
        }
        for scenario in report.scenarios {
            guard !scenario.sizes.isEmpty else {
                throw GateError(
                    .unusableReport, "The report \(loaded.path) is partial: scenario '\(scenario.name)' has no sizes. Run the suite again.")
            }
            for size in scenario.sizes where size.time.wallNanoseconds.count == 0 {
                throw GateError(
                    .unusableReport,
                    "The report \(loaded.path) is partial: '\(scenario.name)' at size \(size.size) has no timed repetitions. Run the suite again.")
            }
        }
    }

    /// Every baseline in the folder, by name; one that cannot be read is listed with its error.
    ///
    /// - Throws: ``GateError`` `unreadable-file` when the folder exists but cannot be listed.
    public func list() throws(GateError) -> [Entry] {
        guard folderExists(folder) else { return [] }
        guard let names = listFolder(folder) else {
            throw GateError(.unreadableFile, "Cannot list the baselines folder '\(folder)' (check its permissions).")
        }
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { file in
            let path = folder + "/" + file
            let report: Result<Report, GateError>
            do throws(GateError) {
                report = .success(try ReportReader.read(path).report)
            } catch {
                report = .failure(error)
            }
            return Entry(name: String(file.dropLast(5)), path: path, report: report)
        }
    }

    /// The text `layoutbench baseline list` prints.
    public static func listing(_ entries: [Entry], folder: String) -> String {
        guard !entries.isEmpty else {
            return "No baselines in \(folder). Save one with 'layoutbench baseline save NAME' (from Reports/latest/report.json).\n"
        }
        var table = [["name", "date", "commit", "scenarios", "suite", "build", "machine"]]
        var problems: [String] = []
        for entry in entries {
            switch entry.report {
            case .success(let report):
                let commit = report.tool.gitCommit.map { String($0.prefix(7)) + (report.tool.gitDirty == true ? "+" : "") } ?? "-"
                var suite = report.options.quick ? "quick" : "full"
                if !report.options.filters.isEmpty { suite += " " + report.options.filters.joined(separator: ",") }
                if let sizes = report.options.sizes { suite += " sizes " + sizes.map(String.init).joined(separator: ",") }
                suite +=
                    ", \(report.options.minimumRepetitions == report.options.maximumRepetitions ? "\(report.options.minimumRepetitions)" : "\(report.options.minimumRepetitions)-\(report.options.maximumRepetitions)") reps"
                table.append([
                    entry.name, report.date, commit, "\(report.scenarios.count)", suite, report.environment.toolchain.buildConfiguration,
                    report.environment.machine.cpuModel ?? "-",
                ])
            case .failure(let error):
                table.append([entry.name, "-", "-", "-", "unreadable", "-", "-"])
                problems.append("warning: baseline '\(entry.name)' cannot be read: \(error)")
            }
        }
        var lines = ["Baselines in \(folder):"] + TextTable.lines(table) { $0 == 3 ? .right : .left }
        lines += problems
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Whether `path` is an existing file (not a folder).
func fileExists(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
}

/// The names in a folder, or `nil` when it cannot be listed.
func listFolder(_ path: String) -> [String]? {
    try? FileManager.default.contentsOfDirectory(atPath: path)
}
