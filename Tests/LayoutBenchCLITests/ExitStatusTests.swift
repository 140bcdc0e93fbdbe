import ArgumentParser
import Foundation
import LayoutBenchKit
import LayoutImporter
import SolverBenchmark
import Testing

@testable import LayoutBenchCLI

/// The exit codes: one ``ExitStatus`` type, help tables generated from it, one error mapping.
@Suite("Exit statuses")
struct ExitStatusTests {
    /// Every command that runs, with its exit table.
    static let tables: [(name: String, table: ExitTable)] = [
        ("run", RunCommand.exitTable), ("list", ListCommand.exitTable), ("record-trace", RecordTraceCommand.exitTable),
        ("profile", ProfileCommand.exitTable), ("compare", CompareCommand.exitTable), ("report", ReportCommand.exitTable),
        ("baseline save", BaselineCommand.Save.exitTable), ("baseline list", BaselineCommand.List.exitTable),
        ("check", CheckCommand.exitTable), ("merge", MergeCommand.exitTable), ("solver-bench", SolverBenchCommand.exitTable),
        ("explain", ExplainCommand.exitTable), ("import", ImportCommand.exitTable),
    ]

    @Test("Each command lists success and usage once each, in ascending order, in its help")
    func tablesAreWellFormed() {
        for (name, table) in Self.tables {
            let codes = table.statuses.map(\.rawValue)
            #expect(codes == codes.sorted() && Set(codes).count == codes.count, "\(name): \(codes)")
            #expect(table.statuses.first == .success, "\(name)")
            #expect(table.statuses.contains(.usage), "\(name)")
            #expect(table.text.hasPrefix("Exit codes:\n  0   "), "\(name)")
        }
    }

    @Test("Every command lists 73 for standard output that cannot be written")
    func standardOutputRow() {
        for (name, table) in Self.tables {
            let row = table.rows.first { $0.status == .cannotWriteOutput }
            #expect(row?.detail.contains("standard output cannot be written") == true, "\(name)")
        }
    }

    @Test("A write to a full device reports the system's reason instead of trapping")
    func fullDevice() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0, "/dev/full is not available")
        defer { close(descriptor) }
        #expect(StandardStreams.writeAll("layoutbench\n", to: descriptor) == String(cString: strerror(ENOSPC)))
        #expect(StandardStreams.writeAll("", to: descriptor) == nil)
    }

    @Test("Every exit status is listed by some command")
    func everyStatusDocumented() {
        let listed = Set(Self.tables.flatMap { $0.table.statuses })
        #expect(Set(LayoutBenchKit.ExitStatus.allCases).subtracting(listed).isEmpty)
    }

    @Test("A table row's further lines are indented under its first, and an empty row says the general meaning")
    func rendering() {
        let table = ExitTable([.success: "", .badInput: "first\nsecond"])
        #expect(
            table.text
                == "Exit codes:\n  0   success\n  65  first\n      second\n  73  standard output cannot be written (closed, or the disk is full)")
    }

    @Test("Library errors map to the status their code names, printed after 'error: '")
    func mapping() throws {
        let usage = try #require(CommandFailure.classify(LayoutBenchError(.invalidSize, "Invalid size '0'.")))
        #expect(usage.status == .usage && usage.message == "Invalid size '0'.")
        let missing = try #require(CommandFailure.classify(GateError(.missingBaseline, "No baseline 'x'.")))
        #expect(missing.status == .missingBaseline)
        let located = try #require(
            CommandFailure.classify(
                GateError(.malformedJSON, "unexpected end of the file", file: "r.json", position: SourcePosition(line: 3, column: 7))))
        #expect(located.status == .badInput && located.message == "r.json:3:7: unexpected end of the file")
        let unreadable = try #require(CommandFailure.classify(ImportError(.noDocuments, path: "x", "nothing")))
        #expect(unreadable.status == .noInput)
        let malformed = try #require(CommandFailure.classify(ImportError(.malformedXML, path: "a.xib", line: 2, column: 5, "bad")))
        #expect(malformed.status == .badInput && malformed.message == "a.xib:2:5: bad")
        #expect(CommandFailure.classify(SolverBenchmarkError(.unreadableTrace, "gone"))?.status == .noInput)
        #expect(CommandFailure.classify(SolverBenchmarkError(.malformedTrace, "bad"))?.status == .badInput)
        #expect(CommandFailure.classify(SolverBenchmarkError(.countersNotDeterministic, "differ"))?.status == .failed)
        let silent = try #require(CommandFailure.classify(CommandExit(.regression)))
        #expect(silent.status == .regression && silent.message == nil)
        #expect(CommandFailure.classify(ValidationError("bad")) == nil)
    }

    @Test("A wrapped error keeps its cause")
    func cause() {
        struct Underlying: Error, Sendable {}
        let error = CommandError(.failed, "cannot count allocations", cause: Underlying())
        #expect(error.cause is Underlying)
        let gate = GateError(.unwritableOutput, "Cannot encode", cause: Underlying())
        #expect(gate.cause is Underlying)
        #expect(gate == GateError(.unwritableOutput, "Cannot encode"))
        let kit = LayoutBenchError(.unwritableOutput, "Cannot write", cause: Underlying())
        #expect(kit.cause is Underlying)
    }
}
