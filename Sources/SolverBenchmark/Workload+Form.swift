import Cassowary

/// Workload 4: an enaml-like form, the kind of system a desktop toolkit
/// builds for one dialog.
///
/// A window (`left`, `top`, `width`, `height`) with a contents box inset by 10
/// and a `midline`; three rows of a label beside a control (two fields and a
/// combo box, their left edges on the midline, vertically centred on their label),
/// and a full-width field below. Every widget has four variables and
/// nonnegativity, size-hint (hug, compression) and placement constraints; placements
/// are a required inequality plus a medium equality, as enaml's layout helpers
/// generate them. 37 variables and 111 constraints, then a read (the first layout
/// pass). The window's width and height are strong edits (added first, as enaml
/// does), suggested through six sizes ``resizeCycles`` times, with one read per resize.
///
/// Medium weights differ (1.5 for leading edges, 1.25 for spacing, 1 for the
/// trailing gaps) so that every variable has a single optimal value: kiwi and
/// this solver must agree on it.
enum FormWorkload {
    static let variableCount = 37
    static let constraintCount = 111
    static let sizes: [(width: Double, height: Double)] = [
        (400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400),
    ]
    static let resizeCycles = 50

    /// The window's size at the last read.
    static var lastSize: (width: Double, height: Double) { sizes[(resizeCycles * sizes.count - 1) % sizes.count] }

    struct Box {
        var left, top, width, height: Variable
        var right: LinearExpression { left + width }
        var bottom: LinearExpression { top + height }
        var centerY: LinearExpression { top + 0.5 * height }
    }

    /// Collects constraints, then adds them in order.
    struct Builder {
        var constraints: [Constraint] = []

        mutating func required(_ constraint: Constraint) { constraints.append(constraint) }

        mutating func strong(_ constraint: Constraint) {
            constraints.append(constraint.prioritized(Workload.strong))
        }

        mutating func medium(_ constraint: Constraint, weight: Double = 1) {
            constraints.append(constraint.prioritized(Workload.medium, weight: weight))
        }

        mutating func weak(_ constraint: Constraint) {
            constraints.append(constraint.prioritized(Workload.weak))
        }

        /// A placement: required `lhs >= rhs` and a medium `lhs == rhs`.
        mutating func place(_ lhs: LinearExpression, atLeast rhs: LinearExpression, weight: Double) {
            required(lhs >= rhs)
            medium(lhs == rhs, weight: weight)
        }

        mutating func place(_ lhs: Variable, atLeast rhs: LinearExpression, weight: Double) {
            place(LinearExpression(lhs), atLeast: rhs, weight: weight)
        }

        mutating func nonnegative(_ box: Box) {
            for variable in [box.left, box.top, box.width, box.height] { required(variable >= 0) }
        }
    }

    static let leadingWeight = 1.5
    static let spacingWeight = 1.25
    static let trailingWeight = 1.0
    static let spacing = 10.0

    static func run(_ script: TraceScript) {
        func box(_ name: String) -> Box {
            Box(
                left: script.variable("\(name).left"), top: script.variable("\(name).top"),
                width: script.variable("\(name).width"), height: script.variable("\(name).height"))
        }
        let window = box("window")
        let contentsLeft = script.variable("contents.left"), contentsTop = script.variable("contents.top")
        let contentsRight = script.variable("contents.right"), contentsBottom = script.variable("contents.bottom")
        let midline = script.variable("midline")
        let labels = ["label1", "label2", "label3"].map(box)
        let controls = ["field1", "field2", "combo"].map(box)
        let footer = box("field3")

        script.addEdit(window.width, Workload.strong)
        script.addEdit(window.height, Workload.strong)

        var form = Builder()
        // The window and its contents box (10 constraints).
        form.nonnegative(window)
        form.required(contentsLeft == window.left + spacing)
        form.required(contentsTop == window.top + spacing)
        form.required(contentsRight == window.right - spacing)
        form.required(contentsBottom == window.bottom - spacing)
        form.medium(window.width == 0)
        form.medium(window.height == 0)

        // Size hints (4 per label, 3 per field, 5 for the combo, 3 for the footer), fields 1 and 2 equally wide.
        for (label, hint) in zip(labels, [67.0, 66, 24]) {
            form.nonnegative(label)
            form.weak(label.width == hint)
            form.strong(label.width >= hint)
            form.strong(label.height == 16)
            form.strong(label.height >= 16)
        }
        for (index, control) in controls.enumerated() {
            form.nonnegative(control)
            let isCombo = index == 2
            form.strong(control.width >= (isCombo ? 119 : 125))
            form.strong(control.height == (isCombo ? 24 : 21))
            form.strong(control.height >= (isCombo ? 24 : 21))
            if isCombo {
                form.weak(control.width == 119)
                form.strong(control.width <= 300)
            }
        }
        form.strong(controls[0].width == controls[1].width)
        form.nonnegative(footer)
        form.strong(footer.width >= 125)
        form.strong(footer.height == 21)
        form.strong(footer.height >= 21)

        // Rows: label flush left, control on the midline and stretched to the right, centred vertically.
        for (label, control) in zip(labels, controls) {
            form.place(label.left, atLeast: LinearExpression(contentsLeft), weight: leadingWeight)
            form.place(control.left, atLeast: label.right + spacing, weight: spacingWeight)
            form.strong(control.left == midline)
            form.place(LinearExpression(contentsRight), atLeast: control.right, weight: spacingWeight)
            form.strong(label.centerY == control.centerY)
        }
        form.weak(window.left == 0)  // nothing else places the window: pin it, so the solution is unique
        // The footer spans the contents box.
        form.place(footer.left, atLeast: LinearExpression(contentsLeft), weight: leadingWeight)
        form.place(LinearExpression(contentsRight), atLeast: footer.right, weight: spacingWeight)

        // Vertical stacking of the controls, the footer, and the labels.
        let column = controls + [footer]
        form.place(column[0].top, atLeast: LinearExpression(contentsTop), weight: leadingWeight)
        for (upper, lower) in zip(column, column.dropFirst()) {
            form.place(lower.top, atLeast: upper.bottom + spacing, weight: spacingWeight)
        }
        form.place(LinearExpression(contentsBottom), atLeast: footer.bottom, weight: trailingWeight)
        form.place(labels[0].top, atLeast: LinearExpression(contentsTop), weight: leadingWeight)
        for (upper, lower) in zip(labels, labels.dropFirst()) {
            form.place(lower.top, atLeast: upper.bottom + spacing, weight: spacingWeight)
        }
        form.weak(window.top == 0)

        precondition(form.constraints.count == constraintCount, "form: \(form.constraints.count) constraints")
        for constraint in form.constraints { script.add(constraint) }
        script.read()

        for _ in 0..<resizeCycles {
            for size in sizes {
                script.suggest(size.width, for: window.width)
                script.suggest(size.height, for: window.height)
                script.read()
            }
        }
        script.removeEdit(window.width)
        script.removeEdit(window.height)
        for constraint in form.constraints { script.remove(constraint) }
    }
}
