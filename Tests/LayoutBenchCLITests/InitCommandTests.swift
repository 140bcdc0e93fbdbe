import ArgumentParser
import Foundation
import LayoutBenchKit
import Testing

@testable import LayoutBenchCLI

/// `layoutbench init`: the files it writes, what it refuses, its exit codes. (That the
/// starter builds, runs and fails its gate when slowed is `StarterPackageEndToEndTests`, slow.)
@Suite("layoutbench init")
struct InitCommandTests {
    /// The package root (this file is Tests/LayoutBenchCLITests/InitCommandTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("lb-init-\(UUID().uuidString)")
    }

    @Test("init writes a package that depends on the checkout by path, named after its folder")
    func writesPackage() throws {
        let folder = Self.temporaryFolder().appendingPathComponent("my-layouts")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        #expect(InProcess.exitCode(["init", folder.path, "--layoutbench-path", Self.root]) == 0)
        let manifest = try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8)
        let identity = URL(fileURLWithPath: Self.root).lastPathComponent.lowercased()
        // A path relative to the starter, which names the checkout from where the starter is.
        let written = try #require(manifest.firstMatch(of: /\.package\(path: "([^"]+)"\)/)?.1)
        #expect(!written.hasPrefix("/"), "\(written)")
        let starter = URL(fileURLWithPath: folder.path, isDirectory: true)
        #expect(URL(fileURLWithPath: String(written), relativeTo: starter).standardizedFileURL.path == Self.root, "\(written)")
        #expect(manifest.contains(".product(name: \"LayoutBenchCLI\", package: \"\(identity)\")"))
        #expect(manifest.contains(".executableTarget(\n            name: \"my-layouts\""))
        let main = try String(contentsOf: folder.appendingPathComponent("Sources/my-layouts/main.swift"), encoding: .utf8)
        #expect(main.contains("LayoutBench.main(scenarios: CardScenarios.all)"))
        let scenarios = try String(
            contentsOf: folder.appendingPathComponent("Sources/my-layouts/CardScenarios.swift"), encoding: .utf8)
        #expect(scenarios.contains("name: \"card/resize\"") && scenarios.contains("name: \"card/feed\""))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("thresholds.json").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".gitignore").path))
    }

    @Test("A path dependency is relative to the starter and named by the checkout's folder")
    func relativePaths() {
        #expect(StarterPackage.pathDependency(on: "/src/layoutbench", from: "/src/MyLayouts") == .path("../layoutbench", identity: "layoutbench"))
        #expect(StarterPackage.pathDependency(on: "/a/b/LB", from: "/a/c/d/App") == .path("../../../b/LB", identity: "lb"))
        #expect(StarterPackage.pathDependency(on: "/a/lb", from: "/a/lb/App") == .path("..", identity: "lb"))
        #expect(StarterPackage.pathDependency(on: "/a/lb", from: "/a/lb") == .path(".", identity: "lb"))
    }

    @Test("The checkout's origin remote is offered when another machine can clone it")
    func originRemote() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        func origin(_ config: String) throws -> String? {
            try Data(config.utf8).write(to: folder.appendingPathComponent(".git/config"))
            return InitCommand.originRemote(of: folder.path)
        }
        #expect(
            try origin("[core]\n\tbare = false\n[remote \"origin\"]\n\turl = https://github.com/team/layoutbench.git\n")
                == "https://github.com/team/layoutbench.git")
        #expect(try origin("[remote \"origin\"]\n\turl = git@github.com:team/layoutbench.git\n") == "git@github.com:team/layoutbench.git")
        #expect(try origin("[remote \"origin\"]\n\turl = /srv/mirror/layoutbench\n") == nil)
        #expect(try origin("[remote \"fork\"]\n\turl = https://example.com/x.git\n") == nil)
        #expect(InitCommand.originRemote(of: folder.path + "/nothing") == nil)
    }

    @Test("A URL dependency is named by its last path component without .git")
    func urlDependency() {
        let starter = StarterPackage(
            name: "App", dependency: .url("https://example.com/team/LayoutBench.git", branch: "release"))
        #expect(starter.dependency.identity == "layoutbench")
        #expect(
            starter.packageManifest.contains(
                ".package(url: \"https://example.com/team/LayoutBench.git\", branch: \"release\")"))
        #expect(starter.packageManifest.contains("package: \"layoutbench\")"))
    }

    @Test("The starter thresholds file is one layoutbench reads, naming the starter's own scenario")
    func thresholdsParse() throws {
        let scenarios = ["card/feed", "card/resize"].map { name in
            LayoutScenariosFixture.tiny(name)
        }
        let thresholds = try Thresholds.parse(
            Array(StarterPackage.thresholdsFile.utf8), path: "thresholds.json", catalog: scenarios)
        #expect(thresholds.scenarios.map(\.pattern) == ["card/feed"])
    }

    @Test("init refuses to overwrite (73, nothing written) and needs exactly one dependency (64)")
    func refusals() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("thresholds.json"))
        #expect(InProcess.exitCode(["init", folder.path, "--name", "App", "--layoutbench-path", Self.root]) == 73)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path))
        #expect(InProcess.exitCode(["init", folder.path + "/b", "--name", "App"]) == 64)
        #expect(
            InProcess.exitCode([
                "init", folder.path + "/b", "--name", "App", "--layoutbench-path", Self.root, "--layoutbench-url", "https://x/y",
            ]) == 64)
        #expect(InProcess.exitCode(["init", folder.path + "/b", "--name", "9lives", "--layoutbench-url", "https://x/y"]) == 64)
        #expect(InProcess.exitCode(["init", folder.path + "/b", "--name", "App", "--layoutbench-path", folder.path]) == 64)
        // A keyword, a module the package already sees, a URL or branch with a line break.
        for name in ["class", "LayoutEngine", "yams", "Self"] {
            #expect(InProcess.exitCode(["init", folder.path + "/b", "--name", name, "--layoutbench-url", "https://x/y"]) == 64, "\(name)")
        }
        #expect(InProcess.exitCode(["init", folder.path + "/b", "--name", "App", "--layoutbench-url", "https://x\ny"]) == 64)
        #expect(
            InProcess.exitCode([
                "init", folder.path + "/b", "--name", "App", "--layoutbench-url", "https://x/y", "--layoutbench-branch", "main\r",
            ]) == 64)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/b"))
    }

    @Test("The manifest's string literals escape quotes, backslashes and control characters")
    func literalsEscape() {
        let literal = StarterPackage.Dependency.literal("a\"b\\c\nd\u{1B}e")
        #expect(literal == #""a\"b\\c\u{a}d\u{1b}e""#)
        #expect(!literal.contains("\n") && !literal.contains("\u{1B}"))
    }
}
