import Foundation
import Testing
import _LayoutTestSupport

@testable import LayoutBenchKit

@Suite("Atomic writes and the report folders")
final class AtomicWriteTests: TemporaryFolderSuite {
    func temporaryFiles(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp-") }
    }

    @Test("A write replaces the file and leaves no temporary file")
    func replaces() throws {
        let path = folder.appendingPathComponent("report.json").path
        try AtomicFile.write("old\n", to: path)
        try AtomicFile.write("new\n", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        #expect(try temporaryFiles(in: folder).isEmpty)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o644)
    }

    @Test("A failed rename leaves the destination as it was and removes the temporary file")
    func failedRename() throws {
        // The destination is a folder holding a file: rename(2) refuses to replace it.
        let destination = folder.appendingPathComponent("report.json")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        try "keep\n".write(to: destination.appendingPathComponent("inside"), atomically: false, encoding: .utf8)
        let error = #expect(throws: LayoutBenchError.self) { try AtomicFile.write("new\n", to: destination.path) }
        #expect(error?.code == .unwritableOutput)
        #expect(error?.message.contains(destination.path) == true)
        #expect(try String(contentsOf: destination.appendingPathComponent("inside"), encoding: .utf8) == "keep\n")
        #expect(try temporaryFiles(in: folder).isEmpty)
    }

    @Test("A report that fails to render leaves the previous report intact")
    func failedRender() throws {
        let output = ReportOutput(root: folder.path, keepsHistory: true)
        let good = ReportEncodingTests.fixedReport()
        let written = try output.write(good, formats: [.json])
        #expect(written.count == 2)
        let before = try String(contentsOfFile: written[0], encoding: .utf8)

        var bad = good
        bad.durationSeconds = .nan  // cannot be encoded
        #expect(throws: LayoutBenchError.self) { try output.write(bad, formats: [.json]) }
        #expect(try String(contentsOfFile: written[0], encoding: .utf8) == before)
        #expect(try temporaryFiles(in: URL(fileURLWithPath: output.latestFolder)).isEmpty)
        // Nothing was added to the history either.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/runs").count == 1)
    }

    @Test("The history folder is named by date and commit; a second run in the same second gets -2")
    func history() throws {
        let output = ReportOutput(root: folder.path)
        let report = ReportEncodingTests.fixedReport()
        let first = try output.write(report, formats: [.json])
        let second = try output.write(report, formats: [.json])
        #expect(
            first == [
                folder.path + "/latest/report.json", folder.path + "/runs/20250601T120000Z-abababa/report.json",
            ])
        #expect(second[1] == folder.path + "/runs/20250601T120000Z-abababa-2/report.json")
        #expect(ReportOutput.historyName(date: "2025-06-01T12:00:00Z", commit: nil) == "20250601T120000Z-nogit")
    }

    @Test("An output folder under a regular file is unwritable (exit 73), found before the run")
    func unwritableFolder() throws {
        let file = folder.appendingPathComponent("file")
        try "x".write(to: file, atomically: false, encoding: .utf8)
        let output = ReportOutput(root: file.path + "/reports")
        let error = #expect(throws: LayoutBenchError.self) { try output.checkWritable() }
        #expect(error?.code == .unwritableOutput)
        #expect(error?.code.exitStatus == .cannotWriteOutput)
        #expect(error?.message.contains("is not a folder") == true)
    }
}
