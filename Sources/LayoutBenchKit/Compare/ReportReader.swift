import Foundation
import LayoutBenchJSON
import OrderedCollections

/// A report read from a file, with what is needed to talk about it.
public struct LoadedReport: Sendable {
    /// The report.
    public var report: Report
    /// The file it was read from.
    public var path: String
    /// The file's bytes, exactly as read (a baseline is saved as these bytes).
    public var bytes: [UInt8]

    public init(report: Report, path: String, bytes: [UInt8]) {
        self.report = report
        self.path = path
        self.bytes = bytes
    }
}

/// Reads `layoutbench.report` files: JSON syntax with positions, then the schema's name and
/// version, then the fields. Every error names the file, the line and the column.
public enum ReportReader {
    /// Reads and decodes the report at `path`.
    ///
    /// - Throws: ``GateError``: `unreadable-file`; `malformed-json` (including truncated
    ///   files) at the first bad character; `unsupported-schema` at the `schema` or
    ///   `schemaVersion` value (checked before anything else); `invalid-report` at the member
    ///   with the wrong type or the object missing a member.
    public static func read(_ path: String) throws(GateError) -> LoadedReport {
        let bytes = try readFile(path, what: "report")
        return try decode(bytes, path: path)
    }

    /// Decodes a report from `bytes` read from `path`.
    public static func decode(_ bytes: [UInt8], path: String) throws(GateError) -> LoadedReport {
        let root = try parse(bytes, path: path)
        try checkSchema(root, path: path)
        try checkLimits(root, path: path)
        var report: Report
        do {
            report = try JSONNodeDecoder().decode(Report.self, from: root)
        } catch let error as DecodingError {
            throw describe(error, root: root, path: path)
        } catch {
            throw GateError(.invalidReport, "cannot decode the report: \(error)", file: path, position: root.position, cause: error)
        }
        report.restoreDeclaredOrder()
        return LoadedReport(report: report, path: path, bytes: bytes)
    }

    /// The largest report or thresholds file read (256 MiB): a quick suite's report is 1.3 MB,
    /// and the largest a run can write (the full suite at 10,000 timed samples per measurement,
    /// the most a report may hold) some tens of megabytes by its sample counts. A file with a
    /// 1 GB string took 2.1 GB to compare (issue 40's probe).
    public static let maximumFileBytes = 256 << 20

