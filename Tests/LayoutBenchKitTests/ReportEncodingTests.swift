import Cassowary
import Foundation
import Testing
import _LayoutTestSupport

@testable import LayoutBenchKit
@testable import LayoutScenarios

/// The report's JSON: key order, nulls, numbers, a golden file of a fixed report, and
/// the documentation of every key.
///
/// The golden file is `Golden/report-golden.json`. To regenerate it after an intended
/// change to the report (which is a schema change: bump `schemaVersion`, update
/// docs/report-schema.md and docs/report-schema.json), run
/// `LAYOUTBENCH_UPDATE_GOLDEN=1 swift test --filter ReportEncodingTests` and review the diff.
@Suite("Report encoding")
struct ReportEncodingTests {
    /// A report built from fixed results: no clock, no machine.
    static func fixedReport() -> Report {
        let anti = Fixture.scenario(
            name: "demo/individual", pair: .init(partner: "demo/batch", role: .antiPattern),
            expectations: [.counter("solves", .equal, "N") { $0 }])
        let fix = Fixture.scenario(
            name: "demo/batch", pair: .init(partner: "demo/individual", role: .fix),
            expectations: [.counter("solves", .equal, 1)])
        let failure = Report.Failure(
            scenario: "demo/batch", size: 4, kind: .expectation, expectation: "solves == 1",
            detail: "solves was 2, expected == 1 (size 4)", repetitions: [1, 2, 3, 4, 5])
        let antiSizes = [2, 4, 8].map { n in
            Fixture.sizeResult(
                size: n, wall: [UInt64(1000 * n), UInt64(1100 * n), UInt64(1050 * n)],
                counters: Fixture.counters(solves: n, pivots: n, cellUpdates: 5 * n, substitutions: n, rowsCreated: n),
                allocations: UInt64(7 * n), bytes: UInt64(224 * n))
        }
        let fixSizes = [2, 4, 8].map { n in
            Fixture.sizeResult(
                size: n, wall: [UInt64(500 * n), UInt64(510 * n), UInt64(490 * n)],
                counters: Fixture.counters(solves: n == 4 ? 2 : 1, pivots: 0, cellUpdates: 4 * n, substitutions: n, rowsCreated: n),
                allocations: UInt64(3 * n), bytes: UInt64(96 * n), failures: n == 4 ? [failure] : [])
        }
        let outcome = ScenarioRunner.Outcome(
            scenarios: [ScenarioRunner.scenarioResult(anti, antiSizes), ScenarioRunner.scenarioResult(fix, fixSizes)],
            warnings: ["A warning."], durationSeconds: 1.5)
        var configuration = RunConfiguration.quickDefaults
        configuration.selection = ScenarioSelection(patterns: ["demo/*"], tags: [])
        return Report.assemble(
            outcome: outcome, configuration: configuration, formats: [.json],
            tool: Report.ToolInfo(version: "0.1.0", gitCommit: String(repeating: "ab", count: 20), gitDirty: false),
            environment: Fixture.environment, date: "2025-06-01T12:00:00Z")
    }

    @Test("A fixed report encodes exactly as the golden file")
    func golden() throws {
        let text = try Self.fixedReport().jsonText()
        let url = Fixture.golden.appendingPathComponent("report-golden.json")
        let golden = try GoldenFile.read(url, writing: text, when: "LAYOUTBENCH_UPDATE_GOLDEN")
        #expect(text == golden, "The report's JSON changed; see the suite's documentation to regenerate the golden file.")
    }

