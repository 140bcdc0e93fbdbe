import Foundation
import Testing
import _LayoutTestSupport

@testable import Cassowary
@testable import CassowaryTrace

/// Cross-checks the solver against an LP solver we did not write: scipy's HiGHS,
/// through `scripts/oracle/lexlp.py`, which re-solves the lexicographic objective
/// level by level, checks that refused constraints really conflict and that their
/// explanations conflict on their own. `scripts/test` provides the Python venv
/// (`LAYOUTBENCH_PYTHON`) and makes the check mandatory (`LAYOUTBENCH_REQUIRE_ORACLE=1`).
@Suite("HiGHS oracle")
struct OracleTests {
    static let environment = ProcessInfo.processInfo.environment
    static let python = environment["LAYOUTBENCH_PYTHON"]
    static let seed: UInt64 = 0x0A11_CE00
    static let caseCount = 3000

    @Test("The oracle is available when the test script requires it")
    func oracleAvailable() {
        if Self.environment["LAYOUTBENCH_REQUIRE_ORACLE"] == "1" {
            #expect(Self.python != nil, "LAYOUTBENCH_REQUIRE_ORACLE=1 but LAYOUTBENCH_PYTHON is not set")
        }
    }

    @Test("Random systems reach the lexicographic optimum HiGHS finds", .enabled(if: python != nil))
    func randomSystemsMatchHiGHS() throws {
        print("oracle: \(Self.caseCount) random systems, base seed \(Self.seed)")
        var cases: [String] = []
        for index in 0..<Self.caseCount {
            cases.append(try Self.makeCase(index: index))
        }
        let input = "{\"tolerance\": 1e-6, \"cases\": [\n" + cases.joined(separator: ",\n") + "\n]}\n"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-oracle-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputURL = directory.appendingPathComponent("systems.json")
        try input.write(to: inputURL, atomically: true, encoding: .utf8)
        if let keep = Self.environment["LAYOUTBENCH_ORACLE_KEEP"] {
            try input.write(toFile: keep, atomically: true, encoding: .utf8)
        }

        let (status, output, errors) = try Self.run(Self.python!, [Self.oracleScript.path, inputURL.path])
        #expect(status == 0 || status == 1, "oracle exited \(status): \(errors)")
        let report = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        let checked = report?["checked"] as? Int ?? 0
        let failures = report?["failures"] as? [[String: Any]] ?? []
        #expect(checked == Self.caseCount)
        for failure in failures.prefix(20) {
            Issue.record("oracle: \(failure["case"] ?? "?") \(failure["check"] ?? "?"): \(failure["detail"] ?? "")")
        }
        #expect(failures.isEmpty, "\(failures.count) oracle failures (first 20 shown); reproduce with base seed \(Self.seed)")
    }

    /// One random system as the oracle's JSON, solved by us.
    static func makeCase(index: Int) throws -> String {
        let style = RandomSystemGenerator.Style.allCases[index % 3]
        var generator = RandomSystemGenerator(seed: seed &+ UInt64(index), style: style)
        let solver = makeCheckedSolver()
        let variables = (0..<generator.variableCount).map { solver.makeVariable("x\($0)") }
        var proposals: [Constraint] = []
        let count = Int.random(in: 4...16, using: &generator.random)
        for _ in 0..<count { proposals.append(generator.constraint(over: variables)) }
        if style == .adversarial {
            let pulled = variables.randomElement(using: &generator.random)!
            proposals.insert(contentsOf: generator.adversarialPull(on: pulled, count: Int.random(in: 3...30, using: &generator.random)), at: 0)
        }
        var accepted: [Constraint] = []
        var rejected: [String] = []
        for constraint in proposals {
            do {
                try solver.add(constraint)
                accepted.append(constraint)
            } catch {
                guard case .unsatisfiable(let detail) = error else { throw error }
                let indices = detail.conflicts.map { conflict in accepted.firstIndex { $0 === conflict }! }
                rejected.append("{\"constraint\": \(json(constraint)), \"acceptedBefore\": \(accepted.count), \"explanation\": \(indices)}")
            }
        }
        let levels = violationLevels(of: accepted, in: solver)
            .map { "[\(TraceLineWriter.number(Double($0.priority))), \($0.violation)]" }
        return """
            {"name": "seed-\(seed &+ UInt64(index))/\(style)", "variableCount": \(variables.count), \
            "accepted": [\(accepted.map(json).joined(separator: ", "))], \
            "rejected": [\(rejected.joined(separator: ", "))], \
            "levels": [\(levels.joined(separator: ", "))]}
            """
    }

    static func json(_ constraint: Constraint) -> String {
        let terms = constraint.terms.map { "[\($0.variable.id), \($0.coefficient)]" }.joined(separator: ", ")
        return "{\"terms\": [\(terms)], \"constant\": \(constraint.constant), \"relation\": \"\(constraint.relation.rawValue)\", "
            + "\"priority\": \(TraceLineWriter.number(Double(constraint.priority.value))), \"weight\": \(constraint.weight)}"
    }

    static var oracleScript: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/oracle/lexlp.py")
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (Int32, String, String) {
        let execution = try TestProcess.run(URL(fileURLWithPath: executable), arguments)
        return (execution.status, execution.output, execution.errors)
    }
}
