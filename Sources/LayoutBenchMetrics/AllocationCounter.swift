import CJemalloc
import Synchronization

/// Counts the heap allocations the current thread makes while it runs a closure.
///
/// Reads jemalloc's own statistics through `mallctl`, so the counts are exact (every
/// request, not a sample) and the counting costs nothing while the measured code runs:
///
/// - **Allocations**: for the interval the thread is bound to an arena of its own
///   (`thread.arena`, arenas made by `arenas.create` and reused), and the count is that arena's
///   `stats.arenas.<i>.small.nrequests + stats.arenas.<i>.large.nrequests`, read after
///   `thread.tcache.flush` (which merges the thread cache's pending counts into the arena)
///   and an `epoch` refresh. No other thread allocates from that arena, so other threads'
///   allocations are not counted even when they run at the same time.
/// - **Bytes**: `thread.allocated` and `thread.deallocated`, jemalloc's exact per-thread totals.
///
/// The measurement itself allocates nothing inside the interval (tested), so no correction is
/// subtracted. Flushing the thread cache at the start makes the first allocations of each size
/// class in the interval take jemalloc's slower refill path: measure time in separate runs.
/// See docs/measurement.md.
///
/// jemalloc must be the process's `malloc`: linking this module (it links `libjemalloc`)
/// does that, and ``init()`` checks it by allocating a Swift object.
///
/// ```swift
/// let counter = try AllocationCounter()
/// let (_, counts) = counter.measure { engine.layout(root) }
/// print(counts.allocations)
/// ```
public struct AllocationCounter: Sendable {
    /// jemalloc's version string, such as `5.3.0-0-g54eaed1d...`.
    public let jemallocVersion: String

    private let tcacheFlush: _Jemalloc.MIB
    private let epoch: _Jemalloc.MIB
    private let threadAllocated: _Jemalloc.MIB
    private let threadDeallocated: _Jemalloc.MIB
    /// `stats.arenas.0.small.nrequests`; component 2 is replaced by the arena index.
    private let smallRequests: _Jemalloc.MIB
    /// `stats.arenas.0.large.nrequests`; component 2 is replaced by the arena index.
    private let largeRequests: _Jemalloc.MIB

    /// Checks that jemalloc serves this process's allocations with statistics enabled, and
    /// resolves the `mallctl` names it reads.
    ///
    /// - Throws: ``MetricsError`` with code `jemalloc-unavailable` (jemalloc not linked),
    ///   `jemalloc-statistics-disabled` (built without `--enable-stats`), or
    ///   `jemalloc-not-interposed` (linked, but Swift's `malloc` calls go elsewhere).
    public init() throws(MetricsError) {
        guard let version = _Jemalloc.version() else {
            throw MetricsError(
                .jemallocUnavailable,
                "mallctl(\"version\") failed: jemalloc is not linked into this process. "
                    + "Install libjemalloc-dev (scripts/test does) and link the CJemalloc target."
            )
        }
        jemallocVersion = version
        guard _Jemalloc.read("config.stats", as: Bool.self, zero: false) == true else {
            throw MetricsError(
                .jemallocStatisticsDisabled,
                "jemalloc \(version) was built without statistics (config.stats is false); "
                    + "use a build configured with --enable-stats, such as Debian's libjemalloc2."
            )
        }
        func resolve(_ name: String) throws(MetricsError) -> _Jemalloc.MIB {
            guard let mib = _Jemalloc.MIB(name) else {
                throw MetricsError(.mallctlFailed, "jemalloc \(version) does not know the mallctl name '\(name)'.")
            }
            return mib
        }
        tcacheFlush = try resolve("thread.tcache.flush")
        epoch = try resolve("epoch")
        threadAllocated = try resolve("thread.allocated")
        threadDeallocated = try resolve("thread.deallocated")
        smallRequests = try resolve("stats.arenas.0.small.nrequests")
        largeRequests = try resolve("stats.arenas.0.large.nrequests")

        let before = threadAllocated.read(UInt64.self, zero: 0) ?? 0
        _allocationProbe()
        let after = threadAllocated.read(UInt64.self, zero: 0) ?? 0
        guard after > before else {
            throw MetricsError(
                .jemallocNotInterposed,
                "jemalloc \(version) is linked but did not see a Swift allocation (thread.allocated "
                    + "stayed at \(before)): malloc resolves to another allocator. Link jemalloc "
                    + "into the executable (depend on LayoutBenchMetrics) or run with "
                    + "LD_PRELOAD=libjemalloc.so.2."
            )
        }
    }

