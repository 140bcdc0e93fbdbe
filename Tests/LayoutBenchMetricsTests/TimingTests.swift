import Testing

@testable import LayoutBenchMetrics

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Timing")
struct TimingTests {
    @Test("busy work shows as thread CPU time, within the wall time")
    func busyWork() {
        // Spin until the thread itself has used 10 ms of CPU, however loaded the machine is.
        let (result, elapsed) = Timing.measure { () -> UInt64 in
            var accumulator: UInt64 = 0
            let start = Timing.threadCPUNanoseconds()
            while Timing.threadCPUNanoseconds() - start < 10_000_000 { accumulator &+= 1 }
            return accumulator
        }
        #expect(result > 0)
        #expect(elapsed.threadCPUNanoseconds >= 10_000_000)
        // A thread can't use more CPU than wall time passes (1 ms for clock granularity).
        #expect(elapsed.wallNanoseconds + 1_000_000 >= elapsed.threadCPUNanoseconds)
        // The process's CPU time includes the thread's (its readings sit just inside the thread's).
        #expect(elapsed.processCPUNanoseconds + 1_000_000 >= elapsed.threadCPUNanoseconds)
    }

    @Test("sleeping takes wall time but almost no CPU time")
    func sleeping() {
        let (_, elapsed) = Timing.measure { usleep(30_000) }
        #expect(elapsed.wallNanoseconds >= 30_000_000)
        #expect(elapsed.threadCPUNanoseconds < 10_000_000)
    }

    @Test("the monotonic clock never goes back")
    func monotonic() {
        var previous = Timing.monotonicNanoseconds()
        for _ in 0..<10_000 {
            let now = Timing.monotonicNanoseconds()
            #expect(now >= previous)
            previous = now
        }
    }

    @Test func snapshotSubtraction() {
        let start = Timing.Snapshot(wallNanoseconds: 100, processCPUNanoseconds: 50, threadCPUNanoseconds: 40)
        let end = Timing.Snapshot(wallNanoseconds: 350, processCPUNanoseconds: 250, threadCPUNanoseconds: 140)
        #expect(end - start == Timing.Snapshot(wallNanoseconds: 250, processCPUNanoseconds: 200, threadCPUNanoseconds: 100))
    }
}
