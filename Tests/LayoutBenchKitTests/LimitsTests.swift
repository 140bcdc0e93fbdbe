import Foundation
import LayoutScenarios
import Testing

@testable import LayoutBenchKit

/// Issue 16: what used to trap (exit 132) now ends in a documented error, and the numbers a
/// user or a baseline file gives are held to limits, each error naming the limit, where the
/// value came from and how to raise it.
@Suite("Traps and limits")
struct LimitsTests {
    /// 3^39, the largest power of 3 that fits in an Int.
    static let largestPowerOfThree = 4_052_555_153_018_976_267

    @Test("SizeRule.power(of:) answers for every Int without overflowing")
    func powerRuleOverflow() {
        let rule = SizeRule.power(of: 3)
        #expect(rule.allows(Self.largestPowerOfThree))
        #expect(!rule.allows(Self.largestPowerOfThree + 1))
        #expect(!rule.allows(Int.max))
        #expect(rule.allows(27) && !rule.allows(28) && !rule.allows(0) && !rule.allows(-3))
        #expect(rule.description == "a power of 3 (3, 9, 27, ...)")
    }

    @Test("TimeBudget.shouldRepeat with Int.max counting repetitions decides without overflowing")
    func shouldRepeatOverflow() {
        #expect(
            !TimeBudget.shouldRepeat(
                completed: 3, spentSeconds: 0.1, lastRepetitionSeconds: 0.01, countingRepetitions: Int.max, allowanceSeconds: 2,
                minimum: 3, maximum: 30))
        #expect(
            TimeBudget.shouldRepeat(
                completed: 3, spentSeconds: 0.1, lastRepetitionSeconds: 0.01, countingRepetitions: 2, allowanceSeconds: 2, minimum: 3,
                maximum: 30))
    }

    func session(_ configure: (inout RunConfiguration) -> Void) -> RunSession {
        var configuration = RunConfiguration.quickDefaults
        configure(&configuration)
        return RunSession(configuration: configuration, formats: [.json], output: ReportOutput(root: "/nonexistent"), toolVersion: "test")
    }

    func refusal(_ configure: (inout RunConfiguration) -> Void) -> LayoutBenchError? {
        do {
            _ = try session(configure).selectedScenarios()
            return nil
        } catch {
            return error
        }
    }

    @Test("A size above 3^39 for a power-of-3 scenario is a usage error naming the rule")
    func hugeSizeForPowerRule() throws {
        let error = try #require(
            refusal {
                $0.selection = ScenarioSelection(patterns: ["stacks/*"])
                $0.sizes = [Int.max]
            })
        #expect(error.code == .invalidSize && error.code.exitStatus == .usage)
        #expect(error.message.contains("a power of 3"), "\(error)")
    }

    @Test("Sizes are limited to 4 times the scenario's largest default size; LAYOUTBENCH_MAX_SIZE raises the limit")
    func sizeLimit() throws {
        let scenario = try #require(ScenarioCatalog.all.first { $0.name == "hierarchies/cross-linked" })
        let limit = try #require((scenario.sizes + scenario.quickSizes).max()) * RunConfiguration.sizeLimitFactor
        #expect(limit == 1_600)
        let error = try #require(
            refusal {
                $0.selection = ScenarioSelection(patterns: [scenario.name])
                $0.sizes = [100_000]
            })
        #expect(error.code == .invalidSize && error.code.exitStatus == .usage)
        #expect(error.message.contains("cannot run at size 100000") && error.message.contains("(\(limit))"), "\(error)")
        #expect(error.message.contains("LAYOUTBENCH_MAX_SIZE=100000"), "\(error)")
        #expect(
            refusal {
                $0.selection = ScenarioSelection(patterns: [scenario.name])
                $0.sizes = [limit]
            } == nil)
        #expect(
            refusal {
                $0.selection = ScenarioSelection(patterns: [scenario.name])
                $0.sizes = [100_000]
                $0.maximumSizeOverride = 100_000
            } == nil)
        #expect(try RunConfiguration.sizeLimit(fromEnvironment: ["LAYOUTBENCH_MAX_SIZE": "500000"]) == 500_000)
        #expect(try RunConfiguration.sizeLimit(fromEnvironment: [:]) == nil)
        #expect(throws: LayoutBenchError.self) { try RunConfiguration.sizeLimit(fromEnvironment: ["LAYOUTBENCH_MAX_SIZE": "1e6"]) }
    }

    @Test(
        "Repetitions, warm-ups and counting repetitions have limits that the message names",
        arguments: [
            ("--repetitions", "10000"), ("--max-repetitions", "10000"), ("--warmup", "1000"), ("--counting-repetitions", "100"),
            ("--time-budget", "86400"),
        ])
    func repetitionLimits(flag: String, limit: String) throws {
        let error = try #require(
            refusal { configuration in
                switch flag {
                case "--repetitions":
                    configuration.minimumRepetitions = Int.max
                    configuration.maximumRepetitions = Int.max
                case "--max-repetitions": configuration.maximumRepetitions = Int.max
                case "--warmup": configuration.warmup = Int.max
                case "--counting-repetitions": configuration.countingRepetitions = Int.max
                default: configuration.timeBudgetSeconds = 1e300
                }
            })
        #expect(error.code == .invalidOption && error.code.exitStatus == .usage)
        #expect(error.message.hasPrefix(flag) && error.message.contains(limit), "\(error)")
    }

    @Test("record-trace and profile check the size rule and the limit of --size")
    func commandLineSize() throws {
        let batch = try #require(ScenarioCatalog.all.first { $0.name == "activation/batch" })
        #expect(throws: LayoutBenchError.self) { try ScenarioProfiling.validate(size: 3, for: batch) }
        do {
            try ScenarioProfiling.validate(size: 3, for: batch)
        } catch {
            #expect(error.code == .invalidSize && error.message.contains("a positive multiple of 4"), "\(error)")
        }
        try ScenarioProfiling.validate(size: 8, for: batch)
        #expect(throws: LayoutBenchError.self) { try ScenarioProfiling.validate(size: Int.max - 3, for: batch) }
        try ScenarioProfiling.validate(size: 1_000_000, for: batch, maximumSizeOverride: 1_000_000)
    }

    /// The committed CI baseline with its stored options changed.
    static func baseline(in folder: URL, _ change: (inout Report.OptionsRecord) -> Void) throws -> String {
        let path = Fixture.repositoryRoot.appendingPathComponent("Reports/baselines/ci-quick.json").path
        var report = try ReportReader.read(path).report
        change(&report.options)
        return try GateFixture.write(report.jsonText(), "stored/bad-baseline.json", in: folder)
    }

    @Test("Errors in a baseline's stored options name the file and the stored member, exit 65, and a flag overrides them")
    func storedOptions() throws {
        let folder = try Fixture.temporaryFolder("stored-options")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.baseline(in: folder) {
            $0.filters = ["stacks/*"]
            $0.sizes = [Int.max]
        }
        let loaded = try ReportReader.read(path)
        var configuration = GateCheck.configuration(repeating: loaded.report.options, from: path)
        let session = RunSession(configuration: configuration, formats: [.json], output: ReportOutput(root: "/nonexistent"), toolVersion: "t")
        #expect {
            _ = try session.selectedScenarios()
        } throws: { error in
            guard let error = error as? LayoutBenchError else { return false }
            return error.code == .invalidStoredOptions && error.code.exitStatus.rawValue == 65 && error.message.contains(path)
                && error.message.contains("options.sizes") && !error.message.contains("Choose other --sizes")
        }
        configuration.sizes = [27]
        configuration.storedOptions?.options.remove(.sizes)
        let overridden = RunSession(configuration: configuration, formats: [.json], output: ReportOutput(root: "/n"), toolVersion: "t")
        #expect(try overridden.selectedScenarios().count == 2)

        let warmup = try Self.baseline(in: folder) { $0.warmup = Int.max }
        let loadedWarmup = try ReportReader.read(warmup)
        #expect {
            try GateCheck.configuration(repeating: loadedWarmup.report.options, from: warmup).validate()
        } throws: { error in
            guard let error = error as? LayoutBenchError else { return false }
            return error.code == .invalidStoredOptions && error.message.contains("options.warmup") && !error.message.hasPrefix("--warmup")
        }

        let selection = try Self.baseline(in: folder) { $0.filters = ["no-such-family/*"] }
        let loadedSelection = try ReportReader.read(selection)
        let selectionSession = RunSession(
            configuration: GateCheck.configuration(repeating: loadedSelection.report.options, from: selection), formats: [.json],
            output: ReportOutput(root: "/n"), toolVersion: "t")
        #expect {
            _ = try selectionSession.selectedScenarios()
        } throws: { error in
            (error as? LayoutBenchError)?.code == .invalidStoredOptions && "\(error)".contains(selection)
        }
    }

    @Test("A report with more samples per measurement than a run can write is refused at the array, before comparing")
    func sampleLimit() throws {
        let folder = try Fixture.temporaryFolder("sample-limit")
        defer { try? FileManager.default.removeItem(at: folder) }
        let many = GateFixture.report([
            .init(name: "demo/a", sizes: [GateFixture.size(10, wall: Array(repeating: 1, count: ReportReader.maximumTimedSamples + 1))])
        ])
        let path = try GateFixture.write(try many.jsonText(), "many.json", in: folder)
        #expect {
            _ = try ReportReader.read(path)
        } throws: { error in
            guard let error = error as? GateError else { return false }
            return error.code == .invalidReport && error.file == path && error.position != nil
                && error.message.contains("scenarios[0].sizes[0].time.wallNanoseconds.samples holds 10001 samples")
                && error.message.contains("at most 10000")
        }
        let enough = GateFixture.report([
            .init(name: "demo/a", sizes: [GateFixture.size(10, wall: Array(repeating: 1, count: ReportReader.maximumTimedSamples))])
        ])
        _ = try ReportReader.read(try GateFixture.write(try enough.jsonText(), "enough.json", in: folder))
    }
}
