import Cassowary
import Synchronization

/// A relationship between two layout attributes, as `NSLayoutConstraint`:
/// `firstItem.firstAttribute (relation) multiplier * secondItem.secondAttribute + constant`.
///
/// Activation installs it in the engine of its items' hierarchy (as an equation
/// in the solver). Use ``activate(_:)`` to install many at once (one solve);
/// setting ``isActive`` solves each time. Changing ``constant`` on an active
/// constraint is an in-place update (no remove and re-add). Changing ``priority``
/// between required and non-required while active is refused, as in UIKit.
public final class LayoutConstraint: CustomStringConvertible {
    /// What made the constraint. Descriptions use the matching UIKit class name.
    public enum Origin: Sendable, Equatable {
        /// Made by app code (anchors, `init(item:...)`, the visual format language).
        case app
        /// Made from a view's frame because `translatesAutoresizingMaskIntoConstraints` is on.
        case autoresizingMask
        /// Made from a view's intrinsic content size (hugging or compression resistance).
        case contentSize
        /// Made by a container (stack view, table) for its own layout.
        case container
        /// Made by a window for its own origin and size.
        case window
        /// Made while measuring a fitting size, removed right after.
        case fitting

        var className: String {
            switch self {
            case .app, .container, .fitting: "NSLayoutConstraint"
            case .autoresizingMask: "NSAutoresizingMaskLayoutConstraint"
            case .contentSize: "NSContentSizeLayoutConstraint"
            case .window: "NSLayoutConstraint"
            }
        }
    }

    public unowned let firstItem: LayoutItem
    public let firstAttribute: LayoutAttribute
    public let relation: LayoutRelation
    public unowned let secondItem: LayoutItem?
    public let secondAttribute: LayoutAttribute
    public let multiplier: Double
    /// A name for descriptions and reports (`NSLayoutConstraint.identifier`).
    public var identifier: String? {
        get { _identifier }
        set { _identifier = newValue }
    }
    // Stored properties the engine reads are internal behind public accessors: the optimizer
    // proves their accesses exclusive and drops the runtime checks (EngineList.swift).
    var _identifier: String?
    /// What made the constraint.
    public let origin: Origin
    /// A number that identifies the constraint in descriptions.
    public let serial: Int

    /// For autoresizing constraints: the `h=--&`-style mask description.
    var autoresizingDescription: String?

    // Engine state.
    unowned(unsafe) var engine: LayoutEngine?
    var solverConstraint: Constraint?
    /// The constraint's index in its engine's `activeConstraints`, or -1; its solver constraint
    /// carries the same index as its `clientIndex` (``LayoutEngine/layoutConstraint(for:)``).
    var engineSlot: Int32 = -1
    unowned(unsafe) var installedView: View?
    var installedSlot: Int32 = -1

    /// Whether the engine broke this constraint to resolve a conflict: it is active
    /// but no longer required (it holds at ``LayoutPriority/broken`` instead).
    public internal(set) var isBroken: Bool {
        get { _isBroken }
        set { _isBroken = newValue }
    }
    var _isBroken = false

    private var storedConstant: Double
    private var storedPriority: LayoutPriority

    /// Makes a constraint `item.attribute (relation) multiplier * toItem.attribute + constant`,
    /// as `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`.
    public convenience init(
        item: LayoutItem, attribute: LayoutAttribute, relatedBy relation: LayoutRelation,
        toItem: LayoutItem?, attribute secondAttribute: LayoutAttribute,
        multiplier: Double = 1, constant: Double = 0, priority: LayoutPriority = .required,
        identifier: String? = nil
    ) {
        self.init(
            item: item, attribute: attribute, relatedBy: relation, toItem: toItem, attribute: secondAttribute,
            multiplier: multiplier, constant: constant, priority: priority, identifier: identifier, origin: .app)
    }

    /// Makes a constraint that UIKit, not app code, made: for importers that rebuild a UIKit
    /// layout (the log replay of the `UIKitLogs` module). `autoresizingMask` is the
    /// `h=--& v=--&` text of an `NSAutoresizingMaskLayoutConstraint`.
    public convenience init(
        rebuilding origin: Origin, item: LayoutItem, attribute: LayoutAttribute, relatedBy relation: LayoutRelation,
        toItem: LayoutItem?, attribute secondAttribute: LayoutAttribute, multiplier: Double = 1, constant: Double = 0,
        priority: LayoutPriority = .required, identifier: String? = nil, autoresizingMask: String? = nil
    ) {
        self.init(
            item: item, attribute: attribute, relatedBy: relation, toItem: toItem, attribute: secondAttribute,
            multiplier: multiplier, constant: constant, priority: priority, identifier: identifier, origin: origin)
        autoresizingDescription = autoresizingMask
    }

