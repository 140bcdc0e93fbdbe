import Cassowary

/// The root of a view hierarchy that owns one layout engine (one solver).
///
/// Its origin is fixed at (0, 0). Its size is either required (a phone's screen:
/// constraints that contradict it break) or held by two edit variables (a live
/// window resize that content may resist); either way a resize changes the solver
/// in place, with no constraint added or removed.
public final class Window: View {
    /// How a window holds its size.
    public enum Sizing: Sendable, Equatable {
        /// Required constraints `width == w`, `height == h`; ``resize(width:height:)``
        /// updates their constants in place (the dual simplex re-solves).
        case fixed
        /// Edit variables at a non-required priority; ``resize(width:height:)``
        /// suggests values (rotation, split view, a live drag). Required content
        /// constraints win over the suggested size.
        case edit(priority: LayoutPriority)
    }

    /// The engine of this window's hierarchy.
    public let engine: LayoutEngine
    /// How the window holds its size.
    public let sizing: Sizing

    /// Makes a window of the given size.
    public init(width: Double, height: Double, sizing: Sizing = .fixed, name: String = "window") {
        if case .edit(let priority) = sizing {
            precondition(!priority.isRequired, "A window's size edits must be non-required; use .fixed for a required size")
        }
        self.sizing = sizing
        let engine = LayoutEngine()
        self.engine = engine
        super.init(name: name, frame: Rect(x: 0, y: 0, width: width, height: height))
        engine.attach(root: self)
        ownedEngine = engine
        engine.register(self)
    }

    public override var typeName: String { "Window" }

    /// Resizes the window (a suggestion or an in-place constant update; no
    /// constraint is added or removed). Frames update in the next layout pass.
    public func resize(width: Double, height: Double) {
        storedFrame.size = Size(width: width, height: height)
        engine.resizeWindow(width: width, height: height)
        setNeedsLayout()
    }

    /// Runs one display frame: the body (event handling, app code), then the
    /// layout pass. The engine counts frames, so per-frame costs (solves per frame)
    /// can be read from its events.
    public func performFrame(_ body: () throws -> Void) rethrows {
        engine.beginFrame()
        defer { engine.endFrame() }
        try body()
        if engine.injectedChurnPerFrame > 0 { engine.injectChurn(engine.injectedChurnPerFrame) }
        layoutIfNeeded()
    }
}
