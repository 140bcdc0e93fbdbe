// What the engine keeps per view, changed in ways that let the optimizer drop the runtime
// exclusivity checks on it (EngineList.swift says why): an array property is only read or
// written whole, a mutation works on a local copy taken out of it with `swap`.

extension View {
    /// Lists an installed constraint in ``constraints`` (the engine's `install`).
    func addInstalledConstraint(_ constraint: LayoutConstraint) {
        var list: [LayoutConstraint] = []
        swap(&list, &_constraints)
        constraint.installedView = self
        constraint.installedSlot = Int32(list.count)
        list.append(constraint)
        swap(&list, &_constraints)
    }

    /// Takes a constraint out of ``constraints``, the last one moving into its place.
    func removeInstalledConstraint(_ constraint: LayoutConstraint) {
        var list: [LayoutConstraint] = []
        swap(&list, &_constraints)
        let slot = Int(constraint.installedSlot)
        let last = list.removeLast()
        if slot < list.count {
            last.installedSlot = Int32(slot)
            list[slot] = last
        }
        swap(&list, &_constraints)
    }

    /// Sets one of the content-size constraints (``ContentSizeConstraints``'s index). The
    /// constraint it replaces is released after the property's access ends, not inside it.
    func setContentSizeConstraint(_ constraint: LayoutConstraint?, at index: Int) {
        var constraints = ContentSizeConstraints()
        swap(&constraints, &contentSizeConstraints)
        constraints[index] = constraint
        swap(&constraints, &contentSizeConstraints)
    }

    /// Forgets the content-size constraints (the view left its engine).
    func clearContentSizeConstraints() {
        var constraints = ContentSizeConstraints()
        swap(&constraints, &contentSizeConstraints)
    }

    /// Inserts into ``subviews``.
    func insertIntoSubviews(_ view: View, at index: Int) {
        var list: [View] = []
        swap(&list, &_subviews)
        list.insert(view, at: min(index, list.count))
        swap(&list, &_subviews)
    }

    /// Removes a subview from ``subviews``.
    func removeFromSubviews(_ view: View) {
        var list: [View] = []
        swap(&list, &_subviews)
        if let index = list.firstIndex(where: { $0 === view }) { list.remove(at: index) }
        swap(&list, &_subviews)
    }
}

/// A view's content-size constraints, by index: 0 width hugging (`width <= w`), 1 width
/// compression resistance (`width >= w`), 2 and 3 the same for the height. Stored inline in
/// the view (no array to allocate per view).
struct ContentSizeConstraints {
    private var hugWidth: LayoutConstraint?
    private var resistWidth: LayoutConstraint?
    private var hugHeight: LayoutConstraint?
    private var resistHeight: LayoutConstraint?

    subscript(index: Int) -> LayoutConstraint? {
        get {
            switch index {
            case 0: hugWidth
            case 1: resistWidth
            case 2: hugHeight
            default: resistHeight
            }
        }
        set {
            switch index {
            case 0: hugWidth = newValue
            case 1: resistWidth = newValue
            case 2: hugHeight = newValue
            default: resistHeight = newValue
            }
        }
    }
}
