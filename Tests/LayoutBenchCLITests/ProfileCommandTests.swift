import Foundation
import Testing
import _LayoutTestSupport

/// `layoutbench profile` end to end through the built binary: exit codes and files.
@Suite("layoutbench profile end to end", .serialized)
struct ProfileCommandTests {
    static func execute(_ arguments: [String]) throws -> TestExecution {
        try TestProcess.layoutbench(["profile"] + arguments)
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("profile-e2e-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("A profile with findings exits 0 and writes profile.json and profile.html")
    func success() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let execution = try Self.execute(["conflicts/required", "--size", "5", "--output", folder.path, "--no-color"])
        #expect(execution.status == 0, "stderr: \(execution.errors)")
        #expect(execution.output.hasPrefix("Profile of conflicts/required at 5 rows"))
        #expect(execution.output.contains("[error] broken-constraints"))
        for file in ["profile.json", "profile.html"] {
            #expect(execution.output.contains("Wrote \(folder.path)/\(file)"))
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path))
        }
    }

    @Test("'--output -' prints the JSON alone")
    func jsonToStandardOutput() throws {
        let execution = try Self.execute(["activation/batch", "--size", "8", "--format", "json", "--output", "-"])
        #expect(execution.status == 0, "stderr: \(execution.errors)")
        let object = try JSONSerialization.jsonObject(with: Data(execution.output.utf8)) as? [String: Any]
        #expect(object?["schema"] as? String == "layoutbench.profile")
        #expect((object?["findings"] as? [Any])?.isEmpty == true)
    }

    @Test("Unknown scenario: exit 64 with close names")
    func unknownScenario() throws {
        let execution = try Self.execute(["cels/stack-scroll"])
        #expect(execution.status == 64)
        #expect(execution.errors.contains("Unknown scenario 'cels/stack-scroll'. Did you mean 'cells/stack-scroll'"))
    }

    @Test(
        "Bad size or format: exit 64",
        arguments: [["activation/batch", "--size", "0"], ["activation/batch", "--size", "ten"], ["activation/batch", "--format", "pdf"]])
    func badInput(_ arguments: [String]) throws {
        let execution = try Self.execute(arguments)
        #expect(execution.status == 64, "stderr: \(execution.errors)")
        #expect(!execution.errors.isEmpty)
    }

    @Test("Unwritable output: exit 73 naming the folder")
    func unwritable() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let execution = try Self.execute(["activation/batch", "--size", "8", "--format", "json", "--output", blocker.path + "/profile"])
        #expect(execution.status == 73)
        #expect(execution.errors.contains(blocker.path))
    }

    @Test("--help documents the exit codes")
    func help() throws {
        let execution = try Self.execute(["--help"])
        #expect(execution.status == 0)
        for code in ["0   the profile was made", "64  invalid arguments", "73  the output folder"] {
            #expect(execution.output.contains(code))
        }
    }
}
