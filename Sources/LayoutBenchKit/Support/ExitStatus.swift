import LayoutImporter

/// Every exit status of `layoutbench`: a documented contract (each command's `--help` lists
/// those it can end with, generated from this type; README "Running" and "Reports and gates";
/// `docs/ci.md`).
///
/// 2, 4 and 5 have package-benchmark's meanings (the gate's verdicts); 64 and up follow
/// `sysexits.h`, so that usage errors found by the argument parser and by the libraries agree.
/// Library errors name their status through their codes (``LayoutBenchError/Code/exitStatus``,
/// ``GateError/Code/exitStatus``, ``init(_:)`` for the importer's); the command line maps every
/// error to a status in one place (`LayoutBenchCLI`'s `CommandFailure`).
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Success: everything ran, every expectation held; `check`: the gate passed.
    case success = 0
    /// The output was written, but a scenario failed an expectation or its counters differed
    /// between repetitions (or, for `import`, a document needed warnings).
    case failed = 1
    /// `check`: a metric regressed beyond its threshold, or the run lost coverage. Wins over
    /// every other verdict.
    case regression = 2
    /// `check`: a metric improved beyond its threshold and nothing regressed: update the baseline.
    case improvement = 4
    /// The baseline named does not exist.
    case missingBaseline = 5
    /// Invalid arguments: an unknown option, scenario or tag, a bad size (`EX_USAGE`).
    case usage = 64
    /// Bad input: malformed or truncated JSON or XML, a report of another schema, a thresholds
    /// file with unknown keys, a baseline whose stored options cannot be run (`EX_DATAERR`).
    case badInput = 65
    /// An input that does not exist or cannot be read (`EX_NOINPUT`).
    case noInput = 66
    /// A measurement the machine cannot make: allocations (jemalloc) or instructions
    /// (valgrind) cannot be counted (`EX_UNAVAILABLE`).
    case unavailable = 69
    /// A scenario is defective (`EX_SOFTWARE`: an error in the scenario's code, not in the
    /// arguments or the machine): it declares fewer than three sizes, or a repetition measured
    /// nothing (no solver work, no frame assigned, no text measured). No report is written.
    case invalidScenario = 70
    /// An output folder or file cannot be written (`EX_CANTCREAT`).
    case cannotWriteOutput = 73
    /// Another layoutbench process is writing into the same output folder (`EX_TEMPFAIL`):
    /// try again when it has finished.
    case temporaryFailure = 75

    /// What the status means whatever the command, in a few words (a help table's row says
    /// what it means for that command).
    public var meaning: String {
        switch self {
        case .success: "success"
        case .failed: "an expectation failed (the output is still written)"
        case .regression: "regression beyond a threshold, or lost coverage"
        case .improvement: "improvement beyond a threshold, nothing regressed"
        case .missingBaseline: "the baseline does not exist"
        case .usage: "invalid arguments"
        case .badInput: "bad input (the message names file, line and column)"
        case .noInput: "an input does not exist or cannot be read"
        case .unavailable: "a measurement this machine cannot make"
        case .invalidScenario: "a scenario declares fewer than three sizes or measured nothing"
        case .cannotWriteOutput: "an output cannot be written"
        case .temporaryFailure: "another layoutbench process is writing into the same output folder"
        }
    }

    /// The exit status of an import error (`sysexits.h`): 66 for what cannot be read, 65 for
    /// what is not a well-formed Interface Builder document, 64 for an unknown device.
    public init(_ code: ImportError.Code) {
        switch code {
        case .unreadableFile, .noDocuments: self = .noInput
        case .malformedXML, .notInterfaceBuilder: self = .badInput
        case .unknownDevice: self = .usage
        }
    }
}
