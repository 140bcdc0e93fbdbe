import Foundation
import LayoutBenchJSON
import LayoutImporter
import LayoutScenarios

/// `layoutbench run --instructions`: the measurements in a child process under valgrind's
/// callgrind, each size's `run()` counted in instructions (docs/performance.md).
///
/// The parent (``measure(configuration:scenarios:executable:progressLines:)``) writes a
/// ``Request`` into a fresh temporary folder and runs
///
///     cd DIR && valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=callgrind.out -q \
///         ./layoutbench _instructions-child request.json outcome.json
///
/// (`./layoutbench` a copy of the executable without debug information) with only `SWIFT_DETERMINISTIC_HASHING=1` (Swift's per-process random hashing seed would change
/// the work of every `Set` and `Dictionary` from one run to the next) and jemalloc's
/// time-based purging off (``deterministicMallocConfiguration(_:)``). The child
/// (``runChild(requestPath:outcomePath:catalog:)``) runs the scenarios with an ``InstructionCounter``
/// and writes the ``ScenarioRunner/Outcome`` as JSON; the parent reads it and goes on as a
/// native run does (report, history, `check`).
public enum InstructionRun {
    /// What the child runs: the parent's run options, and what the child needs besides.
    public struct Request: Codable, Sendable, Equatable {
        /// The parent's options, as its report records them, except ``layouts``: set only by
        /// ``importing(_:layouts:from:)``. The child's ``configuration`` changes what
        /// callgrind needs changed.
        public var options: RunOptions
        /// The environment's size limit in the parent (``RunConfiguration/maximumSizeOverride``).
        public var maximumSizeOverride: Int?
        /// The `--callgrind-out-file` valgrind was given.
        public var dumpBase: String
        /// Whether to print a line per measurement on standard error.
        public var progressLines: Bool
        /// The folder the parent ran in, against which relative ``layouts`` are read (the child
        /// runs in its own temporary folder).
        public var importedFrom: String?
        /// The names of the scenarios the parent selected, in its order: the child imports
        /// every kind of scenario from ``layouts`` and runs these (the parent may have kept
        /// fewer kinds, by layoutbench.yml's `kinds:`).
        public var scenarios: [String]?

        /// The request for `configuration`.
        public init(_ configuration: RunConfiguration, dumpBase: String, progressLines: Bool) {
            options = configuration.options
            options.layouts = nil
            maximumSizeOverride = configuration.maximumSizeOverride
            self.dumpBase = dumpBase
            self.progressLines = progressLines
        }

        /// `--layouts`: the Interface Builder documents the parent's scenarios were made from,
        /// as given, or `nil` for the executable's own catalogue. Set with ``importedFrom``
        /// and ``scenarios`` (``importing(_:layouts:from:)``); absent from the request file otherwise,
        /// so that a run of the built-in scenarios reads the same request as before.
        public var layouts: [String]? {
            get { options.layouts }
            set { options.layouts = newValue }
        }

        /// This request for `scenarios`, made from the Interface Builder documents `layouts`
        /// (relative to the folder `directory`).
        public func importing(_ scenarios: [Scenario], layouts: [String], from directory: String) -> Request {
            var request = self
            request.layouts = layouts
            request.importedFrom = directory
            request.scenarios = scenarios.map(\.name)
            return request
        }

        /// The configuration the child runs: the parent's, with instructions on, one repetition
        /// of each size after its warm-ups (the one callgrind counts,
        /// `ScenarioRunner.measureInstructions(_:size:)`) and no allocation counting.
        public var configuration: RunConfiguration {
            var configuration = RunConfiguration(options: options)
            configuration.minimumRepetitions = 1
            configuration.maximumRepetitions = 1
            configuration.countAllocations = false
            configuration.instructions = true
            configuration.maximumSizeOverride = maximumSizeOverride
            return configuration
        }
    }

    /// The hidden subcommand the child runs.
    public static let childCommand = "_instructions-child"

    /// jemalloc's options for the child: the user's, then no time-based purging of unused
    /// pages (`dirty_decay_ms:-1,muzzy_decay_ms:-1`). jemalloc purges when enough wall time
    /// has passed, inside `malloc` and `free`: under valgrind, and more on a loaded machine,
    /// that moved the counts of 63 of the quick suite's 90 measurements by up to 5%; without it
    /// two runs, one with both cores loaded, counted the same instructions in all 90.
    static func deterministicMallocConfiguration(_ existing: String?) -> String {
        let fixed = "dirty_decay_ms:-1,muzzy_decay_ms:-1"
        guard let existing, !existing.isEmpty else { return fixed }
        return existing + "," + fixed
    }

