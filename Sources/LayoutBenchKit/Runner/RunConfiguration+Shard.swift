extension RunConfiguration {
    /// One of `count` parts of a run's selection (`run --shard K/N`), for spreading a suite
    /// over several machines; `layoutbench merge` joins the parts' reports (``ReportMerge``).
    ///
    /// The rule is stable and needs nothing but the selection: the selected measurements
    /// (scenario and size), in catalogue order and each scenario's sizes ascending, are
    /// numbered from 0, and shard `K` of `N` runs those whose number modulo `N` is `K - 1`.
    /// Dealing them out one by one spreads each scenario's sizes, cheap and expensive, over
    /// the shards, so the shards take about equally long; and the `j`-th measurement of
    /// shard `K` is measurement `j * N + K - 1` of the whole selection, so ``ReportMerge``
    /// puts the merged report back into the unsharded order without the catalogue.
    public struct Shard: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
        /// `K`, from 1.
        public var index: Int
        /// `N`, at least 1.
        public var count: Int

        /// The most shards a selection may be split into.
        public static let maximumCount = 10_000

        public init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }

        /// Whether this shard runs the measurement numbered `measurement` (from 0) in the
        /// whole selection.
        public func owns(_ measurement: Int) -> Bool {
            measurement % count == index - 1
        }

        /// The number in the whole selection of this shard's `position`-th measurement (from 0).
        public func measurementIndex(ofPosition position: Int) -> Int {
            position * count + index - 1
        }

        /// `K/N`.
        public var description: String { "\(index)/\(count)" }

        /// Parses `--shard K/N`: two integers separated by `/`.
        ///
        /// - Throws: ``LayoutBenchError`` `invalid-option` quoting the value when it is not
        ///   `K/N` with 1 ≤ K ≤ N.
        public static func parse(_ text: String) throws(LayoutBenchError) -> Shard {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0].trimmingCharacters(in: " ")),
                let count = Int(parts[1].trimmingCharacters(in: " "))
            else {
                throw LayoutBenchError(
                    .invalidOption, "Invalid --shard '\(text)': write K/N, the shard K of N (1 ≤ K ≤ N), such as --shard 2/4.")
            }
            let shard = Shard(index: index, count: count)
            guard (1...maximumCount).contains(count), (1...count).contains(index) else {
                throw LayoutBenchError(
                    .invalidOption,
                    "Invalid --shard '\(text)': K/N needs 1 ≤ K ≤ N ≤ \(maximumCount); got K = \(index), N = \(count). "
                        + "Run shards 1/\(max(count, 1)) to \(max(count, 1))/\(max(count, 1)) and join them with 'layoutbench merge'.")
            }
            return shard
        }
    }
}
