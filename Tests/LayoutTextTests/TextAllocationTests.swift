import Foundation
import LayoutBenchMetrics
import LayoutEngine
import Testing

@testable import LayoutText

/// Whether the suite runs under Address Sanitizer (`scripts/test --sanitize address` sets
/// `LAYOUTBENCH_SANITIZER=address`): malloc is then the sanitizer's and jemalloc counts nothing.
private let underAddressSanitizer = ProcessInfo.processInfo.environment["LAYOUTBENCH_SANITIZER"] == "address"

/// A warm measurer allocates nothing per glyph: HarfBuzz's buffer is reused and the breaker
/// keeps no array, so a text ten times longer costs no more allocations.
@Suite(
    "Text allocations: none per glyph once warm",
    .disabled(if: underAddressSanitizer, "Under Address Sanitizer malloc is the sanitizer's: jemalloc counts nothing"))
struct TextAllocationTests {
    @Test("a cache miss allocates the same for 8 words as for 80, and a hit allocates nothing")
    func noAllocationPerGlyph() throws {
        let counter = try AllocationCounter()
        let measurer = try TextMeasurer()
        let body = Font.preferred(.body)
        let short = String(repeating: "Measured ", count: 8)
        let long = String(repeating: "Measured ", count: 80)
        // Warm: the sized font, HarfBuzz's shape plan and the buffer at the long text's size.
        for text in [long, short] { _ = try measurer.measure(text, font: body, maxWidth: 100, numberOfLines: 0) }

        func missAllocations(_ text: String) throws -> UInt64 {
            measurer.clearCache()
            let (_, counts) = try counter.measure { () throws(TextError) in
                _ = try measurer.measure(text, font: body, maxWidth: 100, numberOfLines: 0)
            }
            return counts.allocations
        }
        let shortMiss = try missAllocations(short)
        let longMiss = try missAllocations(long)
        #expect(shortMiss == longMiss)
        // The miss's allocations are the cache's (its storage after clearCache), not the glyphs'.
        #expect(longMiss <= 2)

        let (_, hit) = try counter.measure { () throws(TextError) in
            _ = try measurer.measure(long, font: body, maxWidth: 100, numberOfLines: 0)
        }
        #expect(hit.allocations == 0)
        #expect(measurer.counters.cacheHits == 1)
    }

    @Test("a text at the limit allocates a bounded amount, not in proportion to its length")
    func hugeTextAllocatesBoundedMemory() throws {
        let counter = try AllocationCounter()
        let measurer = try TextMeasurer()
        let body = Font.preferred(.body)
        let text = String(repeating: "word ", count: TextMeasurer.maximumTextBytes / 5)
        let (_, counts) = try counter.measure { () throws(TextError) in
            _ = try measurer.measure(text, font: body, maxWidth: 320, numberOfLines: 0)
        }
        // A shaping buffer for the whole text would be about 40 bytes a glyph (40 MB here).
        #expect(counts.allocatedBytes < 2 << 20)
    }
}
