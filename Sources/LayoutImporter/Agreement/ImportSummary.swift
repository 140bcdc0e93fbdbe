import Foundation
import LayoutBenchJSON
import LayoutEngine

/// What `layoutbench import` reports for one imported hierarchy.
public struct LayoutSummary: Sendable, Codable {
    public let name: String
    public let kind: ImportedLayout.Kind
    public let line: Int
    public let width: Double
    public let height: Double
    public let views: Int
    public let stackViews: Int
    public let constraints: Int
    public let framesCompared: Int
    public let framesWithin1pt: Int
    /// Disagreeing views whose design frame violates a required constraint of the file.
    public let framesInconsistentInDesign: Int
    /// Views not compared: IB marks them misplaced (stale frame).
    public let misplacedViews: Int
    /// Views not compared: IB marks them ambiguous (its frame is one of many).
    public let ambiguousInDesign: Int
    /// Views not compared: uninstalled for the device's size class (`<mask key="subviews">`).
    public let uninstalledViews: Int
    public let unsatisfiable: Int
    public let ambiguousViews: Int
    /// The views that disagree with their design frame: `Class:id (line n): expected ..., got ...`.
    public let mismatches: [String]
    /// The laid-out frames, one view a line, indented by depth (`Class:id (x, y, w, h)`, in the
    /// superview's coordinates), when asked for (`--frames`); `nil` otherwise.
    public let frames: [String]?

    /// The hierarchy below `root` (the root included), depth first.
    static func frameLines(_ root: View) -> [String] {
        var lines: [String] = []
        func visit(_ view: View, depth: Int) {
            lines.append(String(repeating: "  ", count: depth) + "\(view.debugName) \(view.frameIncludingAlignmentInsets)")
            for subview in view.subviews { visit(subview, depth: depth + 1) }
        }
        visit(root, depth: 0)
        return lines
    }
}

/// What `layoutbench import` reports for one file.
public struct DocumentSummary: Sendable, Codable {
    public let path: String
    public let kind: ImportedDocument.Kind
    public let device: String
    public let traits: String
    public let constraintElements: Int
    public let placeholderConstraints: Int
    public let excludedForSizeClass: Int
    public let constraints: Int
    public let skippedConstraints: Int
    /// `symbolic="YES"` constraints (standard spacing), imported with the constant IB wrote.
    public let symbolicConstraints: Int
    public let framesCompared: Int
    public let framesWithin1pt: Int
    /// Disagreeing views whose design frame violates a required constraint of the file.
    public let framesInconsistentInDesign: Int
    public let unsatisfiable: Int
    public let ambiguousViews: Int
    public let warnings: [String]
    public let layouts: [LayoutSummary]

    /// Summarises an imported document: counts, frame agreement, unsatisfiable-constraint
    /// reports (constraints the engine broke) and views with an ambiguous layout.
    public init(_ document: ImportedDocument, includingFrames: Bool = false) {
        var layouts: [LayoutSummary] = []
        for layout in document.layouts {
            let agreement = FrameAgreement(layout)
            let engine = layout.window.engine
            layouts.append(
                LayoutSummary(
                    name: layout.name, kind: layout.kind, line: layout.line, width: layout.size.width, height: layout.size.height,
                    views: layout.viewCount, stackViews: layout.stackViewCount, constraints: layout.constraints.count,
                    framesCompared: agreement.compared, framesWithin1pt: agreement.agreeing,
                    framesInconsistentInDesign: agreement.inconsistentInDesign,
                    misplacedViews: layout.misplacedViews, ambiguousInDesign: layout.ambiguousInDesign,
                    uninstalledViews: layout.uninstalledViews,
                    unsatisfiable: engine.issueCounts[.unsatisfiable] ?? 0,
                    ambiguousViews: layout.ambiguousViews,
                    mismatches: agreement.mismatches.map(\.description),
                    frames: includingFrames ? LayoutSummary.frameLines(layout.root) : nil))
        }
        self.path = document.path
        self.kind = document.kind
        self.device = document.device.id + (document.device.isLandscape ? " landscape" : "")
        self.traits = document.traits.description
        self.constraintElements = document.constraintElements
        self.placeholderConstraints = document.placeholderConstraints
        self.excludedForSizeClass = document.excludedForSizeClass
        self.constraints = document.importedConstraints
        self.skippedConstraints = document.skippedConstraints
        self.symbolicConstraints = document.symbolicConstraints
        self.framesCompared = layouts.reduce(0) { $0 + $1.framesCompared }
        self.framesWithin1pt = layouts.reduce(0) { $0 + $1.framesWithin1pt }
        self.framesInconsistentInDesign = layouts.reduce(0) { $0 + $1.framesInconsistentInDesign }
        self.unsatisfiable = layouts.reduce(0) { $0 + $1.unsatisfiable }
        self.ambiguousViews = layouts.reduce(0) { $0 + $1.ambiguousViews }
        self.warnings = document.warnings.map(\.description)
        self.layouts = layouts
    }
}

/// The report of `layoutbench import`: every file, and totals.
public struct ImportReport: Sendable, Codable {
    /// Totals over all files.
    public struct Totals: Sendable, Codable {
        public let files: Int
        public let failedFiles: Int
        public let layouts: Int
        public let constraints: Int
        public let framesCompared: Int
        public let framesWithin1pt: Int
        /// `framesWithin1pt / framesCompared`.
        public let agreement: Double
        /// Disagreeing views whose design frame violates a required constraint of the file.
        public let framesInconsistentInDesign: Int
        /// Agreement over the views whose design frames are consistent with the file:
        /// `framesWithin1pt / (framesCompared - framesInconsistentInDesign)`.
        public let agreementWhereDesignIsConsistent: Double
        public let unsatisfiable: Int
        public let ambiguousViews: Int
        public let warnings: Int
    }