    @Test("Top-level and nested keys come in the documented order")
    func keyOrder() throws {
        let json = try OrderedJSONEncoder().encode(Self.fixedReport())
        #expect(
            json.keys == [
                "schema", "schemaVersion", "tool", "date", "durationSeconds", "environment", "options", "status",
                "failures", "warnings", "scenarios", "families", "pairs",
            ])
        #expect(json["schema"] == .string("layoutbench.report"))
        #expect(json["schemaVersion"] == .integer(1))
        #expect(json["status"] == .string("failed"))
        guard case .array(let scenarios) = json["scenarios"], case .array(let sizes) = scenarios[0]["sizes"] else {
            Issue.record("no scenarios")
            return
        }
        #expect(
            sizes[0].keys == [
                "size", "operations", "status", "repetitions", "elapsedSeconds", "counters", "countersIdentical", "time",
                "allocations", "memory", "perOperation", "failures",
            ])
        #expect(sizes[0]["counters"]?.keys == SolverCounters.names + ["rowOperations"] + WorkCounters.names)
    }

    @Test("The report decodes back to the same JSON")
    func roundTrip() throws {
        let report = Self.fixedReport()
        let text = try report.jsonText()
        let decoded = try JSONDecoder().decode(Report.self, from: Data(text.utf8))
        // Decoding sorts an OrderedDictionary member's keys, so compare the values, not the text.
        #expect(decoded.scenarios.map(\.name) == report.scenarios.map(\.name))
        #expect(decoded.failures == report.failures)
        #expect(decoded.scenarios[0].sizes[1].counters["cellUpdates"] == 20)
        #expect(decoded.pairs[0].atLargestCommonSize?["pivots"] == .some(nil))
        #expect(decoded.environment == report.environment)
    }

    @Test("Every key of the report is documented in docs/report-schema.md")
    func documented() throws {
        let documentation = try String(
            contentsOf: Fixture.repositoryRoot.appendingPathComponent("docs/report-schema.md"), encoding: .utf8)
        var keys: Set<String> = []
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let members):
                for member in members {
                    keys.insert(member.key)
                    collect(member.value)
                }
            case .array(let values): values.forEach(collect)
            default: break
            }
        }
        collect(try OrderedJSONEncoder().encode(Self.fixedReport()))
        // The counters are defined in docs/metrics.md.
        let counterNames = Set(SolverCounters.names + ["rowOperations"] + WorkCounters.names)
        for key in keys.sorted() where !counterNames.contains(key) {
            // As `key`, "key", or a part of a path: `a.key`, `key.b`, `a.key.b`.
            let mentioned = ["`\(key)`", "\"\(key)\"", ".\(key)`", "`\(key).", ".\(key)."].contains { documentation.contains($0) }
            #expect(mentioned, "docs/report-schema.md does not mention '\(key)'")
        }
    }

    @Test("JSON values: nulls kept, numbers in one spelling, strings escaped")
    func jsonValues() throws {
        struct Sample: Encodable {
            var present: Int? = 3
            var absent: String? = nil
            var double = 2.0
            var small = 1e-7
            var negativeZero = -0.0
            var text = "quote \" backslash \\ newline \n tab \t bell \u{7}"
            var big = UInt64.max
            var numbers = [1, 2, 3]
            var nested = ["b": 1]
        }
        let text = try OrderedJSONEncoder().encode(Sample()).serialized(pretty: false)
        #expect(
            text
                == #"{"present":3,"absent":null,"double":2.0,"small":1e-07,"negativeZero":0.0,"text":"quote \" backslash \\ newline \n tab \t bell \u0007","big":18446744073709551615,"numbers":[1,2,3],"nested":{"b":1}}"#
        )
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(parsed?["text"] as? String == Sample().text)
    }

    @Test("A non-finite number cannot be encoded")
    func nonFinite() {
        struct Bad: Encodable { var value = Double.nan }
        #expect(throws: EncodingError.self) { try OrderedJSONEncoder().encode(Bad()) }
    }

    @Test("Pretty printing keeps number arrays and short string arrays on one line")
    func prettyLayout() throws {
        let value = JSONValue.object([
            ("samples", .array([.integer(1), .integer(2)])),
            ("tags", .array([.string("a"), .string("b")])),
            ("objects", .array([.object([("k", .null)])])),
            ("empty", .object([])),
        ])
        #expect(
            value.serialized() == """
                {
                  "samples": [1, 2],
                  "tags": ["a", "b"],
                  "objects": [
                    {
                      "k": null
                    }
                  ],
                  "empty": {}
                }
                """)
    }
}
