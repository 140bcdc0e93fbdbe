import Cassowary
import CassowaryTrace
import Foundation

/// Choosing, loading and writing the traces a benchmark runs.
public enum BenchmarkSuite {
    /// The workload called `name` (`chain-eq`, `chain-ineq`, `blocks`, `form`, `constant-update`).
    ///
    /// - Throws: ``SolverBenchmarkError`` `unknown-workload`, listing the names.
    public static func workload(named name: String) throws(SolverBenchmarkError) -> Workload {
        guard let workload = Workload(rawValue: name) else {
            throw SolverBenchmarkError(
                .unknownWorkload,
                "Unknown workload '\(name)'; the workloads are \(Workload.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return workload
    }

    /// Generates every (workload, size) pair: each workload at `sizes`, or at its
    /// default sizes when `sizes` is empty. Fixed-size workloads (`form`) run once.
    ///
    /// - Parameter maximumSize: An absolute size limit (`LAYOUTBENCH_MAX_SIZE`), or `nil` for
    ///   each workload's own (``Workload/maximumSize``).
    /// - Throws: ``SolverBenchmarkError`` `invalid-size` for a size below a workload's minimum
    ///   or above its limit, checked for every pair before any trace is generated.
    public static func traces(workloads: [Workload], sizes: [Int], maximumSize: Int? = nil) throws(SolverBenchmarkError) -> [WorkloadTrace] {
        var pairs: [(Workload, Int)] = []
        for workload in workloads {
            let chosen = workload.hasFixedSize || sizes.isEmpty ? workload.defaultSizes : sizes
            for size in chosen {
                guard size >= workload.minimumSize else {
                    throw SolverBenchmarkError(
                        .invalidSize, "Size \(size) is too small for workload '\(workload)': it needs at least \(workload.minimumSize).")
                }
                let limit = maximumSize ?? workload.maximumSize
                guard size <= limit else {
                    let why =
                        maximumSize != nil
                        ? "LAYOUTBENCH_MAX_SIZE limits sizes to \(limit)"
                        : "its sizes are limited to \(limit), so that a mistyped size cannot exhaust memory"
                    throw SolverBenchmarkError(
                        .invalidSize, "Size \(size) is too large for workload '\(workload)': \(why). Set LAYOUTBENCH_MAX_SIZE=\(size) to allow it.")
                }
                pairs.append((workload, size))
            }
        }
        var result: [WorkloadTrace] = []
        for (workload, size) in pairs {
            result.append(workload.trace(size: size))
        }
        return result
    }

    /// Reads a trace file.
    ///
    /// - Returns: The trace, named after the file (without `.jsonl`), its size the
    ///   number of variables it declares.
    /// - Throws: ``SolverBenchmarkError`` `unreadable-trace` when the file can't
    ///   be read, `malformed-trace` (with file, line and column) when it isn't a trace.
    public static func loadTrace(at path: String, maximumVariables: Int? = nil) throws(SolverBenchmarkError) -> WorkloadTrace {
        var isFolder: ObjCBool = false
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard bytes <= maximumTraceBytes else {
            throw SolverBenchmarkError(
                .traceTooLarge,
                "The trace file '\(path)' is \(bytes) bytes; at most \(maximumTraceBytes) are read (a trace of "
                    + "\(maximumTraceVariables) variables is a few megabytes).")
        }
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
            let data = FileManager.default.contents(atPath: path)
        else {
            let reason =
                FileManager.default.fileExists(atPath: path) ? (isFolder.boolValue ? "it is a folder" : "check its permissions") : "no such file"
            throw SolverBenchmarkError(.unreadableTrace, "Cannot read the trace file '\(path)': \(reason).")
        }
        let text: String
        do {
            text = try SolverTrace.text(fromUTF8: Array(data), source: path)
        } catch {
            throw SolverBenchmarkError(.malformedTrace, error.description)
        }
        var name = (path as NSString).lastPathComponent
        if name.hasSuffix(".jsonl") { name.removeLast(6) }
        var trace = WorkloadTrace(name: name, workload: nil, size: 0, text: text, source: path)
        trace.size = try trace.checkedParse().variableCount
        let limit = maximumVariables ?? maximumTraceVariables
        guard trace.size <= limit else {
            let why =
                maximumVariables != nil
                ? "LAYOUTBENCH_MAX_SIZE limits traces to \(limit) variables"
                : "traces are limited to \(limit) variables, so that one cannot exhaust memory (a chain of that many peaks at about 1.3 GB)"
            throw SolverBenchmarkError(
                .traceTooLarge,
                "The trace '\(path)' declares \(trace.size) variables: \(why). Set LAYOUTBENCH_MAX_SIZE=\(trace.size) to replay it.")
        }
        return trace
    }

    /// The most variables a trace file may declare unless `LAYOUTBENCH_MAX_SIZE` says
    /// otherwise. The replay's memory grows with the square of a chain's length: the release
    /// build's `solver-bench --trace` of `chain-eq`'s own trace peaked at 0.37 GB for 5,000
    /// variables (0.9 MB of trace) and 1.34 GB for 10,000 (1.8 MB); one of 100,000 (14.5 MB)
    /// ran out of memory past 3.3 GB. Traces recorded from layouts (`record-trace`) declare
    /// four variables per view and are far sparser.
    public static let maximumTraceVariables = 10_000

    /// The most bytes of a trace file read (256 MiB): its variables are checked only once it is
    /// read and parsed.
    public static let maximumTraceBytes = 256 << 20

    /// One line of `manifest.json`, written beside the traces.
    struct ManifestEntry: Codable {
        var name: String
        var workload: String
        var size: Int
        var file: String
        var summary: String
    }

    /// Writes each trace to `directory/<name>.jsonl` and lists them in
    /// `directory/manifest.json`. Creates the folder if needed.
    ///
    /// - Throws: ``SolverBenchmarkError`` `unwritable-output` naming the file.
    public static func write(_ traces: [WorkloadTrace], to directory: String) throws(SolverBenchmarkError) {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        var manifest: [ManifestEntry] = []
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw SolverBenchmarkError(.unwritableOutput, "Cannot create the folder '\(directory)': \(error.localizedDescription)")
        }
        for trace in traces {
            let file = "\(trace.name).jsonl"
            do {
                try trace.text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
            } catch {
                throw SolverBenchmarkError(.unwritableOutput, "Cannot write '\(directory)/\(file)': \(error.localizedDescription)")
            }
            manifest.append(
                ManifestEntry(
                    name: trace.name, workload: trace.workload?.rawValue ?? "trace", size: trace.size, file: file,
                    summary: trace.workload?.summary ?? "recorded trace"))
        }
        do {
            try (BenchmarkReport.encode(manifest, pretty: true) + "\n")
                .write(to: folder.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        } catch {
            throw SolverBenchmarkError(.unwritableOutput, "Cannot write '\(directory)/manifest.json': \(error.localizedDescription)")
        }
    }
}
