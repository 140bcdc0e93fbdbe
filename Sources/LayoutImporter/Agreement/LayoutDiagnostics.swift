import LayoutEngine

/// What only an imported layout shows: the constraints that become unsatisfiable at some size
/// of a device sweep, the views left ambiguous, and the required constraints that should be 999.
public struct LayoutDiagnostics {
    /// A conflict the engine resolved by breaking a constraint.
    public struct Conflict {
        /// The size the layout had when the conflict appeared (the design size for conflicts
        /// present from the start).
        public let size: Size
        /// UIKit's console text for it.
        public let report: String
        /// The constraint broken, with its IB id and line when it came from the file.
        public let broken: String
    }

    /// A required constraint of the file in a conflict at some size, that should be 999 so it
    /// gives way without a conflict: the fixed sizes (`width == constant`) of the conflict when
    /// there are some, else every required constraint of the file in it.
    public struct Suggestion {
        /// The IB id.
        public let id: String
        /// The line of the `<constraint>`.
        public let line: Int
        /// The constraint.
        public let description: String
        /// The first size it broke at.
        public let size: Size
    }

    /// The layout's name.
    public let layout: String
    /// The sizes laid out, in order (the design size first).
    public let sizes: [Size]
    /// The conflicts, in the order they appeared.
    public let conflicts: [Conflict]
    /// The views whose layout is ambiguous at the design size (`Class:id`).
    public let ambiguousViews: [String]
    /// Required constraints of the file that should be 999.
    public let suggestions: [Suggestion]

    /// The sizes a layout is swept through: a scene's root takes each screen of
    /// `screens`; a cell or a XIB view keeps its height and takes each screen's width.
    public static func sweepSizes(for layout: ImportedLayout, screens: [Size]) -> [Size] {
        screens.map { layout.kind == .scene ? $0 : Size(width: $0.width, height: layout.size.height) }
    }

    /// Builds a fresh copy of `layout`, notes its conflicts and ambiguity at the design size,
    /// then resizes it through `screens` (see ``sweepSizes(for:screens:)``), a layout pass each,
    /// collecting every conflict with the size it appeared at.
    public init(_ layout: ImportedLayout, screens: [Size]) {
        let copy = layout.makeCopy()
        let engine = copy.window.engine
        var conflicts: [Conflict] = []
        var brokenAt: [ObjectIdentifier: Size] = [:]
        func describe(_ constraint: LayoutConstraint) -> String {
            guard let source = copy.source(of: constraint) else { return constraint.description }
            return "\(constraint.description) (id \(source.id), line \(source.line))"
        }
        // The file's required constraints in a conflict that should give way: the fixed sizes
        // (`width == 375`, the usual culprit when a device differs), else every one of them.
        func record(_ report: UnsatisfiableConstraintsReport, at size: Size) {
            conflicts.append(Conflict(size: size, report: report.message, broken: describe(report.brokenConstraint)))
            let fromFile = report.constraints.filter { copy.source(of: $0) != nil && ($0.priority.isRequired || $0.isBroken) }
            let fixedSizes = fromFile.filter { $0.secondItem == nil }
            for constraint in fixedSizes.isEmpty ? fromFile : fixedSizes {
                let key = ObjectIdentifier(constraint)
                if brokenAt[key] == nil { brokenAt[key] = size }
            }
        }
        for issue in engine.recentIssues {
            if case .unsatisfiable(let report) = issue { record(report, at: copy.size) }
        }
        let ambiguous = copy.root.ambiguousViews().map(\.debugName)
        var current = copy.size
        let token = engine.addBreakObserver { record($0, at: current) }
        let sizes = Self.sweepSizes(for: copy, screens: screens)
        for size in sizes {
            current = size
            copy.window.performFrame { copy.window.resize(width: size.width, height: size.height) }
        }
        engine.removeBreakObserver(token)
        var suggestions: [Suggestion] = []
        for constraint in copy.constraints where constraint.priority.isRequired || constraint.isBroken {
            guard let size = brokenAt[ObjectIdentifier(constraint)], let source = copy.source(of: constraint) else { continue }
            suggestions.append(Suggestion(id: source.id, line: source.line, description: constraint.description, size: size))
        }
        self.layout = layout.name
        self.sizes = [layout.size] + sizes
        self.conflicts = conflicts
        self.ambiguousViews = ambiguous
        self.suggestions = suggestions
    }

    /// The diagnostics as text.
    public func text() -> String {
        func format(_ size: Size) -> String { "\(formatted(size.width)) x \(formatted(size.height))" }
        var lines = ["\(layout): swept through \(sizes.count) sizes; \(conflicts.count) conflicts; \(ambiguousViews.count) ambiguous views"]
        for conflict in conflicts {
            lines.append("  unsatisfiable at \(format(conflict.size)); broke \(conflict.broken)")
            lines += conflict.report.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
        }
        if !ambiguousViews.isEmpty { lines.append("  ambiguous at the design size: " + ambiguousViews.joined(separator: ", ")) }
        for suggestion in suggestions {
            lines.append(
                "  line \(suggestion.line): required constraint \(suggestion.id) breaks at \(format(suggestion.size)); make it 999 so it gives way without a conflict: \(suggestion.description)"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func formatted(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
