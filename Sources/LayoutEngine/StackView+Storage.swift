// A stack view's own state, changed in ways that let the optimizer drop the runtime
// exclusivity checks on it (View+EngineStorage.swift): an array or reference is only read or
// written whole, and a mutation works on a local copy taken out with `swap`, so that nothing
// it calls (a reallocation, the release of an old value) runs inside the property's access.

extension StackView {
    /// Changes ``arrangedSubviews`` through a local copy; returns what `change` returns.
    @discardableResult
    func changeArrangedSubviews<Result>(_ change: (inout [View]) -> Result) -> Result {
        var list: [View] = []
        swap(&list, &_arrangedSubviews)
        defer { swap(&list, &_arrangedSubviews) }
        return change(&list)
    }

    /// Changes the custom gaps through a local copy; returns what `change` returns.
    @discardableResult
    func changeCustomSpacings<Result>(_ change: (inout [(view: ObjectIdentifier, spacing: Double)]) -> Result) -> Result {
        var gaps: [(view: ObjectIdentifier, spacing: Double)] = []
        swap(&gaps, &customSpacings)
        defer { swap(&gaps, &customSpacings) }
        return change(&gaps)
    }

    /// Replaces the generated constraints; the old array is released after the access ends.
    func setGeneratedConstraints(_ constraints: [LayoutConstraint]) {
        var generated = constraints
        swap(&generated, &_generatedConstraints)
    }

    /// Replaces the lengths the proportional shares were made from.
    func setProportionalLengths(_ lengths: [Double]) {
        var list = lengths
        swap(&list, &proportionalLengths)
    }

    /// Replaces ``distributingGuides`` and the views each lies between; the old arrays are
    /// released after the accesses end.
    func setDistributingGuideList(_ guides: [LayoutGuide], ends: [DistributingGuideEnds]) {
        var list = guides
        swap(&list, &_distributingGuides)
        var pairs = ends
        swap(&pairs, &distributingGuideEnds)
    }

    /// Replaces ``alignmentSpanner``; the old guide is released after the access ends.
    func setAlignmentSpannerGuide(_ guide: LayoutGuide?) {
        var spanner = guide
        swap(&spanner, &_alignmentSpanner)
    }
}
