import Foundation
import Testing

@testable import LayoutBenchMetrics

/// Whether the suite runs under Address Sanitizer (`scripts/test --sanitize address` sets
/// `LAYOUTBENCH_SANITIZER=address`): malloc is then the sanitizer's, so jemalloc sees no
/// allocation and cannot count any.
let underAddressSanitizer = ProcessInfo.processInfo.environment["LAYOUTBENCH_SANITIZER"] == "address"

/// A Swift class instance: one heap allocation each.
private final class Node {
    var value: Int
    init(_ value: Int) { self.value = value }
}

/// Makes `count` objects where the optimizer can't stack-promote or remove them.
@inline(never)
private func allocateNodes(_ count: Int) {
    for index in 0..<count {
        _blackHole(Node(index))
    }
}

@Suite(
    "AllocationCounter",
    .disabled(if: underAddressSanitizer, "Under Address Sanitizer malloc is the sanitizer's: jemalloc counts nothing"))
struct AllocationCounterTests {
    let counter: AllocationCounter

    init() throws {
        counter = try AllocationCounter()
    }

    @Test("jemalloc is linked and serves Swift's allocations")
    func jemallocIsInterposed() {
        // init() already checked that a Swift allocation moved thread.allocated.
        #expect(counter.jemallocVersion.hasPrefix("5."))
    }

    @Test("measuring nothing counts nothing")
    func emptyIntervalIsZero() {
        for _ in 0..<20 {
            let (_, counts) = counter.measure {}
            #expect(counts == AllocationSnapshot())
        }
    }

    @Test("N class instances are N allocations", arguments: [1, 2, 7, 100, 1000, 50_000])
    func classInstancesAreCountedExactly(count: Int) {
        let (_, counts) = counter.measure { allocateNodes(count) }
        #expect(counts.allocations == UInt64(count))
        // A Node is a 16-byte object header plus an 8-byte Int: 24 bytes, jemalloc's 32-byte size class.
        #expect(counts.allocatedBytes == UInt64(count) * 32)
        #expect(counts.deallocatedBytes == UInt64(count) * 32)
        #expect(counts.netBytes == 0)
    }

    @Test("large and huge buffers are counted")
    func largeBuffersAreCounted() {
        let sizes = [64, 40_000, 200_000, 9 << 20]  // small, large, large, above oversize_threshold (8 MiB)
        let (_, counts) = counter.measure {
            // Index the array: in a debug build, `for size in sizes` allocates 48 bytes per
            // iteration (Swift 6.3.1), which the counter rightly counts.
            for index in sizes.indices {
                let buffer = UnsafeMutableRawPointer.allocate(byteCount: sizes[index], alignment: 8)
                _blackHole(buffer)
                buffer.deallocate()
            }
        }
        #expect(counts.allocations == UInt64(sizes.count))
        #expect(counts.allocatedBytes >= UInt64(sizes.reduce(0, +)))
    }

    @Test("allocations on other threads are not counted")
    func otherThreadsAreIsolated() async {
        await withTaskGroup(of: UInt64.self) { group in
            for count in [300, 500, 700, 900] {
                group.addTask {
                    let (_, counts) = counter.measure { allocateNodes(count) }
                    return counts.allocations &- UInt64(count)
                }
            }
            for await excess in group {
                #expect(excess == 0)
            }
        }
    }

    @Test("throwing bodies restore the thread's arena")
    func throwingBodyIsMeasuredAndRethrown() {
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            _ = try counter.measure { () throws(Failure) in
                allocateNodes(3)
                throw Failure()
            }
        }
        let (_, counts) = counter.measure { allocateNodes(5) }
        #expect(counts.allocations == 5)
    }

    @Test("snapshots subtract and add counter by counter")
    func snapshotArithmetic() {
        let start = AllocationSnapshot(allocations: 10, allocatedBytes: 1000, deallocatedBytes: 400)
        let end = AllocationSnapshot(allocations: 13, allocatedBytes: 1096, deallocatedBytes: 900)
        let delta = end - start
        #expect(delta == AllocationSnapshot(allocations: 3, allocatedBytes: 96, deallocatedBytes: 500))
        #expect(delta.netBytes == -404)
        #expect(delta + start == end)
    }
}

@Suite("AllocationCounter under Address Sanitizer", .enabled(if: underAddressSanitizer))
struct AllocationCounterSanitizerTests {
    @Test("The counter refuses, naming the cause, when malloc is not jemalloc's")
    func refusesWhenNotInterposed() {
        #expect {
            _ = try AllocationCounter()
        } throws: { error in
            guard let error = error as? MetricsError else { return false }
            return error.code == .jemallocNotInterposed && error.message.contains("malloc resolves to another allocator")
        }
    }
}
