// The constraints a stack view generates: UIKit's recipe (as UIStackView's own
// constraint sets show them: identifiers, relations and priorities). A change of the
// arranged subviews, axis, distribution or alignment makes them fresh; a hide, a show or
// a spacing change edits them in place, as UIKit's `_UIOrderedLayoutArrangement` does
// (docs/engine.md, "Hiding arranged views"). `StackView.expectedConstraintCount`
// documents the counts.

extension StackView {
    /// The four attributes of one axis of an item.
    struct AxisAttributes {
        let start: LayoutAttribute
        let end: LayoutAttribute
        let center: LayoutAttribute
        let size: LayoutAttribute

        init(_ axis: Axis) {
            switch axis {
            case .horizontal: (start, end, center, size) = (.leading, .trailing, .centerX, .width)
            case .vertical: (start, end, center, size) = (.top, .bottom, .centerY, .height)
            }
        }
    }

    /// One generated constraint as the recipe describes it, before it is made: what a
    /// rebuild makes and what an in-place update matches against the installed set.
    struct Recipe {
        let kind: GeneratedConstraintKind
        let item: LayoutItem
        let attribute: LayoutAttribute
        let relation: LayoutRelation
        let other: LayoutItem?
        let otherAttribute: LayoutAttribute
        let multiplier: Double
        let constant: Double
        let priority: LayoutPriority

        /// The constraint, installed by the caller.
        func make() -> LayoutConstraint {
            LayoutConstraint(
                item: item, attribute: attribute, relatedBy: relation, toItem: other, attribute: otherAttribute,
                multiplier: multiplier, constant: constant, priority: priority, identifier: kind.rawValue,
                origin: .container)
        }
    }

    /// What makes an installed generated constraint the one a recipe describes: everything
    /// but the constant, which an update edits in place.
    ///
    /// Items are keyed by their ``LayoutItem/serial``, not their address, and the hash leaves
    /// the identifier out (equality still compares it; keys that differ only there are rare).
    /// Hashing addresses made the probe sequences, and so `cells/stack-hide`'s instruction
    /// count, depend on where the allocator put the views: 4% apart between two machines
    /// running the same binary on the same suite. Hashing the identifier's and the
    /// attributes' names (`String` raw values) was a quarter of that scenario's instructions.
    struct RecipeKey: Hashable {
        let identifier: String?
        let item: Int
        let attribute: LayoutAttribute
        let relation: LayoutRelation
        let other: Int?
        let otherAttribute: LayoutAttribute
        let multiplier: Double
        let priority: Float

        init(_ recipe: Recipe) {
            identifier = recipe.kind.rawValue
            item = recipe.item.serial
            attribute = recipe.attribute
            relation = recipe.relation
            other = recipe.other?.serial
            otherAttribute = recipe.otherAttribute
            multiplier = recipe.multiplier
            priority = recipe.priority.rawValue
        }

        init(_ constraint: LayoutConstraint) {
            identifier = constraint.identifier
            item = constraint.firstItem.serial
            attribute = constraint.firstAttribute
            relation = constraint.relation
            other = constraint.secondItem?.serial
            otherAttribute = constraint.secondAttribute
            multiplier = constraint.multiplier
            priority = constraint.priority.rawValue
        }

        /// Four words: the two serials, the attributes, relation and priority packed in one,
        /// and the multiplier (hashed as a `Double`, so that `0` and `-0` agree).
        func hash(into hasher: inout Hasher) {
            hasher.combine(item)
            hasher.combine(other ?? 0)
            let priorityBits = priority == 0 ? 0 : UInt64(priority.bitPattern)
            hasher.combine(
                UInt64(attribute.ordinal) << 48 | UInt64(otherAttribute.ordinal) << 40 | UInt64(relation.ordinal) << 32
                    | priorityBits)
            hasher.combine(multiplier)
        }
    }

