import Foundation
import LayoutScenarios
import Testing

@testable import LayoutBenchKit

/// `run --shard K/N` and `layoutbench merge`: the shard rule, a 4-shard run merged against
/// the unsharded run, and the refusals (missing, duplicated and mismatched shards).
@Suite("Shards and merge", .serialized)
struct ShardMergeTests {
    /// Three small scenarios (one anti-pattern/fix pair) at three sizes: 9 measurements,
    /// which 4 shards split unevenly (3, 2, 2, 2).
    static let catalog: [Scenario] = [
        Fixture.scenario(name: "shard/alpha", sizes: [2, 4, 8]),
        Fixture.scenario(
            name: "shard/slow", sizes: [3, 6, 9], pair: Scenario.Pair(partner: "shard/fast", role: .antiPattern),
            constraints: { size, _ in size * 2 }),
        Fixture.scenario(name: "shard/fast", sizes: [3, 6, 9], pair: Scenario.Pair(partner: "shard/slow", role: .fix)),
    ]

    static func configuration(shard: RunConfiguration.Shard? = nil) -> RunConfiguration {
        var configuration = RunnerTests.configuration(repetitions: 1, warmup: 0, counting: 1)
        configuration.timeBudgetSeconds = 30
        configuration.shard = shard
        return configuration
    }

    /// Runs the catalogue in process (through ``RunSession``, as `run` does) and reads the
    /// report back from `<folder>/latest/report.json`, as `merge` reads it.
    static func run(
        shard: RunConfiguration.Shard?, into folder: URL, catalog: [Scenario] = catalog, patterns: [String] = []
    ) throws -> LoadedReport {
        var configuration = configuration(shard: shard)
        configuration.selection = ScenarioSelection(patterns: patterns)
        configuration.quick = true
        let session = RunSession(
            configuration: configuration, formats: [.json],
            output: ReportOutput(root: folder.path, keepsHistory: false), toolVersion: "0.0.0-test", catalog: catalog)
        _ = try session.run(progress: nil)
        return try ReportReader.read(folder.appendingPathComponent("latest/report.json").path)
    }

    /// The unsharded run and shards 1/4 to 4/4, each in its own folder.
    static func runs() throws -> (whole: LoadedReport, shards: [LoadedReport], folder: URL) {
        let folder = try Fixture.temporaryFolder("shards")
        let whole = try run(shard: nil, into: folder.appendingPathComponent("whole"))
        let shards = try (1...4).map { index in
            try run(shard: .init(index: index, count: 4), into: folder.appendingPathComponent("shard\(index)"))
        }
        return (whole, shards, folder)
    }

