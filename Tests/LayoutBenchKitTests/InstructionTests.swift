@_spi(Testing) import Cassowary
import Foundation
import LayoutBenchMetrics
import LayoutEngine
import LayoutScenarios
import Testing

@testable import LayoutBenchKit

/// Instruction counts in process: reading callgrind's dumps, the `instructions` metric's
/// verdicts and thresholds, the report field, and the injected work that must move nothing
/// but instructions and time (`--inject-work`). The runs under valgrind are in
/// ``InstructionGateEndToEndTests``.
@Suite("Instructions")
struct InstructionTests {
    static let instructions = CompareMetric.named("instructions")!

    /// The header of a dump callgrind 3.19 wrote for `CALLGRIND_DUMP_STATS_AT("edits/constant@20")`.
    static let dump = """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        pid: 9549
        cmd:  /tmp/layoutbench _instructions-child /tmp/x/request.json /tmp/x/outcome.json
        part: 1


        desc: I1 cache: 
        desc: D1 cache: 
        desc: LL cache: 

        desc: Timerange: Basic block 0 - 30091
        desc: Trigger: Client Request: edits/constant@20

        positions: line
        events: Ir
        summary: 542105


        ob=(3) /usr/lib/x86_64-linux-gnu/libc.so.6
        fn=(528) (below main)
        58 6016

        totals: 542105
        """

    @Test("A dump's trigger label and Ir total are read; other events or no total give none")
    func parseDump() {
        let parsed = InstructionCounter.parseDump(Self.dump)
        #expect(parsed.trigger == "edits/constant@20")
        #expect(parsed.instructions == 542_105)
        // Without the totals line, the summary line.
        let summaryOnly = InstructionCounter.parseDump(Self.dump.replacingOccurrences(of: "totals: 542105", with: ""))
        #expect(summaryOnly.instructions == 542_105)
        // Another first event (a cache simulation's) is not instructions.
        let other = InstructionCounter.parseDump(Self.dump.replacingOccurrences(of: "events: Ir", with: "events: Dr Ir"))
        #expect(other.instructions == nil)
        #expect(InstructionCounter.parseDump("").instructions == nil)
    }

    /// Call records in callgrind's format (names compressed as callgrind writes them): the
    /// engine calls the solver (600 inclusive), the solver calls the engine back (150), the
    /// callback calls the solver again (50); the standard library and the runtime call solver
    /// code too (10, 25), inside calls already counted or on the engine's behalf. The engine
    /// and the standard library make 3 and 2 runtime exclusivity checks.
    static let callRecords = """
        events: Ir
        summary: 1000
        ob=(1) /tmp/x/layoutbench
        fn=(1) $s12LayoutEngine0A6EngineC6layoutyyF
        100 50
        cfn=(2) $s9Cassowary6SolverC3addyyF
        calls=1 0 
        100 600
        cob=(2) /usr/lib/swift/linux/libswiftCore.so
        cfn=(3) swift_retain
        calls=2 0 
        100 20
        cob=(2)
        cfn=(10) swift_beginAccess
        calls=3 0 
        100 60
        fn=(2)
        10 300
        cfn=(4) $s12LayoutEngine0A6EngineC7changedyyFySdcfU_
        calls=1 0 
        10 150
        cfn=(5) $sSa6appendyyxnF
        calls=1 0 
        +2 40
        cfn=(9) $s6BigInt0A4UIntV1poiyA2C_ACtFZ
        calls=3 0 
        * 70
        fn=(4)
        1 100
        cfn=(2)
        calls=1 0 
        1 50
        fn=(5)
        2 30
        cfn=(6) $s9Cassowary6SolverC4lessySbAA8VariableV_AFtF
        calls=1 0 
        2 10
        cob=(2)
        cfn=(10)
        calls=2 0 
        2 40
        fn=(7) swift_release
        0 5
        cfn=(8) $s9Cassowary10ConstraintCfD
        calls=1 0 
        0 25

        totals: 1000
        """

