import ArgumentParser
import LayoutBenchKit
import LayoutImporter
import SolverBenchmark

/// A subcommand of `layoutbench`: its work is ``execute()``, and whatever error it throws ends
/// the process through ``CommandFailure``, the one mapping from errors to exit statuses.
protocol LayoutBenchSubcommand: ParsableCommand {
    /// The command's work: parse results in, output and errors out.
    ///
    /// - Throws: A library error (``LayoutBenchError``, ``GateError``, ``ImportError``,
    ///   ``SolverBenchmarkError``), a ``CommandError``, a ``CommandExit``, or ArgumentParser's
    ///   own (`ValidationError`).
    func execute() throws
}

extension LayoutBenchSubcommand {
    func run() throws {
        do {
            try execute()
        } catch {
            throw CommandFailure.exit(for: error)
        }
        if let reason = CommandLineOutput.standardOutputFailure.withLock({ $0 }) {
            throw CommandFailure.exit(
                for: CommandError(
                    .cannotWriteOutput,
                    "Standard output could not be written (\(reason)): send it to a file or a pipe that is open and has room."))
        }
    }
}

/// Ends a command with `status` and prints nothing: what went wrong has been printed (the
/// run's failures, the unreadable logs).
struct CommandExit: Error, Equatable {
    /// The exit status.
    var status: ExitStatus

    init(_ status: ExitStatus) {
        self.status = status
    }
}

/// An error the command line finds itself or wraps from a library: the exit status, a message
/// that says what failed and how to fix it, and the error it wraps.
struct CommandError: Error, CustomStringConvertible {
    /// The exit status.
    var status: ExitStatus
    /// What failed and how to fix it.
    var message: String
    /// The error this one wraps, when it wraps one.
    var cause: (any Error)?

    init(_ status: ExitStatus, _ message: String, cause: (any Error)? = nil) {
        self.status = status
        self.message = message
        self.cause = cause
    }

    var description: String { message }
}

/// Errors to exit statuses, in one place: each library error's code names its status
/// (``LayoutBenchError/Code/exitStatus``, ``GateError/Code/exitStatus``, ``ExitStatus/init(_:)``
/// for the importer's and the solver benchmark's codes).
enum CommandFailure {
    /// The exit status `error` ends a command with, and the message printed after `error: `
    /// (`nil`: print nothing); `nil` for errors ArgumentParser reports itself (usage errors,
    /// `--help`, `ExitCode`).
    static func classify(_ error: any Error) -> (status: ExitStatus, message: String?)? {
        switch error {
        case let error as CommandExit: (error.status, nil)
        case let error as CommandError: (error.status, error.message)
        case let error as LayoutBenchError: (error.code.exitStatus, error.message)
        case let error as GateError: (error.code.exitStatus, error.description)
        case let error as ImportError: (ExitStatus(error.code), error.description)
        case let error as SolverBenchmarkError: (ExitStatus(error.code), error.message)
        default: nil
        }
    }

    /// Prints `error: <message>` on standard error and returns the `ExitCode` to throw, or
    /// `error` itself when ArgumentParser reports it.
    static func exit(for error: any Error) -> any Error {
        guard let classified = classify(error) else { return error }
        if let message = classified.message { CommandLineOutput.writeError("error: \(message)\n") }
        return ExitCode(classified.status.rawValue)
    }
}

extension ExitStatus {
    /// The exit status of a solver benchmark error.
    init(_ code: SolverBenchmarkError.Code) {
        switch code {
        case .malformedTrace, .traceTooLarge: self = .badInput
        case .unreadableTrace: self = .noInput
        case .unwritableOutput: self = .cannotWriteOutput
        case .unknownWorkload, .invalidSize: self = .usage
        default: self = .failed
        }
    }
}
