/// A handle to an unknown of a ``Solver``: an unrestricted (free) variable.
///
/// Variables are made by ``Solver/makeVariable(_:)`` and belong to that solver;
/// using one with another solver is reported as ``SolverError/foreignVariable(_:)``.
/// A variable is a plain value (an id and its solver's tag) so that expressions
/// referring to it cost no reference counting.
public struct Variable: Hashable, Sendable {
    /// The dense symbol id of the variable in its solver's tableau.
    public let id: Int32
    /// The identity of the solver that made the variable.
    public let solverTag: UInt32

    @inlinable
    init(id: Int32, solverTag: UInt32) {
        self.id = id
        self.solverTag = solverTag
    }
}
