import Foundation
import LayoutEngine
import LayoutImporter
import LayoutScenarios

/// Scenarios made from Interface Builder documents (`layoutbench run --layouts PATH...`), so
/// that a team measures, reports and gates its own layouts as the built-in scenarios.
///
/// Names are `<file>/<layout>/<kind>`: the document's file name (with as many parent folders,
/// joined by `.`, as make it unique among the documents given), the layout's name
/// (``ImportedLayout/name``), and the kind:
/// - `first-layout`, every layout: build N copies of the hierarchy from the parsed document,
///   activate their constraints (one batch each) and lay them out, as a screen's first
///   appearance does. N is the size (4, 8, 16; quick 1, 2, 4), so cost grows linearly.
/// - `device-sweep`, every scene: N copies laid out once (not measured), then each window is
///   resized through ``deviceSweep`` (7 devices, portrait and landscape) with a layout pass per
///   size. The size classes stay the document's (variations are not re-applied per size).
///
/// - `self-sizing`, every table or collection cell (a collection cell as a one-column flow of
///   full-width items, ``ImportedLayout/isSelfSizingCell``): a table as wide as the cell, 667 points tall, with N
///   self-sizing rows of that cell (20, 40, 80; quick 10, 20, 40) built from the document,
///   shown (the first screenful's cells made, measured and placed) and scrolled end to end in
///   steps of half a row: cells are made, reused, measured (`systemLayoutSizeFitting`) and
///   placed, as `cells/*-scroll` does with cells written in code. The first screenful is part
///   of the measurement, so rows that all fit on one screen still measure their work.
///
/// Each scenario checks that every copy imports the document's constraint count; `self-sizing`
/// that every row was measured once and that cells were reused.
public enum ImportedScenarios {
    /// The screen sizes of the device sweep: iPhone SE (1st), 8, 11 Pro, 11, 14 Pro Max, iPad
    /// 9.7" and 12.9" (``DeviceProfile/sweepIDs``), each in portrait then landscape.
    public static let deviceSweep: [Size] = DeviceProfile.sweepIDs.flatMap { id -> [Size] in
        let screen = DeviceProfile(id: id)!.screen
        return [screen, Size(width: screen.height, height: screen.width)]
    }

    /// The kinds of scenario made from a document, the last part of each name: `first-layout`
    /// (every layout), `device-sweep` (scenes), `self-sizing` (table and collection cells).
    public static let kinds = ["first-layout", "device-sweep", "self-sizing"]

    static let sizes = [4, 8, 16]
    static let quickSizes = [1, 2, 4]

    /// Imports the documents among `paths` and makes their scenarios, in document order.
    ///
    /// - Parameter including: Whether to make the scenario of a kind (``kinds``) for a document
    ///   (its path as found under `paths`); default every kind. Names do not depend on it.
    /// - Throws: ``ImportError`` for a path that names nothing or a file that cannot be imported.
    public static func make(
        paths: [String], options: ImportOptions = ImportOptions(),
        including: (_ document: String, _ kind: String) -> Bool = { _, _ in true }
    ) throws(ImportError) -> [Scenario] {
        let files = try DocumentImporter.documentPaths(in: paths)
        let labels = uniqueLabels(files)
        var scenarios: [Scenario] = []
        for (path, label) in zip(files, labels) {
            let document = try DocumentImporter.importFile(atPath: path, options: options)
            for layout in document.layouts {
                let template = Template(layout)
                let base = "\(label)/\(layout.name)"
                if including(path, kinds[0]) { scenarios.append(firstLayout(base + "/" + kinds[0], template, path: path)) }
                if layout.kind == .scene && including(path, kinds[1]) {
                    scenarios.append(deviceSweepScenario(base + "/" + kinds[1], template, path: path))
                }
                if layout.isSelfSizingCell && including(path, kinds[2]) {
                    scenarios.append(selfSizingScenario(base + "/" + kinds[2], template, path: path))
                }
            }
        }
        return scenarios
    }

    /// An imported layout, shared by a scenario's repetitions (which run one at a time).
    final class Template: @unchecked Sendable {
        let layout: ImportedLayout
        init(_ layout: ImportedLayout) { self.layout = layout }
    }

    static func firstLayout(_ name: String, _ template: Template, path: String) -> Scenario {
        let layout = template.layout
        return Scenario(
            name: name,
            summary:
                "Build \(layout.viewCount) views of \(path) (\(layout.kind.rawValue) \(layout.name)), activate \(layout.constraints.count) constraints and lay out, N times.",
            tags: ["imported", "first-layout", layout.kind.rawValue], sizes: sizes, quickSizes: quickSizes,
            sizeUnit: "copies", operationUnit: "layout"
        ) { size in
            var copies: [ImportedLayout] = []
            copies.reserveCapacity(size)
            return ScenarioInstance(
                engines: [], operations: size,
                run: {
                    for _ in 0..<size { copies.append(template.layout.makeCopy()) }
                },
                verify: {
                    verifyCopies(copies, of: template.layout, count: size)
                })
        }
    }

