// The invariant checker, opt-in for tests and debugging (as swift-collections keeps its
// checks behind COLLECTIONS_INTERNAL_CHECKS): compiled into debug builds only
// (`CASSOWARY_INTERNAL_CHECKS`), reached through the `Testing` SPI, not the API.

extension Solver {
    /// Whether the debug invariant checker runs after every mutation. It exists in
    /// debug builds only (`CASSOWARY_INTERNAL_CHECKS`); in release builds setting it
    /// has no effect.
    @_spi(Testing) public var checksInvariants: Bool {
        get { core.checksEnabled }
        set { core.checksEnabled = newValue }
    }

    /// Whether this build carries the invariant checker.
    @_spi(Testing) public static var hasInvariantChecker: Bool {
        #if CASSOWARY_INTERNAL_CHECKS
            return true
        #else
            return false
        #endif
    }

    /// Runs the invariant checker now (debug builds), trapping on a violation.
    @_spi(Testing) public func checkInvariants() {
        #if CASSOWARY_INTERNAL_CHECKS
            core.checkInvariants()
        #endif
    }
}
