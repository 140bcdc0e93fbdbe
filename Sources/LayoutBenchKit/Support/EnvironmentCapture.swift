import Foundation
import LayoutBenchMetrics
import LayoutScenarios

/// Reads the tool's, toolchain's and machine's identity for a report.
public enum EnvironmentCapture {
    /// The folder whose git commit the report names: `$LAYOUTBENCH_SOURCE_ROOT` (which
    /// `scripts/layoutbench` sets to the repository), else the current folder.
    public static var sourceRoot: String {
        sourceRootFromEnvironment ?? FileManager.default.currentDirectoryPath
    }

    /// `$LAYOUTBENCH_SOURCE_ROOT`, when set and not empty.
    public static var sourceRootFromEnvironment: String? {
        guard let root = ProcessInfo.processInfo.environment["LAYOUTBENCH_SOURCE_ROOT"], !root.isEmpty else { return nil }
        return root
    }

    /// The tool's identity, with the commit of ``sourceRoot`` when git knows it.
    public static func tool(version: String) -> Report.ToolInfo {
        let root = sourceRoot
        let commit = run(["git", "-C", root, "rev-parse", "HEAD"]).flatMap { $0.count == 40 ? $0 : nil }
        let dirty =
            commit == nil
            ? nil : run(["git", "-C", root, "status", "--porcelain", "--untracked-files=no"]).map { !$0.isEmpty }
        return Report.ToolInfo(version: version, gitCommit: commit, gitDirty: dirty)
    }

    /// The toolchain: `swift --version` at run time, and what the compiler knew.
    public static func toolchain() -> RunEnvironment.Toolchain {
        let version = run(["swift", "--version"])?.split(separator: "\n").first.map(String.init)
        #if DEBUG
            let configuration = "debug"
        #else
            let configuration = "release"
        #endif
        return RunEnvironment.Toolchain(
            swiftVersion: version, compilerVersion: compilerVersion, buildConfiguration: configuration)
    }

    /// The compiler's version at compile time, to the minor version.
    public static var compilerVersion: String {
        #if compiler(>=6.5)
            "6.5 or later"
        #elseif compiler(>=6.4)
            "6.4"
        #elseif compiler(>=6.3)
            "6.3"
        #elseif compiler(>=6.2)
            "6.2"
        #elseif compiler(>=6.1)
            "6.1"
        #else
            "6.0"
        #endif
    }

    /// The machine: CPU model, cores, memory, OS, kernel, architecture.
    public static func machine() -> RunEnvironment.Machine {
        var names = utsname()
        uname(&names)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return RunEnvironment.Machine(
            cpuModel: cpuModel(), logicalCores: logicalCores(),
            memoryBytes: ProcessInfo.processInfo.physicalMemory, os: osName(),
            kernel: field(names.release), architecture: field(names.machine))
    }

    /// The logical cores online (`sysconf(_SC_NPROCESSORS_ONLN)`).
    public static func logicalCores() -> Int {
        Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// `PRETTY_NAME` from `/etc/os-release`.
    static func osName() -> String? {
        guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else { return nil }
        return value(of: "PRETTY_NAME", in: text, separator: "=")
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
    }

    /// The first `model name` of `/proc/cpuinfo`.
    static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        return value(of: "model name", in: text, separator: ":")
    }

    private static func value(of key: String, in text: String, separator: Character) -> String? {
        for line in text.split(separator: "\n") {
            guard let index = line.firstIndex(of: separator) else { continue }
            if line[..<index].trimmingCharacters(in: .whitespaces) == key {
                return line[line.index(after: index)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// Runs a command found on the `PATH`; its standard output trimmed, or `nil` when it
    /// can't run or exits nonzero.
    static func run(_ arguments: [String]) -> String? {
        guard let result = try? Subprocess.run("/usr/bin/env", arguments), result.succeeded else { return nil }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The measurement section: jemalloc, peak reset support, and the harness's own cost.
    public static func measurement(
        allocationCounter: AllocationCounter?, allocationCountingUnavailable: String?
    ) -> RunEnvironment.MeasurementInfo {
        let peakReset = ResourceUsage.resetPeak() == .reset
        return RunEnvironment.MeasurementInfo(
            jemallocVersion: allocationCounter?.jemallocVersion,
            allocationCountingUnavailable: allocationCountingUnavailable, peakResetSupported: peakReset,
            harnessOverhead: harnessOverhead(allocationCounter))
    }

    /// Measures a scenario instance whose run does nothing, as the runner measures scenarios.
    static func harnessOverhead(_ counter: AllocationCounter?) -> RunEnvironment.HarnessOverhead {
        var times: [Double] = []
        for _ in 0..<101 {
            let instance = ScenarioInstance(engines: [], operations: 1, run: {})
            let (_, elapsed) = Timing.measure { instance.run() }
            times.append(Double(elapsed.wallNanoseconds))
        }
        var allocations: AllocationSnapshot?
        if let counter {
            let instance = ScenarioInstance(engines: [], operations: 1, run: {})
            allocations = counter.measure { instance.run() }.allocations
        }
        return RunEnvironment.HarnessOverhead(
            allocations: allocations?.allocations, allocatedBytes: allocations?.allocatedBytes,
            wallNanoseconds: SampleStatistics(times)!.median)
    }

    /// Now, UTC, as `2025-06-01T12:00:00Z`.
    public static func utcTimestamp(_ seconds: Int = Int(time(nil))) -> String {
        var value = time_t(seconds)
        var parts = tm()
        gmtime_r(&value, &parts)
        func pad(_ number: Int32, _ width: Int) -> String {
            let text = String(number)
            return String(repeating: "0", count: Swift.max(0, width - text.count)) + text
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))"
            + "T\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))Z"
    }
}