    static func deviceSweepScenario(_ name: String, _ template: Template, path: String) -> Scenario {
        let layout = template.layout
        return Scenario(
            name: name,
            summary: "Resize N copies of \(path) (scene \(layout.name)) through \(deviceSweep.count) device sizes, a layout pass each.",
            tags: ["imported", "device-sweep", "resize"], sizes: sizes, quickSizes: quickSizes,
            sizeUnit: "copies", operationUnit: "resize"
        ) { size in
            let copies = (0..<size).map { _ in template.layout.makeCopy() }
            return ScenarioInstance(
                engines: copies.map(\.window.engine), operations: size * deviceSweep.count,
                run: {
                    for copy in copies {
                        for screen in deviceSweep {
                            copy.window.performFrame { copy.window.resize(width: screen.width, height: screen.height) }
                        }
                    }
                },
                verify: {
                    var failures = verifyCopies(copies, of: template.layout, count: size)
                    let last = deviceSweep[deviceSweep.count - 1]
                    for copy in copies where copy.root.frame.size != last {
                        failures.append(("the root at the last device size \(last)", "it is \(copy.root.frame.size)"))
                        break
                    }
                    return failures
                })
        }
    }

    /// A table's rows, all of one imported cell.
    final class CellSource: TableViewDataSource {
        static let identifier = "imported"
        let rows: Int
        init(rows: Int) { self.rows = rows }
        func numberOfRows(in tableView: TableView) -> Int { rows }
        func tableView(_ tableView: TableView, cellForRow row: Int) -> TableViewCell {
            tableView.dequeueReusableCell(withIdentifier: Self.identifier, for: row)
        }
    }

    static func selfSizingScenario(_ name: String, _ template: Template, path: String) -> Scenario {
        let layout = template.layout
        let visibleHeight = 667.0
        return Scenario(
            name: name,
            summary: "Scroll a table of N self-sizing rows of \(path)'s cell \(layout.name) end to end, with reuse.",
            tags: ["imported", "self-sizing", "cells", "scrolling"], sizes: [20, 40, 80], quickSizes: [10, 20, 40],
            sizeUnit: "rows", operationUnit: "row"
        ) { size in
            let layout = template.layout
            let window = Window(width: layout.size.width, height: visibleHeight)
            let table = TableView(name: "table")
            table.translatesAutoresizingMaskIntoConstraints = false
            table.estimatedRowHeight = max(layout.size.height, 1)
            // Unowned: the table (in the window) keeps the factory; a strong capture would be a cycle.
            table.register(
                { [unowned window] in template.layout.makeTableViewCell(reuseIdentifier: CellSource.identifier, tableWindow: window)! },
                forCellReuseIdentifier: CellSource.identifier)
            window.addSubview(table)
            LayoutConstraint.activate([
                table.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                table.trailingAnchor.constraint(equalTo: window.trailingAnchor),
                table.topAnchor.constraint(equalTo: window.topAnchor),
                table.bottomAnchor.constraint(equalTo: window.bottomAnchor),
            ])
            window.layoutIfNeeded()  // the window and the empty table, outside the measurement
            // The rows come in with the run's first pass: the first screenful is made, measured
            // and placed inside the measurement. Laid out here, it held every row of a table
            // whose rows fit on one screen (few rows, or cells that measure 0 tall), and the
            // scroll measured nothing: 0 solves at every size.
            let source = CellSource(rows: size)
            table.dataSource = source
            let step = max(layout.size.height / 2, 4)
            return ScenarioInstance(
                engines: [window.engine], operations: size,
                run: {
                    _ = table.scrollToEnd(in: window, step: step)
                },
                verify: {
                    withExtendedLifetime(source) {}
                    var failures: [(String, String)] = []
                    if table.rowsMeasured != size {
                        failures.append(("each of the \(size) rows measured once", "\(table.rowsMeasured) were measured"))
                    }
                    let shortest = (0..<size).map { table.rectForRow(at: $0).height }.min() ?? 0
                    if shortest >= 1 {
                        let bound = Int((visibleHeight / shortest).rounded(.up)) + 3
                        if table.cellsCreated > bound { failures.append(("at most \(bound) cells made (reuse)", "\(table.cellsCreated) were made")) }
                    }
                    return failures
                })
        }
    }

    static func verifyCopies(_ copies: [ImportedLayout], of layout: ImportedLayout, count: Int) -> [(String, String)] {
        if copies.count != count { return [("\(count) copies", "\(copies.count) were made")] }
        for copy in copies where copy.constraints.count != layout.constraints.count {
            return [("\(layout.constraints.count) constraints per copy", "a copy has \(copy.constraints.count)")]
        }
        return []
    }

    /// The shortest trailing path of each file that no other file shares, joined by `.`.
    static func uniqueLabels(_ paths: [String]) -> [String] {
        let components = paths.map { $0.split(separator: "/").map(String.init) }
        return components.map { parts in
            var depth = 1
            while depth < parts.count {
                let suffix = Array(parts.suffix(depth))
                let clashes = components.filter { Array($0.suffix(depth)) == suffix }.count
                if clashes <= 1 { break }
                depth += 1
            }
            return parts.suffix(depth).joined(separator: ".")
        }
    }
}