    /// Runs `body` on the current thread and returns its result with the allocations it made.
    ///
    /// Only allocations made by the current thread are counted; `body` must not hand work to
    /// other threads or suspend (it is synchronous, so it can't `await`).
    ///
    /// - Parameter body: The code to measure.
    /// - Returns: `body`'s result, and the allocation counts of the interval.
    /// - Throws: Whatever `body` throws; the thread's arena is restored either way.
    /// - Complexity: Two `epoch` refreshes (each locks every arena's statistics briefly), two
    ///   thread-cache flushes, and a few `mallctl` reads outside the measured interval.
    public func measure<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> (result: Result, allocations: AllocationSnapshot) {
        guard let arena = _CountingArenas.acquire() else {
            // No arena could be made (the 4096-arena limit): fall back to all arenas, which is exact
            // only while no other thread allocates.
            let requests = requestMIBs(arena: _CountingArenas.allArenas)
            let start = snapshot(requests)
            let result = try body()
            let end = snapshot(requests)
            return (result, end - start)
        }
        defer { _CountingArenas.release(arena) }
        // Everything that allocates (resolving the arena's names) happens before the interval.
        let requests = requestMIBs(arena: arena)
        guard let previous = _Jemalloc.exchange("thread.arena", arena) else {
            preconditionFailure("mallctl(\"thread.arena\") failed for arena \(arena)")
        }
        defer { _ = _Jemalloc.exchange("thread.arena", previous) }

        let start = snapshot(requests)
        let result = try body()
        let end = snapshot(requests)
        return (result, end - start)
    }

    /// The `small.nrequests` and `large.nrequests` names of `arena` (or `MALLCTL_ARENAS_ALL`).
    private func requestMIBs(arena: UInt32) -> (small: _Jemalloc.MIB, large: _Jemalloc.MIB) {
        var small = smallRequests
        var large = largeRequests
        small.components[2] = Int(arena)
        large.components[2] = Int(arena)
        return (small, large)
    }

    /// Reads an arena's request counters and this thread's byte totals. Allocates nothing.
    @inline(__always)
    private func snapshot(_ requests: (small: _Jemalloc.MIB, large: _Jemalloc.MIB)) -> AllocationSnapshot {
        tcacheFlush.invoke()
        epoch.write(UInt64(1))
        let small = requests.small.read(UInt64.self, zero: 0) ?? 0
        let large = requests.large.read(UInt64.self, zero: 0) ?? 0
        return AllocationSnapshot(
            allocations: small + large,
            allocatedBytes: threadAllocated.read(UInt64.self, zero: 0) ?? 0,
            deallocatedBytes: threadDeallocated.read(UInt64.self, zero: 0) ?? 0
        )
    }
}

/// Allocates and frees one Swift object, where the optimizer can't remove it. Not API.
@inline(never)
func _allocationProbe() {
    _blackHole(_ProbeObject())
}

/// Keeps a value alive and opaque to the optimizer. Not API.
@inline(never)
@_optimize(none)
func _blackHole<T>(_ value: T) {}

private final class _ProbeObject {
    var payload = 0
}

/// The pool of jemalloc arenas that ``AllocationCounter`` binds measuring threads to. Not API.
///
/// An arena is used by at most one measuring thread at a time; arenas are never destroyed, so
/// the pool holds as many as the most threads that ever measured at once.
enum _CountingArenas {
    /// `MALLCTL_ARENAS_ALL`: the index that means "every arena" in `stats.arenas.<i>`.
    static let allArenas = UInt32(4096)

    private static let free = Mutex<[UInt32]>([])

    /// Takes an idle counting arena, making one with `arenas.create` if none is idle.
    static func acquire() -> UInt32? {
        if let arena = free.withLock({ $0.popLast() }) { return arena }
        return _Jemalloc.read("arenas.create", as: UInt32.self, zero: 0)
    }

    /// Returns an arena to the pool.
    static func release(_ arena: UInt32) {
        free.withLock { $0.append(arena) }
    }
}

extension AllocationCounter {
    /// Returns every arena's unused dirty pages to the system (`mallctl("arena.4096.purge")`,
    /// 4096 being `MALLCTL_ARENAS_ALL`), so that a resident-set reading reflects live
    /// memory rather than what earlier work freed.
    ///
    /// - Returns: Whether jemalloc accepted the call (false when jemalloc is not linked).
    @discardableResult
    public static func purgeUnusedPages() -> Bool {
        mallctl("arena.4096.purge", nil, nil, nil, 0) == 0
    }
}
