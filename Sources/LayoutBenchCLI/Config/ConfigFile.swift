import Foundation
import LayoutBenchKit
import Yams

/// `layoutbench.yml`: what `run` and `check` measure in a project, for teams that do not write
/// Swift (docs/your-layouts.md, "Without Swift: layoutbench.yml").
///
/// Every key is optional; an option given on the command line wins over the file's
/// (``RunOptionGroup/fill(from:)``). Relative paths are relative to the file's folder. Unknown
/// keys and values of the wrong type are errors naming the file, line and column (exit 65).
struct ConfigFile: Equatable {
    /// The file looked for in the working directory when `--config` is not given.
    static let defaultName = "layoutbench.yml"

    /// The keys, in the order the documentation lists them.
    static let keys = [
        "layouts", "kinds", "scenarios", "tags", "sizes", "quick", "repetitions", "thresholds", "baselines", "output",
    ]

    /// The file as given (`--config`) or found.
    var path: String
    /// Interface Builder files or folders to import (`--layouts`), resolved against the file's folder.
    var layouts: [String] = []
    /// The kinds an entry of `layouts` gives itself (`- path: Cells/` with `kinds: [self-sizing]`),
    /// by its resolved path; the others take `kinds`.
    var entryKinds: [String: [String]] = [:]
    /// The imported scenario kinds to make (``ImportedScenarios/kinds``); empty makes every kind.
    var kinds: [String] = []
    /// Scenario names or globs (`--filter`).
    var scenarios: [String] = []
    /// Tags (`--tag`).
    var tags: [String] = []
    /// Sizes for every selected scenario (`--sizes`).
    var sizes: [Int] = []
    /// `--quick`.
    var quick: Bool?
    /// `--repetitions`.
    var repetitions: Int?
    /// The thresholds file (`check --thresholds`), resolved.
    var thresholds: String?
    /// The baselines folder (`check --baselines`), resolved.
    var baselines: String?
    /// The reports folder (`--output`), resolved.
    var output: String?
    /// Where each key's value is written, `path:line:column`, for errors found when the
    /// values are used (a size a scenario refuses, more repetitions than the limit).
    var locations: [String: String] = [:]

    /// `key` and where its value is written (the file alone when the key was not read from it).
    func place(of key: String) -> RunConfiguration.ConfiguredValue {
        RunConfiguration.ConfiguredValue(key: key, location: locations[key] ?? path)
    }

    /// The file `--config` names, else `layoutbench.yml` in `directory` when it exists, else nil.
    ///
    /// - Throws: ``CommandError`` 66 when `--config` names no readable file, 65 for an error in the file.
    static func locate(
        _ explicit: String?, in directory: String = FileManager.default.currentDirectoryPath
    ) throws(CommandError)
        -> ConfigFile?
    {
        if let explicit { return try load(explicit) }
        let candidate = (directory as NSString).appendingPathComponent(defaultName)
        guard FileManager.default.fileExists(atPath: candidate) else { return nil }
        // Found in the working directory: paths stay relative to it, as written.
        return try load(candidate, relativeTo: "")
    }

    /// Reads and parses the file at `path`.
    ///
    /// - Parameter base: The folder relative paths are resolved against (default: the file's).
    /// - Throws: ``CommandError`` 66 when the file cannot be read, 65 for an error in it.
    static func load(_ path: String, relativeTo base: String? = nil) throws(CommandError) -> ConfigFile {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw CommandError(.noInput, "The configuration file '\(path)' does not exist or cannot be read (--config).")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maximumBytes else {
            throw CommandError(
                .badInput,
                "\(path): the configuration file is \(size) bytes; at most \(maximumBytes) are read (a layoutbench.yml is a short mapping).")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError(.noInput, "The configuration file '\(path)' does not exist or cannot be read (--config).")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandError(.badInput, "\(path): the configuration file is not UTF-8 text.")
        }
        return try parse(text, path: path, relativeTo: base ?? (path as NSString).deletingLastPathComponent)
    }

