import LayoutBenchJSON
import LayoutProfiler
import LayoutScenarios

/// The files `layoutbench profile` writes.
public enum ProfileFormat: String, CaseIterable, Sendable {
    /// The terminal summary, on standard output.
    case text
    /// `profile.json` (`docs/profile.md`).
    case json
    /// `profile.html`: one self-contained page.
    case html

    /// The file name in the output folder (`nil` for text, which is printed).
    public var fileName: String? {
        switch self {
        case .text: nil
        case .json: "profile.json"
        case .html: "profile.html"
        }
    }

    /// Parses `--format` values, comma-separated or repeated; all three when none.
    ///
    /// - Throws: ``LayoutBenchError`` `invalid-option` naming the formats.
    public static func parse(_ values: [String]) throws(LayoutBenchError) -> [ProfileFormat] {
        try formatList(values, kind: "profile", defaults: Array(allCases))
    }
}

/// Where and how a profile is written.
public enum ProfileOutput {
    /// `Reports/profiles/<family>-<variant>-<size>` (under `$LAYOUTBENCH_SOURCE_ROOT` when set).
    public static func defaultFolder(_ scenario: Scenario, size: Int) -> String {
        ReportOutput.defaultRoot + "/profiles/\(scenario.family)-\(String(scenario.variant.map { $0 == "/" ? "-" : $0 }))-\(size)"
    }

    /// The JSON document: members in declaration order, every key present, two-space indented.
    ///
    /// - Throws: An encoding error (a non-finite number, which the profiler never makes).
    public static func json(_ report: ProfileReport) throws -> String {
        try OrderedJSONEncoder().encode(report).serialized(pretty: true) + "\n"
    }

    /// One file format's contents.
    ///
    /// - Throws: ``LayoutBenchError`` `invalid-option` for text (printed, not a file), or
    ///   an encoding failure.
    public static func render(_ report: ProfileReport, format: ProfileFormat) throws(LayoutBenchError) -> String {
        switch format {
        case .json:
            do {
                return try json(report)
            } catch {
                throw LayoutBenchError(.invalidOption, "Cannot encode the profile as JSON: \(error).")
            }
        case .html: return report.html()
        case .text: return report.text()
        }
    }

    /// Writes the file formats (JSON, HTML) into `folder`, creating it; each file is
    /// written atomically (a temporary file, then a rename).
    ///
    /// - Returns: The files written.
    /// - Throws: ``LayoutBenchError`` `unwritable-output` naming the file.
    public static func write(_ report: ProfileReport, formats: [ProfileFormat], to folder: String) throws(LayoutBenchError) -> [String] {
        let files = formats.compactMap { format in format.fileName.map { (format, $0) } }
        guard !files.isEmpty else { return [] }
        try AtomicFile.createFolder(folder)
        var written: [String] = []
        for (format, name) in files {
            let path = folder + "/" + name
            let contents: String
            switch format {
            case .json:
                do {
                    contents = try json(report)
                } catch {
                    throw LayoutBenchError(.unwritableOutput, "Cannot encode '\(path)': \(error).")
                }
            case .html: contents = report.html()
            case .text: continue
            }
            try AtomicFile.write(contents, to: path)
            written.append(path)
        }
        return written
    }
}
