/// What a ``Solver`` has done, as plain integers it increments in place.
///
/// Counters are deterministic: the same operations on the same solver state
/// give the same counts on any machine, under any load. Read them at any time;
/// subtract two readings to measure an interval. Gauges (``rowsLive``,
/// ``columnsLive``, ``objectiveLevelsLive``) hold the current size, and their
/// difference is the growth over the interval.
///
/// `docs/metrics.md` defines every counter precisely; reports and performance
/// gates rely on those definitions.
public struct SolverCounters: Hashable, Sendable {
    // MARK: Solves
    /// Solve requests completed: one per mutation outside a batch, one per outermost batch end with work pending.
    public var solves = 0
    /// Primal simplex runs on the priority-vector objective (each solve after a structural change or priority change).
    public var primalOptimizations = 0
    /// Dual simplex runs restoring feasibility after constant changes.
    public var dualOptimizations = 0

    // MARK: Pivots
    /// Basis exchanges of every kind (the sum of the four counters below).
    public var pivots = 0
    /// Pivots of the primal simplex on the objective.
    public var primalPivots = 0
    /// Pivots of the dual simplex.
    public var dualPivots = 0
    /// Pivots minimizing an artificial variable while adding a constraint.
    public var artificialPivots = 0
    /// Pivots that bring a removed constraint's marker into the basis.
    public var removalPivots = 0
    /// Rows restored from the undo log when a failed operation is rolled back.
    public var rowsRestored = 0

    // MARK: Row operations
    /// Rows created in the tableau (constraint rows and artificial rows; objective rows are counted in ``objectiveLevelsCreated``).
    public var rowsCreated = 0
    /// Rows removed from the tableau.
    public var rowsRemoved = 0
    /// Row additions `target += k * source` (substitutions and objective updates).
    public var rowAdditions = 0
    /// Rows multiplied by a scalar (solving a row for its subject, normalizing its sign).
    public var rowScalings = 0
    /// Row constants changed in place by constant updates and edit suggestions.
    public var rowConstantUpdates = 0
    /// Symbols substituted out of a row by their defining row.
    public var substitutions = 0
    /// Coefficients written, inserted or removed by row operations: the unit of tableau work.
    public var cellUpdates = 0

    // MARK: Size (gauges)
    /// Constraint rows currently in the tableau.
    public var rowsLive = 0
    /// Symbols currently appearing in at least one row.
    public var columnsLive = 0
    /// Priority levels that currently have an objective row.
    public var objectiveLevelsLive = 0
    /// Objective rows created (one per priority level when first used).
    public var objectiveLevelsCreated = 0

    // MARK: Operations
    /// Constraints added successfully (including the constraints behind edit variables).
    public var constraintsAdded = 0
    /// Constraints removed (including the constraints behind edit variables).
    public var constraintsRemoved = 0
    /// Edit variables added.
    public var editVariablesAdded = 0
    /// Edit variables removed.
    public var editVariablesRemoved = 0
    /// Values suggested for edit variables.
    public var editSuggestions = 0
    /// In-place constant updates of installed constraints (not counting suggestions).
    public var constantUpdates = 0
    /// In-place priority updates of installed constraints.
    public var priorityUpdates = 0
    /// Additions that needed an artificial variable to find a feasible subject.
    public var artificialPhases = 0
    /// Operations refused because a required constraint could not be satisfied.
    public var unsatisfiableDetections = 0
    /// Variable values found changed when values were read.
    public var variablesChanged = 0

    public init() {}

    /// Every counter's stable name, in declaration order (the keys of reports and baselines).
    public static let names: [String] = [
        "solves",
        "primalOptimizations",
        "dualOptimizations",
        "pivots",
        "primalPivots",
        "dualPivots",
        "artificialPivots",
        "removalPivots",
        "rowsRestored",
        "rowsCreated",
        "rowsRemoved",
        "rowAdditions",
        "rowScalings",
        "rowConstantUpdates",
        "substitutions",
        "cellUpdates",
        "rowsLive",
        "columnsLive",
        "objectiveLevelsLive",
        "objectiveLevelsCreated",
        "constraintsAdded",
        "constraintsRemoved",
        "editVariablesAdded",
        "editVariablesRemoved",
        "editSuggestions",
        "constantUpdates",
        "priorityUpdates",
        "artificialPhases",
        "unsatisfiableDetections",
        "variablesChanged",
    ]

