import Foundation

/// Runs a program to completion: the one way the kit starts child processes (`strip` and
/// `valgrind` for `--instructions`, the tools ``EnvironmentCapture`` asks for versions).
///
/// Foundation's `Process`, with the pipe read before the wait (a child that fills the pipe
/// cannot block) and standard input from `/dev/null`. swiftlang/swift-subprocess (in the
/// package mirror) was considered: its API is `async` only, and every caller here is
/// synchronous code on the main thread (the runner, between measurements), so bridging would
/// cost a thread and a semaphore per call for nothing this helper lacks.
struct Subprocess {
    /// Where the child's standard output goes.
    enum Output: Sendable {
        /// Into ``Result/output``.
        case capture
        /// To `/dev/null`.
        case discard
        /// To this process's standard error (the callgrind child's progress lines).
        case standardError
    }

    /// How a child ended.
    struct Result: Sendable {
        /// The exit status, or the signal that killed it.
        var status: Int32
        /// Whether it exited (rather than being killed by a signal).
        var exited: Bool
        /// Its standard output, when captured; else empty.
        var output: String

        /// Whether it exited with status 0.
        var succeeded: Bool { exited && status == 0 }

        /// `exited N` or `was killed by signal N`.
        var how: String { exited ? "exited \(status)" : "was killed by signal \(status)" }
    }

    /// Runs `executable` with `arguments` and waits for it.
    ///
    /// - Parameters:
    ///   - output: Where its standard output goes.
    ///   - keepErrors: Whether its standard error goes to this process's (else `/dev/null`).
    ///   - directory: Its working folder (default: this process's).
    ///   - environment: Its whole environment (default: this process's).
    /// - Returns: How it ended, with its output when captured.
    /// - Throws: What `Process.run()` throws when the program cannot be started.
    static func run(
        _ executable: String, _ arguments: [String], output: Output = .capture, keepErrors: Bool = false,
        directory: URL? = nil, environment: [String: String]? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        if !keepErrors { process.standardError = FileHandle.nullDevice }
        let pipe = output == .capture ? Pipe() : nil
        switch output {
        case .capture: process.standardOutput = pipe
        case .discard: process.standardOutput = FileHandle.nullDevice
        case .standardError: process.standardOutput = FileHandle.standardError
        }
        try process.run()
        let data = pipe?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, exited: process.terminationReason == .exit,
            output: String(decoding: data, as: UTF8.self))
    }
}
