import CassowaryTrace
import Testing

@testable import Cassowary

@Suite("Solver traces")
struct TraceTests {
    /// A fresh solver and the recorder attached to it.
    static func recordingSolver() -> (Solver, SolverTraceRecorder) {
        let solver = Solver()
        let recorder = SolverTraceRecorder()
        solver.traceRecorder = recorder
        return (solver, recorder)
    }

    /// Drives a solver through a random session, recorded.
    static func recordedSession(seed: UInt64) -> (Solver, SolverTraceRecorder, [Variable]) {
        var generator = RandomSystemGenerator(seed: seed, style: .mixed)
        let (solver, recorder) = Self.recordingSolver()
        let variables = (0..<generator.variableCount).map { solver.makeVariable("x\($0)") }
        var installed: [Constraint] = []
        for step in 0..<80 {
            let choice = Int.random(in: 0..<10, using: &generator.random)
            if choice < 5 || installed.isEmpty {
                let constraint = generator.constraint(over: variables)
                if (try? solver.add(constraint)) != nil { installed.append(constraint) }
            } else if choice < 6 {
                try? solver.remove(installed.removeLast())
            } else if choice < 7 {
                try? solver.updateConstant(of: installed.randomElement(using: &generator.random)!, to: Double(step))
            } else if choice < 8 {
                let variable = variables.randomElement(using: &generator.random)!
                if !solver.hasEditVariable(variable) { try? solver.addEditVariable(variable, priority: 600) }
                try? solver.suggestValue(Double(step % 17), for: variable)
            } else if choice < 9 {
                solver.beginBatch()
                try? solver.add((variables[0] >= Double(step)).prioritized(300))
                try? solver.endBatch()
            } else if Bool.random(using: &generator.random) {
                solver.forEachChangedVariable { _, _ in }
            } else {
                // A layout engine reads single values between changes (self-sizing cells).
                _ = solver.value(of: variables.randomElement(using: &generator.random)!)
            }
        }
        return (solver, recorder, variables)
    }

    @Test("Replaying a trace reproduces the counters and values exactly", arguments: [UInt64(1), 2, 3, 4, 5])
    func replayReproduces(seed: UInt64) throws {
        let (solver, recorder, variables) = Self.recordedSession(seed: seed)
        let trace = try SolverTrace.parse(recorder.text, source: "recorded")
        let replay = trace.replay()
        #expect(replay.solver.counters == solver.counters)
        #expect(replay.variables.map(replay.solver.value(of:)) == variables.map(solver.value(of:)))
        #expect(replay.solver.dump().split(separator: "\n").dropFirst() == solver.dump().split(separator: "\n").dropFirst())
        #expect(trace.variableCount == variables.count)
    }

    @Test("Operations on another solver's variables fail and stay out of the trace")
    func foreignVariablesNotRecorded() throws {
        let (solver, recorder) = Self.recordingSolver()
        let other = Solver()
        let x = solver.makeVariable("x")
        let stranger = other.makeVariable("stranger")
        try solver.add(x == 1)
        #expect(throws: SolverError.self) { try solver.add(x + stranger == 3) }
        #expect(throws: SolverError.self) { try solver.addEditVariable(stranger, priority: 500) }
        #expect(throws: SolverError.self) { try solver.suggestValue(2, for: stranger) }
        #expect(throws: SolverError.self) { try solver.removeEditVariable(stranger) }
        let replay = try SolverTrace.parse(recorder.text, source: "recorded").replay()
        #expect(replay.errors.isEmpty)
        #expect(replay.solver.counters == solver.counters)
    }

    @Test("Failed operations are recorded and fail again on replay")
    func failuresReplay() throws {
        let (solver, recorder) = Self.recordingSolver()
        let x = solver.makeVariable("x")
        try solver.add(x == 1)
        #expect(throws: SolverError.self) { try solver.add(x == 2) }
        let replay = try SolverTrace.parse(recorder.text).replay()
        #expect(replay.errors.count == 1)
        #expect(replay.errors.first?.line == 4)
        #expect(replay.solver.counters == solver.counters)
    }

