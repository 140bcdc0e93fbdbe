import Foundation

/// The files `layoutbench init` writes: a Swift package whose executable is
/// `LayoutBench.main(scenarios:)` over two example scenarios, a thresholds file and a
/// `.gitignore`; or, with `--config-only`, a starter `layoutbench.yml`.
///
/// Every file is text made here, so what `init` writes is what this type's tests build.
struct StarterPackage: Equatable {
    /// Where the package finds layoutbench.
    enum Dependency: Equatable {
        /// A local checkout (`.package(path:)`), as written (relative to the starter) and the
        /// package identity: the checkout folder's name.
        case path(String, identity: String)
        /// A git URL and branch (`.package(url:branch:)`).
        case url(String, branch: String)

        /// SwiftPM's identity for the dependency (what `.product(name:package:)` names): the
        /// checkout folder's name, or the URL's last path component, lowercased, without `.git`.
        var identity: String {
            switch self {
            case .path(_, let identity): return identity
            case .url(let url, _):
                var last = url.split(separator: "/").last.map(String.init) ?? url
                if last.hasSuffix(".git") { last.removeLast(4) }
                return last.lowercased()
            }
        }

        /// The `dependencies:` entry of the starter's Package.swift.
        var declaration: String {
            switch self {
            case .path(let path, _): ".package(path: \(Self.literal(path)))"
            case .url(let url, let branch): ".package(url: \(Self.literal(url)), branch: \(Self.literal(branch)))"
            }
        }