    @Test("The shard rule deals the measurements out: disjoint, complete, stable, balanced")
    func shardRule() throws {
        let all = Self.configuration().measurements(of: Self.catalog).flatMap { entry in entry.sizes.map { "\(entry.scenario.name)@\($0)" } }
        #expect(all.count == 9)
        var union: [String] = []
        for index in 1...4 {
            let parts = Self.configuration(shard: .init(index: index, count: 4)).measurements(of: Self.catalog)
                .flatMap { entry in entry.sizes.map { "\(entry.scenario.name)@\($0)" } }
            #expect(parts.count == (index == 1 ? 3 : 2))
            union += parts
        }
        #expect(union.sorted() == all.sorted())
        #expect(Set(union).count == union.count)
        #expect(
            Self.configuration(shard: .init(index: 2, count: 4)).measurements(of: Self.catalog).map(\.sizes)
                == [[4], [9]])
    }

    @Test("--instructions passes the shard to the child under callgrind")
    func instructionRequestKeepsTheShard() throws {
        let request = InstructionRun.Request(Self.configuration(shard: .init(index: 3, count: 4)), dumpBase: "out", progressLines: false)
        let decoded = try JSONDecoder().decode(InstructionRun.Request.self, from: JSONEncoder().encode(request))
        #expect(decoded.configuration.shard == .init(index: 3, count: 4))
    }

    @Test("--shard takes K/N with 1 ≤ K ≤ N; other values are usage errors quoting them", arguments: ["0/4", "5/4", "4", "a/b", "1/0", "-1/2", ""])
    func badShards(text: String) {
        #expect {
            _ = try RunConfiguration.Shard.parse(text)
        } throws: { error in
            guard let error = error as? LayoutBenchError else { return false }
            return error.code == .invalidOption && error.code.exitStatus == .usage && error.message.contains("'\(text)'")
        }
        #expect(throws: Never.self) { try RunConfiguration.Shard.parse("4/4") }
        var configuration = Self.configuration(shard: .init(index: 5, count: 4))
        #expect(throws: LayoutBenchError.self) { try configuration.validate() }
        configuration.shard = .init(index: 4, count: 4)
        #expect(throws: Never.self) { try configuration.validate() }
    }

    @Test("A 4-shard run merged equals the unsharded run in scenarios, sizes, counters, failures and pairs")
    func fourShardsMerged() throws {
        let (whole, shards, folder) = try Self.runs()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Each shard records its part, and only a shard does.
        for (offset, shard) in shards.enumerated() {
            #expect(shard.report.options.shard == .init(index: offset + 1, count: 4))
            #expect(String(decoding: shard.bytes, as: UTF8.self).contains("\"shard\": {\n      \"index\": \(offset + 1),\n      \"count\": 4\n    }"))
        }
        #expect(whole.report.options.shard == nil)
        #expect(ReportPage(report: shards[1].report).html().contains("2/4 of the selection"))
        #expect(!String(decoding: whole.bytes, as: UTF8.self).contains("\"shard\": {"))

        // Shards given in any order.
        let merged = try ReportMerge.merge([shards[2], shards[0], shards[3], shards[1]], formats: [.json])
        let expected = whole.report
        #expect(merged.options.shard == nil)
        #expect(merged.options == expected.options)
        #expect(merged.scenarios.map(\.name) == expected.scenarios.map(\.name))
        #expect(merged.scenarios.map { $0.sizes.map(\.size) } == expected.scenarios.map { $0.sizes.map(\.size) })
        #expect(merged.scenarios.map { $0.sizes.map(\.counters) } == expected.scenarios.map { $0.sizes.map(\.counters) })
        #expect(merged.scenarios.map { $0.sizes.map(\.operations) } == expected.scenarios.map { $0.sizes.map(\.operations) })
        #expect(merged.scenarios.map(\.status) == expected.scenarios.map(\.status))
        #expect(merged.scenarios.map(\.growth.sizes) == expected.scenarios.map(\.growth.sizes))
        #expect(merged.failures == expected.failures)
        #expect(merged.status == expected.status)
        #expect(merged.families.map(\.name) == expected.families.map(\.name))
        #expect(merged.pairs.map { [$0.antiPattern, $0.fix] } == expected.pairs.map { [$0.antiPattern, $0.fix] })
        #expect(merged.pairs.map { $0.sizes.count } == expected.pairs.map { $0.sizes.count })
        #expect(!merged.pairs.isEmpty)
        #expect(merged.tool == expected.tool)
        // The merged report is a valid report, without a shard member.
        let text = try merged.jsonText()
        #expect(!ReportPage(report: merged).html().contains("(--shard"))
        #expect(!text.contains("\"shard\": {"))
        let reread = try ReportReader.decode(Array(text.utf8), path: "merged.json")
        #expect(reread.report.scenarios.map(\.name) == expected.scenarios.map(\.name))
    }

    @Test("A shard report cannot be a baseline; the merged report can")
    func shardIsNoBaseline() throws {
        let (_, shards, folder) = try Self.runs()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect {
            try BaselineStore.checkUsable(shards[1])
        } throws: { error in
            (error as? GateError)?.code == .unusableReport && (error as? GateError)?.message.contains("shard 2/4") == true
        }
        let merged = try ReportMerge.merge(shards, formats: [.json])
        let loaded = try ReportReader.decode(Array(try merged.jsonText().utf8), path: "merged.json")
        #expect(throws: Never.self) { try BaselineStore.checkUsable(loaded) }
    }

    @Test("Built-in scenarios (activation and edits, quick sizes) in 4 shards merge to the unsharded run's counters")
    func builtInScenariosMerged() throws {
        let folder = try Fixture.temporaryFolder("shards-builtin")
        defer { try? FileManager.default.removeItem(at: folder) }
        let patterns = ["activation/*", "edits/*"]
        let whole = try Self.run(shard: nil, into: folder.appendingPathComponent("whole"), catalog: ScenarioCatalog.all, patterns: patterns)
        let shards = try (1...4).map { index in
            try Self.run(
                shard: .init(index: index, count: 4), into: folder.appendingPathComponent("shard\(index)"),
                catalog: ScenarioCatalog.all, patterns: patterns)
        }
        let merged = try ReportMerge.merge(shards.reversed(), formats: [.json])
        #expect(merged.scenarios.count == 4)
        #expect(merged.scenarios.map(\.name) == whole.report.scenarios.map(\.name))
        #expect(merged.scenarios.map { $0.sizes.map(\.size) } == whole.report.scenarios.map { $0.sizes.map(\.size) })
        #expect(merged.scenarios.map { $0.sizes.map(\.counters) } == whole.report.scenarios.map { $0.sizes.map(\.counters) })
        #expect(merged.failures == whole.report.failures)
        #expect(merged.pairs.map(\.antiPattern) == whole.report.pairs.map(\.antiPattern))
        #expect(merged.options == whole.report.options)
    }

    /// `merge`'s error for `shards`, or `nil` when it merges.
    static func refusal(_ shards: [LoadedReport]) -> GateError? {
        do {
            _ = try ReportMerge.merge(shards, formats: [.json])
            return nil
        } catch {
            return error
        }
    }

    @Test("Missing, duplicated and mismatched shards are refused with exit 65, naming the files and which K")
    func refusals() throws {
        let (whole, shards, folder) = try Self.runs()
        defer { try? FileManager.default.removeItem(at: folder) }

        let missing = try #require(Self.refusal([shards[0], shards[1], shards[3]]))
        #expect(missing.code == .incompleteShards)
        #expect(missing.code.exitStatus == .badInput)
        #expect(missing.message.contains("missing shard 3/4"))

        let duplicated = try #require(Self.refusal([shards[0], shards[1], shards[1], shards[2], shards[3]]))
        #expect(duplicated.code == .incompleteShards)
        #expect(duplicated.message.contains("shard 2/4 given 2 times (\(shards[1].path), \(shards[1].path))"))

        let both = try #require(Self.refusal([shards[0], shards[0], shards[3]]))
        #expect(both.message.contains("missing shards 2/4, 3/4"))
        #expect(both.message.contains("shard 1/4 given 2 times"))

        var otherCommit = shards[2]
        otherCommit.report.tool.gitCommit = "0123456789abcdef0123456789abcdef01234567"
        otherCommit.path = "elsewhere/shard3.json"
        let commit = try #require(Self.refusal([shards[0], shards[1], otherCommit, shards[3]]))
        #expect(commit.code == .shardsDiffer)
        #expect(commit.code.exitStatus == .badInput)
        #expect(commit.message.contains("different commits"))
        #expect(commit.message.contains("elsewhere/shard3.json: 0123456789abcdef0123456789abcdef01234567"))
        #expect(commit.message.contains(shards[0].path))

        var otherSelection = shards[1]
        otherSelection.report.options.filters = ["shard/alpha"]
        let selection = try #require(Self.refusal([shards[0], otherSelection, shards[2], shards[3]]))
        #expect(selection.code == .shardsDiffer)
        #expect(selection.message.contains("different options"))
        #expect(selection.message.contains(shards[1].path))

        var otherSizes = shards[1]
        otherSizes.report.options.timeBudgetSeconds = 300
        #expect(Self.refusal([shards[0], otherSizes, shards[2], shards[3]])?.code == .shardsDiffer)

        var otherMachine = shards[3]
        otherMachine.report.environment.machine.cpuModel = "Another CPU"
        let machine = try #require(Self.refusal([shards[0], shards[1], shards[2], otherMachine]))
        #expect(machine.code == .shardsDiffer)
        #expect(machine.message.contains("machines' kinds"))
        #expect(machine.message.contains("Another CPU"))

        // A different kernel or memory size is the same kind of machine.
        var sameKind = shards[3]
        sameKind.report.environment.machine.kernel = "9.9.9"
        sameKind.report.environment.machine.memoryBytes += 1_000_000
        #expect(Self.refusal([shards[0], shards[1], shards[2], sameKind]) == nil)

        var otherCount = shards[3]
        otherCount.report.options.shard = .init(index: 4, count: 5)
        let count = try #require(Self.refusal([shards[0], shards[1], shards[2], otherCount]))
        #expect(count.code == .shardsDiffer)
        #expect(count.message.contains("shard counts"))

        // A shard count read from a file is bounded as --shard is: 0, negative or 1e8 shards
        // are refused before any list of shards is built.
        for (index, total) in [(1, 0), (1, -3), (1, 100_000_000), (0, 4)] {
            let forged = shards.map { shard -> LoadedReport in
                var copy = shard
                copy.report.options.shard = .init(index: index, count: total)
                return copy
            }
            let refused = try #require(Self.refusal(forged), "\(index)/\(total)")
            #expect(refused.code == .invalidReport && refused.code.exitStatus == .badInput)
            #expect(refused.message.contains("options.shard is \(index)/\(total)"))
        }

        let notShard = try #require(Self.refusal([shards[0], whole, shards[2], shards[3]]))
        #expect(notShard.code == .shardsDiffer)
        #expect(notShard.message.contains("\(whole.path) is not a shard report"))
    }

    @Test("layoutbench run --shard and merge end to end: exit 64 for a bad K/N, 65 for missing shards, 0 and a report otherwise")
    func endToEnd() throws {
        let bad = try EndToEndTests.execute(["run", "--shard", "5/4", "--output", "/nonexistent-shard-test"])
        #expect(bad.status == 64)
        #expect(bad.errors.contains("--shard '5/4'"))

        let (whole, shards, folder) = try Self.runs()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("merged").path
        let incomplete = try EndToEndTests.execute(["merge", shards[0].path, shards[1].path, shards[3].path, "--output", output])
        #expect(incomplete.status == 65)
        #expect(incomplete.errors.contains("missing shard 3/4"))
        #expect(!FileManager.default.fileExists(atPath: output + "/latest/report.json"))

        let merged = try EndToEndTests.execute(["merge"] + shards.map(\.path) + ["--output", output, "--format", "json", "--no-history"])
        #expect(merged.status == 0, "\(merged.errors)")
        let report = try ReportReader.read(output + "/latest/report.json").report
        #expect(report.options.shard == nil)
        #expect(report.scenarios.map { $0.sizes.map(\.counters) } == whole.report.scenarios.map { $0.sizes.map(\.counters) })
    }
}
