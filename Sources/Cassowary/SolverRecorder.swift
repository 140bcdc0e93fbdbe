/// Receives every operation a ``Solver`` is given, before it runs: the hook that trace
/// recording (`SolverTraceRecorder`, in `CassowaryTrace`) attaches to, so that the solver
/// itself formats nothing and depends on nothing.
///
/// Set it as ``Solver/traceRecorder``. Each call happens before the operation runs, failed
/// operations included; when no recorder is set, the solver pays one nil check per
/// operation.
public protocol SolverRecorder: AnyObject {
    /// Called once when the recorder is set on `solver`.
    func attach(to solver: Solver)
    func recordVariable(_ variable: Variable, name: String)
    func recordAdd(_ constraint: Constraint)
    func recordRemove(_ constraint: Constraint)
    func recordUpdateConstant(_ constraint: Constraint, constant: Double)
    func recordUpdatePriority(_ constraint: Constraint, priority: Priority)
    func recordAddEdit(_ variable: Variable, priority: Priority)
    func recordRemoveEdit(_ variable: Variable)
    func recordSuggest(_ variable: Variable, value: Double)
    func recordBeginBatch()
    func recordEndBatch()
    func recordRead()
}