    init(
        item: LayoutItem, attribute: LayoutAttribute, relatedBy relation: LayoutRelation,
        toItem: LayoutItem?, attribute secondAttribute: LayoutAttribute,
        multiplier: Double, constant: Double, priority: LayoutPriority, identifier: String?, origin: Origin
    ) {
        precondition(attribute != .notAnAttribute, "A constraint's first attribute cannot be notAnAttribute")
        precondition(
            (toItem == nil) == (secondAttribute == .notAnAttribute),
            "A constraint has a second item exactly when it has a second attribute")
        if let second = secondAttribute.axis, let first = attribute.axis, !attribute.isDimension || !secondAttribute.isDimension {
            precondition(first == second, "Cannot relate \(attribute) to \(secondAttribute): they lie on different axes")
        }
        precondition(
            toItem != nil || attribute.isDimension || origin != .app,
            "Only a width or height can equal a constant; relate a position to another item's position")
        self.firstItem = item
        self.firstAttribute = attribute
        self.relation = relation
        self.secondItem = toItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.storedConstant = constant
        self.storedPriority = priority
        self._identifier = identifier
        self.origin = origin
        self.serial = Self.nextSerial()
    }

    private static let serialCounter = Atomic<Int>(0x6000_0200_0000)

    private static func nextSerial() -> Int {
        serialCounter.wrappingAdd(0x30, ordering: .relaxed).newValue
    }

    // MARK: - Properties with engine effects

    /// The constant. Changing it on an active constraint updates the solver in
    /// place: the `.constant` path, far cheaper than deactivating and recreating.
    public var constant: Double {
        get { storedConstant }
        set {
            let old = storedConstant
            guard newValue != old else { return }
            storedConstant = newValue
            engine?.constantDidChange(self, from: old)
        }
    }

    /// The priority. On an active constraint, a change between required and
    /// non-required is refused (UIKit raises an exception): the priority stays, and
    /// the engine records a ``LayoutIssue`` with UIKit's message. Use
    /// ``setPriority(_:)`` to get the error thrown instead, and 999 rather than 1000
    /// for a priority that changes at run time.
    public var priority: LayoutPriority {
        get { storedPriority }
        set {
            do {
                try setPriority(newValue)
            } catch {
                engine?.record(issue: .requiredPriorityMutation(self, message: error.description))
            }
        }
    }

    /// Sets the priority, throwing when an active constraint would change between
    /// required and non-required.
    ///
    /// - Throws: ``LayoutError/requiredPriorityMutation(_:message:)``, with UIKit's message.
    public func setPriority(_ newValue: LayoutPriority) throws(LayoutError) {
        let old = storedPriority
        guard newValue != old else { return }
        if let engine, !isBroken, !old.changesInPlace(to: newValue) {
            engine.emitRefusedPriorityMutation(self, to: newValue)
            throw .refusedPriorityMutation(self, from: old, to: newValue)
        }
        storedPriority = newValue
        engine?.priorityDidChange(self, from: old)
    }

    /// Whether the constraint is installed. Setting it installs or removes this one
    /// constraint with its own solve; prefer ``activate(_:)`` for many.
    public var isActive: Bool {
        get { engine != nil }
        set {
            if newValue {
                guard engine == nil else { return }
                LayoutEngine.activate(self, individually: true)
            } else {
                guard let engine else { return }
                engine.deactivate([self], individually: true)
            }
        }
    }

    /// Activates constraints as one batch: every equation is added first, then one
    /// solve runs (`NSLayoutConstraint.activate`, which wraps the additions in
    /// NSISEngine's `withAutomaticOptimizationsDisabled`).
    public static func activate(_ constraints: [LayoutConstraint]) {
        LayoutEngine.activate(constraints, individually: false)
    }

