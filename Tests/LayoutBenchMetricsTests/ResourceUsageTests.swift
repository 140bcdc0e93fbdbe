import Testing

@testable import LayoutBenchMetrics

#if canImport(Glibc)
    import Glibc
#endif

// Serialized: touching 64 MiB in one test would move another test's peak.
@Suite("ResourceUsage", .serialized)
struct ResourceUsageTests {
    @Test("reads the resident set from /proc/self/status")
    func readsProcStatus() {
        let usage = ResourceUsage.current()
        #expect(usage.source == .procStatus)
        #expect(usage.residentBytes > 1 << 20)
        #expect(usage.peakResidentBytes >= usage.residentBytes)
    }

    @Test("parses VmHWM and VmRSS lines")
    func parsesStatusLines() {
        let status = Array("Name:\tx\nVmHWM:\t  206144 kB\nVmRSS:\t    1340 kB\n".utf8)
        #expect(ResourceUsage.kilobytes(of: "VmHWM:", in: status) == 206_144)
        #expect(ResourceUsage.kilobytes(of: "VmRSS:", in: status) == 1340)
        #expect(ResourceUsage.kilobytes(of: "VmPeak:", in: status) == nil)
    }

    @Test("the peak follows a 64 MiB buffer and resets after it is freed")
    func peakResets() throws {
        let size = 64 << 20
        let before = ResourceUsage.current()
        // mmap directly, so the pages go back to the kernel at munmap whatever the allocator does.
        let pointer = try #require(mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        #expect(pointer != MAP_FAILED)
        memset(pointer, 1, size)
        let touched = ResourceUsage.current()
        #expect(touched.residentBytes >= before.residentBytes + UInt64(size) / 2)
        #expect(touched.peakResidentBytes >= touched.residentBytes)
        munmap(pointer, size)

        let freed = ResourceUsage.current()
        // The peak remembers the buffer. (Not necessarily all of `touched`: the kernel updates
        // VmHWM lazily, so memory that an allocator released with madvise in between is missed.)
        #expect(freed.peakResidentBytes >= before.residentBytes + UInt64(size) / 2)
        switch ResourceUsage.resetPeak() {
        case .reset:
            let reset = ResourceUsage.current()
            #expect(reset.peakResidentBytes < touched.residentBytes)
            #expect(reset.peakResidentBytes <= reset.residentBytes + 8 << 20)
        case .unsupported:
            // A kernel or sandbox without /proc/self/clear_refs: the peak keeps covering the process.
            #expect(ResourceUsage.current().peakResidentBytes >= before.residentBytes + UInt64(size) / 2)
        }
    }
}
