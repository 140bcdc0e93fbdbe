// Multi-line labels wrap at the width their constraints give them.
//
// UIKit's update-constraints pass runs twice when a view asks for it
// (`_needsDoubleUpdateConstraintsPass`, which a multi-line `UILabel` with no
// `preferredMaxLayoutWidth` answers yes to): the first pass and solve resolve the
// label's width, the label takes that width as its wrapping width, its intrinsic
// height grows to the wrapped line count, and the second pass solves again with the
// new content-size constants. The engine does the same after every update pass and
// inside `systemLayoutSizeFitting` (where a self-sizing cell's width is decided),
// repeating while a new height moves a width again, three rounds at most.

extension LayoutEngine {
    /// Adds a view to the views whose intrinsic size follows their resolved width.
    func trackWrapping(_ view: View) {
        guard !view.isTrackedForWrapping else { return }
        view.isTrackedForWrapping = true
        wrappingViews.append(view)
    }

    /// Hands each wrapping view its solved width and, when an intrinsic size changed,
    /// runs the update pass again (one batch, one solve per round).
    ///
    /// - Returns: The number of extra update passes run (0 when no width moved).
    /// - Complexity: O(*w*) per round for *w* wrapping views, plus the solves.
    @discardableResult
    func resolveWrappingWidths() -> Int {
        guard !wrappingViews.isEmpty else { return 0 }
        var rounds = 0
        while rounds < 3 {
            var changed = false
            var index = 0
            while index < wrappingViews.count {
                let view = wrappingViews[index]
                index += 1
                // A view that stopped wrapping leaves the list here (by swapping, no allocation).
                guard view.wrapsToResolvedWidth else {
                    view.isTrackedForWrapping = false
                    index -= 1
                    wrappingViews.swapRemove(at: index)
                    continue
                }
                guard let variables = view.variables else { continue }
                if view.adoptResolvedWidth(solver.value(of: variables.width)) { changed = true }
            }
            guard changed else { break }
            rounds += 1
            updateConstraintsPass()
        }
        return rounds
    }
}
