/// Heap allocation counters at one moment, or their change over an interval.
///
/// The fields are cumulative counters, so an interval's counts are `end - start`
/// (see ``-(_:_:)``). ``AllocationCounter/measure(_:)`` returns such a difference.
/// docs/measurement.md says which jemalloc statistics each field comes from.
public struct AllocationSnapshot: Hashable, Sendable, CustomStringConvertible {
    /// Allocation requests: `malloc`, `calloc`, `posix_memalign`, `aligned_alloc`, and each
    /// `realloc` that moves its block. Every Swift class instance, closure context, boxed
    /// existential or collection buffer is one.
    public var allocations: UInt64
    /// Bytes allocated by the measuring thread, counted in jemalloc's size classes
    /// (the usable size, which is at least the requested size).
    public var allocatedBytes: UInt64
    /// Bytes the measuring thread freed, in the same size classes. The memory may have
    /// been allocated by any thread, before or during the interval.
    public var deallocatedBytes: UInt64

    /// Creates a snapshot from its counters.
    public init(allocations: UInt64 = 0, allocatedBytes: UInt64 = 0, deallocatedBytes: UInt64 = 0) {
        self.allocations = allocations
        self.allocatedBytes = allocatedBytes
        self.deallocatedBytes = deallocatedBytes
    }

    /// Bytes allocated minus bytes freed (negative when the interval freed more than it allocated).
    public var netBytes: Int64 {
        Int64(truncatingIfNeeded: allocatedBytes &- deallocatedBytes)
    }

    /// The change from `start` to `end`.
    ///
    /// - Precondition: every counter of `end` is at least the one of `start` (the counters only grow).
    public static func - (end: AllocationSnapshot, start: AllocationSnapshot) -> AllocationSnapshot {
        precondition(
            end.allocations >= start.allocations && end.allocatedBytes >= start.allocatedBytes
                && end.deallocatedBytes >= start.deallocatedBytes,
            "AllocationSnapshot: subtracting a later snapshot from an earlier one (\(end) - \(start))"
        )
        return AllocationSnapshot(
            allocations: end.allocations - start.allocations,
            allocatedBytes: end.allocatedBytes - start.allocatedBytes,
            deallocatedBytes: end.deallocatedBytes - start.deallocatedBytes
        )
    }

    /// The sum of two intervals' counts.
    public static func + (lhs: AllocationSnapshot, rhs: AllocationSnapshot) -> AllocationSnapshot {
        AllocationSnapshot(
            allocations: lhs.allocations + rhs.allocations,
            allocatedBytes: lhs.allocatedBytes + rhs.allocatedBytes,
            deallocatedBytes: lhs.deallocatedBytes + rhs.deallocatedBytes
        )
    }

    public var description: String {
        "\(allocations) allocations, \(allocatedBytes) B allocated, \(deallocatedBytes) B freed"
    }
}