    /// Removes every generated constraint and installs a fresh set, as one batch,
    /// attributed to ``LayoutOperation/containerRebuild(_:)``.
    func rebuildConstraints() {
        let engine = ensureEngine()
        engine.withOperation(.containerRebuild(self)) {
            engine.performBatch {
                for constraint in generatedConstraints {
                    constraint.engine?.uninstall(constraint)
                }
                setGeneratedConstraints([])
                let fresh = makeArrangementConstraints().map { $0.make() }
                for constraint in fresh {
                    engine.install(constraint, on: self)
                }
                setGeneratedConstraints(fresh)
                applyFillOrder(engine: engine)
            }
        }
        needsRebuild = false
        needsSpacingUpdate = false
        needsVisibilityUpdate = false
        _rebuildCount += 1
    }

    /// Brings the generated set up to date after a hide, a show or a spacing change without
    /// a rebuild, in one batch attributed to ``LayoutOperation/containerUpdate(_:)``.
    ///
    /// The recipe is evaluated afresh and matched against the installed constraints on
    /// everything but the constant: a match stays installed (its constant edited in place if
    /// it differs), an installed constraint the recipe no longer holds is removed, and a
    /// recipe entry with no match is made and installed. That is UIKit's own update
    /// (`_UIOrderedLayoutArrangement`'s `_removeIndividualGuidesAndConstraintsAsNecessary`,
    /// `_adjustConstraintConstantsIfPossible`, `_insertIndividualGuidesAndConstraintsAsNecessary`;
    /// docs/engine.md, "Hiding arranged views"): hiding a view between two visible ones
    /// removes the two `UISV-spacing` constraints around it and adds one across it, its
    /// `UISV-hiding` and its `UISV-spacing-hidden`; showing it undoes that. A spacer guide
    /// is kept while the two views it lies between stay the same (UIKit keys it by them), so
    /// only the guides next to the toggled view are made again.
    ///
    /// - Complexity: O(*n*) to evaluate and match the recipe of *n* constraints, plus the
    ///   solver work of the constraints that change: O(1) of them for a hide or show under
    ///   `.fill` and `.equalSpacing` (more when the view was the reference of the
    ///   `UISV-fill-equally` set, or under `.fillProportionally`, whose shares all change).
    func updateConstraintsInPlace() {
        let engine = ensureEngine()
        let visibility = needsVisibilityUpdate
        let spacing = needsSpacingUpdate
        engine.withOperation(.containerUpdate(self)) {
            engine.performBatch {
                // Keyed before the recipe runs: it may remove spacer guides or the spanner,
                // which the installed constraints hold unowned. The old ones stay alive until
                // the end.
                let installed = generatedConstraints
                // One index per key (the recipe makes no two alike); a repeat, should one
                // occur, waits in `repeated` and is matched by a scan.
                var unmatched: [RecipeKey: Int] = [:]
                unmatched.reserveCapacity(installed.count)
                var repeated: [(key: RecipeKey, index: Int)] = []
                for (index, constraint) in installed.enumerated() {
                    let key = RecipeKey(constraint)
                    if unmatched[key] == nil { unmatched[key] = index } else { repeated.append((key, index)) }
                }
                let oldGuides = (distributingGuides, alignmentSpanner)
                defer { withExtendedLifetime(oldGuides) {} }
                let recipes = makeArrangementConstraints()
                var kept = [Bool](repeating: false, count: installed.count)
                var updated: [LayoutConstraint] = []
                updated.reserveCapacity(recipes.count)
                var edits: [(LayoutConstraint, Double)] = []
                var fresh: [LayoutConstraint] = []
                for recipe in recipes {
                    let key = RecipeKey(recipe)
                    var match = unmatched.removeValue(forKey: key)
                    if match == nil, let at = repeated.firstIndex(where: { $0.key == key }) {
                        match = repeated.remove(at: at).index
                    }
                    // A constraint on a spacer guide that was just removed is inactive: not a match.
                    if let index = match, installed[index].isActive {
                        kept[index] = true
                        updated.append(installed[index])
                        if installed[index].constant != recipe.constant { edits.append((installed[index], recipe.constant)) }
                    } else {
                        let made = recipe.make()
                        updated.append(made)
                        fresh.append(made)
                    }
                }
                // Removals first: the constraints a hide replaces contradict the ones it adds.
                for (index, constraint) in installed.enumerated() where !kept[index] {
                    constraint.engine?.uninstall(constraint)
                }
                for (constraint, constant) in edits { constraint.constant = constant }
                for constraint in fresh { engine.install(constraint, on: self) }
                setGeneratedConstraints(updated)
            }
        }
        needsSpacingUpdate = false
        needsVisibilityUpdate = false
        if visibility { _visibilityUpdateCount += 1 }
        if spacing { _spacingUpdateCount += 1 }
    }

