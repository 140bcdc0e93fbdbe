extension RunConfiguration {
    /// ``RunOptions/Shard``, where the runner reads it.
    public typealias Shard = RunOptions.Shard
}

extension RunOptions.Shard {
    /// Parses `--shard K/N`: two integers separated by `/`.
    ///
    /// - Throws: ``LayoutBenchError`` `invalid-option` quoting the value when it is not
    ///   `K/N` with 1 ≤ K ≤ N.
    public static func parse(_ text: String) throws(LayoutBenchError) -> RunOptions.Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0].trimmingCharacters(in: " ")),
            let count = Int(parts[1].trimmingCharacters(in: " "))
        else {
            throw LayoutBenchError(
                .invalidOption, "Invalid --shard '\(text)': write K/N, the shard K of N (1 ≤ K ≤ N), such as --shard 2/4.")
        }
        let shard = RunOptions.Shard(index: index, count: count)
        guard (1...maximumCount).contains(count), (1...count).contains(index) else {
            throw LayoutBenchError(
                .invalidOption,
                "Invalid --shard '\(text)': K/N needs 1 ≤ K ≤ N ≤ \(maximumCount); got K = \(index), N = \(count). "
                    + "Run shards 1/\(max(count, 1)) to \(max(count, 1))/\(max(count, 1)) and join them with 'layoutbench merge'.")
        }
        return shard
    }
}
