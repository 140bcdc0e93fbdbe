import LayoutEngine
import LayoutImporter
import LayoutScenarios

/// `layoutbench profile FILE.xib`: the profiler's findings on a document's layouts (their
/// first layout), and what only an imported file shows (``LayoutDiagnostics``: conflicts over
/// the device sweep, ambiguity, required constraints that should be 999).
public enum DocumentProfiling {
    /// Whether a profile argument names an Interface Builder document rather than a scenario.
    public static func isDocument(_ argument: String) -> Bool {
        argument.hasSuffix(".xib") || argument.hasSuffix(".storyboard")
    }

    /// Whether `view` is the cell or its content view, in a copy of a layout of kind
    /// ``ImportedLayout/Kind/cell``: the cell is the root, pinned to its window, and the
    /// content view (`tableViewCellContentView`, `collectionViewCellContentView`, or a
    /// `<view key="contentView">`) is its only subview (keyed views such as a background are
    /// laid out on their own). UIKit sizes both: never advise turning their translation off.
    static func isCellOrContentView(_ view: View) -> Bool {
        if view.superview is Window { return true }
        guard let cell = view.superview, cell.superview is Window else { return false }
        return cell.subviews.first === view
    }

    /// One layout's profile and diagnostics.
    public struct LayoutProfile {
        /// The `first-layout` scenario profiled.
        public let scenario: Scenario
        /// Its profile.
        public let profile: ScenarioProfiling.Profile
        /// Conflicts over the device sweep, ambiguity, 999 suggestions.
        public let diagnostics: LayoutDiagnostics
    }

    /// Profiles the layouts of the document at `path` whose names match `scene` (a glob; every
    /// layout when `nil`), each at `size` copies.
    ///
    /// - Throws: ``ImportError`` when the document cannot be imported; `.noDocuments` when no
    ///   layout matches `scene`.
    public static func profile(path: String, scene: String?, size: Int, eventBufferCapacity: Int?) throws(ImportError) -> [LayoutProfile] {
        let document = try DocumentImporter.importFile(atPath: path)
        let scenarios = try ImportedScenarios.make(paths: [path])
        var result: [LayoutProfile] = []
        for layout in document.layouts where scene.map({ ScenarioSelection.glob($0, layout.name) }) ?? true {
            guard let scenario = scenarios.first(where: { $0.name.hasSuffix("/\(layout.name)/first-layout") }) else { continue }
            var sizedByCell: ((View) -> Bool)?
            if layout.kind == .cell { sizedByCell = { isCellOrContentView($0) } }
            let profile = ScenarioProfiling.profile(
                scenario, size: size, eventBufferCapacity: eventBufferCapacity, sizedByCell: sizedByCell)
            let diagnostics = LayoutDiagnostics(layout, screens: ImportedScenarios.deviceSweep)
            result.append(LayoutProfile(scenario: scenario, profile: profile, diagnostics: diagnostics))
        }
        guard !result.isEmpty else {
            let names = document.layouts.map(\.name).joined(separator: ", ")
            throw ImportError(.noDocuments, path: path, "No layout of '\(path)' matches '\(scene ?? "*")'; its layouts are \(names).")
        }
        return result
    }
}
