extension Solver {
    /// A readable dump of the installed constraints, the tableau rows and the
    /// objective levels, for debugging.
    ///
    /// Symbols print as their variable name (externals), `s<id>` (slack),
    /// `e<id>` (error), `d<id>` (dummy) and `a<id>` (artificial).
    public func dump() -> String {
        var lines: [String] = []
        lines.append(
            "Solver \(tag): \(constraintCount) constraints, \(core.counters.rowsLive) rows, \(core.levels.count) objective levels, \(core.editCount) edits"
        )
        lines.append("Constraints:")
        for record in core.records.sorted(by: { $0.sequence < $1.sequence }) {
            guard let constraint = record.constraint else { continue }
            var text = "  "
            if let label = constraint.label { text += "'\(label)' " }
            text += describe(constraint)
            text += "   [marker \(symbolName(record.marker))"
            if record.other >= 0 { text += ", error \(symbolName(record.other))" }
            text += "]"
            lines.append(text)
        }
        lines.append("Rows:")
        for rowIndex in 0..<core.rows.count where core.rows[rowIndex].kind == .constraint {
            lines.append("  " + describeRow(Int32(rowIndex), lhs: symbolName(core.rows[rowIndex].basic)))
        }
        lines.append("Objective (highest priority first):")
        for index in 0..<core.levels.count {
            let level = core.levels[index]
            lines.append("  " + describeRow(level.row, lhs: "obj@\(Priority(unchecked: level.priority))"))
        }
        return lines.joined(separator: "\n")
    }

    /// A constraint written with variable names, e.g. `right - left - 100 >= 0 @750`.
    public func describe(_ constraint: Constraint) -> String {
        var text = ""
        for (index, term) in constraint.terms.enumerated() {
            let magnitude = abs(term.coefficient)
            if index == 0 {
                if term.coefficient < 0 { text += "-" }
            } else {
                text += term.coefficient < 0 ? " - " : " + "
            }
            if magnitude != 1 { text += Constraint.format(magnitude) + "*" }
            text += name(of: term.variable)
        }
        if constraint.constant != 0 || constraint.terms.isEmpty {
            if constraint.terms.isEmpty {
                text += Constraint.format(constraint.constant)
            } else {
                text +=
                    constraint.constant < 0
                    ? " - " + Constraint.format(-constraint.constant) : " + " + Constraint.format(constraint.constant)
            }
        }
        text += " \(constraint.relation.rawValue) 0"
        if !constraint.priority.isRequired { text += " @\(constraint.priority)" }
        if constraint.weight != 1 { text += " (weight \(Constraint.format(constraint.weight)))" }
        return text
    }

    func symbolName(_ symbol: Int32) -> String {
        guard symbol >= 0 else { return "-" }
        switch core.symbols[symbol].kind {
        case .external: return name(of: Variable(id: symbol, solverTag: tag))
        case .slack: return "s\(symbol)"
        case .error: return "e\(symbol)"
        case .dummy: return "d\(symbol)"
        case .artificial: return "a\(symbol)"
        case .unused: return "?\(symbol)"
        }
    }

    func describeRow(_ row: Int32, lhs: String) -> String {
        let header = core.rows[row]
        var text = "\(lhs) = \(Constraint.format(header.constant))"
        var entries: [(Int32, Double)] = []
        for index in 0..<Int(header.count) {
            entries.append((header.entries[index].symbol, header.entries[index].coefficient))
        }
        entries.sort { $0.0 < $1.0 }
        for (symbol, coefficient) in entries {
            text += coefficient < 0 ? " - " : " + "
            if abs(coefficient) != 1 { text += Constraint.format(abs(coefficient)) + "*" }
            text += symbolName(symbol)
        }
        return text
    }
}
