import ArgumentParser
import Foundation
import Testing

@testable import LayoutBenchCLI

/// Each subcommand's argument validation in process (`parseAsRoot`): what the parser refuses
/// ends with exit 64 (`EX_USAGE`), as the tool does, and nothing is run.
@Suite("Argument validation")
struct ArgumentValidationTests {
    /// Arguments each refused while parsing or validating, per subcommand.
    static let refused: [[String]] = [
        ["no-such-command"],
        ["run", "--repetitions", "three"],
        ["run", "--progress", "sideways"],
        ["run", "--no-such-option"],
        ["check"],
        ["check", "--baseline", "main", "--time-budget", "soon"],
        ["compare", "only-base.json"],
        ["compare", "a.json", "b.json", "--format", "pdf"],
        ["list", "--format", "yaml"],
        ["record-trace"],
        ["record-trace", "activation/batch", "--size", "big"],
        ["profile"],
        ["profile", "activation/batch", "--events", "many"],
        ["report", "Reports/runs", "extra"],
        ["baseline", "save"],
        ["baseline", "list", "--no-such-option"],
        ["merge", "--format"],
        ["solver-bench", "--repetitions", "0"],
        ["solver-bench", "--warmup", "-1"],
        ["solver-bench", "--workload", "no-such-workload"],
        ["solver-bench", "--write-traces", "out", "--lockstep"],
        ["explain", "--format", "pdf"],
        ["import"],
        ["import", "a.xib", "--device", "no-such-device"],
        ["import", "a.xib", "--text-sizing", "guess"],
        ["_instructions-child", "request.json"],
    ]

    @Test("Refused arguments end with exit 64", arguments: refused)
    func refusedArguments(_ arguments: [String]) {
        do {
            _ = try LayoutBenchCommand.parseAsRoot(arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(LayoutBenchCommand.exitCode(for: error).rawValue == 64, "\(arguments): \(error)")
        }
    }

    /// Arguments the parser accepts but the command refuses before doing anything.
    static let refusedByCommand: [[String]] = [
        ["merge"],
        ["run", "no-such-family/no-such-scenario", "--no-history", "--progress", "none"],
        ["run", "activation/batch", "--sizes", "0", "--no-history", "--progress", "none"],
        ["run", "activation/batch", "--format", "pdf", "--no-history", "--progress", "none"],
        ["run", "activation/batch", "--shard", "3/2", "--no-history", "--progress", "none"],
        ["list", "--tag", "no-such-tag"],
        ["record-trace", "no-such-family/no-such-scenario"],
        ["profile", "activation/batch", "--format", "pdf"],
    ]

    @Test("Usage errors the commands find end with exit 64, before anything runs", arguments: refusedByCommand)
    func refusedByCommands(_ arguments: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lb-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var command = try LayoutBenchCommand.parseAsRoot(arguments + (arguments.first == "run" ? ["--output", folder.path] : []))
        do {
            try command.run()
            Issue.record("\(arguments) ran")
        } catch {
            #expect(LayoutBenchCommand.exitCode(for: error).rawValue == 64, "\(arguments): \(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path), "\(arguments) wrote \(folder.path)")
    }

    @Test("Every visible subcommand asks for its help, which lists its exit codes")
    func helpParses() throws {
        let commands = [
            ["run"], ["list"], ["record-trace"], ["profile"], ["compare"], ["report"], ["baseline", "save"],
            ["baseline", "list"], ["check"], ["merge"], ["solver-bench"], ["explain"], ["import"],
        ]
        for name in commands {
            // `--help` parses to ArgumentParser's help command, whose run asks for the help text.
            do {
                var command = try LayoutBenchCommand.parseAsRoot(name + ["--help"])
                try command.run()
                Issue.record("\(name) --help did not ask for help")
            } catch {
                #expect(LayoutBenchCommand.exitCode(for: error) == .success, "\(name): \(error)")
                #expect(LayoutBenchCommand.message(for: error).contains("Exit codes:"), "\(name)")
            }
        }
    }
}
