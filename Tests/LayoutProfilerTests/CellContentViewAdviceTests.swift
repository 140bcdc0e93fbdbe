import LayoutEngine
import LayoutProfiler
import Testing

/// The autoresizing-conflict finding never tells a cell or its content view to turn
/// translation off (UIKit sizes both); other views still are.
@Suite("Autoresizing advice on cells' content views")
struct CellContentViewAdviceTests {
    @Test("An engine table cell's content view gets the same advice; another view beside it is still told to turn translation off")
    func engineCellAndAnotherView() throws {
        let window = Window(width: 320, height: 480)
        let cell = TableViewCell(name: "cell")
        cell.frame = Rect(x: 0, y: 0, width: 320, height: 50)
        window.addSubview(cell)
        window.layoutIfNeeded()
        let profiler = LayoutProfiler()
        profiler.attach(to: window.engine)
        window.performFrame {
            let box = View(name: "box")
            box.translatesAutoresizingMaskIntoConstraints = false
            cell.contentView.addSubview(box)
            let toast = Label(text: "Saved", name: "toast")
            window.addSubview(toast)
            LayoutConstraint.activate([
                box.topAnchor.constraint(equalTo: cell.contentView.topAnchor, constant: 8),
                box.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor, constant: -8),
                box.heightAnchor.constraint(equalToConstant: 80),
                toast.centerXAnchor.constraint(equalTo: window.centerXAnchor),
            ])
        }
        profiler.detach()
        let report = profiler.report(title: "cells", analyzing: [window])
        let finding = try #require(report.findings.first { $0.id == "autoresizing-conflict" })
        #expect(finding.fix.contains("Keep translatesAutoresizingMaskIntoConstraints on "), "\(finding.fix)")
        #expect(finding.fix.contains("TableViewCellContentView:cell.contentView") && finding.fix.contains("TableViewCell:cell"))
        #expect(finding.fix.contains("= false on Label:toast before"), "\(finding.fix)")
        #expect(!finding.fix.contains("= false on TableViewCell"), "\(finding.fix)")
    }
}