        /// `text` as a Swift string literal: `\\`, `"` and control characters escaped, so that
        /// the manifest parses whatever the text holds.
        static func literal(_ text: String) -> String {
            var literal = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\\": literal += "\\\\"
                case "\"": literal += "\\\""
                case _ where scalar.properties.generalCategory == .control:
                    literal += "\\u{" + String(scalar.value, radix: 16) + "}"
                default: literal.unicodeScalars.append(scalar)
                }
            }
            return literal + "\""
        }
    }

    /// The checkout at `checkout` as a dependency of a starter in `folder` (both absolute and
    /// standardized): a path relative to the starter, so that the manifest stays right wherever
    /// the two are checked out side by side (an absolute path names one machine's folders).
    static func pathDependency(on checkout: String, from folder: String) -> Dependency {
        let from = folder.split(separator: "/")
        let to = checkout.split(separator: "/")
        let common = zip(from, to).prefix { $0 == $1 }.count
        let relative = Array(repeating: "..", count: from.count - common) + to.dropFirst(common).map(String.init)
        return .path(relative.isEmpty ? "." : relative.joined(separator: "/"), identity: (to.last.map(String.init) ?? "").lowercased())
    }

    /// The package's name (and its executable's): letters, digits, `-` and `_`.
    var name: String
    /// Where layoutbench comes from.
    var dependency: Dependency

    /// The package's module name: `name` with `-` as `_`.
    var moduleName: String { name.replacingOccurrences(of: "-", with: "_") }

    /// Whether `name` can name a package and its executable target: an ASCII letter, then
    /// letters, digits, `-` and `_`; its module name not a Swift keyword (`class` makes
    /// `import class`, which does not parse) and not a module the package already sees
    /// (SwiftPM refuses two targets of one name).
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, CharacterSet.letters.contains(first) else { return false }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_"))
        guard name.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) }) else { return false }
        let module = name.replacingOccurrences(of: "-", with: "_")
        return !swiftKeywords.contains(module) && !takenModuleNames.contains(module.lowercased())
    }

    /// The Swift keywords a module name cannot be (The Swift Programming Language, "Lexical
    /// Structure", keywords used in declarations, statements, expressions and types).
    static let swiftKeywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "_",
    ]

    /// Modules the starter's target sees, lowercased: the system's, and layoutbench's products
    /// and dependencies (Package.swift).
    static let takenModuleNames: Set<String> = [
        "swift", "foundation", "dispatch", "glibc", "testing", "xctest", "layoutbench", "layoutbenchcli",
        "layoutbenchkit", "layoutbenchreport", "layoutbenchmetrics", "layoutbenchjson", "layoutengine",
        "layoutscenarios", "layoutimporter", "layoutprofiler", "layouttext", "uikitlogs", "cassowary",
        "cassowarytrace", "solverbenchmark", "argumentparser", "yams", "mustache", "orderedcollections", "bigint",
    ]

    /// The files, relative path to contents, in the order they are written.
    var files: [(path: String, contents: String)] {
        [
            ("Package.swift", packageManifest),
            ("Sources/\(name)/main.swift", mainFile),
            ("Sources/\(name)/CardScenarios.swift", scenariosFile),
            ("thresholds.json", Self.thresholdsFile),
            (".gitignore", ".build/\n.build-*/\nReports/latest/\nReports/runs/\n"),
        ]
    }

    var packageManifest: String {
        let package = dependency.identity
        return """
            // swift-tools-version:6.0
            //
            // \(name): this app's layouts, measured by layoutbench (written by `layoutbench init`).
            // `swift run \(name) run --quick` measures them; `swift run \(name) --help` lists every command.
            import PackageDescription

            let package = Package(
                name: "\(name)",
                dependencies: [
                    \(dependency.declaration),
                ],
                targets: [
                    .executableTarget(
                        name: "\(name)",
                        dependencies: [
                            .product(name: "LayoutBenchCLI", package: "\(package)"),
                            .product(name: "LayoutScenarios", package: "\(package)"),
                            .product(name: "LayoutEngine", package: "\(package)"),
                        ]
                    ),
                ]
            )

            """
    }

    var mainFile: String {
        """
        import LayoutBenchCLI
        import LayoutScenarios

        // Every layoutbench subcommand (run, list, profile, record-trace, compare, report, baseline,
        // check...) over this package's scenarios. To measure the built-in ones too, pass
        // `ScenarioCatalog.all + CardScenarios.all`.
        LayoutBench.main(scenarios: CardScenarios.all)

        """
    }

    var scenariosFile: String {
        #"""
        import LayoutEngine
        import LayoutScenarios

        /// This app's layouts as layoutbench scenarios: each builds its views in `prepare` (not
        /// measured) and returns the measured work as a `ScenarioInstance`.
        enum CardScenarios {
            static let all = [resize, feed]

            /// A profile card (avatar, name, bio) in a window resized once per display frame:
            /// N frames, each an in-place update of the window's width and a layout pass.
            static let resize = Scenario(
                name: "card/resize",
                summary: "Resize a window holding a profile card, once per display frame.",
                tags: ["card", "resize"], sizes: [50, 100, 200], quickSizes: [10, 20, 40],
                sizeUnit: "frames", operationUnit: "frame",
                expectations: [
                    // Resizing edits constants in place: no constraint is added after the first pass.
                    .counter("constraintsAdded", .equal, 0),
                ]
            ) { size in
                let window = Window(width: 320, height: 480)
                let card = Card(in: window)
                window.layoutIfNeeded()  // the first pass, outside the measurement
                return ScenarioInstance(
                    engines: [window.engine], operations: size,
                    run: {
                        for frame in 0..<size {
                            window.performFrame {
                                window.resize(width: 320 + Double(frame % 2) * 40, height: 480)
                            }
                        }
                    },
                    verify: {
                        let width = 320 + Double((size - 1) % 2) * 40
                        let expected = width - 32
                        return card.view.frame.width == expected
                            ? [] : [("the card \(expected) points wide", "it is \(card.view.frame.width)")]
                    })
            }

            /// A feed of N cards stacked vertically, all activated in one batch and laid out
            /// in one display frame.
            static let feed = Scenario(
                name: "card/feed",
                summary: "Lay out a feed of N profile cards activated in one batch.",
                tags: ["card", "feed"], sizes: [20, 40, 80], quickSizes: [5, 10, 20],
                sizeUnit: "cards", operationUnit: "card",
                expectations: [
                    // LayoutConstraint.activate([...]) then one layout pass: one solve.
                    .counter("solves", .atMost, 2)
                ]
            ) { size in
                let window = Window(width: 320, height: 480)
                window.layoutIfNeeded()
                return ScenarioInstance(
                    engines: [window.engine], operations: size,
                    run: {
                        window.performFrame {
                            var above = window.topAnchor
                            var constraints: [LayoutConstraint] = []
                            for _ in 0..<size {
                                let card = Card(in: window, activate: false)
                                constraints += card.constraints
                                constraints.append(card.view.topAnchor.constraint(equalTo: above, constant: 8))
                                above = card.view.bottomAnchor
                            }
                            // One batch, one solve. Deliberately worse (docs/your-layouts.md): one
                            // solve per constraint with `for c in constraints { c.isActive = true }`.
                            LayoutConstraint.activate(constraints)
                        }
                    })
            }
        }

        /// A card: a 48-point avatar beside a name and a bio, 16 points from the window's sides.
        struct Card {
            let view = View(name: "card")
            let avatar = View(name: "avatar")
            let name = View(name: "name")
            let bio = View(name: "bio")
            let constraints: [LayoutConstraint]

            /// Adds the card to `window`; its position on the y axis is the caller's unless
            /// `activate` is true (then it sits 16 points below the window's top).
            init(in window: Window, activate: Bool = true) {
                for subview in [view, avatar, name, bio] { subview.translatesAutoresizingMaskIntoConstraints = false }
                window.addSubview(view)
                for subview in [avatar, name, bio] { view.addSubview(subview) }
                var constraints = [
                    view.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
                    view.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -16),
                    avatar.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 8),
                    avatar.topAnchor.constraint(equalTo: view.topAnchor, constant: 8),
                    avatar.widthAnchor.constraint(equalToConstant: 48),
                    avatar.heightAnchor.constraint(equalToConstant: 48),
                    name.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 8),
                    name.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -8),
                    name.topAnchor.constraint(equalTo: view.topAnchor, constant: 8),
                    name.heightAnchor.constraint(equalToConstant: 20),
                    bio.leadingAnchor.constraint(equalTo: name.leadingAnchor),
                    bio.trailingAnchor.constraint(equalTo: name.trailingAnchor),
                    bio.topAnchor.constraint(equalTo: name.bottomAnchor, constant: 4),
                    bio.heightAnchor.constraint(equalToConstant: 40),
                    view.bottomAnchor.constraint(equalTo: bio.bottomAnchor, constant: 8),
                ]
                if activate { constraints.append(view.topAnchor.constraint(equalTo: window.topAnchor, constant: 16)) }
                self.constraints = constraints
                if activate { LayoutConstraint.activate(constraints) }
            }
        }

        """#
    }

    /// The starter thresholds (docs/ci.md): counters exact (the default), times 15%.
    static let thresholdsFile = """
        {
          "schema": "layoutbench.thresholds",
          "schemaVersion": 1,
          "comment": "Counters and allocations must match the baseline exactly; times may move 15% (p < 0.01) before the gate fails.",
          "defaults": {
            "time": { "relative": 0.15, "pValue": 0.01, "noiseBand": 0.03 }
          },
          "scenarios": {
            "card/feed": { "solves": { "absolute": 0 } }
          }
        }

        """
}

extension StarterPackage {
    /// The line of `CardScenarios.swift` that lays out card/feed's constraints in one batch,
    /// and the deliberately worse line the tutorial (docs/your-layouts.md) puts in its place:
    /// one solve per constraint, so `check` fails on card/feed alone.
    static let batchActivation = "LayoutConstraint.activate(constraints)\n"
    static let worseActivation = "for c in constraints { c.isActive = true }\n"
}
