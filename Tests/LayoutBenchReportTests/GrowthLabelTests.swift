import LayoutBenchReport
import Testing

/// The growth labels the pages and the run summary show: a model only over enough sizes, and
/// only when the log-log exponent agrees with it.
@Suite("Growth labels")
struct GrowthLabelTests {
    typealias Brief = FamilySummary.Brief

    @Test("Fewer than four distinct sizes (a quick run) say so instead of naming a model")
    func tooFewSizes() {
        #expect(Brief(model: "O(n)", logLogExponent: 1.0).label(sizeCount: 3) == "too few sizes")
        #expect(Brief(model: "O(n)", logLogExponent: 1.0).label(sizeCount: 4) == "O(n)")
    }

    @Test(
        "A model whose exponent contradicts it is no clear model; one that agrees is named",
        arguments: [
            ("O(n^2)", 0.38, "no clear model"), ("O(log n)", 1.21, "no clear model"), ("O(1)", 0.9, "no clear model"),
            ("O(n^2)", 1.93, "O(n^2)"), ("O(n)", 0.97, "O(n)"), ("O(n log n)", 1.2, "O(n log n)"), ("O(log n)", 0.3, "O(log n)"),
            ("O(1)", 0.01, "O(1)"), ("O(n^3)", 2.9, "O(n^3)"),
        ])
    func agreement(model: String, exponent: Double, label: String) {
        #expect(Brief(model: model, logLogExponent: exponent).label(sizeCount: 5) == label)
    }

    @Test("Without an exponent the fitted model is shown as it is")
    func noExponent() {
        #expect(Brief(model: "O(1)", logLogExponent: nil).label(sizeCount: 5) == "O(1)")
    }
}