    @Test("The solver's part: calls from the engine into Cassowary, less its calls back into the engine, each instruction once")
    func solverInstructions() {
        let parsed = InstructionCounter.parseDump(Self.callRecords)
        #expect(parsed.instructions == 1000)
        // 600 and 50 into the solver, 150 back into the engine; not the standard library's
        // or the runtime's calls into solver code.
        #expect(parsed.solverInstructions == 500)
        // Every call to swift_beginAccess, whoever makes it.
        #expect(parsed.exclusivityChecks == 5)
        // A dump without call records says nothing about the split or the checks.
        #expect(InstructionCounter.parseDump(Self.dump).solverInstructions == nil)
        #expect(InstructionCounter.parseDump(Self.dump).exclusivityChecks == nil)
        #expect(InstructionCounter.isClientFunction("$s15LayoutScenarios05EditsB0O8constantyyF"))
        #expect(!InstructionCounter.isClientFunction("$s9Cassowary6SolverC3addyyF"))
        #expect(!InstructionCounter.isClientFunction("$s6BigInt0A4UIntV1poiyA2C_ACtFZ"))
        #expect(!InstructionCounter.isClientFunction("$sSa6appendyyxnF"))
        #expect(!InstructionCounter.isClientFunction("swift_release"))
    }

    @Test("Outside valgrind the client requests are no-ops and the counter finds no dump")
    func outsideValgrind() throws {
        #expect(!InstructionCounter.isRunningUnderValgrind)
        var counter = InstructionCounter(dumpBase: "/nonexistent/callgrind.out")
        var ran = false
        #expect(throws: LayoutBenchError.self) { _ = try counter.measure("demo@1") { ran = true } }
        #expect(ran)
    }

    func exact(_ value: Double) -> CompareMetric.Measurement { .init(value: value, samples: [value], samplesAgree: true) }

    @Test("instructions gate with 3% by default: within is unchanged, beyond a regression or improvement")
    func verdicts() {
        func verdict(_ base: Double, _ head: Double, rule: Thresholds.Resolved = Thresholds.builtInDefaults[.instructions]!) -> ReportComparison.Row {
            ReportComparison.row(scenario: "demo/a", size: 10, metric: Self.instructions, rule: rule, base: exact(base), head: exact(head))
        }
        #expect(Self.instructions.kind == .instructions)
        #expect(verdict(1_000_000, 1_000_000).verdict == .unchanged)
        #expect(verdict(1_000_000, 1_029_000).verdict == .unchanged)
        #expect(verdict(1_000_000, 1_031_000).verdict == .regression)
        #expect(verdict(1_000_000, 969_000).verdict == .improvement)
        #expect(verdict(1_000_000, 1_500_000).verdict == .regression)
        #expect(verdict(1_000_000, 1_031_000).reason == verdict(1_000_000, 1_031_000).limit)
        #expect(verdict(1_000_000, 1_010_000, rule: Thresholds.Resolved(relative: 0, absolute: 0)).verdict == .regression)
    }

    @Test("A thresholds file sets the instructions kind and metric")
    func thresholds() throws {
        let text = """
            {"defaults": {"instructions": {"relative": 0.05}}, "scenarios": {"edits/*": {"instructions": {"relative": 0.5}}}}
            """
        let thresholds = try Thresholds.parse(Array(text.utf8), path: "t.json")
        #expect(thresholds.rule(scenario: "cells/stack-hide", metric: Self.instructions).relative == 0.05)
        #expect(thresholds.rule(scenario: "edits/constant", metric: Self.instructions).relative == 0.5)
        let committed = try Thresholds.load(Fixture.repositoryRoot.appendingPathComponent("Reports/thresholds.json").path)
        let rule = committed.rule(scenario: "edits/constant", metric: Self.instructions)
        #expect(rule.relative == 0.03 && !rule.informational)
        // Exclusivity checks do not move with code layout: the committed thresholds gate them exactly.
        let checks = try #require(CompareMetric.named("exclusivityChecks"))
        #expect(committed.rule(scenario: "cells/stack-hide", metric: checks) == Thresholds.Resolved(relative: 0, absolute: 0))
    }

    @Test("The report has instructions only when counted; compare reads them")
    func reportField() throws {
        var result = Fixture.sizeResult(size: 4, wall: [100, 110, 120], counters: Fixture.counters(solves: 4))
        #expect(!(try OrderedJSONEncoder().encode(result).serialized(pretty: false)).contains("instructions"))
        #expect(Self.instructions.measurement(in: result) == nil)
        result.instructions = 123_456
        let json = try OrderedJSONEncoder().encode(result).serialized(pretty: false)
        #expect(json.contains("\"memory\":") && json.contains("\"instructions\":123456,\"perOperation\""))
        #expect(Self.instructions.measurement(in: result) == exact(123_456))
        let decoded = try JSONDecoder().decode(SizeResult.self, from: Data(json.utf8))
        #expect(decoded.instructions == 123_456)
        #expect(decoded.solverInstructions == nil)
        // The solver's part follows the total, and comes back.
        result.solverInstructions = 98_765
        let split = try OrderedJSONEncoder().encode(result).serialized(pretty: false)
        #expect(split.contains("\"instructions\":123456,\"solverInstructions\":98765,\"perOperation\""))
        let node = try JSONDocument.parse(split)
        #expect(try JSONNodeDecoder().decode(SizeResult.self, from: node).solverInstructions == 98_765)
        let solver = try #require(CompareMetric.named("solverInstructions"))
        #expect(solver.kind == .instructions && solver.measurement(in: result) == exact(98_765))
        // The exclusivity checks, after them.
        let checks = try #require(CompareMetric.named("exclusivityChecks"))
        #expect(checks.measurement(in: result) == nil)
        result.exclusivityChecks = 4
        let withChecks = try OrderedJSONEncoder().encode(result).serialized(pretty: false)
        #expect(withChecks.contains("\"solverInstructions\":98765,\"exclusivityChecks\":4,\"perOperation\""))
        #expect(try JSONNodeDecoder().decode(SizeResult.self, from: JSONDocument.parse(withChecks)).exclusivityChecks == 4)
        #expect(checks.kind == .instructions && checks.measurement(in: result) == exact(4))
    }

