import Foundation
import Testing
import _LayoutTestSupport

@testable import LayoutBenchKit

/// Baselines: saved byte for byte and atomically from passed, complete reports only; a
/// refused or failed save leaves an existing baseline exactly as it was.
@Suite("Baselines")
final class BaselineTests: TemporaryFolderSuite {
    func contents(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func leftovers(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    }

    @Test("Save, replace and list; a name or a path loads")
    func saveAndList() throws {
        let store = BaselineStore(folder: folder.appendingPathComponent("baselines").path)
        let first = try GateFixture.write(GateFixture.simple().jsonText(), "first.json", in: folder)
        let saved = try store.save(name: "main", from: first)
        #expect(saved.path == store.folder + "/main.json")
        #expect(saved.replaced == nil)
        #expect(try contents(saved.path) == contents(first))

        let second = try GateFixture.write(
            GateFixture.report([.init(name: "demo/a", sizes: [GateFixture.size(10, wall: [1, 2, 3])])], date: "2026-02-02T00:00:00Z").jsonText(),
            "second.json", in: folder)
        let replaced = try store.save(name: "main", from: second)
        #expect(replaced.replaced?.date == "2026-01-01T12:00:00Z")
        #expect(try contents(store.path(for: "main")) == contents(second))
        #expect(try leftovers(URL(fileURLWithPath: store.folder)).isEmpty)

        let entries = try store.list()
        #expect(entries.map(\.name) == ["main"])
        let listing = BaselineStore.listing(entries, folder: store.folder)
        #expect(listing.contains("main") && listing.contains("2026-02-02T00:00:00Z") && listing.contains("cdcdcdc") && listing.contains("quick"))
        #expect(try store.load("main").report.date == "2026-02-02T00:00:00Z")
        #expect(try store.load(second).report.date == "2026-02-02T00:00:00Z")
    }

    @Test("A failed run, a run with injected churn, a partial or unreadable report is refused; the old baseline stays")
    func refusals() throws {
        let store = BaselineStore(folder: folder.appendingPathComponent("baselines").path)
        let good = try GateFixture.write(GateFixture.simple().jsonText(), "good.json", in: folder)
        _ = try store.save(name: "main", from: good)
        let before = try contents(store.path(for: "main"))

        let failure = Report.Failure(
            scenario: "demo/a", size: 10, kind: .expectation, expectation: "solves == 1", detail: "solves was 2", repetitions: [1])
        let failed = GateFixture.report([.init(name: "demo/a", sizes: [GateFixture.size(10, wall: [1, 2, 3], failures: [failure])])])
        #expect(failed.status == .failed)
        let partial = GateFixture.report([.init(name: "demo/a", sizes: [GateFixture.size(10, wall: [])])])
        let churned = GateFixture.report([.init(name: "demo/a", sizes: [GateFixture.size(10, wall: [1, 2, 3])])], injectChurn: 2)
        let cases: [(String, GateError.Code, String)] = [
            (try failed.jsonText(), .unusableReport, "failed run"),
            (try partial.jsonText(), .unusableReport, "partial"),
            (try churned.jsonText(), .unusableReport, "--inject-churn 2"),
            (String(try GateFixture.simple().jsonText().prefix(500)), .malformedJSON, "unexpected end of the file"),
            (
                try GateFixture.simple().jsonText().replacingOccurrences(of: "\"schemaVersion\": 1", with: "\"schemaVersion\": 7"),
                .unsupportedSchema, "version 7"
            ),
        ]
        for (index, (text, code, message)) in cases.enumerated() {
            let path = try GateFixture.write(text, "bad-\(index).json", in: folder)
            #expect {
                _ = try store.save(name: "main", from: path)
            } throws: { error in
                guard let error = error as? GateError else { return false }
                #expect(error.code == code, "\(error)")
                #expect(error.description.contains(message), "\(error)")
                return true
            }
            #expect(try contents(store.path(for: "main")) == before)
        }
        #expect(try leftovers(URL(fileURLWithPath: store.folder)).isEmpty)
        #expect(try store.list().count == 1)
    }

    @Test("A save that cannot write leaves no trace and the old baseline intact")
    func unwritable() throws {
        defer { chmod(folder.appendingPathComponent("baselines").path, 0o755) }
        let store = BaselineStore(folder: folder.appendingPathComponent("baselines").path)
        let good = try GateFixture.write(GateFixture.simple().jsonText(), "good.json", in: folder)
        _ = try store.save(name: "main", from: good)
        let before = try contents(store.path(for: "main"))
        // A folder where the baseline file should be: rename(2) cannot replace it.
        try FileManager.default.createDirectory(atPath: store.path(for: "other"), withIntermediateDirectories: true)
        #expect {
            _ = try store.save(name: "other", from: good)
        } throws: { error in
            (error as? GateError)?.code == .unwritableOutput
        }
        #expect(try contents(store.path(for: "main")) == before)
        #expect(try leftovers(URL(fileURLWithPath: store.folder)).isEmpty)
    }

    @Test("Names are checked; a missing baseline names the ones there are")
    func namesAndMissing() throws {
        for name in ["", "../x", ".hidden", "a b", "a/b:c"] where !BaselineStore.isPath(name) {
            #expect(throws: GateError.self) { try BaselineStore.validate(name: name) }
        }
        try BaselineStore.validate(name: "ci-quick")
        let store = BaselineStore(folder: folder.path)
        try GateFixture.write(GateFixture.simple().jsonText(), "ci-quick.json", in: folder)
        #expect {
            _ = try store.load("ci-quik")
        } throws: { error in
            guard let error = error as? GateError else { return false }
            #expect(error.code == .missingBaseline && error.code.exitStatus == .missingBaseline)
            #expect(error.message.contains("No baseline 'ci-quik'") && error.message.contains("Did you mean 'ci-quick'?"), "\(error)")
            return true
        }
    }

    @Test("The committed CI baseline is a passed quick release report")
    func committedBaseline() throws {
        let path = Fixture.repositoryRoot.appendingPathComponent("Reports/baselines/ci-quick.json").path
        let loaded = try ReportReader.read(path)
        try BaselineStore.checkUsable(loaded)
        #expect(loaded.report.options.quick)
        #expect(loaded.report.environment.toolchain.buildConfiguration == "release")
    }
}