    @Test("The recorder writes the documented line format")
    func format() throws {
        let (solver, recorder) = Self.recordingSolver()
        let x = solver.makeVariable("left \"edge\"")
        let c = Constraint(2 * x - 10.5, .greaterThanOrEqual, priority: 750, weight: 2, label: "min")
        try solver.add(c)
        try solver.addEditVariable(x, priority: 999)
        try solver.suggestValue(3, for: x)
        try solver.updateConstant(of: c, to: -4)
        try solver.updatePriority(of: c, to: 500)
        try solver.remove(c)
        #expect(
            recorder.text == """
                {"trace":"layoutbench.solver","version":1}
                {"op":"variable","id":0,"name":"left \\"edge\\""}
                {"op":"add","id":0,"terms":[[0,2]],"constant":-10.5,"relation":">=","priority":750,"weight":2,"label":"min"}
                {"op":"addEdit","variable":0,"priority":999}
                {"op":"suggest","variable":0,"value":3}
                {"op":"updateConstant","id":0,"constant":-4}
                {"op":"updatePriority","id":0,"priority":500}
                {"op":"remove","id":0}

                """)
        #expect(recorder.lineCount == 8)
    }

    @Test(
        "Bad traces are reported with file, line, column and problem",
        arguments: [
            ("", 1, 1, "header line is missing"),
            ("{\"trace\":\"other\",\"version\":1}", 1, 1, "unknown trace format 'other'"),
            ("{\"trace\":\"layoutbench.solver\",\"version\":2}", 1, 1, "unsupported trace version"),
            (
                "{\"trace\":\"layoutbench.solver\",\"version\":1}\n{\"op\":\"variable\",\"id\":0,\"name\":\"x\"}\n{\"op\": \"add\", \"id\": 0,, }", 3,
                23, "malformed JSON"
            ),
            ("{\"trace\":\"layoutbench.solver\",\"version\":1}\n{\"op\":\"jump\"}", 2, 1, "unknown operation 'jump'"),
            (
                "{\"trace\":\"layoutbench.solver\",\"version\":1}\n{\"op\":\"suggest\",\"variable\":3,\"value\":1}", 2, 1,
                "variable 3 is used before it is declared"
            ),
            (
                "{\"trace\":\"layoutbench.solver\",\"version\":1}\n{\"op\":\"variable\",\"id\":0,\"name\":\"x\"}\n{\"op\":\"addEdit\",\"variable\":0,\"priority\":1200}",
                3, 1, "priority 1200.0 is outside 1...1000"
            ),
            ("{\"trace\":\"layoutbench.solver\",\"version\":1}\n{\"op\":\"remove\",\"id\":7}", 2, 1, "constraint 7 is used before it is added"),
        ])
    func parseErrors(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try SolverTrace.parse(text, source: "bad.jsonl")
            Issue.record("expected a parse error")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.description.hasPrefix("bad.jsonl:\(line):\(column): "))
            #expect(error.message.contains(message), "\(error.message)")
        }
    }
}

@Suite("Trace input that must not trap or run away")
struct TraceInputLimitTests {
    static func parseError(_ body: String) -> SolverTrace.ParseError? {
        let text = "{\"trace\":\"layoutbench.solver\",\"version\":1}\n{\"op\":\"variable\",\"id\":0,\"name\":\"x\"}\n" + body
        do {
            _ = try SolverTrace.parse(text, source: "t.jsonl")
            return nil
        } catch {
            return error
        }
    }

    @Test("A constraint id of 999,999,999 is refused at its line instead of asking for gigabytes")
    func hugeIDIsRefused() throws {
        let error = try #require(Self.parseError(#"{"op":"add","id":999999999,"terms":[[0,1]],"constant":0,"relation":"==","priority":1000}"#))
        #expect(error.line == 3)
        #expect(error.message.contains("9999999"))
        #expect(Self.parseError(#"{"op":"add","id":9999999,"terms":[[0,1]],"constant":0,"relation":"==","priority":1000}"#) == nil)
    }

    @Test("A term's variable index of 1e19 is a located error, not an integer overflow")
    func hugeVariableIndexIsRefused() throws {
        let error = try #require(Self.parseError(#"{"op":"add","id":0,"terms":[[1e19,1]],"constant":0,"relation":"==","priority":1000}"#))
        #expect(error.line == 3)
        #expect(error.message.contains("before it is declared"))
    }
}

/// Issue 16: CRLF traces were refused ("\r\n" is one Character, so the lines were never
/// split), and a binary trace was "cannot be read" (66) without a position.
@Suite("Trace line endings and encoding")
struct TraceEncodingTests {
    static let lines = [
        #"{"trace":"layoutbench.solver","version":1}"#, #"{"op":"variable","id":0,"name":"x"}"#,
        #"{"op":"add","id":0,"terms":[[0,1]],"constant":-5,"relation":"==","priority":1000}"#, #"{"op":"read"}"#,
    ]

    @Test("A CRLF trace parses as its LF twin, and its errors have the same lines and columns")
    func crlf() throws {
        let lf = try SolverTrace.parse(Self.lines.joined(separator: "\n") + "\n")
        let crlf = try SolverTrace.parse(Self.lines.joined(separator: "\r\n") + "\r\n")
        #expect(crlf.operations.count == 3 && crlf.operations.map(\.line) == lf.operations.map(\.line))
        let result = crlf.replay()
        #expect(result.errors.isEmpty && result.solver.value(of: result.variables[0]) == 5)
        let bad = (Self.lines.prefix(2) + [#"{"op":"suggest","variable":0}"#]).joined(separator: "\r\n") + "\r\n"
        #expect {
            _ = try SolverTrace.parse(bad, source: "crlf.jsonl")
        } throws: { error in
            guard let error = error as? SolverTrace.ParseError else { return false }
            return error.line == 3 && !error.message.contains("malformed JSON")
        }
    }

    @Test("Bytes that are not UTF-8 are an error at their line and column")
    func binary() throws {
        let bytes = Array((Self.lines[0] + "\n{\"op\":\"variable\",\"id\":0,\"name\":\"").utf8) + [0x80, 0x00, 0xFF] + Array("\"}\n".utf8)
        #expect {
            _ = try SolverTrace.text(fromUTF8: bytes, source: "bin.jsonl")
        } throws: { error in
            guard let error = error as? SolverTrace.ParseError else { return false }
            return error.description.hasPrefix("bin.jsonl:2:33: ") && error.message.contains("0x80")
        }
        #expect(try SolverTrace.text(fromUTF8: Array("é\n😀".utf8)) == "é\n😀")
    }
}
