import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A format `layoutbench run --format` can write. Each renders the whole report to one
/// file, `report.<extension>`.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// `report.json`, schema `layoutbench.report` (`docs/report-schema.md`).
    case json
    /// `report.html`: one self-contained page (``ReportPage``).
    case html

    /// The file name in the output folders.
    public var fileName: String {
        switch self {
        case .json: "report.json"
        case .html: "report.html"
        }
    }

    /// Renders the report.
    ///
    /// - Throws: Whatever rendering throws; nothing has been written then.
    public func render(_ report: Report) throws -> [UInt8] {
        switch self {
        case .json: Array(try report.jsonText().utf8)
        case .html: Array(ReportPage(report: report).html().utf8)
        }
    }
}

/// Where reports go: `<root>/latest/report.<ext>`, and a copy per run in
/// `<root>/runs/<UTC timestamp>-<short commit>/`.
public struct ReportOutput: Sendable {
    /// The reports folder (`Reports` by default).
    public var root: String
    /// Whether to keep a copy in the run history.
    public var keepsHistory: Bool

    public init(root: String, keepsHistory: Bool = true) {
        self.root = root
        self.keepsHistory = keepsHistory
    }

    /// The default reports folder: `$LAYOUTBENCH_SOURCE_ROOT/Reports` when that is set (as
    /// `scripts/layoutbench` does), else `Reports` in the current folder.
    public static var defaultRoot: String {
        if let root = EnvironmentCapture.sourceRootFromEnvironment { return root + "/Reports" }
        return "Reports"
    }

    /// `<root>/latest`.
    public var latestFolder: String { root + "/latest" }

    /// The run-history folder name: `20250601T120000Z-1a2b3c4` (`nogit` without a commit).
    public static func historyName(date: String, commit: String?) -> String {
        let stamp = date.filter { $0 != "-" && $0 != ":" }
        return stamp + "-" + (commit.map { String($0.prefix(7)) } ?? "nogit")
    }

    /// `<root>/runs`.
    public var runsFolder: String { root + "/runs" }

    /// `<root>/.lock`: the lock a run holds while it measures and writes (``OutputLock``).
    public var lockPath: String { root + "/.lock" }

    /// Checks, before a run, everything that can be checked about the output: the reports
    /// folder can be created and written, `latest` and `runs` are folders if they exist (`runs`
    /// may be a link to one; anything inside `latest` is replaced with the new set), and
    /// no other process writes into the folder. Takes the folder's lock and removes staging
    /// folders and temporary files a killed run left.
    ///
    /// - Returns: The lock; hold it until the reports are written.
    /// - Throws: ``LayoutBenchError`` `unwritable-output`, `output-locked`.
    public func prepare() throws(LayoutBenchError) -> OutputLock {
        try AtomicFile.createFolder(root)
        for folder in [latestFolder, runsFolder] {
            var status = stat()
            if lstat(folder, &status) == 0 && (status.st_mode & S_IFMT) != S_IFDIR {
                let follows = stat(folder, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
                if !(follows && folder == runsFolder) {
                    throw LayoutBenchError(
                        .unwritableOutput,
                        "Cannot write reports into '\(root)': '\(folder)' exists and is not a folder. Remove it or choose another --output folder.")
                }
            }
        }
        let lock = try OutputLock.acquire(lockPath, guarding: root)
        OutputSet.removeStale(in: root, prefix: ".latest.tmp-")
        if folderExists(runsFolder) { OutputSet.removeStale(in: runsFolder) }
        if folderExists(latestFolder) { OutputSet.removeStale(in: latestFolder) }
        let probe = try OutputSet.stage([], beside: latestFolder)
        OutputSet.removeTree(probe)
        if keepsHistory {
            let probe = try OutputSet.stage([], beside: runsFolder + "/probe")
            OutputSet.removeTree(probe)
        }
        return lock
    }

    /// Checks, before a run, that the folders can be created and written, so a long run
    /// doesn't fail at its end (``prepare()`` without keeping the lock).
    ///
    /// - Throws: ``LayoutBenchError`` `unwritable-output`, `output-locked`.
    public func checkWritable() throws(LayoutBenchError) {
        try prepare().release()
    }

    /// Renders every format, then writes `latest/` and the history folder, each as a unit
    /// (``OutputSet``): `latest/` is replaced whole, so no file of an earlier set (a
    /// `check.md`, a `comparison.html`, another format) stays beside the new report; the
    /// history folder is new, never merged into another run's. Rendering happens before
    /// anything is written: a failure leaves the previous reports intact.
    ///
    /// - Parameters:
    ///   - extraFiles: More files for `latest/` (such as `check.md`); one named like a
    ///     report format replaces that rendering in `latest/` and the history folder.
    /// - Returns: The files written, `latest/` first.
    /// - Throws: ``LayoutBenchError`` `unwritable-output`.
    public func write(_ report: Report, formats: [ReportFormat], extraFiles: [OutputSet.File] = []) throws(LayoutBenchError) -> [String] {
        var rendered: [OutputSet.File] = []
        for format in formats {
            if let replacement = extraFiles.first(where: { $0.path == format.fileName }) {
                rendered.append(replacement)
                continue
            }
            do {
                rendered.append((format.fileName, try format.render(report)))
            } catch {
                throw LayoutBenchError(.unwritableOutput, "Cannot render the \(format.rawValue) report: \(error).")
            }
        }
        let latest = rendered + extraFiles.filter { file in !rendered.contains { $0.path == file.path } }
        try OutputSet.publish(latest, as: latestFolder)
        var written = latest.map { latestFolder + "/" + $0.path }
        if keepsHistory {
            let folder = try OutputSet.publishNew(
                rendered, base: runsFolder + "/" + Self.historyName(date: report.date, commit: report.tool.gitCommit))
            written += rendered.map { folder + "/" + $0.path }
        }
        return written
    }
}