    /// Parses `text`, the contents of `path`.
    ///
    /// - Parameter base: The folder relative paths are resolved against (`""`: left as written).
    /// - Throws: ``CommandError`` 65 naming `path`, the line and the column of the first error.
    static func parse(_ text: String, path: String, relativeTo base: String) throws(CommandError) -> ConfigFile {
        var config = ConfigFile(path: path)
        if let (line, column) = excessiveNesting(in: text) {
            throw CommandError(
                .badInput, "\(path):\(line):\(column): nested deeper than \(maximumDepth) levels; a layoutbench.yml needs only a few.")
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw syntaxError(error, path: path)
        } catch {
            throw CommandError(.badInput, "\(path): \(error)", cause: error)
        }
        guard let root else { return config }  // an empty file: every default
        guard case .mapping(let mapping) = root else {
            throw located(root, path, "the file must be a mapping of keys (layouts:, sizes:, ...), not \(describe(root))")
        }
        var seen: Set<String> = []
        var kindsNode: Node?
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string else { throw located(keyNode, path, "a key must be a plain name") }
            guard keys.contains(key) else {
                let suggestions = Suggestions.closest(to: key, among: keys)
                throw located(
                    keyNode, path,
                    "unknown key '\(key)'." + (suggestions.first.map { " Did you mean '\($0)'?" } ?? "")
                        + " Known keys: \(keys.joined(separator: ", ")).")
            }
            guard seen.insert(key).inserted else { throw located(keyNode, path, "'\(key)' is given twice") }
            config.locations[key] = location(value, path)
            let resolve = { (value: String) in Self.resolve(value, against: base) }
            switch key {
            case "layouts":
                for entry in value.sequence.map(Array.init) ?? [value] {
                    guard let mapping = entry.mapping else {
                        config.layouts.append(resolve(try string(entry, key, path)))
                        continue
                    }
                    // `- path: FILE-OR-FOLDER` with its own `kinds:`.
                    var entryPath: String?
                    var entryKinds: [String]?
                    for (entryKey, entryValue) in mapping {
                        switch entryKey.scalar?.string {
                        case "path": entryPath = resolve(try string(entryValue, "path", path))
                        case "kinds": entryKinds = try kinds(entryValue, path)
                        default:
                            throw located(
                                entryKey, path,
                                "unknown key \(describe(entryKey)) in a 'layouts' entry; an entry is a path, or 'path:' with 'kinds:'.")
                        }
                    }
                    guard let entryPath else { throw located(entry, path, "a 'layouts' entry with keys needs 'path:'") }
                    config.layouts.append(entryPath)
                    if let entryKinds { config.entryKinds[entryPath] = entryKinds }
                }
            case "kinds":
                kindsNode = value
                config.kinds = try kinds(value, path)
            case "scenarios": config.scenarios = try strings(value, key, path)
            case "tags": config.tags = try strings(value, key, path)
            case "sizes":
                let items = value.sequence.map(Array.init) ?? [value]
                config.sizes = try items.map { (node) throws(CommandError) -> Int in
                    guard let size = int(node), size > 0 else {
                        throw located(node, path, "'sizes' takes positive whole numbers, not \(describe(node))")
                    }
                    return size
                }
            case "quick":
                guard let flag = value.scalar.flatMap({ Bool.construct(from: $0) }) else {
                    throw located(value, path, "'quick' takes true or false, not \(describe(value))")
                }
                config.quick = flag
            case "repetitions":
                guard let count = int(value), count > 0 else {
                    throw located(value, path, "'repetitions' takes a positive whole number, not \(describe(value))")
                }
                config.repetitions = count
            case "thresholds": config.thresholds = resolve(try string(value, key, path))
            case "baselines": config.baselines = resolve(try string(value, key, path))
            default: config.output = resolve(try string(value, key, path))
            }
        }
        if let kindsNode, !config.kinds.isEmpty {
            if config.layouts.isEmpty {
                throw located(kindsNode, path, "'kinds' chooses among imported scenarios: give 'layouts' too")
            }
        }
        return config
    }

    /// The kinds for the documents of the `layouts` entry `entry` (a path as given to
    /// `--layouts`): the entry's own `kinds:`, else the file's; empty for every kind.
    func kinds(forEntry entry: String) -> [String] {
        entryKinds[entry] ?? kinds
    }

    /// A `kinds:` value: kinds the importer makes.
    private static func kinds(_ node: Node, _ path: String) throws(CommandError) -> [String] {
        let kinds = try strings(node, "kinds", path)
        for (kind, item) in zip(kinds, node.sequence.map(Array.init) ?? [node]) where !ImportedScenarios.kinds.contains(kind) {
            throw located(
                item, path, "unknown scenario kind '\(kind)'; the importer makes \(ImportedScenarios.kinds.joined(separator: ", ")).")
        }
        return kinds
    }

    /// `value` against `base` unless it is absolute or `base` is empty.
    static func resolve(_ value: String, against base: String) -> String {
        value.hasPrefix("/") || base.isEmpty ? value : (base as NSString).appendingPathComponent(value)
    }

    /// A scalar string, or a list of them.
    private static func strings(_ node: Node, _ key: String, _ path: String) throws(CommandError) -> [String] {
        if node.sequence == nil { return [try string(node, key, path)] }
        return try node.sequence!.map { (item) throws(CommandError) -> String in try string(item, key, path) }
    }

    private static func string(_ node: Node, _ key: String, _ path: String) throws(CommandError) -> String {
        guard let scalar = node.scalar, scalar.style != .plain || !isNull(scalar) else {
            throw located(node, path, "'\(key)' takes text (a path or a name), not \(describe(node))")
        }
        // A quoted "" would be the root folder for a path: refused as on the command line.
        guard !scalar.string.isEmpty else { throw located(node, path, "'\(key)' is empty; give a path or a name") }
        return scalar.string
    }

    private static func isNull(_ scalar: Node.Scalar) -> Bool { ["", "~", "null", "Null", "NULL"].contains(scalar.string) }

    private static func int(_ node: Node) -> Int? {
        guard let scalar = node.scalar, scalar.style == .plain else { return nil }
        return Int(scalar.string)
    }

    /// What a node is, for messages: `'abc'`, `a list`, `a mapping`.
    static func describe(_ node: Node) -> String {
        if let scalar = node.scalar { return isNull(scalar) ? "nothing" : "'\(scalar.string)'" }
        if node.sequence != nil { return "a list" }
        return node.mapping != nil ? "a mapping" : "an alias"
    }

    /// `path:line:column` of `node`.
    static func location(_ node: Node, _ path: String) -> String {
        let mark = node.mark
        return "\(path):\(mark?.line ?? 1):\(mark?.column ?? 1)"
    }

    /// An error at `node`'s position: `file:line:column: message` (exit 65).
    static func located(_ node: Node, _ path: String, _ message: String) -> CommandError {
        CommandError(.badInput, "\(location(node, path)): \(message)")
    }

    private static func syntaxError(_ error: YamlError, path: String) -> CommandError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) (\($0.text))" } ?? problem
            return CommandError(.badInput, "\(path):\(mark.line):\(mark.column): not valid YAML: \(detail)", cause: error)
        default:
            return CommandError(.badInput, "\(path): not valid YAML: \(error)", cause: error)
        }
    }
}
