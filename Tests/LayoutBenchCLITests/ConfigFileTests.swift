import ArgumentParser
import Foundation
import LayoutBenchKit
import Testing

@testable import LayoutBenchCLI

/// `layoutbench.yml`: parsing, errors at their line and column, discovery, and the command line
/// winning over the file.
@Suite("layoutbench.yml")
struct ConfigFileTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lb-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func parse(_ text: String) throws(CommandError) -> ConfigFile {
        try ConfigFile.parse(text, path: "/p/layoutbench.yml", relativeTo: "/p")
    }

    @Test("A file with every key: values read, relative paths resolved against the file's folder")
    func everyKey() throws {
        let config = try Self.parse(
            """
            # a comment
            layouts:
              - Main.storyboard
              - /abs/Cells
            kinds: [first-layout, self-sizing]
            scenarios: ["Main.storyboard/*"]
            tags: scene
            sizes: [1, 2, 4]
            quick: true
            repetitions: 2
            thresholds: gate/thresholds.json
            baselines: Reports/baselines
            output: out
            """)
        #expect(config.layouts == ["/p/Main.storyboard", "/abs/Cells"])
        #expect(config.kinds == ["first-layout", "self-sizing"])
        #expect(config.scenarios == ["Main.storyboard/*"])
        #expect(config.tags == ["scene"])
        #expect(config.sizes == [1, 2, 4])
        #expect(config.quick == true)
        #expect(config.repetitions == 2)
        #expect(config.thresholds == "/p/gate/thresholds.json")
        #expect(config.baselines == "/p/Reports/baselines")
        #expect(config.output == "/p/out")
    }

    @Test("A layouts entry may choose its own kinds; the others take the file's")
    func entryKinds() throws {
        let config = try Self.parse(
            """
            layouts:
              - Main.storyboard
              - path: Cells
                kinds: self-sizing
            kinds: [first-layout]
            """)
        #expect(config.layouts == ["/p/Main.storyboard", "/p/Cells"])
        #expect(config.kinds(forEntry: "/p/Cells") == ["self-sizing"])
        #expect(config.kinds(forEntry: "/p/Main.storyboard") == ["first-layout"])
        #expect(config.kinds(forEntry: "Other.xib") == ["first-layout"])
    }

    @Test("An empty file (or only comments) takes every default")
    func emptyFile() throws {
        #expect(try Self.parse("") == ConfigFile(path: "/p/layoutbench.yml"))
        #expect(try Self.parse("# nothing yet\n") == ConfigFile(path: "/p/layoutbench.yml"))
    }

    /// A file, the location its error must name, and a part of the message.
    struct BadFile: Sendable, CustomTestStringConvertible {
        var text: String
        var location: String
        var message: String
        var testDescription: String { "\(location) \(message)" }
    }

    static let badFiles = [
        BadFile(text: "layouts: [a.xib]\nsizez: [1]\n", location: "2:1", message: "unknown key 'sizez'. Did you mean 'sizes'?"),
        BadFile(text: "sizes: [1, x]\n", location: "1:12", message: "'sizes' takes positive whole numbers, not 'x'"),
        BadFile(text: "sizes: [1, 0]\n", location: "1:12", message: "'sizes' takes positive whole numbers, not '0'"),
        BadFile(text: "\nquick: maybe\n", location: "2:8", message: "'quick' takes true or false, not 'maybe'"),
        BadFile(text: "repetitions: [2]\n", location: "1:14", message: "'repetitions' takes a positive whole number, not a list"),
        BadFile(text: "layouts: [[a.xib]]\n", location: "1:11", message: "'layouts' takes text (a path or a name), not a list"),
        BadFile(text: "output:\n", location: "1:8", message: "'output' takes text (a path or a name), not nothing"),
        BadFile(
            text: "layouts: [a.xib]\nkinds:\n  - first-layout\n  - sweep\n", location: "4:5",
            message: "unknown scenario kind 'sweep'; the importer makes first-layout, device-sweep, self-sizing"),
        BadFile(
            text: "layouts:\n  - path: Cells\n    kind: [self-sizing]\n", location: "3:5",
            message: "unknown key 'kind' in a 'layouts' entry; an entry is a path, or 'path:' with 'kinds:'."),
        BadFile(text: "layouts:\n  - kinds: [self-sizing]\n", location: "2:5", message: "a 'layouts' entry with keys needs 'path:'"),
        BadFile(
            text: "layouts:\n  - path: Cells\n    kinds: [self-sizes]\n", location: "3:13",
            message: "unknown scenario kind 'self-sizes'"),
        BadFile(text: "kinds: [first-layout]\n", location: "1:8", message: "'kinds' chooses among imported scenarios: give 'layouts' too"),
        BadFile(text: "tags: [a]\ntags: [b]\n", location: "2:1", message: "'tags' is given twice"),
        BadFile(text: "- layouts\n", location: "1:1", message: "the file must be a mapping of keys"),
        BadFile(text: "layouts: [a.xib\nsizes: [1]\n", location: "2:6", message: "not valid YAML"),
        BadFile(text: "output: \"\"\n", location: "1:9", message: "'output' is empty; give a path or a name"),
        // Nesting that overflowed Yams' recursive reader (signal 11), refused before it reads.
        BadFile(
            text: "scenarios: " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000) + "\n",
            location: "1:76", message: "nested deeper than 64 levels"),
        BadFile(text: String(repeating: "- ", count: 5_000) + "x\n", location: "1:65", message: "nested deeper than 64 levels"),
    ]

    @Test("Brackets in comments and quoted text do not count as nesting")
    func nestingScanSkipsCommentsAndQuotes() throws {
        let brackets = String(repeating: "[", count: 100)
        let config = try Self.parse("layouts:\n  # \(brackets)\n  - \"\(brackets).xib\"\ntags: it's\n")
        #expect(config.layouts == ["/p/\(brackets).xib"])
        #expect(config.tags == ["it's"])
    }

    @Test("Each error names the file, line and column and exits 65", arguments: badFiles)
    func errors(_ bad: BadFile) throws {
        let error = try #require(throws: CommandError.self) { try Self.parse(bad.text) }
        #expect(error.status == .badInput)
        #expect(error.message.hasPrefix("/p/layoutbench.yml:\(bad.location): "), "\(error.message)")
        #expect(error.message.contains(bad.message), "\(error.message)")
    }

    @Test("--config names a missing file: 66; a bad one: 65, before anything runs")
    func exitCodes() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.yml").path
        #expect(InProcess.exitCode(["run", "--config", missing]) == 66)
        #expect(InProcess.exitCode(["check", "--baseline", "main", "--config", missing]) == 66)
        let bad = folder.appendingPathComponent("bad.yml")
        try Data("sizes: many\n".utf8).write(to: bad)
        #expect(InProcess.exitCode(["run", "--config", bad.path, "--output", folder.path + "/Reports"]) == 65)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/Reports"))
    }

    @Test("layoutbench.yml is found in the folder (paths left as written); no file, no configuration")
    func discovery() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try ConfigFile.locate(nil, in: folder.path) == nil)
        try Data("layouts: [Main.storyboard]\n".utf8).write(to: folder.appendingPathComponent("layoutbench.yml"))
        let found = try #require(try ConfigFile.locate(nil, in: folder.path))
        #expect(found.layouts == ["Main.storyboard"])
        // Named with --config, relative paths are the file's folder's.
        let named = try #require(try ConfigFile.locate(folder.path + "/layoutbench.yml", in: "/"))
        #expect(named.layouts == [folder.path + "/Main.storyboard"])
    }

    @Test("Options given on the command line win over the file; the others come from it")
    func flagsOverFile() throws {
        let file = try Self.parse(
            "layouts: [a.xib]\nscenarios: ['a.xib/*']\ntags: [cell]\nsizes: [1, 2]\nquick: true\nrepetitions: 2\noutput: out\n")

        var given = try RunOptionGroup.parse(["--sizes", "3", "--tag", "scene", "--repetitions", "5", "--output", "mine"])
        #expect(given.fill(from: file).isEmpty)
        #expect(given.sizes == ["3"])
        #expect(given.source.tags == ["scene"] && given.source.filters.isEmpty)
        #expect(given.repetitions == 5)
        #expect(given.destination.output == "mine")
        #expect(given.source.layouts == ["/p/a.xib"] && given.quick)

        var none = try RunOptionGroup.parse([])
        let taken = none.fill(from: file)
        #expect(taken[.selection] == .init(key: "scenarios", location: "/p/layoutbench.yml:2:12"))
        #expect(taken[.sizes] == .init(key: "sizes", location: "/p/layoutbench.yml:4:8"))
        #expect(taken[.minimumRepetitions] == .init(key: "repetitions", location: "/p/layoutbench.yml:6:14"))
        #expect(none.source.layouts == ["/p/a.xib"])
        #expect(none.source.filters == ["a.xib/*"] && none.source.tags == ["cell"])
        #expect(none.sizes == ["1", "2"])
        #expect(none.quick && none.repetitions == 2)
        #expect(none.destination.output == "/p/out")

        var layouts = try RunOptionGroup.parse(["--layouts", "b.xib", "--max-repetitions", "4"])
        #expect(layouts.fill(from: file).keys.sorted { $0.rawValue < $1.rawValue } == [.selection, .sizes])
        #expect(layouts.source.layouts == ["b.xib"])
        #expect(layouts.repetitions == nil && layouts.maxRepetitions == 4)
    }

    @Test("A value the run refuses names the file, line and column and the key, not a flag never given (65)")
    func valuesRefusedWhereWritten() throws {
        let file = try Self.parse("scenarios: [nosuch/*]\nrepetitions: 20000\n")
        var options = try RunOptionGroup.parse([])
        let taken = options.fill(from: file)
        var configuration = RunConfiguration(options: .standard)
        _ = try options.apply(to: &configuration, configured: taken)
        let repetitions = try #require(throws: LayoutBenchError.self) { try configuration.validate() }
        #expect(repetitions.code == .invalidConfiguredOption && repetitions.code.exitStatus == .badInput)
        #expect(
            repetitions.message.hasPrefix("/p/layoutbench.yml:2:14: 'repetitions' must be at most 10000"), "\(repetitions.message)")
        #expect(repetitions.message.hasSuffix("Change it in the file, or give --repetitions to override it."), "\(repetitions.message)")

        configuration.minimumRepetitions = 3
        configuration.maximumRepetitions = 3
        let selection = try #require(throws: LayoutBenchError.self) {
            _ = try options.session(configuration, formats: [.json], catalog: LayoutBench.catalog)
        }
        #expect(selection.code == .invalidConfiguredOption)
        #expect(selection.message.hasPrefix("/p/layoutbench.yml:1:12: 'scenarios': "), "\(selection.message)")
    }

    @Test("init --config-only writes a layoutbench.yml that parses: the folder's documents, else the built-in scenarios")
    func starterParses() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(InProcess.exitCode(["init", "--config-only", folder.path]) == 0)
        let written = try ConfigFile.load(folder.path + "/layoutbench.yml")
        #expect(written.layouts.isEmpty && written.kinds.isEmpty && written.quick == true)
        // Never overwritten; no package options with --config-only.
        #expect(InProcess.exitCode(["init", "--config-only", folder.path]) == 73)
        #expect(InProcess.exitCode(["init", "--config-only", "--layoutbench-path", "/", folder.path + "/x"]) == 64)

        let withDocuments = StarterConfig.text(hasDocuments: true)
        let parsed = try ConfigFile.parse(withDocuments, path: "/p/layoutbench.yml", relativeTo: "/p")
        #expect(parsed.layouts == ["/p/."] && parsed.kinds == ImportedScenarios.kinds)
    }
}
