#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The process's memory and scheduling counters at one moment.
///
/// Resident-set figures come from Linux's `/proc/self/status` (`VmRSS`, `VmHWM`); where that
/// can't be read, from `getrusage(RUSAGE_SELF)` (its `ru_maxrss` is the peak; the current
/// size is then unknown and reported as 0). The peak can be reset with ``resetPeak()`` so
/// that it covers one interval. Reading allocates a little (a 4 KiB buffer): don't read it
/// inside an interval whose allocations ``AllocationCounter`` is counting.
public struct ResourceUsage: Hashable, Sendable {
    /// The resident set size now, in bytes (`VmRSS`).
    public var residentBytes: UInt64
    /// The largest resident set size since the process started or since the last successful
    /// ``resetPeak()``, in bytes (`VmHWM`, or `ru_maxrss` when `/proc` is unavailable).
    public var peakResidentBytes: UInt64
    /// Page faults served without I/O (`ru_minflt`).
    public var minorPageFaults: UInt64
    /// Page faults that needed I/O (`ru_majflt`).
    public var majorPageFaults: UInt64
    /// Times the process gave up the CPU to wait (`ru_nvcsw`).
    public var voluntaryContextSwitches: UInt64
    /// Times the process was preempted (`ru_nivcsw`).
    public var involuntaryContextSwitches: UInt64
    /// Where the resident-set figures came from.
    public var source: Source

    /// Where ``ResourceUsage`` read its resident-set figures.
    public enum Source: String, Hashable, Sendable {
        /// `/proc/self/status` (`VmRSS` and `VmHWM`).
        case procStatus = "proc-status"
        /// `getrusage` only: ``residentBytes`` is 0 and ``peakResidentBytes`` never resets.
        case getrusage
    }

    /// Creates a value from its fields.
    public init(
        residentBytes: UInt64, peakResidentBytes: UInt64, minorPageFaults: UInt64 = 0,
        majorPageFaults: UInt64 = 0, voluntaryContextSwitches: UInt64 = 0,
        involuntaryContextSwitches: UInt64 = 0, source: Source = .procStatus
    ) {
        self.residentBytes = residentBytes
        self.peakResidentBytes = peakResidentBytes
        self.minorPageFaults = minorPageFaults
        self.majorPageFaults = majorPageFaults
        self.voluntaryContextSwitches = voluntaryContextSwitches
        self.involuntaryContextSwitches = involuntaryContextSwitches
        self.source = source
    }

    /// Reads the current values.
    ///
    /// - Complexity: One read of `/proc/self/status` and one `getrusage` call.
    public static func current() -> ResourceUsage {
        var usage = rusage()
        _ = getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        var result = ResourceUsage(
            residentBytes: 0,
            // ru_maxrss is in kilobytes on Linux.
            peakResidentBytes: UInt64(max(0, usage.ru_maxrss)) * 1024,
            minorPageFaults: UInt64(max(0, usage.ru_minflt)),
            majorPageFaults: UInt64(max(0, usage.ru_majflt)),
            voluntaryContextSwitches: UInt64(max(0, usage.ru_nvcsw)),
            involuntaryContextSwitches: UInt64(max(0, usage.ru_nivcsw)),
            source: .getrusage
        )
        if let status = readProcStatus(),
            let resident = kilobytes(of: "VmRSS:", in: status),
            let peak = kilobytes(of: "VmHWM:", in: status)
        {
            result.residentBytes = resident * 1024
            result.peakResidentBytes = peak * 1024
            result.source = .procStatus
        }
        return result
    }

    /// How a ``resetPeak()`` call went.
    public enum PeakReset: String, Hashable, Sendable {
        /// The kernel reset `VmHWM` to the current resident set size.
        case reset
        /// `/proc/self/clear_refs` could not be opened or written (no `/proc`, a kernel without
        /// `CONFIG_PROC_PAGE_MONITOR`, or a sandbox that forbids it); the peak still covers the
        /// whole process lifetime.
        case unsupported
    }

    /// Resets the peak resident set size (`VmHWM`) to the current size, so a following
    /// ``current()`` reports the peak of the interval since this call.
    ///
    /// Writes `5` to `/proc/self/clear_refs` (Linux 4.0 and later). The write also clears the
    /// page table's soft-dirty and referenced bits, which nothing in layoutbench uses.
    ///
    /// - Returns: ``PeakReset/reset`` or ``PeakReset/unsupported``; never traps.
    @discardableResult
    public static func resetPeak() -> PeakReset {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .unsupported }
        defer { close(descriptor) }
        let written = write(descriptor, "5", 1)
        return written == 1 ? .reset : .unsupported
    }

    /// Reads `/proc/self/status` whole, or returns `nil`.
    private static func readProcStatus() -> [UInt8]? {
        let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            contents.append(contentsOf: chunk[..<count])
        }
        return contents
    }

    /// Parses a line such as `VmHWM:	  206144 kB` and returns its number of kilobytes.
    static func kilobytes(of key: String, in status: [UInt8]) -> UInt64? {
        let key = Array(key.utf8)
        var lineStart = 0
        while lineStart < status.count {
            var lineEnd = lineStart
            while lineEnd < status.count && status[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            if lineEnd - lineStart > key.count && status[lineStart..<lineStart + key.count].elementsEqual(key) {
                var value: UInt64 = 0
                var sawDigit = false
                for byte in status[(lineStart + key.count)..<lineEnd] {
                    if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                        value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
                        sawDigit = true
                    } else if sawDigit {
                        break
                    }
                }
                return sawDigit ? value : nil
            }
            lineStart = lineEnd + 1
        }
        return nil
    }
}
