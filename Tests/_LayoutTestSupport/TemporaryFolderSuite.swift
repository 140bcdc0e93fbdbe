import Foundation

/// A suite whose tests each write into a folder of their own: Swift Testing makes an instance
/// of the suite for every test (and every argument of a parameterized one), so ``folder`` is
/// fresh and empty in each, and removed when the test is done.
open class TemporaryFolderSuite {
    /// The test's folder, in the system's temporary folder, named after the suite.
    public let folder: URL

    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-\(Self.self)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}
