import Foundation
import Testing

@testable import LayoutBenchKit

#if canImport(Glibc)
    import Glibc
#endif

/// Fault injection through the built binary (slow: set `LAYOUTBENCH_SLOW_TESTS=1`, as
/// `scripts/test --slow` does; docs/fuzzing.md). Every file of `latest/` and of every history
/// folder must be entirely the old set or entirely the new set after the run is killed at each
/// named point inside ``OutputSet`` publishing (`LAYOUTBENCH_FAULT_POINT`, ``_FaultPoint``), after
/// the disk fills up, and after two runs race for one output folder.
@Suite(
    "Output sets under faults (slow)", .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["LAYOUTBENCH_SLOW_TESTS"] == "1", "Slow: set LAYOUTBENCH_SLOW_TESTS=1"))
struct OutputSetFaultTests {
    let manager = FileManager.default

    /// A quick one-scenario run into `root`: about a second in a debug build.
    static func runArguments(_ root: String) -> [String] {
        ["run", "activation/batch", "--quick", "--repetitions", "1", "--progress", "none", "--output", root]
    }

    /// Every regular file under `folder`, by path relative to it, with its bytes (the lock file
    /// aside: it is not part of any set).
    func files(_ folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        guard let enumerator = manager.enumerator(atPath: folder) else { return result }
        while let path = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue,
                path != ".lock"
            else { continue }
            result[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
        }
        return result
    }