    /// A file that could not be imported.
    public struct Failure: Sendable, Codable, CustomStringConvertible {
        public let path: String
        public let code: String
        public let line: Int?
        public let column: Int?
        public let message: String

        /// `path:line:column: message`, as ``ImportError`` prints itself.
        public var description: String { SourcePosition.diagnostic(message, file: path, line: line, column: column) }
    }

    public let schema: String
    public let schemaVersion: Int
    public let files: [DocumentSummary]
    public let failures: [Failure]
    public let totals: Totals

    /// Collects file summaries and failures, and adds them up.
    public init(files: [DocumentSummary], failures: [ImportError]) {
        self.schema = "layoutbench.import"
        self.schemaVersion = 1
        self.files = files
        self.failures = failures.map { Failure(path: $0.path, code: $0.code.rawValue, line: $0.line, column: $0.column, message: $0.message) }
        let compared = files.reduce(0) { $0 + $1.framesCompared }
        let within = files.reduce(0) { $0 + $1.framesWithin1pt }
        let inconsistent = files.reduce(0) { $0 + $1.framesInconsistentInDesign }
        func ratio(_ part: Int, _ whole: Int) -> Double { whole == 0 ? 1 : (Double(part) / Double(whole) * 10_000).rounded() / 10_000 }
        self.totals = Totals(
            files: files.count + failures.count, failedFiles: failures.count,
            layouts: files.reduce(0) { $0 + $1.layouts.count }, constraints: files.reduce(0) { $0 + $1.constraints },
            framesCompared: compared, framesWithin1pt: within,
            agreement: ratio(within, compared), framesInconsistentInDesign: inconsistent,
            agreementWhereDesignIsConsistent: ratio(within, compared - inconsistent),
            unsatisfiable: files.reduce(0) { $0 + $1.unsatisfiable }, ambiguousViews: files.reduce(0) { $0 + $1.ambiguousViews },
            warnings: files.reduce(0) { $0 + $1.warnings.count })
    }

    /// Imports every document among `paths` (folders recursively) and summarises it; a
    /// file that fails becomes a failure and the others go on.
    ///
    /// - Throws: ``ImportError`` `.noDocuments` when a path names nothing.
    public static func make(
        paths: [String], options: ImportOptions = ImportOptions(), includingFrames: Bool = false
    )
        throws(ImportError) -> ImportReport
    {
        var files: [DocumentSummary] = []
        var failures: [ImportError] = []
        for path in try DocumentImporter.documentPaths(in: paths) {
            do {
                files.append(DocumentSummary(try DocumentImporter.importFile(atPath: path, options: options), includingFrames: includingFrames))
            } catch {
                failures.append(error)
            }
        }
        return ImportReport(files: files, failures: failures)
    }

    /// The report as pretty-printed JSON with sorted keys.
    public func json() throws -> String {
        try OrderedJSONEncoder(nilMembers: .omitted).text(self, sortingKeys: true) + "\n"
    }

    /// The report as text: per file and hierarchy, views, constraints, agreement,
    /// conflicts, ambiguity, warnings and (with `verbose`) the disagreeing frames.
    public func text(verbose: Bool = false) -> String {
        var lines: [String] = []
        for file in files {
            lines.append("\(file.path)  [\(file.kind.rawValue), \(file.device), \(file.traits)]")
            lines.append(
                "  constraints: \(file.constraints) imported of \(file.constraintElements) (\(file.placeholderConstraints) placeholder, \(file.excludedForSizeClass) excluded for the size class, \(file.skippedConstraints) skipped)"
            )
            lines.append(
                "  frames: \(file.framesWithin1pt)/\(file.framesCompared) within 1 pt (\(file.framesInconsistentInDesign) differing where IB's own frames break a constraint); unsatisfiable: \(file.unsatisfiable); ambiguous views: \(file.ambiguousViews); warnings: \(file.warnings.count)"
            )
            for layout in file.layouts {
                lines.append(
                    "  \(layout.kind.rawValue) \(layout.name) (line \(layout.line)) at \(format(layout.width)) x \(format(layout.height)): \(layout.views) views, \(layout.stackViews) stacks, \(layout.constraints) constraints, frames \(layout.framesWithin1pt)/\(layout.framesCompared), unsatisfiable \(layout.unsatisfiable), ambiguous \(layout.ambiguousViews)"
                )
                if verbose { for mismatch in layout.mismatches { lines.append("      differs: \(mismatch)") } }
                for frame in layout.frames ?? [] { lines.append("      " + frame) }
            }
            for warning in file.warnings { lines.append("  " + warning) }
        }
        for failure in failures {
            lines.append(SourcePosition.diagnostic("error: \(failure.message)", file: failure.path, line: failure.line, column: failure.column))
        }
        // No frame compared (every file failed, or none had a stored frame): no percentage to
        // give, rather than a 100% of nothing.
        let frames: String
        if totals.framesCompared == 0 {
            frames = "no frames compared"
        } else {
            let percent = format(totals.agreement * 100)
            let consistent = format(totals.agreementWhereDesignIsConsistent * 100)
            frames =
                "frames \(totals.framesWithin1pt)/\(totals.framesCompared) within 1 pt (\(percent)%; \(consistent)% without the \(totals.framesInconsistentInDesign) whose design frames break the file's constraints)"
        }
        lines.append(
            "total: \(totals.files) files (\(totals.failedFiles) failed), \(totals.layouts) layouts, \(totals.constraints) constraints, \(frames), \(totals.unsatisfiable) unsatisfiable, \(totals.ambiguousViews) ambiguous views, \(totals.warnings) warnings"
        )
        return lines.joined(separator: "\n") + "\n"
    }

    private func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
}
