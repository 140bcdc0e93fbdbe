import Foundation

/// Golden files: text a test compares byte for byte with a file in its target's `Golden/`
/// folder, and rewrites when `LAYOUTBENCH_UPDATE_GOLDEN=1` is set (each suite says how to run
/// it); review the diff and say in the commit why it changed.
public enum GoldenFile {
    /// The golden file at `url`, after writing `text` there when the environment variable
    /// `update` is `1`. The caller compares the two, so a failure names its own suite.
    /// - Throws: the error of reading (a missing golden file) or writing.
    public static func read(_ url: URL, writing text: String, when update: String) throws -> String {
        if ProcessInfo.processInfo.environment[update] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
