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

    /// Checks, before a run, that the folders can be created and written, so a long run
    /// doesn't fail at its end.
    ///
    /// - Throws: ``LayoutBenchError`` `unwritable-output`.
    public func checkWritable() throws(LayoutBenchError) {
        try AtomicFile.createFolder(latestFolder)
        let probe = latestFolder + "/.write-probe"
        try AtomicFile.write([], to: probe)
        _ = unlinkFile(probe)
    }

    /// Renders every format, then writes each to `latest/` and the history folder.
    /// Rendering happens before anything is written, and each file is replaced
    /// atomically: a failure leaves the previous reports intact.
    ///
    /// - Returns: The files written, `latest/` first.
    /// - Throws: ``LayoutBenchError`` `unwritable-output`.
    public func write(_ report: Report, formats: [ReportFormat]) throws(LayoutBenchError) -> [String] {
        var rendered: [(ReportFormat, [UInt8])] = []
        for format in formats {
            do {
                rendered.append((format, try format.render(report)))
            } catch {
                throw LayoutBenchError(.unwritableOutput, "Cannot render the \(format.rawValue) report: \(error).")
            }
        }
        var folders = [latestFolder]
        if keepsHistory {
            let base = root + "/runs/" + Self.historyName(date: report.date, commit: report.tool.gitCommit)
            var folder = base
            var suffix = 2
            while folderExists(folder) {
                folder = base + "-\(suffix)"
                suffix += 1
            }
            folders.append(folder)
        }
        var written: [String] = []
        for folder in folders {
            try AtomicFile.createFolder(folder)
            for (format, bytes) in rendered {
                let path = folder + "/" + format.fileName
                try AtomicFile.write(bytes, to: path)
                written.append(path)
            }
        }
        return written
    }
}
