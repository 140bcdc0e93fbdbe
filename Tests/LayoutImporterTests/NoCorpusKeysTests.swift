import Foundation
import Testing

/// The model is fitted to behaviours, never to the files it was checked on: no source file names
/// an app or a document of the real-world corpus, nor holds a literal shaped as an Interface
/// Builder id (`abc-de-fgh`). Skips, saying so, when the corpus's manifests are absent.
@Suite("No rule keyed on the corpus")
struct NoCorpusKeysTests {
    /// The package root (Tests/LayoutImporterTests/NoCorpusKeysTests.swift, three levels up).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The manifests of `ib/` and `ib2/` that are present.
    static let manifests: [URL] = {
        let realworld =
            ProcessInfo.processInfo.environment["LAYOUTBENCH_REALWORLD"].map { URL(fileURLWithPath: $0) }
            ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/realworld")
        return ["ib", "ib2"].map { realworld.appendingPathComponent($0).appendingPathComponent("manifest.csv") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }()

    /// Names that Xcode's own templates give every app's documents, and the platform word a
    /// repository may be named by: a source file may use them without naming an app.
    static let generic: Set<String> = [
        "iOS", "Main.storyboard", "LaunchScreen.storyboard", "Launch Screen.storyboard", "MainInterface.storyboard",
    ]

    /// The apps (each repository's owner and name) and the documents' file names of the manifests.
    static func corpusNames() throws -> Set<String> {
        var names = Set<String>()
        for manifest in manifests {
            let lines = try String(contentsOf: manifest, encoding: .utf8).split(whereSeparator: \.isNewline)
            guard let header = lines.first?.split(separator: ",").map(String.init),
                let repo = header.firstIndex(of: "repo"), let path = header.firstIndex(of: "path")
            else { continue }
            for line in lines.dropFirst() {
                // The columns before `path` hold no commas; a path may, so it runs to the next
                // column that ends a file name.
                let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard fields.count > max(repo, path) else { continue }
                names.formUnion(fields[repo].split(separator: "/").map(String.init))
                let file = fields[path...].joined(separator: ",")
                if let end = file.range(of: #"\.(xib|storyboard)"#, options: .regularExpression) {
                    names.insert(String(file[..<end.upperBound]).split(separator: "/").last.map(String.init) ?? "")
                }
            }
        }
        return names.subtracting(generic).filter { $0.count >= 4 }
    }

    /// Every Swift file of Sources/ and Scenarios/, with its text.
    static func sources() throws -> [(path: String, text: String)] {
        var result: [(String, String)] = []
        for folder in ["Sources", "Scenarios"] {
            let root = packageRoot.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let relative as String in files where relative.hasSuffix(".swift") {
                result.append(("\(folder)/\(relative)", try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)))
            }
        }
        return result
    }

    @Test(.enabled(if: !manifests.isEmpty, "the real-world corpus's manifests are absent (../shared/realworld); skipped"))
    func noSourceNamesAnAppOrADocumentOfTheCorpus() throws {
        let names = try Self.corpusNames()
        #expect(names.count > 20, "the manifests were read: \(names.count) names")
        for (path, text) in try Self.sources() {
            for name in names where text.contains(name) {
                Issue.record("\(path) names '\(name)', an app or document of the real-world corpus")
            }
        }
    }

    @Test func noSourceHoldsALiteralShapedAsAnInterfaceBuilderID() throws {
        let shape = #/(?:^|[^A-Za-z0-9-])([A-Za-z0-9]{3}-[A-Za-z0-9]{2}-[A-Za-z0-9]{3})(?![A-Za-z0-9-])/#
        let files = try Self.sources()
        #expect(files.count > 100)
        for (path, text) in files {
            for match in text.matches(of: shape) {
                Issue.record("\(path) holds '\(match.output.1)', shaped as an Interface Builder id")
            }
        }
    }
}