    /// The counters as (name, value) pairs, in declaration order.
    public var namedValues: [(name: String, value: Int)] {
        Array(zip(Self.names, values))
    }

    /// The counter values, in the order of ``names``.
    public var values: [Int] {
        [
            solves,
            primalOptimizations,
            dualOptimizations,
            pivots,
            primalPivots,
            dualPivots,
            artificialPivots,
            removalPivots,
            rowsRestored,
            rowsCreated,
            rowsRemoved,
            rowAdditions,
            rowScalings,
            rowConstantUpdates,
            substitutions,
            cellUpdates,
            rowsLive,
            columnsLive,
            objectiveLevelsLive,
            objectiveLevelsCreated,
            constraintsAdded,
            constraintsRemoved,
            editVariablesAdded,
            editVariablesRemoved,
            editSuggestions,
            constantUpdates,
            priorityUpdates,
            artificialPhases,
            unsatisfiableDetections,
            variablesChanged,
        ]
    }

    /// The value of the counter called `name`, or `nil` for an unknown name.
    public func value(named name: String) -> Int? {
        guard let index = Self.names.firstIndex(of: name) else { return nil }
        return values[index]
    }

    /// Makes counters from values in the order of ``names``.
    public init(values: [Int]) {
        precondition(values.count == Self.names.count, "expected \(Self.names.count) counter values")
        solves = values[0]
        primalOptimizations = values[1]
        dualOptimizations = values[2]
        pivots = values[3]
        primalPivots = values[4]
        dualPivots = values[5]
        artificialPivots = values[6]
        removalPivots = values[7]
        rowsRestored = values[8]
        rowsCreated = values[9]
        rowsRemoved = values[10]
        rowAdditions = values[11]
        rowScalings = values[12]
        rowConstantUpdates = values[13]
        substitutions = values[14]
        cellUpdates = values[15]
        rowsLive = values[16]
        columnsLive = values[17]
        objectiveLevelsLive = values[18]
        objectiveLevelsCreated = values[19]
        constraintsAdded = values[20]
        constraintsRemoved = values[21]
        editVariablesAdded = values[22]
        editVariablesRemoved = values[23]
        editSuggestions = values[24]
        constantUpdates = values[25]
        priorityUpdates = values[26]
        artificialPhases = values[27]
        unsatisfiableDetections = values[28]
        variablesChanged = values[29]
    }

    /// Row operations of every kind: created, removed, added into another, scaled, constant changed.
    public var rowOperations: Int {
        rowsCreated + rowsRemoved + rowAdditions + rowScalings + rowConstantUpdates
    }