    /// The intrinsic length of each visible arranged subview along the axis (−1 without
    /// one): a change of these remakes the `.fillProportionally` constraints.
    func currentProportionalLengths() -> [Double] {
        arrangedSubviews.filter { !$0.isHidden }.map { view in
            let size = view.intrinsicContentSize
            let length = axis == .horizontal ? size.width : size.height
            return length < 0 ? -1 : length
        }
    }

    /// The lengths the `.fillProportionally` multipliers are made from: each visible view's
    /// intrinsic length, or, for a view without one (a plain view, a nested stack), its
    /// current length along the axis: UIKit measures such a view by its frame (a view with
    /// only a frame is filled in proportion to it), so a view loaded from a document starts
    /// from its design frame. Frame changes alone do not remake the constraints. A length of
    /// zero still makes a required `length == 0` (Xcode's stored frames collapse empty labels
    /// of such a stack over their own required heights).
    func proportionalFillLengths(intrinsic: [Double], visible: [View]) -> [Double] {
        zip(intrinsic, visible).map { length, view in
            guard length < 0 else { return length }
            let frameLength = axis == .horizontal ? view.frame.width : view.frame.height
            return max(frameLength, 0)
        }
    }

    /// The full set for the current arranged subviews, axis, distribution, alignment and
    /// spacing, adding or removing the spacer guides and the alignment spanner as needed.
    ///
    /// - Returns: The recipe of every constraint, in the order they are made.
    func makeArrangementConstraints() -> [Recipe] {
        var made: [Recipe] = []
        // Room for the largest set (a non-fill alignment under a spreading distribution),
        // so that the array is allocated once.
        made.reserveCapacity(8 * arrangedSubviews.count + 4)
        // Baseline alignments apply to horizontal stacks only; a vertical one fills.
        let alignment = axis == .vertical && alignment.isBaseline ? .fill : alignment
        func add(
            _ kind: GeneratedConstraintKind, _ item: LayoutItem, _ attribute: LayoutAttribute,
            _ other: LayoutItem?, _ otherAttribute: LayoutAttribute, relation: LayoutRelation = .equal,
            multiplier: Double = 1, constant: Double = 0, priority: LayoutPriority = .required
        ) {
            made.append(
                Recipe(
                    kind: kind, item: item, attribute: attribute, relation: relation, other: other,
                    otherAttribute: otherAttribute, multiplier: multiplier, constant: constant, priority: priority))
        }

        let all = arrangedSubviews
        let visible = all.filter { !$0.isHidden }
        let along = AxisAttributes(axis)
        let across = AxisAttributes(axis == .horizontal ? .vertical : .horizontal)
        let spreading = distribution == .equalSpacing || distribution == .equalCentering
        setProportionalLengths([])

        guard let first = all.first else {
            setDistributingGuides(between: [])
            setAlignmentSpanner(needed: false)
            return []
        }
        func indexInAll(_ view: View) -> Int { all.firstIndex { $0 === view } ?? 0 }
        // The edges the arrangement is tied to: the stack's, or its margins guide's.
        let canvas: LayoutItem = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self

        // Along the axis: the ends of the visible chain on the stack's ends, the gaps.
        if let head = visible.first, let tail = visible.last {
            add(.canvasConnection, canvas, along.start, head, along.start)
            add(.canvasConnection, canvas, along.end, tail, along.end)
            // By index: `zip(visible, visible.dropFirst())` instantiates generic metadata
            // at run time (a protocol-conformance search) the first time it runs.
            for index in visible.indices.dropLast() {
                let (previous, next) = (visible[index], visible[index + 1])
                add(
                    .spacing, next, along.start, previous, along.end,
                    relation: spreading ? .greaterThanOrEqual : .equal, constant: spacing(after: previous))
            }
        } else {
            add(.canvasFit, self, along.size, nil, .notAnAttribute, priority: 49)
        }
        // Hidden views collapse, and stay tied (weakly) to a visible neighbour: to the one
        // before, half the gap after it when a visible view follows (so the collapsed view
        // sits mid-gap), else to the first visible view, as UIKit's
        // `_expectedEdgeToEdgeSpacingForPrecedingItem:...` places them (docs/engine.md).
        let lastVisibleIndex = all.lastIndex { !$0.isHidden }
        for (index, view) in all.enumerated() where view.isHidden {
            add(.hiding, view, along.size, nil, .notAnAttribute)
            if let previous = all[..<index].last(where: { !$0.isHidden }) {
                let followed = lastVisibleIndex.map { $0 > index } ?? false
                add(
                    .spacingHidden, view, along.start, previous, along.end,
                    constant: followed ? spacing(after: previous) / 2 : 0, priority: 50)
            } else if let next = all[(index + 1)...].first(where: { !$0.isHidden }) {
                add(.spacingHidden, next, along.start, view, along.end, priority: 50)
            } else {
                add(.spacingHidden, view, along.start, self, along.start, priority: 50)
            }
        }

        // The distribution.
        var guideCount = 0
        switch distribution {
        case .fill:
            break
        case .fillEqually:
            for view in visible.dropFirst() {
                add(.fillEqually, view, along.size, visible[0], along.size)
            }
        case .fillProportionally:
            let intrinsic = currentProportionalLengths()
            setProportionalLengths(intrinsic)
            let lengths = proportionalFillLengths(intrinsic: intrinsic, visible: visible)
            let sized = lengths.filter { $0 > 0 }
            let gaps = visible.dropLast().reduce(0.0) { $0 + spacing(after: $1) }
            let total = gaps + sized.reduce(0, +)
            for (view, length) in zip(visible, lengths) {
                guard length > 0, total > 0 else {
                    add(.fillProportionally, view, along.size, nil, .notAnAttribute, constant: 0)
                    continue
                }
                let priority: LayoutPriority =
                    sized.count == 1 || requiresProportionalShares
                    ? .required : LayoutPriority(rawValue: Float(max(999 - indexInAll(view), 1)))
                add(.fillProportionally, view, along.size, self, along.size, multiplier: length / total, priority: priority)
            }
        case .equalSpacing, .equalCentering:
            let centering = distribution == .equalCentering
            guideCount = max(visible.count - 1, 0)
            setDistributingGuides(between: (0..<guideCount).map { (visible[$0], visible[$0 + 1]) })
            for (index, guide) in distributingGuides.enumerated() {
                let previous = visible[index]
                let next = visible[index + 1]
                add(.distributingEdge, guide, along.start, previous, centering ? along.center : along.end)
                add(.distributingEdge, guide, along.end, next, centering ? along.center : along.start)
                if index > 0 {
                    let priority: LayoutPriority =
                        centering ? LayoutPriority(rawValue: Float(max(150 - indexInAll(previous), 1))) : .required
                    add(.fillEqually, guide, along.size, distributingGuides[0], along.size, priority: priority)
                }
            }
            if guideCount > 0 {
                add(.canvasFit, self, along.size, nil, .notAnAttribute, priority: 49)
            }
        }
        if !spreading { setDistributingGuides(between: []) }

        // Across the axis: every arranged view aligned with the first one.
        for view in all.dropFirst() {
            switch alignment {
            case .fill:
                add(.alignment, first, across.start, view, across.start)
                add(.alignment, first, across.end, view, across.end)
            case .leading:
                add(.alignment, first, across.start, view, across.start)
            case .trailing:
                add(.alignment, first, across.end, view, across.end)
            case .center:
                add(.alignment, first, across.center, view, across.center)
            case .firstBaseline:
                add(.alignment, first.firstBaselineGuide, .top, view.firstBaselineGuide, .top)
            case .lastBaseline:
                add(.alignment, first.lastBaselineGuide, .top, view.lastBaselineGuide, .top)
            }
        }
        if alignment == .fill && !visible.isEmpty {
            add(.canvasConnection, canvas, across.start, first, across.start)
            add(.canvasConnection, canvas, across.end, first, across.end)
            setAlignmentSpanner(needed: false)
        } else {
            // A spanner guide wraps the visible views; the stack's cross size follows it.
            let spanner = setAlignmentSpanner(needed: true)!
            if visible.isEmpty {
                add(.canvasConnection, canvas, across.start, spanner, across.start)
                add(.canvasConnection, canvas, across.end, spanner, across.end)
            } else {
                switch alignment {
                case .leading:
                    add(.canvasConnection, canvas, across.start, first, across.start)
                    add(.canvasConnection, canvas, across.end, spanner, across.end)
                case .trailing:
                    add(.canvasConnection, canvas, across.start, spanner, across.start)
                    add(.canvasConnection, canvas, across.end, first, across.end)
                case .center, .fill:
                    add(.canvasConnection, canvas, across.start, spanner, across.start)
                    add(.canvasConnection, canvas, across.end, spanner, across.end)
                    add(.canvasConnection, canvas, across.center, first, across.center)
                case .firstBaseline:
                    // The baselines line up. The stack's top edge is the first view's top, not
                    // the top of the view that rises furthest above the baseline, which then sticks
                    // out (rdar://32291130, still so in iOS 13; a stored frame shows it too: a
                    // button 4.5 points above its first-baseline stack, beside a label at its top);
                    // the spanner around the views sets the bottom.
                    add(.canvasConnection, canvas, across.start, first, across.start)
                    add(.canvasConnection, canvas, across.end, spanner, across.end)
                case .lastBaseline:
                    // The same at the other edge: the bottom is the first view's bottom.
                    add(.canvasConnection, canvas, across.start, spanner, across.start)
                    add(.canvasConnection, canvas, across.end, first, across.end)
                }
            }
            for view in visible {
                if alignment == .leading {
                    add(.spanningBoundary, spanner, across.start, view, across.start, priority: 999.5)
                } else {
                    add(.spanningBoundary, spanner, across.start, view, across.start, relation: .lessThanOrEqual)
                }
                if alignment == .trailing {
                    add(.spanningBoundary, spanner, across.end, view, across.end, priority: 999.5)
                } else {
                    add(.spanningBoundary, spanner, across.end, view, across.end, relation: .greaterThanOrEqual)
                }
            }
            add(.spanningFit, spanner, across.size, nil, .notAnAttribute, priority: visible.isEmpty ? 1 : 51)
            if alignment != .fill && _suppressesAmbiguity {
                for view in all {
                    add(.ambiguitySuppression, view, across.size, nil, .notAnAttribute, priority: 25)
                }
            }
        }
        return made
    }