    /// Deactivates constraints as one batch: one solve.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        // Almost always all active in one engine: they go to it as they are, with no grouping.
        guard let engine = constraints.first?.engine, !constraints.contains(where: { $0.engine !== engine }) else {
            return deactivateGrouped(constraints)
        }
        engine.deactivate(constraints, individually: false)
    }

    /// ``deactivate(_:)`` over several engines (or none installed first): one batch per engine,
    /// the engines in the order of their first constraints' serials.
    private static func deactivateGrouped(_ constraints: [LayoutConstraint]) {
        var groups: [(engine: LayoutEngine, constraints: [LayoutConstraint])] = []
        for constraint in constraints {
            guard let engine = constraint.engine else { continue }
            if let index = groups.firstIndex(where: { $0.engine === engine }) {
                groups[index].constraints.append(constraint)
            } else {
                groups.append((engine, [constraint]))
            }
        }
        for group in groups.sorted(by: { $0.constraints[0].serial < $1.constraints[0].serial }) {
            group.engine.deactivate(group.constraints, individually: false)
        }
    }

    // MARK: - Expression

    /// The constraint as a solver constraint over the items' variables:
    /// `first - multiplier * second - constant (relation) 0`, carrying ``engineSlot`` as its
    /// `clientIndex`.
    func makeSolverConstraint(priority: LayoutPriority) -> Constraint {
        // One array of at most four terms, in the order the operators made them before.
        var terms: [Term] = []
        terms.reserveCapacity(4)
        firstAttribute.appendTerms(of: firstItem.variables!, scaledBy: 1, to: &terms)
        if let secondItem {
            secondAttribute.appendTerms(of: secondItem.variables!, scaledBy: -multiplier, to: &terms)
        }
        let expression = LinearExpression(terms: terms, constant: 0 - storedConstant)
        // Content-size constraints carry their view's fill-order weight (StackView+FillOrder.swift).
        let weight = origin == .contentSize ? Double(firstItem.fillOrderWeight) : 1
        let constraint = Constraint(expression, relation.solverRelation, priority: priority.solverPriority, weight: weight)
        constraint.clientIndex = engineSlot
        return constraint
    }

    /// Moves the constraint to `slot` of its engine's `activeConstraints`, on both sides of the
    /// link (``engineSlot`` and its solver constraint's `clientIndex`).
    func move(toEngineSlot slot: Int32) {
        engineSlot = slot
        solverConstraint?.clientIndex = slot
    }

    /// Whether two constraints say the same thing (same items, attributes, relation,
    /// multiplier, constant and priority): how churn is recognised.
    public func isEquivalent(to other: LayoutConstraint) -> Bool {
        firstItem === other.firstItem && firstAttribute == other.firstAttribute && relation == other.relation
            && secondItem === other.secondItem && secondAttribute == other.secondAttribute
            && multiplier == other.multiplier && constant == other.constant && priority == other.priority
    }

    // MARK: - Description

    /// UIKit's style: `<NSLayoutConstraint:0x600002c3f6b0 'id' Label:title.leading == View:root.leading + 16   (active)>`.
    public var description: String {
        // Built in one buffer: the interpolations and `+=` of pieces grew it three or four
        // times, and a broken constraint's report describes every constraint of its conflict.
        var text = ""
        text.reserveCapacity(160)
        text += "<"
        text += origin.className
        text += ":0x"
        text += String(serial, radix: 16)
        if let identifier {
            text += " '"
            text += identifier
            text += "'"
        }
        if let autoresizingDescription {
            text += " "
            text += autoresizingDescription
        }
        // An autoresizing origin reads as UIKit prints it: `View:v.minX == 0`, the
        // superview named as '|' after the state.
        let superviewOrigin =
            origin == .autoresizingMask && !isBroken && multiplier == 1 && relation == .equal
            && (firstAttribute == .left || firstAttribute == .top) && secondAttribute == firstAttribute
            && secondItem != nil && secondItem === (firstItem as? View)?.superview
        text += " "
        text += firstItem.debugName
        if superviewOrigin {
            text += firstAttribute == .left ? ".minX == " : ".minY == "
            text += formatNumber(constant)
            text += isActive ? "   (active, names: '|':" : "   (names: '|':"
            text += secondItem!.debugName
            text += " )>"
            return text
        }
        text += "."
        text += firstAttribute.rawValue
        text += " "
        text += relation.rawValue
        text += " "
        if let secondItem {
            if multiplier != 1 {
                text += formatNumber(multiplier)
                text += "*"
            }
            text += secondItem.debugName
            text += "."
            text += secondAttribute.rawValue
            if constant != 0 {
                text += constant < 0 ? " - " : " + "
                text += formatNumber(constant < 0 ? -constant : constant)
            }
        } else {
            text += formatNumber(constant)
        }
        if isBroken {
            text += " @\(LayoutPriority.broken) (broken, was required)"
        } else if !priority.isRequired {
            text += " @\(priority)"
        }
        text += isActive ? "   (active)>" : ">"
        return text
    }
}

/// Errors of the layout engine's throwing APIs.
public enum LayoutError: Error, CustomStringConvertible {
    /// A required-to-non-required (or reverse) priority change on an active constraint.
    case requiredPriorityMutation(LayoutConstraint, message: String)

    public var description: String {
        switch self {
        case .requiredPriorityMutation(_, let message): message
        }
    }
}

extension LayoutError: @unchecked Sendable {}

extension LayoutError {
    /// The error of a priority change that ``LayoutPriority/changesInPlace(to:)`` refuses on an
    /// active constraint, with UIKit's message.
    static func refusedPriorityMutation(
        _ constraint: LayoutConstraint, from old: LayoutPriority, to new: LayoutPriority
    )
        -> LayoutError
    {
        .requiredPriorityMutation(
            constraint,
            message:
                "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported. You passed priority \(new) and the existing priority was \(old)."
        )
    }
}

extension LayoutEngine {
    /// The engine's constraint that a solver constraint of this engine stands for, or `nil`
    /// for one it did not make (an edit variable's) or no longer holds (one a broken
    /// constraint's replaced).
    ///
    /// Each solver constraint the engine makes carries, as its `clientIndex`, the index of its
    /// constraint in `activeConstraints`, kept when a removal moves another constraint into
    /// the hole (``LayoutConstraint/move(toEngineSlot:)``): a look-up in a typed table, with
    /// no cast and no hashing; the entry's own solver constraint confirms it.
    func layoutConstraint(for constraint: Constraint) -> LayoutConstraint? {
        let index = Int(constraint.clientIndex)
        guard index >= 0 && index < activeConstraints.count else { return nil }
        let owner = activeConstraints[index]
        return owner.solverConstraint === constraint ? owner : nil
    }
}
