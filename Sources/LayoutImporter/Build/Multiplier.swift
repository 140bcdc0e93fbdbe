/// Parses a `multiplier` attribute: a decimal (`0.8`), or a ratio written `a:b` (`389:210`,
/// what IB writes for aspect ratios) or `a/b` (`1/3`); a ratio means a ÷ b.
///
/// - Returns: The value, or `nil` for text that is none of these or a ratio over zero.
func parseMultiplier(_ text: String) -> Double? {
    for separator in [":", "/"] where text.contains(separator) {
        let parts = text.split(separator: Character(separator), omittingEmptySubsequences: false)
        guard parts.count == 2, let numerator = Double(parts[0].trimmingSpaces), let denominator = Double(parts[1].trimmingSpaces),
            denominator != 0, numerator.isFinite, denominator.isFinite
        else { return nil }
        return numerator / denominator
    }
    guard let value = Double(text.trimmingSpaces), value.isFinite else { return nil }
    return value
}

extension Substring {
    var trimmingSpaces: Substring {
        var result = self
        while result.first == " " { result = result.dropFirst() }
        while result.last == " " { result = result.dropLast() }
        return result
    }
}

extension String {
    var trimmingSpaces: Substring { Substring(self).trimmingSpaces }
}
