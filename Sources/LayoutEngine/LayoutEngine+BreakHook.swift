import Synchronization

// The process-wide break hook.
//
// UIKit reports every broken constraint, from every engine, through one place: each
// engine calls `-[UIView engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:]`,
// which calls the global `UIViewAlertForUnsatisfiableConstraints` (seed 000 swizzles the
// method to send each break to a backlog). That includes engines no window owns: a view
// constrained before it joins a window has an engine of its own here, and a per-engine
// observer on the window's engine never sees what broke there. The process observers see
// every break of every engine, in the order they happen.

/// A token for ``LayoutEngine/removeProcessBreakObserver(_:)``.
public struct ProcessBreakObserverToken: Hashable, Sendable {
    let value: Int
}

extension LayoutEngine {
    /// Holds non-Sendable handlers: the engines are single-threaded, the list is not.
    private struct ProcessObservers: @unchecked Sendable {
        var entries: [(token: Int, handler: (UnsatisfiableConstraintsReport) -> Void)] = []
        var nextToken = 1
    }

    private static let processObservers = Mutex(ProcessObservers())
    /// How many process observers there are, read without the lock on every break.
    private static let processObserverCount = Atomic<Int>(0)

    /// Calls `handler` with the report of every constraint that any engine in the
    /// process breaks, from the moment it is added, in the order they break: the
    /// one place UIKit reports every break (`UIViewAlertForUnsatisfiableConstraints`,
    /// which seed 000 intercepts), including the engines of hierarchies without a
    /// window.
    ///
    /// The handler runs on the thread of the engine that broke the constraint, after
    /// that engine's own observers (``addBreakObserver(_:)``).
    ///
    /// - Returns: A token for ``removeProcessBreakObserver(_:)``.
    @discardableResult
    public static func addProcessBreakObserver(
        _ handler: @escaping (UnsatisfiableConstraintsReport) -> Void
    ) -> ProcessBreakObserverToken {
        let box = UnsafeHandler(handler: handler)
        let token = processObservers.withLock { observers in
            let token = observers.nextToken
            observers.nextToken += 1
            observers.entries.append((token, box.handler))
            return token
        }
        processObserverCount.add(1, ordering: .relaxed)
        return ProcessBreakObserverToken(value: token)
    }

    /// Stops calling a process break observer.
    public static func removeProcessBreakObserver(_ token: ProcessBreakObserverToken) {
        let removed = processObservers.withLock { observers in
            let before = observers.entries.count
            observers.entries.removeAll { $0.token == token.value }
            return before - observers.entries.count
        }
        if removed > 0 { processObserverCount.subtract(removed, ordering: .relaxed) }
    }

    /// Sends a report to the process observers (outside the lock, so a handler may add
    /// or remove observers).
    @inline(never)
    func announceToProcess(_ report: UnsatisfiableConstraintsReport) {
        guard Self.processObserverCount.load(ordering: .relaxed) > 0 else { return }
        let handlers = Self.processObservers.withLock { observers in
            UnsafeHandlers(handlers: observers.entries.map(\.handler))
        }
        for handler in handlers.handlers { handler(report) }
    }
}

private struct UnsafeHandler: @unchecked Sendable {
    let handler: (UnsatisfiableConstraintsReport) -> Void
}

private struct UnsafeHandlers: @unchecked Sendable {
    let handlers: [(UnsatisfiableConstraintsReport) -> Void]
}
