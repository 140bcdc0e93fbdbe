import ArgumentParser
import Foundation
import LayoutBenchKit
import LayoutImporter

/// `layoutbench init [folder]`: a starter package whose executable runs layoutbench over the
/// app's own scenarios.
struct InitCommand: LayoutBenchSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starter Swift package that measures an app's own layouts with layoutbench.",
        discussion: """
            Writes into <folder> (default: the working directory; created when missing): \
            Package.swift, depending on layoutbench by --layoutbench-path (a local checkout, written \
            relative to <folder>) or \
            --layoutbench-url (a git URL, with --layoutbench-branch); Sources/<name>/main.swift, \
            which is LayoutBench.main(scenarios: CardScenarios.all), so the executable has every \
            subcommand over its own scenarios; Sources/<name>/CardScenarios.swift, two example \
            scenarios (card/resize and card/feed) written against the public Scenario API; \
            thresholds.json (docs/ci.md); and .gitignore. No file is overwritten: init stops \
            before writing anything if one exists. Then: swift run <name> run --quick; \
            swift run <name> baseline save main; swift run <name> check --baseline main \
            --thresholds thresholds.json. docs/your-layouts.md is the tutorial.

            --config-only writes only <folder>/layoutbench.yml, which run and check read: the \
            folder's .xib and .storyboard files, or the built-in scenarios when it holds none \
            (docs/your-layouts.md, "Without Swift: layoutbench.yml").

            \(exitTable.text)
            """)

    /// The exit codes of `init`.
    static let exitTable = ExitTable([
        .success: "the package (or layoutbench.yml) was written",
        .usage: "invalid arguments (neither or both of --layoutbench-path and --layoutbench-url, a bad --name)",
        .cannotWriteOutput: "a file to write exists already, or the folder cannot be written",
    ])

    @Argument(help: ArgumentHelp("The package's folder (default: the working directory).", valueName: "folder"))
    var folder: String?

    @Option(help: ArgumentHelp("The package's and its executable's name (default: the folder's name).", valueName: "name"))
    var name: String?

    @Option(help: ArgumentHelp("Depend on the layoutbench checkout at this path.", valueName: "path"))
    var layoutbenchPath: String?

    @Option(help: ArgumentHelp("Depend on layoutbench at this git URL.", valueName: "url"))
    var layoutbenchURL: String?

    @Option(help: ArgumentHelp("The branch of --layoutbench-url.", valueName: "branch"))
    var layoutbenchBranch = "main"

    @Flag(help: "Write only a starter layoutbench.yml (no Swift package; no --layoutbench-path or --layoutbench-url).")
    var configOnly = false

    func execute() throws {
        let fileManager = FileManager.default
        let folderPath = folder ?? fileManager.currentDirectoryPath
        if configOnly {
            guard layoutbenchPath == nil, layoutbenchURL == nil, name == nil else {
                throw CommandError(.usage, "--config-only writes no package: --layoutbench-path, --layoutbench-url and --name do not apply.")
            }
            let hasDocuments = (try? DocumentImporter.documentPaths(in: [folderPath]))?.isEmpty == false
            let written = try Self.write(
                [(ConfigFile.defaultName, StarterConfig.text(hasDocuments: hasDocuments))], into: folderPath)
            for path in written { CommandLineOutput.writeOutput("Wrote \(path)\n") }
            CommandLineOutput.writeOutput(
                "Next: \(folder.map { "cd \($0) && " } ?? "")layoutbench run (\(hasDocuments ? "its Interface Builder documents" : "the built-in scenarios; add layouts: to measure yours"))\n"
            )
            return
        }
        let dependency: StarterPackage.Dependency
        var remoteHint: String?
        switch (layoutbenchPath, layoutbenchURL) {
        case (let path?, nil):
            // An absolute path, so the package builds wherever it is run from.
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            guard fileManager.fileExists(atPath: absolute + "/Package.swift") else {
                throw CommandError(.usage, "--layoutbench-path '\(path)' holds no Package.swift; give the folder of a layoutbench checkout.")
            }
            let starterFolder = URL(fileURLWithPath: folderPath).standardizedFileURL.path
            dependency = StarterPackage.pathDependency(on: absolute, from: starterFolder)
            remoteHint = Self.originRemote(of: absolute).map {
                "The checkout's origin is \($0): `--layoutbench-url \($0)` writes a manifest that builds wherever the package is cloned (CI).\n"
            }
        case (nil, let url?):
            for (option, value) in [("--layoutbench-url", url), ("--layoutbench-branch", layoutbenchBranch)]
            where value.isEmpty || value.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) {
                throw CommandError(
                    .usage,
                    "\(option) \(String(reflecting: value)) is not a git \(option == "--layoutbench-url" ? "URL" : "branch"): it is empty or holds a space, a line break or a control character."
                )
            }
            dependency = .url(url, branch: layoutbenchBranch)
        default:
            throw CommandError(
                .usage, "Give exactly one of --layoutbench-path (a local checkout) and --layoutbench-url (a git URL).")
        }
        let folderName = URL(fileURLWithPath: folderPath).standardizedFileURL.lastPathComponent
        let packageName = name ?? folderName
        guard StarterPackage.isValidName(packageName) else {
            throw CommandError(
                .usage,
                "\(String(reflecting: packageName)) cannot name a package: use a letter, then letters, digits, '-' or '_', "
                    + "and neither a Swift keyword nor a module layoutbench already has (--name).")
        }
        let starter = StarterPackage(name: packageName, dependency: dependency)
        let written = try Self.write(starter, into: folderPath)
        for path in written { CommandLineOutput.writeOutput("Wrote \(path)\n") }
        if let remoteHint { CommandLineOutput.writeOutput(remoteHint) }
        CommandLineOutput.writeOutput(
            "Next: cd \(folderPath) && swift run \(packageName) run --quick (docs/your-layouts.md)\n")
    }

    /// The `origin` remote of the git checkout at `folder` (its `.git/config`) when it is a URL
    /// another machine can clone (`https://`, `ssh://`, `git://`, `git@host:path`), else `nil`: no
    /// checkout, no such remote, or a local path.
    static func originRemote(of folder: String) -> String? {
        guard let config = try? String(contentsOfFile: folder + "/.git/config", encoding: .utf8), config.utf8.count < 1 << 20 else {
            return nil
        }
        var inOrigin = false
        for line in config.split(whereSeparator: \.isNewline) {
            let entry = line.trimmingCharacters(in: .whitespaces)
            if entry.hasPrefix("[") {
                inOrigin = entry == "[remote \"origin\"]"
                continue
            }
            guard inOrigin, let equals = entry.firstIndex(of: "="),
                entry[..<equals].trimmingCharacters(in: .whitespaces) == "url"
            else { continue }
            let url = entry[entry.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            let cloneable = ["https://", "http://", "ssh://", "git://", "git@"].contains { url.hasPrefix($0) }
            return cloneable && !url.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }) ? url : nil
        }
        return nil
    }

    /// Writes `starter`'s files under `folder`, refusing to overwrite any.
    ///
    /// - Returns: The paths written.
    /// - Throws: ``CommandError`` (73) when a file exists or cannot be written; nothing is
    ///   written when one exists.
    static func write(_ starter: StarterPackage, into folder: String) throws -> [String] {
        try write(starter.files, into: folder)
    }

    /// Writes `files` under `folder`, refusing to overwrite any.
    static func write(_ files: [(path: String, contents: String)], into folder: String) throws -> [String] {
        let fileManager = FileManager.default
        let paths = files.map { (folder as NSString).appendingPathComponent($0.path) }
        if let existing = paths.first(where: { fileManager.fileExists(atPath: $0) }) {
            throw CommandError(.cannotWriteOutput, "'\(existing)' exists; init writes only new files (choose another folder).")
        }
        for (path, file) in zip(paths, files) {
            do {
                try fileManager.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                throw CommandError(.cannotWriteOutput, "Cannot write '\(path)': \(error.localizedDescription)", cause: error)
            }
        }
        return paths
    }
}
