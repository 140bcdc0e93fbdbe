extension HTMLTable.Cell {
    /// A measurement's load averages at its start and end (``BusyRule/loadAverageText(_:)``),
    /// sorted by the higher of the two; `–` when none was read.
    package static func loadAverage(_ time: TimeResult) -> HTMLTable.Cell {
        HTMLTable.Cell(BusyRule.loadAverageText(time) ?? "–", sortBy: [time.loadAverageAtStart, time.loadAverageAtEnd].compactMap { $0 }.max())
    }

    /// A measurement's wall/CPU ratio (``BusyRule/ratioText(_:)``) with a `busy` badge when
    /// ``BusyRule`` called the machine busy; `–` when the ratio was not recorded.
    package static func wallToCPU(_ time: TimeResult) -> HTMLTable.Cell {
        let text = HTML.escape(BusyRule.ratioText(time) ?? "–") + (time.busy == true ? " " + HTML.badge("busy", kind: "warn") : "")
        return HTMLTable.Cell(html: text, sortValue: time.wallToCPURatio.map { String($0) })
    }
}