    /// The folders in `folder` whose names mark them as staging folders.
    func stagingFolders(_ folder: String) throws -> [String] {
        try manager.contentsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }.sorted().map { folder + "/" + $0 }
    }

    /// The history folders of `root`, by name.
    func history(_ root: String) throws -> [String: [String: Data]] {
        var result: [String: [String: Data]] = [:]
        for name in try manager.contentsOfDirectory(atPath: root + "/runs") where !name.contains(".tmp-") {
            result[name] = try files(root + "/runs/" + name)
        }
        return result
    }

    /// Checks that `set` is one complete set: the file names of `names`, and a report that decodes.
    func expectComplete(_ set: [String: Data], names: Set<String>, _ what: String) throws {
        #expect(Set(set.keys) == names, "\(what): \(set.keys.sorted()) instead of \(names.sorted())")
        let report = try #require(set["report.json"], "\(what) has no report.json")
        #expect(throws: Never.self, "\(what): report.json does not decode") {
            _ = try JSONDecoder().decode(Report.self, from: report)
        }
    }

    @Test("Killed at each point of publishing, latest/ and the history are each the old set or the new", arguments: _FaultPoint.allCases)
    func killed(at point: _FaultPoint) throws {
        let folder = try Fixture.temporaryFolder("fault-\(point.rawValue)")
        defer { try? manager.removeItem(at: folder) }
        let root = folder.path + "/Reports"
        let first = try EndToEndTests.execute(Self.runArguments(root))
        try #require(first.status == 0, "stderr: \(first.errors)")
        let old = try files(root + "/latest")
        let oldHistory = try history(root)
        try #require(oldHistory.count == 1 && old["report.json"] != nil)
        let names = Set(old.keys)

        let killed = try EndToEndTests.execute(Self.runArguments(root), environment: [_FaultPoint.environmentVariable: point.rawValue])
        try #require(killed.signal == SIGKILL, "not killed at \(point.rawValue): status \(killed.status), stderr: \(killed.errors)")

        let latest = try files(root + "/latest")
        let staging = try stagingFolders(root).map { try files($0) }
        let newHistory = try stagingFolders(root + "/runs").map { try files($0) }
        // Old history folders are never touched.
        for (name, set) in oldHistory { #expect(try files(root + "/runs/" + name) == set, "runs/\(name) changed") }
        switch point {
        case .publishStaged, .publishBeforeExchange:
            // latest/ is the old set, byte for byte; the complete new set is in its staging folder.
            #expect(latest == old, "latest/ is not the old set")
            try #require(staging.count == 1, "\(staging.count) staging folders")
            try expectComplete(staging[0], names: names, "the staged new set")
            #expect(staging[0]["report.json"] != old["report.json"])
            #expect(try history(root).count == 1)
        case .publishExchanged:
            // latest/ is the complete new set; the old set, byte for byte, waits in the staging folder.
            try expectComplete(latest, names: names, "latest/")
            #expect(latest["report.json"] != old["report.json"])
            #expect(staging == [old], "the set-aside folder is not the old set")
            #expect(try history(root).count == 1)
        case .publishNewStaged:
            // latest/ is the new set; the new history folder is staged (its files are latest's
            // report files), not in place.
            try expectComplete(latest, names: names, "latest/")
            #expect(latest["report.json"] != old["report.json"])
            #expect(staging.isEmpty)
            #expect(try history(root).count == 1, "a history folder appeared though it was only staged")
            try #require(newHistory.count == 1)
            #expect(newHistory[0] == latest.filter { oldHistory.values.first!.keys.contains($0.key) })
        }

        // The next run removes what the killed one left and writes a complete set.
        let recovery = try EndToEndTests.execute(Self.runArguments(root))
        #expect(recovery.status == 0, "stderr: \(recovery.errors)")
        try expectComplete(try files(root + "/latest"), names: names, "latest/ after the next run")
        #expect(try stagingFolders(root).isEmpty && stagingFolders(root + "/runs").isEmpty)
        let after = try history(root)
        #expect(after.count == 2)
        for (name, set) in oldHistory { #expect(after[name] == set) }
    }

    @Test("A full disk: exit 73 naming the cause, and the old set intact")
    func fullDisk() throws {
        let folder = try Fixture.temporaryFolder("fault-disk")
        defer { try? manager.removeItem(at: folder) }
        let disk = folder.path + "/disk"
        try manager.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let mount = try EndToEndTests.run(URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=4m", "tmpfs", disk])
        try #require(
            mount.status == 0,
            "Cannot mount a tmpfs (\(mount.errors.trimmingCharacters(in: .whitespacesAndNewlines))): this test needs root, or CAP_SYS_ADMIN.")
        defer { _ = try? EndToEndTests.run(URL(fileURLWithPath: "/bin/umount"), [disk]) }
        let root = disk + "/Reports"
        let first = try EndToEndTests.execute(Self.runArguments(root))
        try #require(first.status == 0, "stderr: \(first.errors)")
        let old = try files(root + "/latest")
        let oldHistory = try history(root)

        // Fill the file system, then free 8 KiB: less than a set, so the write fails partway.
        let reserve = disk + "/reserve"
        try Data(count: 8192).write(to: URL(fileURLWithPath: reserve))
        let filler = fopen(disk + "/filler", "w")
        try #require(filler != nil)
        let chunk = [UInt8](repeating: 0, count: 4096)
        while fwrite(chunk, 1, chunk.count, filler) == chunk.count {}
        fclose(filler)
        try manager.removeItem(atPath: reserve)
        let setBytes = old.values.reduce(0) { $0 + $1.count }
        try #require(setBytes > 8192, "the set (\(setBytes) B) fits in the space left")

        let full = try EndToEndTests.execute(Self.runArguments(root))
        #expect(full.status == 73, "stderr: \(full.errors)")
        #expect(full.errors.contains("No space left on device"), "\(full.errors)")
        #expect(try files(root + "/latest") == old)
        #expect(try history(root) == oldHistory)
        #expect(try stagingFolders(root).isEmpty && stagingFolders(root + "/runs").isEmpty)
    }

    @Test("Two runs into one folder at once: one exits 75 or both succeed in turn; the folder holds complete sets")
    func concurrentRuns() throws {
        let folder = try Fixture.temporaryFolder("fault-race")
        defer { try? manager.removeItem(at: folder) }
        let root = folder.path + "/Reports"
        nonisolated(unsafe) var results: [EndToEndTests.Execution?] = [nil, nil]
        let threads = (0..<2).map { index in
            Thread { results[index] = try? EndToEndTests.execute(Self.runArguments(root)) }
        }
        for thread in threads { thread.start() }
        while threads.contains(where: { !$0.isFinished }) { usleep(10_000) }
        let statuses = try results.map { try #require($0).status }.sorted()
        #expect(statuses == [0, 75] || statuses == [0, 0], "exit statuses \(statuses): \(results.map { $0?.errors ?? "" })")
        if statuses == [0, 75] {
            let refused = results.first { $0?.status == 75 }!!
            #expect(refused.errors.contains("Another layoutbench process is writing into '\(root)'"), "\(refused.errors)")
        }
        let latest = try files(root + "/latest")
        let runs = try history(root)
        #expect(runs.count == statuses.filter { $0 == 0 }.count)
        let names = Set(try #require(runs.values.first).keys)
        try expectComplete(latest, names: names, "latest/")
        // latest/ is the last run's set: its report files are one history folder's, byte for byte.
        #expect(runs.values.contains { set in set == latest.filter { names.contains($0.key) } })
        #expect(try stagingFolders(root).isEmpty && stagingFolders(root + "/runs").isEmpty)

        // Overlapping for certain: the second starts while the first holds the lock (seen in
        // /proc/locks, without taking it), and must exit 75 leaving the first's sets alone.
        let before = try history(root)
        let first = Process()
        first.executableURL = EndToEndTests.binary
        first.arguments = Self.runArguments(root) + (EndToEndTests.underAddressSanitizer ? ["--no-allocations"] : [])
        first.standardOutput = FileHandle.nullDevice
        first.standardError = FileHandle.nullDevice
        try first.run()
        var status = stat()
        try #require(stat(root + "/.lock", &status) == 0)
        let inode = ":\(status.st_ino) "
        func held() -> Bool {
            ((try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? "").split(separator: "\n")
                .contains { $0.contains("FLOCK") && $0.contains(inode) }
        }
        while !held() && first.isRunning { usleep(1000) }
        try #require(first.isRunning, "the first run ended before it could be overlapped")
        let second = try EndToEndTests.execute(Self.runArguments(root))
        let stillRunning = first.isRunning
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        if stillRunning {
            #expect(second.status == 75, "the second run, started while the first held the lock: \(second.status), \(second.errors)")
        }
        let last = try history(root)
        #expect(last.count == before.count + (second.status == 0 ? 2 : 1))
        for (name, set) in before { #expect(last[name] == set) }
        try expectComplete(try files(root + "/latest"), names: names, "latest/ after the overlapped runs")
    }
}
