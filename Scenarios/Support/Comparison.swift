import LayoutEngine

/// One side of an anti-pattern/fix comparison: what is its own (the rest the two sides share).
struct ComparisonSide {
    let variant: String
    let tags: [String]
    let summary: String
    let expectations: [Expectation]
    let build: @Sendable (Int) -> ScenarioInstance

    /// - Parameters:
    ///   - variant: The part of the name after `family/`.
    ///   - tags: This side's own tags, between the family's name and the role.
    ///   - summary: One line saying what the side does.
    ///   - expectations: Counter facts checked after every repetition.
    ///   - build: Builds one repetition at a size.
    init(
        _ variant: String, tags: [String] = [], summary: String, expectations: [Expectation],
        build: @escaping @Sendable (Int) -> ScenarioInstance
    ) {
        self.variant = variant
        self.tags = tags
        self.summary = summary
        self.expectations = expectations
        self.build = build
    }
}

extension Scenario {
    /// The two sides of an anti-pattern/fix comparison of a family, the anti-pattern first.
    ///
    /// Both run at the same sizes, in the same units and under the same size rule; each names
    /// the other as its partner, and is tagged with the family, its own tags, its role
    /// (`anti-pattern` or `fix`) and then `seeds`, in that order.
    ///
    /// - Parameters:
    ///   - modelGap: What UIKit pays on the anti-pattern side that the model does not (``Pair/modelGap``).
    static func comparison(
        family: String, seeds: [String] = [], sizes: [Int], quickSizes: [Int], sizeUnit: String, operationUnit: String,
        sizeRule: SizeRule = .positive, modelGap: String? = nil, antiPattern: ComparisonSide, fix: ComparisonSide
    ) -> [Scenario] {
        func scenario(_ side: ComparisonSide, _ role: Role, partner: ComparisonSide, modelGap: String?) -> Scenario {
            Scenario(
                name: "\(family)/\(side.variant)", summary: side.summary, tags: [family] + side.tags + [role.rawValue] + seeds,
                sizes: sizes, quickSizes: quickSizes, sizeUnit: sizeUnit, operationUnit: operationUnit,
                pair: Pair(partner: "\(family)/\(partner.variant)", role: role, modelGap: modelGap),
                expectations: side.expectations, sizeRule: sizeRule, build: side.build)
        }
        return [
            scenario(antiPattern, .antiPattern, partner: fix, modelGap: modelGap),
            scenario(fix, .fix, partner: antiPattern, modelGap: nil),
        ]
    }
}

extension ScenarioInstance {
    /// A run of `count` display frames of `window`, one operation each: frame `index` (from 0)
    /// runs `body(index)` and then lays out.
    convenience init(
        frames count: Int, of window: Window, each body: @escaping (Int) -> Void,
        verify: @escaping () -> [(String, String)]
    ) {
        self.init(
            engines: [window.engine], operations: count,
            run: {
                for index in 0..<count {
                    window.performFrame { body(index) }
                }
            }, verify: verify)
    }
}
