// Scrolling: content offsets, and a scroll from top to bottom one display frame per step.

extension TableView {
    /// The largest content offset: the content's height less the table's height (0
    /// when the content fits). Rows not yet measured count at their estimate.
    public var maximumContentOffset: Double {
        max(0, contentHeight - frame.height)
    }

    /// Scrolls so that content y `offset` is at the table's top edge, clamped to
    /// `0 ... maximumContentOffset`; the cells follow in the next layout pass.
    ///
    /// - Parameter offset: The content offset wanted.
    public func scroll(toOffset offset: Double) {
        contentOffset = min(max(offset, 0), maximumContentOffset)
    }

    /// Scrolls from the current offset to the end of the content, `step` points per
    /// display frame (each step is one ``Window/performFrame(_:)``: the scroll, then
    /// the layout pass). The end moves as self-sizing rows are measured; the scroll
    /// stops at the true end.
    ///
    /// - Parameters:
    ///   - window: The window the table is in, whose frames the steps run in.
    ///   - step: Points scrolled per frame; greater than zero.
    ///   - afterEachStep: Called after each frame's layout pass with the step number
    ///     (from 1), to read counters or check frames.
    /// - Returns: The number of steps taken.
    @discardableResult
    public func scrollToEnd(in window: Window, step: Double, afterEachStep: (Int) -> Void = { _ in }) -> Int {
        precondition(step > 0, "A scroll step must be greater than zero; got \(step)")
        precondition(isDescendant(of: window), "\(debugName) is not in \(window.debugName)")
        var steps = 0
        window.layoutIfNeeded()
        while contentOffset < maximumContentOffset {
            window.performFrame {
                scroll(toOffset: contentOffset + step)
            }
            steps += 1
            afterEachStep(steps)
        }
        return steps
    }
}
