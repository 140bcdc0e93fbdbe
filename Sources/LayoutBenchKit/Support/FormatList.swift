extension CaseIterable where Self: RawRepresentable<String> & Equatable {
    /// Parses `--format` values: comma-separated or repeated, each format once in the order
    /// first given; `defaults` when none is given.
    ///
    /// - Parameters:
    ///   - values: The option's values as given.
    ///   - kind: What the formats are of, for the message (`report`, `profile`).
    ///   - defaults: The formats when `values` is empty.
    /// - Throws: ``LayoutBenchError`` `invalid-option` quoting an unknown format and naming
    ///   the formats.
    public static func formatList(_ values: [String], kind: String, defaults: [Self]) throws(LayoutBenchError) -> [Self] {
        var formats: [Self] = []
        for value in values {
            for name in value.split(separator: ",").map(String.init) {
                guard let format = Self(rawValue: name) else {
                    throw LayoutBenchError(
                        .invalidOption,
                        "Unknown \(kind) format '\(name)'; the formats are \(allCases.map(\.rawValue).joined(separator: ", ")).")
                }
                if !formats.contains(format) { formats.append(format) }
            }
        }
        return formats.isEmpty ? defaults : formats
    }
}
