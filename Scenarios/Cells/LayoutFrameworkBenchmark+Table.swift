import LayoutEngine
import LayoutText

// The table-view form of LayoutFrameworkBenchmark's feed cell, as LayoutKit's sample app times it
// (`TableViewController`): a fresh table per repetition with self-sizing rows
// (`rowHeight = automaticDimension`, `estimatedRowHeight = 100`), so that only the rows on screen
// are sized and the time stops growing once the screen is full (about 7 rows on the devices of
// `../shared/device-timings`). The frames-by-hand variant needs `heightForRowAt`, which the
// engine's table does not ask for; the Auto Layout and stack variants are the pair.

/// A table cell holding a feed item's view in its content view, pinned by 4 constraints, as the
/// benchmark's cells hold theirs.
final class LFBTableCell: TableViewCell {
    let item: LFBItemView

    init(item: LFBItemView, reuseIdentifier: String) {
        self.item = item
        super.init(reuseIdentifier: reuseIdentifier, name: "LFBTableCell")
        item.view.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(item.view)
        item.view.pinEdges(to: contentView)
    }
}

/// The rows: `cellForRowAt` dequeues a cell and gives it the row's texts.
final class LFBTableSource: TableViewDataSource {
    static let identifier = "LFBTableCell"
    let data: [LFBItem]

    init(data: [LFBItem]) { self.data = data }

    func numberOfRows(in tableView: TableView) -> Int { data.count }

    func tableView(_ tableView: TableView, cellForRow row: Int) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.identifier, for: row)
        (cell as! LFBTableCell).item.setData(data[row])
        return cell
    }
}

extension LFBScenarios {
    /// `table-stackview` is the anti-pattern of `table-autolayout`.
    static let table: [Scenario] = [
        tableScenario(
            "table-stackview", make: LFBStackViewItem.init, partner: "table-autolayout", role: .antiPattern,
            summary:
                "LayoutFrameworkBenchmark's feed cell in 6 nested UIStackViews, in a table of N self-sizing rows: only the rows on screen are sized.",
            modelGap: stackGap),
        tableScenario(
            "table-autolayout", make: LFBAutoLayoutItem.init, partner: "table-stackview", role: .fix,
            summary: "LayoutFrameworkBenchmark's feed cell in Auto Layout, in a table of N self-sizing rows: only the rows on screen are sized."),
    ]

    /// `TableViewController`'s estimate.
    static let estimatedRowHeight = 100.0

    static func tableScenario(
        _ variant: String, make: @escaping @Sendable () -> LFBItemView, partner: String, role: Scenario.Role, summary: String,
        modelGap: String? = nil
    ) -> Scenario {
        Scenario(
            name: "lfb/\(variant)", summary: summary, tags: ["lfb", "cells", "feed", "table", "device-timings", role.rawValue],
            sizes: [10, 40, 100], quickSizes: [5, 10, 20], sizeUnit: "rows", operationUnit: "row",
            pair: Scenario.Pair(partner: "lfb/\(partner)", role: role, modelGap: modelGap),
            expectations: [.counter("unsatisfiableDetections", .equal, 0)],
            build: { size in tableView(rows: size, make: make) })
    }

    /// One repetition: the data made outside the measurement; measured, a window and its table
    /// made, the data source set and the first layout pass run (the table dequeues, configures
    /// and sizes the cells of the rows on screen).
    static func tableView(rows count: Int, make makeView: @escaping () -> LFBItemView) -> ScenarioInstance {
        let source = LFBTableSource(data: (0..<count).map(LFBItem.init(index:)))
        let measurer = try? TextMeasurer()
        var window: Window?
        var table: TableView?
        return ScenarioInstance(
            engines: [], operations: count, views: [], textMeasurers: measurer.map { [$0] } ?? [],
            run: {
                let screen = Window(width: bounds.width, height: bounds.height, name: "window")
                let list = TableView(name: "tableView")
                list.translatesAutoresizingMaskIntoConstraints = false
                list.estimatedRowHeight = estimatedRowHeight
                list.register(
                    {
                        let item = makeView()
                        for label in item.labels { label.textMeasurer = measurer }
                        return LFBTableCell(item: item, reuseIdentifier: LFBTableSource.identifier)
                    }, forCellReuseIdentifier: LFBTableSource.identifier)
                list.dataSource = source
                screen.addSubview(list)
                list.pinEdges(to: screen)
                screen.layoutIfNeeded()
                (window, table) = (screen, list)
            },
            verify: {
                var failures: [(String, String)] = []
                guard let table, window != nil else { return [("a table laid out", "none was")] }
                let visible = table.visibleRows
                if visible.isEmpty { failures.append(("rows on screen", "none")) }
                if visible.count < count, table.rowsMeasured > visible.count + 2 {
                    failures.append(("only the rows on screen sized", "\(table.rowsMeasured) rows measured for \(visible.count) on screen"))
                }
                if table.rectForRow(at: 0).height < 200 + 50 {
                    failures.append(("the first row at least as tall as its two images (250 points)", "it is \(table.rectForRow(at: 0).height)"))
                }
                if measurer == nil {
                    failures.append(("text measured with HarfBuzz in Inter", "the font was not found (apt-get install fonts-inter)"))
                }
                return failures
            })
    }
}
