import Foundation

/// The real-world log corpus: `$LAYOUTBENCH_REALWORLD`, else `../shared/realworld` next to the
/// package root. Tests over it are skipped (with this message) when it is absent.
enum RealWorldLogs {
    static var root: URL? {
        if let path = ProcessInfo.processInfo.environment["LAYOUTBENCH_REALWORLD"], !path.isEmpty {
            let url = URL(fileURLWithPath: path)
            return FileManager.default.fileExists(atPath: url.path) ? url : nil
        }
        // Tests/UIKitLogsTests/RealWorldLogs.swift -> package root -> ../shared/realworld
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/realworld")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    static let skipMessage =
        "The real-world log corpus is absent (set LAYOUTBENCH_REALWORLD or place it at ../shared/realworld): skipped."

    /// The complete logs of the wtfautolayout set, by the manifest (`status == complete`).
    static func completeLogs() -> [URL] {
        guard let root else { return [] }
        let manifest = root.appendingPathComponent("logs/manifest.csv")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return [] }
        return text.split(whereSeparator: \.isNewline).dropFirst().compactMap { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count > 3, fields[2] == "wtfautolayout", fields[3] == "complete" else { return nil }
            return root.appendingPathComponent(String(fields[0]))
        }
    }

    static func files(in folder: String) -> [URL] {
        guard let root else { return [] }
        let url = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".log") }.sorted().map { url.appendingPathComponent($0) }
    }
}
