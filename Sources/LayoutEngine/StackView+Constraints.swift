// The constraints a stack view generates: UIKit's recipe (as UIStackView's own
// constraint sets show them: identifiers, relations and priorities), made fresh on
// every rebuild. `StackView.expectedConstraintCount` documents the counts.

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

    /// Removes every generated constraint and installs a fresh set, as one batch,
    /// attributed to ``LayoutOperation/containerRebuild(_:)``.
    func rebuildConstraints() {
        let engine = ensureEngine()
        engine.withOperation(.containerRebuild(self)) {
            engine.performBatch {
                for constraint in generatedConstraints {
                    constraint.engine?.uninstall(constraint)
                }
                setGeneratedConstraints([], spacing: [])
                let (fresh, spacings) = makeArrangementConstraints()
                for constraint in fresh {
                    engine.install(constraint, on: self)
                }
                setGeneratedConstraints(fresh, spacing: spacings)
                applyFillOrder(engine: engine)
            }
        }
        needsRebuild = false
        needsSpacingUpdate = false
        _rebuildCount += 1
    }

    /// Applies a spacing change (the stack's or a custom one) to the `UISV-spacing`
    /// constants in place, in one batch.
    func updateSpacingConstants() {
        let engine = ensureEngine()
        engine.performBatch {
            for constraint in spacingConstraints {
                let gap = spacing(after: constraint.secondItem)
                if constraint.constant != gap { constraint.constant = gap }
            }
        }
        needsSpacingUpdate = false
        _spacingUpdateCount += 1
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

    /// Makes the full set for the current arranged subviews, axis, distribution,
    /// alignment and spacing, adding or removing the spacer guides and the alignment
    /// spanner as needed.
    ///
    /// - Returns: The constraints, and the `UISV-spacing` ones among them (for
    ///   `spacingConstraints`).
    func makeArrangementConstraints() -> (all: [LayoutConstraint], spacing: [LayoutConstraint]) {
        var made: [LayoutConstraint] = []
        var spacings: [LayoutConstraint] = []
        // Baseline alignments apply to horizontal stacks only; a vertical one fills.
        let alignment = axis == .vertical && alignment.isBaseline ? .fill : alignment
        @discardableResult
        func add(
            _ kind: GeneratedConstraintKind, _ item: LayoutItem, _ attribute: LayoutAttribute,
            _ other: LayoutItem?, _ otherAttribute: LayoutAttribute, relation: LayoutRelation = .equal,
            multiplier: Double = 1, constant: Double = 0, priority: LayoutPriority = .required
        ) -> LayoutConstraint {
            let constraint = LayoutConstraint(
                item: item, attribute: attribute, relatedBy: relation, toItem: other, attribute: otherAttribute,
                multiplier: multiplier, constant: constant, priority: priority, identifier: kind.rawValue,
                origin: .container)
            made.append(constraint)
            return constraint
        }

        let all = arrangedSubviews
        let visible = all.filter { !$0.isHidden }
        let along = AxisAttributes(axis)
        let across = AxisAttributes(axis == .horizontal ? .vertical : .horizontal)
        let spreading = distribution == .equalSpacing || distribution == .equalCentering
        setProportionalLengths([])

        guard let first = all.first else {
            setDistributingGuideCount(0)
            setAlignmentSpanner(needed: false)
            return ([], [])
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
                let gap = add(
                    .spacing, next, along.start, previous, along.end,
                    relation: spreading ? .greaterThanOrEqual : .equal, constant: spacing(after: previous))
                spacings.append(gap)
            }
        } else {
            add(.canvasFit, self, along.size, nil, .notAnAttribute, priority: 49)
        }
        // Hidden views collapse, and stay tied (weakly) to a visible neighbour.
        for (index, view) in all.enumerated() where view.isHidden {
            add(.hiding, view, along.size, nil, .notAnAttribute)
            if let previous = all[..<index].last(where: { !$0.isHidden }) {
                add(.spacingHidden, view, along.start, previous, along.end, priority: 50)
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
            setDistributingGuideCount(guideCount)
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
        if !spreading { setDistributingGuideCount(0) }

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
        return (made, spacings)
    }

    /// Keeps `count` spacer guides, reusing the existing ones and removing extras.
    private func setDistributingGuideCount(_ count: Int) {
        while distributingGuides.count > count {
            removeLayoutGuide(changeDistributingGuides { $0.removeLast() })
        }
        while distributingGuides.count < count {
            let guide = LayoutGuide(identifier: Self.distributingGuideIdentifier)
            addLayoutGuide(guide)
            changeDistributingGuides { $0.append(guide) }
        }
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
