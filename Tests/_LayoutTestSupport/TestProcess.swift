import Foundation

/// What a finished child process left: its exit status (or the signal that ended it) and
/// what it wrote.
public struct TestExecution: Sendable {
    /// The exit status, or the signal that ended the process (see ``signal``).
    public var status: Int32
    /// Standard output, decoded as UTF-8.
    public var output: String
    /// Standard error, decoded as UTF-8.
    public var errors: String
    /// The signal that ended the process, or `nil` when it exited.
    public var signal: Int32?
}

/// An error of the test support itself, such as a missing binary.
public struct TestSupportError: Error, CustomStringConvertible {
    public var description: String
}

/// The one way the test targets run a child process (the built `layoutbench`, `python3`,
/// scripts): both pipes are read while the child runs, so neither fills up and blocks it.
public enum TestProcess {
    /// The repository's root folder (this file is `Tests/_LayoutTestSupport/TestProcess.swift`).
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The `layoutbench` executable: `LAYOUTBENCH_BINARY`, or the one beside the test bundle
    /// (`swift build --build-tests` builds both).
    public static var layoutbench: URL {
        if let path = ProcessInfo.processInfo.environment["LAYOUTBENCH_BINARY"] { return URL(fileURLWithPath: path) }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().appendingPathComponent("layoutbench")
    }

    /// Runs the built `layoutbench` with `arguments`.
    ///
    /// - Throws: ``TestSupportError`` when there is no binary, or what ``run(_:_:environment:input:)`` throws.
    public static func layoutbench(
        _ arguments: [String], environment: [String: String]? = nil, input: String? = nil
    ) throws -> TestExecution {
        let binary = layoutbench
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw TestSupportError(description: "no layoutbench binary at \(binary.path); build with --build-tests")
        }
        return try run(binary, arguments, environment: environment, input: input)
    }

    /// Runs `executable` with `arguments` and waits for it.
    ///
    /// - Parameters:
    ///   - environment: The child's whole environment, or `nil` to inherit this process's.
    ///   - input: Standard input, written and closed at once; `nil` gives an empty input.
    /// - Throws: What `Process.run()` throws when the executable cannot start.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, input: String? = nil
    ) throws -> TestExecution {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe(), errors = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input == nil ? FileHandle.nullDevice : standardInput
        try process.run()
        if let input {
            standardInput.fileHandleForWriting.write(Data(input.utf8))
            try standardInput.fileHandleForWriting.close()
        }
        nonisolated(unsafe) var errorData = Data()
        let reader = Thread { errorData = errors.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        return TestExecution(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self),
            signal: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil)
    }
}