    @Test("The report page shows the instructions, the solver's share and the exclusivity checks only for a run that counted them")
    func reportPageColumns() {
        var report = GateFixture.simple()
        #expect(!ReportPage(report: report).html().contains("In the solver"))
        report.scenarios[0].sizes[0].instructions = 200_000
        report.scenarios[0].sizes[0].solverInstructions = 150_000
        report.scenarios[0].sizes[0].exclusivityChecks = 4_321
        let html = ReportPage(report: report).html()
        #expect(html.contains("In the solver") && html.contains("Exclusivity checks"))
        #expect(
            html.contains(">200,000<") && html.contains(">75.0%<") && html.contains(">4,321<"),
            "the count, the share (three significant digits) and the checks")
    }

    @Test("The child's jemalloc purges nothing on a timer, after the user's own options")
    func mallocConfiguration() {
        #expect(InstructionRun.deterministicMallocConfiguration(nil) == "dirty_decay_ms:-1,muzzy_decay_ms:-1")
        #expect(InstructionRun.deterministicMallocConfiguration("narenas:1") == "narenas:1,dirty_decay_ms:-1,muzzy_decay_ms:-1")
    }

    @Test("The child's configuration: the selection and sizes, one counted repetition, no allocations")
    func request() {
        var configuration = RunConfiguration.quickDefaults
        configuration.selection = ScenarioSelection(patterns: ["edits/*"], tags: ["seed-002"])
        configuration.sizes = [20]
        configuration.injectWork = 10
        configuration.instructions = true
        let child = InstructionRun.Request(configuration, dumpBase: "/tmp/d", progressLines: false).configuration
        #expect(child.selection == configuration.selection && child.sizes == [20] && child.quick)
        #expect(child.minimumRepetitions == 1 && child.maximumRepetitions == 1 && !child.countAllocations)
        #expect(child.injectWork == 10 && child.instructions)
    }

    /// An Interface Builder document with two top-level views (two `first-layout` scenarios:
    /// `two.xib/view-a/first-layout` and `two.xib/view-b/first-layout`), each holding one box
    /// pinned by its leading, trailing and top edges and a height.
    static let twoViews = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
        <device id="retina4_7" orientation="portrait" appearance="light"/>
        <objects>\(pinnedBox(in: "a", inset: 16, height: 100))\(pinnedBox(in: "b", inset: 8, height: 44))</objects>
        </document>
        """

    /// A 375 × 667 root view `root` holding a box `root1` inset by `inset` points, `height` tall.
    static func pinnedBox(in root: String, inset: Int, height: Int) -> String {
        let box = root + "1"
        let edges = [(box, "leading", root, "leading"), (root, "trailing", box, "trailing"), (box, "top", root, "top")]
        let constraints = edges.enumerated().map { index, edge in
            "<constraint firstItem=\"\(edge.0)\" firstAttribute=\"\(edge.1)\" secondItem=\"\(edge.2)\" secondAttribute=\"\(edge.3)\" "
                + "constant=\"\(inset)\" id=\"\(root)c\(index)\"/>"
        }
        return """
            <view contentMode="scaleToFill" id="\(root)"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
            <subviews><view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="\(box)">\
            <rect key="frame" x="\(inset)" y="\(inset)" width="\(375 - 2 * inset)" height="\(height)"/></view></subviews>
            <constraints>\(constraints.joined())<constraint firstItem="\(box)" firstAttribute="height" constant="\(height)" id="\(root)h"/></constraints>
            </view>
            """
    }

    /// `path` written relative to this process's working folder (`../../tmp/...`).
    static func relativePath(_ path: String) -> String {
        let here = FileManager.default.currentDirectoryPath.split(separator: "/")
        return String(repeating: "../", count: here.count) + path.drop { $0 == "/" }
    }

    @Test(
        "--layouts under callgrind: the request carries the documents, the parent's folder and its scenarios; the child imports them and runs those")
    func layoutsRequest() throws {
        let folder = try Fixture.temporaryFolder("instructions-layouts")
        defer { try? FileManager.default.removeItem(at: folder) }
        try GateFixture.write(Self.twoViews, "two.xib", in: folder)
        let layouts = [Self.relativePath(folder.path)]
        let parentScenarios = try ImportedScenarios.make(paths: layouts)
        #expect(parentScenarios.map(\.name) == ["two.xib/view-a/first-layout", "two.xib/view-b/first-layout"])

        var configuration = RunConfiguration.quickDefaults
        configuration.instructions = true
        configuration.layouts = layouts
        let plain = InstructionRun.Request(configuration, dumpBase: "out", progressLines: false)
        // Without --layouts nothing is added to the request file: built-in runs read what they read before.
        let plainText = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
        #expect(!plainText.contains("layouts") && !plainText.contains("importedFrom") && !plainText.contains("\"scenarios\""))
        // The parent chose view-b only (a pattern, or layoutbench.yml's kinds: the child must not run more).
        let request = try JSONDecoder().decode(
            InstructionRun.Request.self,
            from: JSONEncoder().encode(
                plain.importing([parentScenarios[1]], layouts: layouts, from: FileManager.default.currentDirectoryPath)))
        #expect(request.layouts == layouts && request.scenarios == ["two.xib/view-b/first-layout"])

        // (The child runs in a folder of its own and reads relative documents from the parent's:
        // InstructionGateEndToEndTests.layouts. Tests run in parallel, so this one leaves the
        // working folder alone: the request names this process's own.)
        let child = try InstructionRun.importedScenarios(request)
        #expect(child.map(\.name) == ["two.xib/view-b/first-layout"])
        #expect(child.map(\.summary) == [parentScenarios[1].summary])

        // A document that no longer makes the scenario: an error naming it.
        var gone = request
        gone.scenarios = ["two.xib/view-c/first-layout"]
        #expect(throws: LayoutBenchError.self) { try InstructionRun.importedScenarios(gone) }
    }

    @Test("Injected work leaves values and counters alone and does the work")
    func injectedWorkInSolver() throws {
        func solve(work: Int) throws -> (Double, SolverCounters, UInt64) {
            let solver = Solver()
            solver._injectedWorkPerCellUpdate = work
            let left = solver.makeVariable("left"), right = solver.makeVariable("right")
            try solver.add(right - left >= 100)
            try solver.add((left == 0).prioritized(750))
            try solver.add((right == 80).prioritized(250))
            return (solver.value(of: right), solver.counters, solver._injectedWorkState)
        }
        let plain = try solve(work: 0)
        let slowed = try solve(work: 10)
        #expect(plain.0 == 100 && slowed.0 == 100)
        #expect(plain.1 == slowed.1)
        #expect(plain.2 != slowed.2)
    }

    @Test("--inject-work changes no counter and no allocation count of a scenario; the run says it was slowed")
    func injectedWorkInRunner() throws {
        let scenario = Fixture.scenario(name: "test/activate")
        var configuration = RunnerTests.configuration(repetitions: 2, warmup: 1, counting: 2)
        let counter: AllocationCounter? = EndToEndTests.underAddressSanitizer ? nil : try AllocationCounter()
        let plain = try ScenarioRunner(configuration: configuration, allocationCounter: counter).run([scenario])
        configuration.injectWork = 10
        let slowed = try ScenarioRunner(configuration: configuration, allocationCounter: counter).run([scenario])
        #expect(slowed.warnings.first?.hasPrefix("Work injected (--inject-work 10)") == true)
        for (a, b) in zip(plain.scenarios[0].sizes, slowed.scenarios[0].sizes) {
            #expect(a.counters == b.counters)
            #expect(a.allocations?.count == b.allocations?.count)
            #expect(a.allocations?.bytes == b.allocations?.bytes)
        }
        #expect(slowed.failures.isEmpty)
        // The setting is off again after the run.
        #expect(LayoutEngine.injectingWork(stepsPerCellUpdate: 3) { Window(width: 10, height: 10).engine.solver._injectedWorkPerCellUpdate } == 3)
        #expect(Window(width: 10, height: 10).engine.solver._injectedWorkPerCellUpdate == 0)
    }
}