    /// The change from `earlier` to `later`, counter by counter. Allocation-free.
    public static func - (later: SolverCounters, earlier: SolverCounters) -> SolverCounters {
        var result = SolverCounters()
        result.solves = later.solves - earlier.solves
        result.primalOptimizations = later.primalOptimizations - earlier.primalOptimizations
        result.dualOptimizations = later.dualOptimizations - earlier.dualOptimizations
        result.pivots = later.pivots - earlier.pivots
        result.primalPivots = later.primalPivots - earlier.primalPivots
        result.dualPivots = later.dualPivots - earlier.dualPivots
        result.artificialPivots = later.artificialPivots - earlier.artificialPivots
        result.removalPivots = later.removalPivots - earlier.removalPivots
        result.rowsRestored = later.rowsRestored - earlier.rowsRestored
        result.rowsCreated = later.rowsCreated - earlier.rowsCreated
        result.rowsRemoved = later.rowsRemoved - earlier.rowsRemoved
        result.rowAdditions = later.rowAdditions - earlier.rowAdditions
        result.rowScalings = later.rowScalings - earlier.rowScalings
        result.rowConstantUpdates = later.rowConstantUpdates - earlier.rowConstantUpdates
        result.substitutions = later.substitutions - earlier.substitutions
        result.cellUpdates = later.cellUpdates - earlier.cellUpdates
        result.rowsLive = later.rowsLive - earlier.rowsLive
        result.columnsLive = later.columnsLive - earlier.columnsLive
        result.objectiveLevelsLive = later.objectiveLevelsLive - earlier.objectiveLevelsLive
        result.objectiveLevelsCreated = later.objectiveLevelsCreated - earlier.objectiveLevelsCreated
        result.constraintsAdded = later.constraintsAdded - earlier.constraintsAdded
        result.constraintsRemoved = later.constraintsRemoved - earlier.constraintsRemoved
        result.editVariablesAdded = later.editVariablesAdded - earlier.editVariablesAdded
        result.editVariablesRemoved = later.editVariablesRemoved - earlier.editVariablesRemoved
        result.editSuggestions = later.editSuggestions - earlier.editSuggestions
        result.constantUpdates = later.constantUpdates - earlier.constantUpdates
        result.priorityUpdates = later.priorityUpdates - earlier.priorityUpdates
        result.artificialPhases = later.artificialPhases - earlier.artificialPhases
        result.unsatisfiableDetections = later.unsatisfiableDetections - earlier.unsatisfiableDetections
        result.variablesChanged = later.variablesChanged - earlier.variablesChanged
        return result
    }

    /// The sum of two intervals, counter by counter. Allocation-free.
    public static func + (lhs: SolverCounters, rhs: SolverCounters) -> SolverCounters {
        var result = SolverCounters()
        result.solves = lhs.solves + rhs.solves
        result.primalOptimizations = lhs.primalOptimizations + rhs.primalOptimizations
        result.dualOptimizations = lhs.dualOptimizations + rhs.dualOptimizations
        result.pivots = lhs.pivots + rhs.pivots
        result.primalPivots = lhs.primalPivots + rhs.primalPivots
        result.dualPivots = lhs.dualPivots + rhs.dualPivots
        result.artificialPivots = lhs.artificialPivots + rhs.artificialPivots
        result.removalPivots = lhs.removalPivots + rhs.removalPivots
        result.rowsRestored = lhs.rowsRestored + rhs.rowsRestored
        result.rowsCreated = lhs.rowsCreated + rhs.rowsCreated
        result.rowsRemoved = lhs.rowsRemoved + rhs.rowsRemoved
        result.rowAdditions = lhs.rowAdditions + rhs.rowAdditions
        result.rowScalings = lhs.rowScalings + rhs.rowScalings
        result.rowConstantUpdates = lhs.rowConstantUpdates + rhs.rowConstantUpdates
        result.substitutions = lhs.substitutions + rhs.substitutions
        result.cellUpdates = lhs.cellUpdates + rhs.cellUpdates
        result.rowsLive = lhs.rowsLive + rhs.rowsLive
        result.columnsLive = lhs.columnsLive + rhs.columnsLive
        result.objectiveLevelsLive = lhs.objectiveLevelsLive + rhs.objectiveLevelsLive
        result.objectiveLevelsCreated = lhs.objectiveLevelsCreated + rhs.objectiveLevelsCreated
        result.constraintsAdded = lhs.constraintsAdded + rhs.constraintsAdded
        result.constraintsRemoved = lhs.constraintsRemoved + rhs.constraintsRemoved
        result.editVariablesAdded = lhs.editVariablesAdded + rhs.editVariablesAdded
        result.editVariablesRemoved = lhs.editVariablesRemoved + rhs.editVariablesRemoved
        result.editSuggestions = lhs.editSuggestions + rhs.editSuggestions
        result.constantUpdates = lhs.constantUpdates + rhs.constantUpdates
        result.priorityUpdates = lhs.priorityUpdates + rhs.priorityUpdates
        result.artificialPhases = lhs.artificialPhases + rhs.artificialPhases
        result.unsatisfiableDetections = lhs.unsatisfiableDetections + rhs.unsatisfiableDetections
        result.variablesChanged = lhs.variablesChanged + rhs.variablesChanged
        return result
    }
}
