import LayoutBenchReport
import Testing

/// Numbers as the tables, pages and Markdown show them (``MetricFormat``).
@Suite("Metric formatting")
struct MetricFormatTests {
    @Test("Times, bytes and counts take the unit that keeps three significant digits")
    func units() {
        #expect(MetricFormat.value(850, metric: "wallNanoseconds") == "850 ns")
        #expect(MetricFormat.value(12_345, metric: "cpuNanoseconds") == "12.3 µs")
        #expect(MetricFormat.duration(nanoseconds: 1_234_567) == "1.23 ms")
        #expect(MetricFormat.duration(nanoseconds: 2_500_000_000) == "2.50 s")
        #expect(MetricFormat.value(512, metric: "allocatedBytes") == "512 B")
        #expect(MetricFormat.bytes(12.5 * 1024) == "12.5 KiB")
        #expect(MetricFormat.bytes(3.2 * 1024 * 1024) == "3.20 MiB")
        #expect(MetricFormat.value(12_345, metric: "cellUpdates") == "12,345")
        #expect(MetricFormat.count(-1_234_567) == "-1,234,567")
        #expect(MetricFormat.count(1.5) == "1.50")
    }

    @Test("Changes are signed percentages or signed amounts in the metric's unit; a zero base is new")
    func changes() {
        #expect(MetricFormat.relativeChange(base: 100, head: 112.3) == "+12.3%")
        #expect(MetricFormat.relativeChange(base: 100, head: 96) == "-4.0%")
        #expect(MetricFormat.relativeChange(base: 10, head: 35) == "+250%")
        #expect(MetricFormat.relativeChange(base: 5, head: 5) == "0%")
        #expect(MetricFormat.relativeChange(base: 0, head: 3) == "new")
        #expect(MetricFormat.delta(base: 100, head: 140, metric: "pivots") == "+40")
        #expect(MetricFormat.delta(base: 2_400_000, head: 1_200_000, metric: "wallNanoseconds") == "-1.20 ms")
        #expect(MetricFormat.delta(base: 7, head: 7, metric: "pivots") == "0")
    }

    @Test("Ratios, p-values and the progress lines' fixed digits")
    func ratiosAndDigits() {
        #expect(MetricFormat.ratio(12.34) == "12.3×")
        #expect(MetricFormat.ratio(0.5166) == "0.52×")
        #expect(MetricFormat.ratio(nil) == "n/a")
        #expect(MetricFormat.ratio(.infinity) == "n/a")
        #expect(MetricFormat.pValue(0.0004) == "<0.001")
        #expect(MetricFormat.pValue(0.0031) == "0.003")
        #expect(MetricFormat.pValue(0.999) == "1")
        #expect(MetricFormat.fixed(0.5) == "0.50")
        #expect(MetricFormat.fixed(12.44) == "12.4")
        #expect(MetricFormat.fixed(125.4) == "125")
    }
}
