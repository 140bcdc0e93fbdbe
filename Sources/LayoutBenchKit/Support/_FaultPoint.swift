#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Named points inside ``OutputSet`` publishing where a test can kill the process, to check
/// that a reader sees the old set or the new set whatever the moment of death. Not API.
///
/// `LAYOUTBENCH_FAULT_POINT=<name>` (read once, at the first point reached) makes the process
/// `raise(SIGKILL)` when it reaches the point of that name; unset, each point costs one
/// comparison. The fault-injection tests (`OutputSetFaultTests`, docs/fuzzing.md) use it.
public enum _FaultPoint: String, CaseIterable, Sendable {
    /// ``OutputSet/publish(_:as:)``: the new set is written and flushed in its staging folder.
    case publishStaged = "publish-staged"
    /// ``OutputSet/publish(_:as:)``: just before the staging folder takes the target's place.
    case publishBeforeExchange = "publish-before-exchange"
    /// ``OutputSet/publish(_:as:)``: the new set is in place; the old set, in the staging
    /// folder, is not removed yet.
    case publishExchanged = "publish-exchanged"
    /// ``OutputSet/publishNew(_:base:)``: the new folder is staged, not yet renamed into place.
    case publishNewStaged = "publish-new-staged"

    /// The environment variable naming the point to die at.
    public static let environmentVariable = "LAYOUTBENCH_FAULT_POINT"

    private static let armed: String? = getenv(environmentVariable).map { String(cString: $0) }

    /// Kills the process with `SIGKILL` when `LAYOUTBENCH_FAULT_POINT` names this point.
    @inline(__always)
    func reach() {
        if let armed = Self.armed, armed == rawValue { _slowPathKill() }
    }

    @inline(never)
    private func _slowPathKill() {
        raise(SIGKILL)
    }
}
