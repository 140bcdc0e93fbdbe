#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Nanosecond clocks for timing an interval: monotonic wall time and CPU time.
///
/// Each reader is one `clock_gettime` call (a vDSO call for the monotonic clock, a system call
/// for the CPU clocks) and allocates nothing.
///
/// ```swift
/// let start = Timing.Snapshot.now()
/// engine.layout(root)
/// let elapsed = Timing.Snapshot.now() - start
/// print(elapsed.wallNanoseconds, elapsed.threadCPUNanoseconds)
/// ```
public enum Timing {
    /// Wall time from `CLOCK_MONOTONIC`: never jumps with the date, stops nowhere, counts
    /// time the process is descheduled. Only differences are meaningful.
    @inline(__always)
    public static func monotonicNanoseconds() -> UInt64 {
        read(CLOCK_MONOTONIC)
    }

    /// CPU time consumed by every thread of the process so far (`CLOCK_PROCESS_CPUTIME_ID`).
    @inline(__always)
    public static func processCPUNanoseconds() -> UInt64 {
        read(CLOCK_PROCESS_CPUTIME_ID)
    }

    /// CPU time consumed by the calling thread so far (`CLOCK_THREAD_CPUTIME_ID`).
    @inline(__always)
    public static func threadCPUNanoseconds() -> UInt64 {
        read(CLOCK_THREAD_CPUTIME_ID)
    }

    @inline(__always)
    private static func read(_ clock: clockid_t) -> UInt64 {
        var time = timespec()
        let status = clock_gettime(clock, &time)
        precondition(status == 0, "clock_gettime(\(clock)) failed")
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// The three clocks read together, or the time between two such readings.
    public struct Snapshot: Hashable, Sendable, CustomStringConvertible {
        /// Monotonic wall time, in nanoseconds.
        public var wallNanoseconds: UInt64
        /// CPU time of the whole process, in nanoseconds.
        public var processCPUNanoseconds: UInt64
        /// CPU time of the reading thread, in nanoseconds.
        public var threadCPUNanoseconds: UInt64

        /// Reads the three clocks now (thread CPU first, wall time last).
        @inline(__always)
        public static func now() -> Snapshot {
            let thread = Timing.threadCPUNanoseconds()
            let process = Timing.processCPUNanoseconds()
            return Snapshot(
                wallNanoseconds: Timing.monotonicNanoseconds(),
                processCPUNanoseconds: process,
                threadCPUNanoseconds: thread
            )
        }

        /// The time from `start` to `end`, clock by clock.
        ///
        /// - Precondition: `end` was read after `start` on the same thread.
        public static func - (end: Snapshot, start: Snapshot) -> Snapshot {
            precondition(
                end.wallNanoseconds >= start.wallNanoseconds
                    && end.processCPUNanoseconds >= start.processCPUNanoseconds
                    && end.threadCPUNanoseconds >= start.threadCPUNanoseconds,
                "Timing.Snapshot: subtracting a later reading from an earlier one"
            )
            return Snapshot(
                wallNanoseconds: end.wallNanoseconds - start.wallNanoseconds,
                processCPUNanoseconds: end.processCPUNanoseconds - start.processCPUNanoseconds,
                threadCPUNanoseconds: end.threadCPUNanoseconds - start.threadCPUNanoseconds
            )
        }

        public var description: String {
            "wall \(wallNanoseconds) ns, process CPU \(processCPUNanoseconds) ns, thread CPU \(threadCPUNanoseconds) ns"
        }
    }

    /// Runs `body` and returns its result with the time it took on each clock.
    ///
    /// - Parameter body: The code to time; it runs on the calling thread.
    /// - Returns: `body`'s result and the elapsed times.
    /// - Throws: Whatever `body` throws.
    @inline(__always)
    public static func measure<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> (result: Result, elapsed: Snapshot) {
        let start = Snapshot.now()
        let result = try body()
        // Read in the reverse order of `now()`, so wall time is the innermost interval.
        let wall = Timing.monotonicNanoseconds()
        let process = Timing.processCPUNanoseconds()
        let thread = Timing.threadCPUNanoseconds()
        let end = Snapshot(wallNanoseconds: wall, processCPUNanoseconds: process, threadCPUNanoseconds: thread)
        return (result, end - start)
    }
}