    /// The child's whole environment: `SWIFT_DETERMINISTIC_HASHING=1`, the jemalloc options of
    /// ``deterministicMallocConfiguration(_:)``, and of the parent's only what changes what
    /// runs (`LAYOUTBENCH_SOLVER_CHECKS`, `VALGRIND_LIB`), so that counts do not depend on the
    /// parent's other variables.
    static func childEnvironment(_ parent: [String: String]) -> [String: String] {
        var environment = [
            "SWIFT_DETERMINISTIC_HASHING": "1",
            "MALLOC_CONF": deterministicMallocConfiguration(parent["MALLOC_CONF"]),
        ]
        for key in ["LAYOUTBENCH_SOLVER_CHECKS", "VALGRIND_LIB"] { environment[key] = parent[key] }
        return environment
    }

    /// Finds `valgrind` on `PATH`.
    public static func valgrindPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        toolPath("valgrind", environment: environment)
    }

    /// Finds the executable `name` on `PATH`.
    static func toolPath(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// A copy of `executable` without its debug information (`strip --strip-debug`) in
    /// `folder`, or `executable` itself when `strip` is missing or fails. Valgrind 3.19 cannot
    /// read the DWARF that Swift 6 writes ("Possibly corrupted debuginfo file ... Giving up");
    /// the code, and so the instructions, are the same.
    static func withoutDebugInfo(_ executable: String, in folder: URL) -> String {
        guard let strip = toolPath("strip") else { return executable }
        let copy = folder.appendingPathComponent("layoutbench").path
        guard let result = try? Subprocess.run(strip, ["--strip-debug", "-o", copy, executable], output: .discard) else {
            return executable
        }
        return result.succeeded && FileManager.default.isExecutableFile(atPath: copy) ? copy : executable
    }

    /// The valgrind version (`valgrind-3.19.0`), or `nil`.
    public static func valgrindVersion(_ valgrind: String) -> String? {
        guard let result = try? Subprocess.run(valgrind, ["--version"]), result.succeeded else { return nil }
        let text = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// Runs the measurements of `scenarios` under callgrind in a child process.
    ///
    /// - Parameters:
    ///   - configuration: The run's configuration (``RunConfiguration/instructions`` set).
    ///   - scenarios: The selected scenarios (checked already; the child, this executable
    ///     again, selects them from its catalogue).
    ///   - executable: This tool's binary, to run as the child.
    ///   - progressLines: Whether the child prints a line per measurement on standard error.
    /// - Returns: The child's outcome, with ``SizeResult/instructions`` at every size.
    /// - Throws: ``LayoutBenchError`` `instruction-counting-unavailable`: no valgrind on
    ///   `PATH`, the child failed or wrote no outcome.
    public static func measure(
        configuration: RunConfiguration, scenarios: [Scenario], executable: String, progressLines: Bool
    ) throws(LayoutBenchError) -> ScenarioRunner.Outcome {
        guard let valgrind = valgrindPath() else {
            throw LayoutBenchError(
                .instructionCountingUnavailable,
                "--instructions runs the scenarios under valgrind, which is not on PATH. Install it (sudo apt-get install valgrind).")
        }
        let files = FileManager.default
        // Under /tmp whatever TMPDIR says: the child's working folder is this one, and the length
        // of its path moved counts (it changes the sizes of allocations made before the
        // measurements, and so the addresses that hashing sees).
        let folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("layoutbench-instructions-\(UUID().uuidString)")
        do {
            try files.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw LayoutBenchError(
                .unwritableOutput, "Cannot create the temporary folder \(folder.path) for callgrind's dumps: \(error).", cause: error)
        }
        defer { try? files.removeItem(at: folder) }
        let requestPath = folder.appendingPathComponent("request.json").path
        let outcomePath = folder.appendingPathComponent("outcome.json").path
        var request = Request(configuration, dumpBase: "callgrind.out", progressLines: progressLines)
        if !configuration.layouts.isEmpty {
            request = request.importing(scenarios, layouts: configuration.layouts, from: files.currentDirectoryPath)
        }
        do {
            let text = try OrderedJSONEncoder(nilMembers: .omitted).text(request, pretty: false, sortingKeys: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: requestPath))
        } catch {
            throw LayoutBenchError(.unwritableOutput, "Cannot write \(requestPath): \(error).", cause: error)
        }

        let stripped = withoutDebugInfo(executable, in: folder)
        // Paths relative to the folder, and a fixed environment: the child's arguments and
        // environment lie on its initial stack, and their size moved the counts (3 of the
        // quick suite's 90 by up to 0.4% for a 3,000-byte variable more).
        let arguments = [
            "--tool=callgrind", "--collect-atstart=no", "--callgrind-out-file=callgrind.out", "-q",
            stripped == executable ? executable : "./layoutbench", childCommand, "request.json", "outcome.json",
        ]
        let result: Subprocess.Result
        do {
            result = try Subprocess.run(
                valgrind, arguments, output: .standardError, keepErrors: true, directory: folder,
                environment: childEnvironment(ProcessInfo.processInfo.environment))
        } catch {
            throw LayoutBenchError(.instructionCountingUnavailable, "Cannot start \(valgrind): \(error).", cause: error)
        }
        if result.exited && result.status == ExitStatus.invalidScenario.rawValue {
            // The child's rules refused a scenario (ScenarioRules); its message is above.
            throw LayoutBenchError(
                .measuredNothing,
                "The measurements under callgrind stopped on a scenario that measured nothing or declares too few sizes; "
                    + "its message is above.")
        }
        guard result.succeeded else {
            throw LayoutBenchError(
                .instructionCountingUnavailable,
                "The measurements under callgrind (\(valgrind) ... \(executable) \(childCommand)) \(result.how); its messages are above.")
        }
        guard let data = files.contents(atPath: outcomePath) else {
            throw LayoutBenchError(.instructionCountingUnavailable, "The measurements under callgrind wrote no outcome (\(outcomePath)).")
        }
        do {
            return try JSONNodeDecoder().decode(ScenarioRunner.Outcome.self, from: JSONDocument.parse(Array(data)))
        } catch {
            throw LayoutBenchError(
                .instructionCountingUnavailable, "The outcome of the measurements under callgrind is unreadable: \(error).", cause: error)
        }
    }

    /// The child: runs the request's scenarios counting instructions and writes the outcome.
    ///
    /// - Parameters:
    ///   - requestPath: The request the parent wrote.
    ///   - outcomePath: Where to write the outcome.
    ///   - catalog: The scenarios the request selects from: the parent's (the child is the
    ///     same executable, so an app's `LayoutBench.main(scenarios:)` gives it the same ones),
    ///     or, for a request with `layouts`, the scenarios imported from those documents.
    /// - Throws: ``LayoutBenchError``: `instruction-counting-unavailable` when not under
    ///   valgrind or built without its header; selection errors; `unwritable-output`.
    public static func runChild(
        requestPath: String, outcomePath: String, catalog: [Scenario] = ScenarioCatalog.all
    ) throws(LayoutBenchError) {
        guard InstructionCounter.isCompiledIn else {
            throw LayoutBenchError(
                .instructionCountingUnavailable,
                "This layoutbench was built without valgrind's callgrind.h (CLayoutBenchSystem); install valgrind and build again.")
        }
        guard InstructionCounter.isRunningUnderValgrind else {
            throw LayoutBenchError(
                .instructionCountingUnavailable, "\(childCommand) runs only under valgrind's callgrind; use layoutbench run --instructions.")
        }
        let request: Request
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: requestPath))
            request = try JSONNodeDecoder().decode(Request.self, from: JSONDocument.parse(Array(data)))
        } catch {
            throw LayoutBenchError(.invalidOption, "Cannot read the request \(requestPath): \(error).", cause: error)
        }
        let configuration = request.configuration
        let scenarios = try request.layouts == nil ? configuration.selection.select(from: catalog) : importedScenarios(request)
        // A failed write (standard error closed) is dropped, as the parent's are.
        let progress =
            request.progressLines
            ? ProgressDisplay(style: .lines, write: { _ = StandardStreams.writeAll($0, to: STDERR_FILENO) }) : nil
        let runner = ScenarioRunner(
            configuration: configuration, instructionCounter: InstructionCounter(dumpBase: request.dumpBase), progress: progress)
        let outcome = try runner.runCountingInstructions(scenarios)
        do {
            let text = try OrderedJSONEncoder().encode(outcome).serialized(pretty: false)
            try Data(text.utf8).write(to: URL(fileURLWithPath: outcomePath))
        } catch {
            throw LayoutBenchError(.unwritableOutput, "Cannot write the outcome \(outcomePath): \(error).", cause: error)
        }
    }

    /// The scenarios of a request with `layouts`: the documents imported as the parent
    /// imported them (from its folder, so that names and summaries are the same), then the
    /// parent's scenarios by name, in its order.
    ///
    /// - Throws: ``LayoutBenchError`` `invalid-option` when a document cannot be imported any
    ///   more or no longer makes a scenario the parent selected (it changed in between).
    static func importedScenarios(_ request: Request) throws(LayoutBenchError) -> [Scenario] {
        let files = FileManager.default
        let here = files.currentDirectoryPath
        if let folder = request.importedFrom { _ = files.changeCurrentDirectoryPath(folder) }
        defer { _ = files.changeCurrentDirectoryPath(here) }
        let catalog: [Scenario]
        do {
            catalog = try ImportedScenarios.make(paths: request.layouts ?? [])
        } catch {
            throw LayoutBenchError(.invalidOption, "The --layouts documents cannot be imported under callgrind: \(error)", cause: error)
        }
        return try (request.scenarios ?? []).map { name throws(LayoutBenchError) in
            guard let scenario = catalog.first(where: { $0.name == name }) else {
                throw LayoutBenchError(
                    .invalidOption, "The --layouts documents no longer make the scenario '\(name)' (did a document change during the run?).")
            }
            return scenario
        }
    }
}
