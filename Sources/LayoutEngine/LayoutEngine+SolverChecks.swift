@_spi(Testing) import Cassowary
import Synchronization

extension LayoutEngine {
    /// Whether engines made from now on run the solver's invariant checker after every
    /// mutation. Only debug builds have the checker (``Cassowary/Solver/hasInvariantChecker``);
    /// in a release build it stays `false`.
    ///
    /// The engine reads no environment variable; its callers decide. A debug build made with
    /// `LAYOUTBENCH_SOLVER_CHECKS` set (as `scripts/test` builds) compiles the engine with that
    /// condition, so the checker is on from the start in every process of that build, and every
    /// engine a test makes checks; the `layoutbench` command sets it from its own environment
    /// before it parses (`LayoutBench.main`), so a child without the variable runs unchecked.
    @_spi(Testing) public static var checksSolverInvariants: Bool {
        get { solverChecks.load(ordering: .relaxed) }
        set { solverChecks.store(newValue && Solver.hasInvariantChecker, ordering: .relaxed) }
    }

    #if LAYOUTBENCH_SOLVER_CHECKS
        private static let solverChecks = Atomic<Bool>(Solver.hasInvariantChecker)
    #else
        private static let solverChecks = Atomic<Bool>(false)
    #endif
}