    /// Reads a whole file (at most ``maximumFileBytes``).
    ///
    /// - Parameter what: What the file is, for the message (`report`, `thresholds file`).
    /// - Throws: ``GateError`` `unreadable-file`.
    public static func readFile(_ path: String, what: String) throws(GateError) -> [UInt8] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw GateError(.unreadableFile, "no such \(what): '\(path)'", file: nil)
        }
        guard !isFolder.boolValue else {
            throw GateError(.unreadableFile, "'\(path)' is a folder, not a \(what) file")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maximumFileBytes else {
            throw GateError(
                .malformedJSON,
                "the \(what) is \(size) bytes; at most \(maximumFileBytes) are read (no report layoutbench writes comes near)",
                file: path)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GateError(.unreadableFile, "cannot read the \(what) '\(path)' (check its permissions)")
        }
        return Array(data)
    }

    /// Parses JSON, turning a syntax error into a ``GateError`` naming the file.
    public static func parse(_ bytes: [UInt8], path: String) throws(GateError) -> JSONNode {
        do {
            return try JSONDocument.parse(bytes)
        } catch {
            throw GateError(.malformedJSON, "malformed JSON: \(error.message)", file: path, position: error.position, cause: error)
        }
    }

    /// Checks `schema` and `schemaVersion` before anything else, so a report of another
    /// version is named as such rather than as a missing or mistyped member.
    static func checkSchema(_ root: JSONNode, path: String) throws(GateError) {
        guard case .object = root.value else {
            throw GateError(
                .unsupportedSchema, "expected a layoutbench report (a JSON object), found \(root.kindDescription)",
                file: path, position: root.position)
        }
        guard let schema = root["schema"] else {
            throw GateError(
                .unsupportedSchema, "not a layoutbench report: no \"schema\" member (expected \"\(Report.schemaName)\")",
                file: path, position: root.position)
        }
        guard schema.stringValue == Report.schemaName else {
            throw GateError(
                .unsupportedSchema,
                "not a layoutbench run report: \"schema\" is \(schema.kindDescription), expected \"\(Report.schemaName)\"",
                file: path, position: schema.position)
        }
        guard let version = root["schemaVersion"] else {
            throw GateError(.unsupportedSchema, "the report has no \"schemaVersion\"", file: path, position: root.position)
        }
        guard version.integerValue == Report.currentSchemaVersion else {
            throw GateError(
                .unsupportedSchema,
                "report schema version \(version.integerValue.map(String.init) ?? version.kindDescription) is not supported: "
                    + "this layoutbench reads version \(Report.currentSchemaVersion) only. Compare reports written by the same "
                    + "schema version, or re-run the baseline with this layoutbench.",
                file: path, position: version.position)
        }
    }

    /// The most timed samples per measurement a report may hold: what a run can write
    /// (``RunConfiguration/maximumTimedRepetitions``). The comparison's tests and bootstrap
    /// grow with the samples; 100,000 took 40 s and 16 million did not finish.
    public static let maximumTimedSamples = RunConfiguration.maximumTimedRepetitions
    /// The most counting samples per measurement (``RunConfiguration/maximumCountingRepetitions``).
    public static let maximumCountingSamples = RunConfiguration.maximumCountingRepetitions

    /// Checks the sample arrays of every measurement against the limits a run can write,
    /// before decoding, so a crafted report cannot make `compare` or `check` run for hours.
    ///
    /// - Throws: ``GateError`` `invalid-report` at the array that is too long.
    static func checkLimits(_ root: JSONNode, path: String) throws(GateError) {
        for (s, scenario) in (root["scenarios"]?.elements ?? []).enumerated() {
            for (z, size) in (scenario["sizes"]?.elements ?? []).enumerated() {
                let place = "scenarios[\(s)].sizes[\(z)]"
                let arrays: [(String, JSONNode?, Int)] = [
                    ("time.wallNanoseconds.samples", size["time"]?["wallNanoseconds"]?["samples"], maximumTimedSamples),
                    ("time.cpuNanoseconds.samples", size["time"]?["cpuNanoseconds"]?["samples"], maximumTimedSamples),
                    ("allocations.samples", size["allocations"]?["samples"], maximumCountingSamples),
                    ("memory.samples", size["memory"]?["samples"], maximumCountingSamples),
                ]
                for (name, node, limit) in arrays {
                    guard let node, node.elements.count > limit else { continue }
                    throw GateError(
                        .invalidReport,
                        "\(place).\(name) holds \(node.elements.count) samples; a report holds at most \(limit) per measurement "
                            + "(what layoutbench run can write), so comparing it stays fast",
                        file: path, position: node.position)
                }
            }
        }
    }

    /// A decoding error as a ``GateError`` at the member it concerns.
    static func describe(_ error: DecodingError, root: JSONNode, path: String) -> GateError {
        func at(_ codingPath: [CodingKey]) -> (SourcePosition, String) {
            let (node, _) = root.node(at: codingPath)
            return (node.position, dotted(codingPath))
        }
        switch error {
        case .keyNotFound(let key, let context):
            let (position, where_) = at(context.codingPath)
            return GateError(
                .invalidReport, "the object \(where_) has no member \"\(key.stringValue)\"", file: path, position: position)
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let (position, where_) = at(context.codingPath)
            let node = root.node(at: context.codingPath).node
            return GateError(
                .invalidReport, "\(where_) should be \(describe(type)), found \(node.kindDescription)", file: path,
                position: position)
        case .dataCorrupted(let context):
            let (position, where_) = at(context.codingPath)
            return GateError(
                .invalidReport, "\(where_): \(context.debugDescription)", file: path, position: position)
        @unknown default:
            return GateError(.invalidReport, "cannot decode the report: \(error)", file: path, position: root.position, cause: error)
        }
    }

    /// `scenarios[3].sizes[0].time`, or `the report` for the root.
    static func dotted(_ path: [CodingKey]) -> String {
        guard !path.isEmpty else { return "the report" }
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int64.Type, is UInt64.Type, is UInt.Type: return "an integer"
        case is Double.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") || name.hasPrefix("_JSONObject") { return "an object" }
            return "a \(name)"
        }
    }
}

extension Report {
    /// Puts counters and per-metric maps back in their declared order (Foundation's decoder
    /// does not keep members' order, and an `OrderedDictionary` member decodes sorted by key).
    mutating func restoreDeclaredOrder() {
        let counterOrder = CompareMetric.counterNames
        let metricOrder = Metric.allCases.map(\.rawValue)
        func reorder<V>(_ map: OrderedDictionary<String, V>, _ order: [String]) -> OrderedDictionary<String, V> {
            var result = OrderedDictionary<String, V>()
            for key in order { if let value = map[key] { result[key] = value } }
            for (key, value) in map where result[key] == nil { result[key] = value }
            return result
        }
        for s in scenarios.indices {
            for z in scenarios[s].sizes.indices {
                scenarios[s].sizes[z].counters = reorder(scenarios[s].sizes[z].counters, counterOrder)
                scenarios[s].sizes[z].perOperation = reorder(scenarios[s].sizes[z].perOperation, metricOrder)
            }
            scenarios[s].growth.metrics = reorder(scenarios[s].growth.metrics, metricOrder)
        }
        for f in families.indices {
            for e in families[f].scenarios.indices {
                families[f].scenarios[e].growth = reorder(families[f].scenarios[e].growth, metricOrder)
            }
        }
        for p in pairs.indices {
            for z in pairs[p].sizes.indices {
                pairs[p].sizes[z].ratios = reorder(pairs[p].sizes[z].ratios, metricOrder)
            }
            if let ratios = pairs[p].atLargestCommonSize { pairs[p].atLargestCommonSize = reorder(ratios, metricOrder) }
        }
    }
}
