import Foundation
import Testing

@testable import LayoutBenchKit

/// Thresholds files: the format, the layering of defaults and overrides, and an error at the
/// exact line and column of every kind of mistake.
@Suite("Thresholds")
struct ThresholdsTests {
    static let valid = """
        {
          "schema": "layoutbench.thresholds",
          "schemaVersion": 1,
          "comment": "test",
          "defaults": {
            "time": {"relative": 0.2, "pValue": 0.05, "informational": true},
            "allocation": {"relative": 0.01}
          },
          "metrics": {
            "cpuNanoseconds": {"ignore": true},
            "variablesChanged": {"direction": "either"}
          },
          "scenarios": {
            "cells/*": {"allocations": {"relative": 0.15}, "time": {"informational": false}},
            "cells/stack-hide": {"allocations": {"relative": 0.3, "comment": "nondeterministic"}},
            "edits": {"solves": {"absolute": 5}}
          }
        }
        """

    func parse(_ text: String) throws -> Thresholds {
        try Thresholds.parse(Array(text.utf8), path: "Reports/thresholds.json")
    }

    @Test("Defaults, metric and scenario overrides layer in order; exact names after globs")
    func layering() throws {
        let thresholds = try parse(Self.valid)
        let wall = CompareMetric.named("wallNanoseconds")!, cpu = CompareMetric.named("cpuNanoseconds")!
        let allocations = CompareMetric.named("allocations")!, solves = CompareMetric.named("solves")!
        let variables = CompareMetric.named("variablesChanged")!

        let time = thresholds.rule(scenario: "activation/batch", metric: wall)
        #expect(time.relative == 0.2 && time.pValue == 0.05 && time.informational && time.noiseBand == 0.02)
        #expect(thresholds.rule(scenario: "activation/batch", metric: cpu).ignore)
        #expect(thresholds.rule(scenario: "activation/batch", metric: allocations).relative == 0.01)
        #expect(thresholds.rule(scenario: "cells/stack-scroll", metric: allocations).relative == 0.15)
        #expect(thresholds.rule(scenario: "cells/stack-hide", metric: allocations).relative == 0.3)
        #expect(!thresholds.rule(scenario: "cells/stack-scroll", metric: wall).informational)
        #expect(thresholds.rule(scenario: "edits/churn", metric: solves).absolute == 5)
        #expect(thresholds.rule(scenario: "edits/churn", metric: solves).relative == 0)
        #expect(thresholds.rule(scenario: "activation/batch", metric: variables).direction == .either)
        #expect(thresholds.rule(scenario: "activation/batch", metric: solves) == Thresholds.builtInDefaults[.counter])
    }

    @Test("The built-in defaults")
    func builtIn() {
        let thresholds = Thresholds()
        let counter = thresholds.rule(scenario: "x/y", metric: CompareMetric.named("constraintsAdded")!)
        #expect(counter.relative == 0 && counter.absolute == 0 && counter.direction == .lowerIsBetter && counter.limitDescription == "exact")
        let time = thresholds.rule(scenario: "x/y", metric: CompareMetric.named("wallNanoseconds")!)
        #expect(time.relative == 0.1 && time.pValue == 0.01 && time.noiseBand == 0.02 && time.limitDescription == "±10%")
        #expect(
            thresholds.rule(scenario: "x/y", metric: CompareMetric.named("peakIncreaseBytes")!).limitDescription(metric: "peakIncreaseBytes")
                == "±25% and ±1.00 MiB")
    }

    /// Replaces `old` by `new` in the valid file and expects an error at `new`'s first
    /// character plus `offset`, whose message contains `message`.
    @Test(
        "Each mistake is an error at its line and column",
        arguments: [
            ("\"comment\": \"test\",", "\"coment\": \"test\",", 0, "unknown key \"coment\"; a thresholds file has"),
            ("\"time\": {\"relative\": 0.2", "\"times\": {\"relative\": 0.2", 0, "unknown metric kind \"times\" in \"defaults\""),
            (
                "\"cpuNanoseconds\": {\"ignore\": true}", "\"cpuNanosecond\": {\"ignore\": true}", 0,
                "unknown metric \"cpuNanosecond\". Did you mean 'cpuNanoseconds'?"
            ),
            ("\"cells/*\":", "\"cels/*\":", 0, "the scenario pattern \"cels/*\" matches no scenario. Did you mean 'cells/*'?"),
            ("\"edits\": {", "\"edit/churn\": {", 0, "the scenario pattern \"edit/churn\" matches no scenario"),
            ("{\"solves\": {\"absolute\": 5}}", "{\"solved\": {\"absolute\": 5}}", 1, "unknown metric \"solved\""),
            (
                "{\"direction\": \"either\"}", "{\"direction\": \"lower\"}", 14,
                "\"direction\" in metrics.variablesChanged must be \"lower-is-better\""
            ),
            ("{\"relative\": 0.01}", "{\"relative\": -1}", 13, "must be from 0 to 1e9"),
            ("{\"relative\": 0.01}", "{\"relative\": 1e308}", 13, "must be from 0 to 1e9 (a fraction: 0.1 is 10%), found 1e+308"),
            ("{\"relative\": 0.01}", "{\"relative\": \"1%\"}", 13, "must be a number, found the string \"1%\""),
            ("{\"relative\": 0.01}", "{\"relativ\": 0.01}", 1, "unknown key \"relativ\" in defaults.allocation; a rule has"),
            ("{\"ignore\": true}", "{\"ignore\": 1}", 11, "must be true or false, found the number 1"),
            ("\"schemaVersion\": 1,", "\"schemaVersion\": 2,", 17, "thresholds schema version 2 is not supported"),
            ("\"metrics\": {", "\"metrics\": [{", 11, "\"metrics\" must be an object, found an array"),
        ])
    func errors(old: String, new: String, offset: Int, message: String) throws {
        var text = Self.valid
        let range = try #require(text.range(of: old), "\(old) not in the valid file")
        text.replaceSubrange(range, with: new)
        if new.hasPrefix("\"metrics\": [{") { text = text.replacingOccurrences(of: "\"either\"}\n  },", with: "\"either\"}\n  }],") }
        let expected = ReportReaderTests.position(of: new, in: text, offset: offset)
        #expect {
            _ = try parse(text)
        } throws: { error in
            guard let error = error as? GateError else { return false }
            #expect(error.code == .invalidThresholds, "\(error)")
            #expect(error.code.exitStatus == .badInput)
            #expect(error.position == expected, "\(error)")
            #expect(error.description.hasPrefix("Reports/thresholds.json:\(expected.line):\(expected.column): "), "\(error)")
            #expect(error.message.contains(message), "\(error)")
            return true
        }
    }

    @Test("Malformed JSON in a thresholds file is named with its position")
    func malformed() {
        #expect {
            _ = try parse("{\n  \"defaults\": {\n    \"time\": {\"relative\": 0.1,}\n  }\n}")
        } throws: { error in
            guard let error = error as? GateError else { return false }
            #expect(error.code == .malformedJSON)
            #expect(error.position == SourcePosition(line: 3, column: 30), "\(error)")
            return true
        }
    }

    @Test("The repository's Reports/thresholds.json is valid")
    func repositoryFile() throws {
        let path = Fixture.repositoryRoot.appendingPathComponent("Reports/thresholds.json").path
        let thresholds = try Thresholds.load(path)
        #expect(thresholds.rule(scenario: "edits/constant", metric: CompareMetric.named("constraintsAdded")!).limitDescription == "exact")
        #expect(thresholds.rule(scenario: "edits/constant", metric: CompareMetric.named("wallNanoseconds")!).informational)
    }
}
