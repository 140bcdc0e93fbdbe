import Foundation
import Testing
import _LayoutTestSupport

/// `layoutbench import` end to end through the built binary: exit codes, the text and JSON
/// reports, errors with file, line and column.
@Suite("layoutbench import", .serialized)
struct ImportCommandTests {
    static func run(_ arguments: [String]) throws -> TestExecution {
        try TestProcess.layoutbench(arguments)
    }

    /// A fresh folder with the given files.
    static func folder(_ files: [String: Data]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, data) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        }
        return url
    }

    @Test func aCleanFolderExitsZeroWithAJSONReport() throws {
        let folder = try Self.folder([
            "A/Basics.xib": ConstraintImportTests.basics,
            "B/Stacks.xib": LayoutFeatureTests.stacks,
            "notes.txt": Data("not a document".utf8),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let execution = try Self.run(["import", "--format", "json", folder.path])
        #expect(execution.status == 0, "\(execution.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(execution.output.utf8)) as? [String: Any])
        #expect(json["schema"] as? String == "layoutbench.import")
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.count == 2)
        let basics = try #require(files.first)
        #expect((basics["path"] as? String)?.hasSuffix("A/Basics.xib") == true)
        #expect(basics["constraints"] as? Int == 9)
        #expect(basics["framesCompared"] as? Int == 2)
        #expect(basics["framesWithin1pt"] as? Int == 2)
        #expect(basics["unsatisfiable"] as? Int == 0)
        #expect(basics["ambiguousViews"] as? Int == 0)
        #expect((basics["warnings"] as? [String])?.isEmpty == true)
        let totals = try #require(json["totals"] as? [String: Any])
        #expect(totals["files"] as? Int == 2)
        #expect(totals["constraints"] as? Int == 9 + 3)
    }

    @Test func aDocumentNamedTwiceIsImportedOnce() throws {
        let folder = try Self.folder(["A/Basics.xib": ConstraintImportTests.basics])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("A/Basics.xib").path
        let execution = try Self.run(["import", "--format", "json", file, folder.path + "/A/../A/Basics.xib", folder.path])
        #expect(execution.status == 0, "\(execution.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(execution.output.utf8)) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.count == 1)
        #expect(files.first?["path"] as? String == file)
    }

    @Test func warningsExitOneAndNameFileAndLine() throws {
        let data = FixtureDocuments.xib(
            FixtureDocuments.rootView(
                """
                <constraints>
                    <constraint firstItem="root" firstAttribute="sideways" constant="1" id="odd"/>
                </constraints>
                """))
        let folder = try Self.folder(["Odd.xib": data])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Odd.xib").path
        let execution = try Self.run(["import", path])
        #expect(execution.status == 1)
        // The <constraint> element is on line 10 of the fixture.
        #expect(execution.output.contains("\(path):10: warning: constraint odd skipped"), "\(execution.output)")
        #expect(execution.output.contains("total: 1 files (0 failed)"))
    }

    @Test func framesPrintsTheLaidOutHierarchy() throws {
        let folder = try Self.folder(["Basics.xib": ConstraintImportTests.basics])
        defer { try? FileManager.default.removeItem(at: folder) }
        let execution = try Self.run(["import", "--frames", folder.path])
        #expect(execution.status == 0)
        #expect(execution.output.contains("    UIView:root (0, 0, 375, 667)\n"), "\(execution.output)")
        #expect(execution.output.contains("      UIView:box (20, 30, 100, 50)\n"))
        #expect(execution.output.contains("      UIView:tail (130, 30, 225, 50)\n"))
    }

    @Test func malformedXMLExitsSixtyFiveWithItsLocation() throws {
        let folder = try Self.folder([
            "Broken.xib": Data("<?xml version=\"1.0\"?>\n<document>\n<objects>\n</document>\n".utf8),
            "Good.xib": ConstraintImportTests.basics,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let execution = try Self.run(["import", folder.path])
        #expect(execution.status == 65)
        let broken = folder.appendingPathComponent("Broken.xib").path
        #expect(execution.errors.contains("error: \(broken):"), "\(execution.errors)")
        #expect(execution.errors.contains("Malformed XML"))
        // The good file is still reported.
        #expect(execution.output.contains("Good.xib"))

        // Alone, the broken file compares no frame: no percentage of nothing.
        let alone = try Self.run(["import", broken])
        #expect(alone.status == 65)
        #expect(alone.output.contains("0 layouts, 0 constraints, no frames compared,"), "\(alone.output)")
        #expect(!alone.output.contains("(100%"))
    }

    @Test func missingPathsAndUnknownDevices() throws {
        let missing = try Self.run(["import", "/nonexistent/Nothing.storyboard"])
        #expect(missing.status == 66)
        #expect(missing.errors.contains("No such file or folder '/nonexistent/Nothing.storyboard'"))
        let device = try Self.run(["import", "--device", "retina99", "/tmp"])
        #expect(device.status == 64)
        #expect(device.errors.contains("Unknown device 'retina99'"))
    }

    @Test func checkRepeatsTheLayoutsItsBaselineRecorded() throws {
        let folder = try Self.folder(["A/Basics.xib": ConstraintImportTests.basics])
        defer { try? FileManager.default.removeItem(at: folder) }
        let documents = folder.appendingPathComponent("A").path
        let output = folder.appendingPathComponent("reports").path
        let run = try Self.run([
            "run", "--layouts", documents, "--quick", "--repetitions", "3", "--no-allocations", "--no-history",
            "--output", output, "--progress", "none",
        ])
        #expect(run.status == 0, "\(run.errors)")
        let baseline = output + "/latest/report.json"
        let json = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(json.contains("\"layouts\": [\"\(documents)\"]") || json.contains("\"layouts\" : [\"\(documents)\"]"), "\(json.prefix(2000))")

        // No --layouts: the baseline's paths, so the same scenarios (no lost coverage).
        let check = try Self.run([
            "check", "--baseline", baseline, "--output", folder.appendingPathComponent("check").path, "--no-history",
            "--progress", "none",
        ])
        #expect(check.status == 0, "stdout: \(check.output)\nstderr: \(check.errors)")
        #expect(check.output.contains("Basics.xib/"), "\(check.output)")
        #expect(!check.output.contains("lost coverage"))
    }
}