    /// Keeps one spacer guide per pair of consecutive visible views, in order: the guide
    /// that already lies between the same two views is kept (UIKit keys its gap guides by
    /// the views around them), the others are removed and new ones added.
    private func setDistributingGuides(between pairs: [(View, View)]) {
        if pairs.isEmpty && distributingGuides.isEmpty { return }
        let oldGuides = distributingGuides
        var reusable: [DistributingGuideEnds: Int] = [:]
        for (index, ends) in distributingGuideEnds.enumerated() { reusable[ends] = index }
        var guides: [LayoutGuide] = []
        var ends: [DistributingGuideEnds] = []
        var kept = [Bool](repeating: false, count: oldGuides.count)
        for (previous, next) in pairs {
            let key = DistributingGuideEnds(previous: previous.serial, next: next.serial)
            if let index = reusable.removeValue(forKey: key) {
                kept[index] = true
                guides.append(oldGuides[index])
            } else {
                let guide = LayoutGuide(identifier: Self.distributingGuideIdentifier)
                addLayoutGuide(guide)
                guides.append(guide)
            }
            ends.append(key)
        }
        for (index, guide) in oldGuides.enumerated() where !kept[index] {
            removeLayoutGuide(guide)
        }
        setDistributingGuideList(guides, ends: ends)
    }

    /// Adds or removes the alignment spanner; returns it when needed.
    @discardableResult
    private func setAlignmentSpanner(needed: Bool) -> LayoutGuide? {
        if needed {
            if let alignmentSpanner { return alignmentSpanner }
            let guide = LayoutGuide(identifier: Self.alignmentSpannerIdentifier)
            addLayoutGuide(guide)
            setAlignmentSpannerGuide(guide)
            return guide
        }
        if let alignmentSpanner {
            removeLayoutGuide(alignmentSpanner)
            setAlignmentSpannerGuide(nil)
        }
        return nil
    }
}
