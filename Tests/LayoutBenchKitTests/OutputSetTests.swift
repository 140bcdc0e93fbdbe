import Foundation
import Synchronization
import Testing
import _LayoutTestSupport

@testable import LayoutBenchKit

/// Issue 16: output sets written as a unit, a lock per output folder, unique history folders
/// made atomically, stale staging folders cleaned, outputs checked before a run, and a site
/// built from a linked runs folder that never replaces a good index with an empty one.
@Suite("Output sets and locks", .serialized)
final class OutputSetTests: TemporaryFolderSuite {
    let manager = FileManager.default

    func names(_ folder: String) throws -> [String] { try manager.contentsOfDirectory(atPath: folder).sorted() }

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test("publish replaces the whole folder: no file of the old set stays, no staging folder is left")
    func publishReplaces() throws {
        let target = folder.path + "/latest"
        try OutputSet.publish([("report.json", Array("old".utf8)), ("report.html", [1]), ("check.md", [2])], as: target)
        try OutputSet.publish([("report.json", Array("new".utf8)), ("sub/page.html", [3])], as: target)
        #expect(try names(target) == ["report.json", "sub"])
        #expect(try text(target + "/report.json") == "new")
        #expect(try names(folder.path) == ["latest"])
    }

    @Test("A set that cannot be written leaves the old set exactly as it was and no staging folder")
    func publishFailure() throws {
        let target = folder.path + "/latest"
        try OutputSet.publish([("report.json", Array("old".utf8)), ("check.md", Array("md".utf8))], as: target)
        // "a" is a file and also the folder of "a/b": the second write fails after the first.
        #expect(throws: LayoutBenchError.self) {
            try OutputSet.publish([("report.json", Array("new".utf8)), ("a", [1]), ("a/b", [2])], as: target)
        }
        #expect(try names(target) == ["check.md", "report.json"])
        #expect(try text(target + "/report.json") == "old")
        #expect(try names(folder.path) == ["latest"])
    }

    @Test("publishNew never merges into an existing folder, even from many threads at once")
    func publishNewIsUnique() throws {
        let base = folder.path + "/runs/20260101T000000Z-abc"
        let count = 16
        let results = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: count) { index in
            if let made = try? OutputSet.publishNew([("report.json", Array("\(index)".utf8)), ("report.html", [1])], base: base) {
                results.withLock { $0.append(made) }
            }
        }
        let made = results.withLock { $0 }
        #expect(made.count == count && Set(made).count == count)
        #expect(Set(try names(folder.path + "/runs")) == Set(made.map { String($0.split(separator: "/").last!) }))
        var contents: Set<String> = []
        for run in made {
            #expect(try names(run) == ["report.html", "report.json"])
            contents.insert(try text(run + "/report.json"))
        }
        #expect(contents.count == count)
    }

    @Test("A second lock on the same folder is refused with output-locked (exit 75) until the first is released")
    func lock() throws {
        let output = ReportOutput(root: folder.path + "/Reports")
        let first = try output.prepare()
        #expect {
            _ = try output.prepare()
        } throws: { error in
            guard let error = error as? LayoutBenchError else { return false }
            return error.code == .outputLocked && error.code.exitStatus.rawValue == 75 && error.message.contains(output.root)
        }
        first.release()
        try output.prepare().release()
    }

    @Test("prepare removes the staging folders and temporary files a killed run left, and only those")
    func staleCleanup() throws {
        let root = folder.path + "/Reports"
        for path in ["/.latest.tmp-AbC123/report.json", "/runs/.20260101T000000Z-x.tmp-Q1w2E3/report.json", "/.site.tmp-Z9/index.html"] {
            try GateFixture.write("x", String(path.dropFirst()), in: URL(fileURLWithPath: root))
        }
        try GateFixture.write("x", "latest/.report.json.tmp-aaaaaa", in: URL(fileURLWithPath: root))
        try GateFixture.write("keep", "latest/report.json", in: URL(fileURLWithPath: root))
        try ReportOutput(root: root).prepare().release()
        #expect(try names(root) == [".lock", ".site.tmp-Z9", "latest", "runs"])
        #expect(try names(root + "/runs").isEmpty)
        #expect(try names(root + "/latest") == ["report.json"])
    }

    @Test("A check's files and the report form one set; a later run's set has no stale check.md")
    func checkFilesInSet() throws {
        let output = ReportOutput(root: folder.path)
        let report = ReportEncodingTests.fixedReport()
        let checked = try output.write(
            report, formats: [.json, .html], extraFiles: [("check.md", Array("md".utf8)), ("report.html", Array("with baseline".utf8))])
        #expect(checked.filter { $0.hasPrefix(output.latestFolder) }.count == 3)
        #expect(try text(output.latestFolder + "/report.html") == "with baseline")
        let history = try #require(checked.first { $0.contains("/runs/") && $0.hasSuffix("report.html") })
        #expect(try text(history) == "with baseline")
        _ = try output.write(report, formats: [.json])
        #expect(try names(output.latestFolder) == ["report.json"])
    }

    @Test("latest/report.json that is a folder is replaced with the new set; runs that is a file is refused before the run")
    func badShapes() throws {
        let output = ReportOutput(root: folder.path + "/a")
        try manager.createDirectory(atPath: output.latestFolder + "/report.json", withIntermediateDirectories: true)
        try output.prepare().release()
        _ = try output.write(ReportEncodingTests.fixedReport(), formats: [.json])
        var isFolder: ObjCBool = true
        #expect(manager.fileExists(atPath: output.latestFolder + "/report.json", isDirectory: &isFolder) && !isFolder.boolValue)

        let other = ReportOutput(root: folder.path + "/b")
        try GateFixture.write("x", "b/runs", in: folder)
        #expect {
            _ = try other.prepare()
        } throws: { error in
            (error as? LayoutBenchError)?.code == .unwritableOutput && "\(error)".contains("runs' exists and is not a folder")
        }
    }

    @Test("--summary that is a folder, or under a file, is refused before anything runs")
    func summaryChecked() throws {
        #expect(throws: LayoutBenchError.self) { try AtomicFile.checkWritable(folder.path, option: "--summary") }
        let file = try GateFixture.write("x", "file", in: folder)
        #expect(throws: LayoutBenchError.self) { try AtomicFile.checkWritable(file + "/summary.md", option: "--summary") }
        try AtomicFile.checkWritable(folder.path + "/new/summary.md", option: "--summary")
        #expect(!manager.fileExists(atPath: folder.path + "/new/summary.md"))
        #expect(try names(folder.path + "/new").isEmpty)
    }

    @Test("report reads a linked runs folder, and an empty folder leaves the existing site as it was")
    func linkedRunsAndEmptySite() throws {
        try GateFixture.write(GateFixture.simple().jsonText(), "real-runs/a/report.json", in: folder)
        try manager.createSymbolicLink(atPath: folder.path + "/runs", withDestinationPath: folder.path + "/real-runs")
        let collection = try HistorySite.collect(from: folder.path + "/runs")
        #expect(collection.runs.count == 1)
        let site = folder.path + "/site"
        _ = try HistorySite.build(collection, into: site)
        let index = try Data(contentsOf: URL(fileURLWithPath: site + "/index.html"))

        try manager.createDirectory(atPath: folder.path + "/empty", withIntermediateDirectories: true)
        let empty = try HistorySite.collect(from: folder.path + "/empty")
        #expect {
            _ = try HistorySite.build(empty, into: site, from: folder.path + "/empty")
        } throws: { error in
            guard let error = error as? GateError else { return false }
            return error.code.exitStatus == .badInput && error.message.contains("left as it was")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: site + "/index.html")) == index)
        #expect(try names(folder.path).filter { $0.contains(".tmp-") }.isEmpty)
    }

    @Test("Through the binary: a held lock exits 75 at once, runs that is a file exits 73 before the run, --summary a folder too")
    func endToEnd() throws {
        let root = folder.path + "/Reports"
        let arguments = ["run", "activation/batch", "--quick", "--repetitions", "1", "--progress", "none", "--output", root]
        let lock = try ReportOutput(root: root).prepare()
        let locked = try EndToEndTests.execute(arguments)
        #expect(locked.status == 75, "stderr: \(locked.errors)")
        #expect(locked.errors.contains("Another layoutbench process is writing into '\(root)'"), "\(locked.errors)")
        #expect(!manager.fileExists(atPath: root + "/latest"))
        lock.release()

        try GateFixture.write("x", "Other/runs", in: folder)
        let runsFile = try EndToEndTests.execute(arguments.dropLast() + [folder.path + "/Other"])
        #expect(runsFile.status == 73, "stderr: \(runsFile.errors)")
        #expect(runsFile.errors.contains("is not a folder"), "\(runsFile.errors)")
        #expect(!manager.fileExists(atPath: folder.path + "/Other/latest"))

        let baseline = Fixture.repositoryRoot.appendingPathComponent("Reports/baselines/ci-quick.json").path
        let summary = try EndToEndTests.execute([
            "check", "--baseline", baseline, "--summary", folder.path, "--output", folder.path + "/other", "--progress", "none",
        ])
        #expect(summary.status == 73, "stderr: \(summary.errors)")
        #expect(summary.errors.contains("--summary"), "\(summary.errors)")
        #expect(!manager.fileExists(atPath: folder.path + "/other"))
    }
}
