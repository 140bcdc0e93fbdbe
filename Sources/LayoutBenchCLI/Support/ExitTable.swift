import LayoutBenchKit

/// A command's exit codes for its `--help`, made from ``ExitStatus``: each row a status and
/// what it means for that command (its general ``ExitStatus/meaning`` when the row says nothing).
struct ExitTable: Sendable {
    /// The rows, in the order printed.
    let rows: [(status: ExitStatus, detail: String)]

    /// Every command can fail to write standard output (closed, a full disk): the row for 73 says
    /// so, added in order when the command has no 73 of its own (``LayoutBenchSubcommand/run()``).
    init(_ rows: KeyValuePairs<ExitStatus, String>) {
        var rows = rows.map { (status: $0.key, detail: $0.value) }
        let standardOutput = "standard output cannot be written (closed, or the disk is full)"
        if let index = rows.firstIndex(where: { $0.status == .cannotWriteOutput }) {
            rows[index].detail += ";\n" + standardOutput
        } else {
            let index = rows.firstIndex { $0.status.rawValue > ExitStatus.cannotWriteOutput.rawValue } ?? rows.endIndex
            rows.insert((status: .cannotWriteOutput, detail: standardOutput), at: index)
        }
        self.rows = rows
    }

    /// The statuses listed.
    var statuses: [ExitStatus] { rows.map(\.status) }

    /// `Exit codes:` and a line per status, the code padded to four columns; a detail's further
    /// lines indented under its first.
    var text: String {
        var lines = ["Exit codes:"]
        for row in rows {
            let code = String(row.status.rawValue)
            let detail = row.detail.isEmpty ? row.status.meaning : row.detail
            let indent = String(repeating: " ", count: 6)
            lines.append(
                "  " + TextTable.pad(code, 3) + " "
                    + detail.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent))
        }
        return lines.joined(separator: "\n")
    }
}
