import LayoutEngine

// The findings: each rule's evidence turned into a summary and the fix in Auto
// Layout's terms (seed 002; WWDC 2018 session 220). `docs/profile.md` defines the rules.

extension LayoutProfiler {
    /// The findings of the rules that read events.
    func eventFindings() -> [Finding] {
        var findings: [Finding] = []
        let rules = self.rules

        if rules.individualBuckets > 0 {
            findings.append(
                Finding(
                    .individualActivation,
                    title: "Constraints activated one at a time",
                    summary:
                        "\(rules.individualConstraints) constraints were activated one isActive = true at a time in \(rules.individualBuckets) frame\(plural(rules.individualBuckets)) or pass\(rules.individualBuckets == 1 ? "" : "es") (up to \(rules.individualMost) in one); each solved on its own, and each solve was thrown away by the next.",
                    counts: [
                        .init("constraints", rules.individualConstraints), .init("framesOrPasses", rules.individualBuckets),
                        .init("mostInOneFrameOrPass", rules.individualMost),
                    ],
                    evidence: rules.individual,
                    fix:
                        "Collect the constraints and activate them together with LayoutConstraint.activate([...]) (NSLayoutConstraint.activate): the engine adds every equation first and solves once. Deactivate with LayoutConstraint.deactivate([...]); or make the changes in updateConstraints(), which runs as one batch."
                ))
        }

        if let churn = churnFinding() { findings.append(churn) }

        if rules.refusedMutations > 0 {
            findings.append(
                Finding(
                    .requiredPriorityMutation,
                    title: "Priority changed between required and not on an installed constraint",
                    summary:
                        "\(rules.refusedMutations) priority change\(plural(rules.refusedMutations)) between required (1000) and non-required on active constraints \(rules.refusedMutations == 1 ? "was" : "were") refused. UIKit raises an exception here ('Mutating a priority from required to not on an installed constraint ... is not supported').",
                    counts: [.init("refused", rules.refusedMutations)],
                    evidence: rules.refused,
                    fix:
                        "Give a constraint whose priority changes at run time 999 instead of 1000 (virtually required, but non-required, so it can change in place), and set priorities before activating."
                ))
        }

        if rules.competingToggles >= configuration.competingToggleThreshold {
            findings.append(
                Finding(
                    .competingConstraintToggle,
                    title: "A competing required constraint added and removed to toggle a layout",
                    summary:
                        "\(rules.competingAddCount) required constraint\(plural(rules.competingAddCount)) were added over an installed non-required constraint on the same item and attribute, and \(rules.competingToggles) of them removed again: every toggle restructures the tableau (an add and a remove) where a priority swap would change it in place.",
                    counts: [
                        .init("added", rules.competingAddCount), .init("removed", rules.competingToggles),
                        .init("addedAgainEquivalent", rules.competingReAdds),
                    ],
                    evidence: rules.competing,
                    fix:
                        "Keep both constraints installed and toggle by swapping their priorities: 999 for the one that should win and 750 for the other (both non-required, so the change is an in-place update). Don't add and remove a required constraint to override another."
                ))
        }

        if rules.autoresizingBreaks > 0 {
            let (summary, fix) = autoresizingAdvice()
            findings.append(
                Finding(
                    .autoresizingConflict,
                    title: "Constraints conflict with autoresizing-mask constraints",
                    summary:
                        "\(rules.autoresizingBreaks) constraint\(plural(rules.autoresizingBreaks)) broke in conflicts that include NSAutoresizingMaskLayoutConstraints: \(summary)",
                    counts: [.init("broken", rules.autoresizingBreaks)],
                    evidence: rules.autoresizing,
                    fix: fix
                ))
        }

        if rules.otherBreaks > 0 {
            findings.append(
                Finding(
                    .brokenConstraints,
                    title: "Constraints broken to resolve conflicts",
                    summary:
                        "\(rules.otherBreaks) required constraint\(plural(rules.otherBreaks)) could not be satisfied together with the others; the engine broke \(rules.otherBreaks == 1 ? "it" : "them") (\"Unable to simultaneously satisfy constraints\") and the layout is not what the code asked for.",
                    counts: [.init("broken", rules.otherBreaks)],
                    evidence: rules.broken,
                    fix:
                        "Fix the conflict: remove or correct the constraint you did not intend. If one constraint is meant to give way when space runs out, make it the failure point: priority 999 instead of required."
                ))
        }

        if rules.framesWithSeveralSolves > 0 {
            findings.append(
                Finding(
                    .multipleSolvesPerFrame,
                    title: "More than one solve per frame",
                    summary:
                        "\(rules.framesWithSeveralSolves) of \(rules.framesClosed) frames solved more than once (up to \(rules.mostSolvesInAFrame) in one frame; \(rules.extraSolves) extra solves in all), not counting self-sizing measurement and cell reuse. Every solve before the last one in a frame is thrown away.",
                    counts: [
                        .init("frames", rules.framesWithSeveralSolves), .init("framesSeen", rules.framesClosed),
                        .init("mostSolvesInAFrame", rules.mostSolvesInAFrame), .init("extraSolves", rules.extraSolves),
                    ],
                    locations: rules.severalSolvesLocations,
                    fix:
                        "Batch the frame's changes: LayoutConstraint.activate/deactivate([...]) for sets of constraints, and make changes in updateConstraints() (call setNeedsUpdateConstraints()), where the whole update pass solves once. A .constant edit or isActive change made between passes solves at once."
                ))
        }
        return findings
    }

    /// The autoresizing-conflict finding's cause and fix. A cell (table or collection) and its
    /// content view are sized by UIKit through their autoresizing constraints and must keep
    /// them, so they are never told to turn translation off: their conflict is a cell whose
    /// size does not fit its content. Other views are told to turn it off.
    func autoresizingAdvice() -> (summary: String, fix: String) {
        let contentViews = rules.autoresizingContentViews
        let others = rules.autoresizing.views.filter { !contentViews.contains($0) }
        let othersCause =
            "views with translatesAutoresizingMaskIntoConstraints still on are fully positioned by their frames before any constraint of yours is added."
        let contentCause =
            "UIKit sizes a cell and its content view through them, and the cell's size does not fit the constraints inside it."
        let othersFix =
            "Set translatesAutoresizingMaskIntoConstraints = false on \(others.isEmpty ? "these views" : others.joined(separator: ", ")) before adding constraints to them (never on a view controller's root view or a cell's content view, which UIKit sizes)."
        let contentFix =
            "Keep translatesAutoresizingMaskIntoConstraints on \(contentViews.joined(separator: ", ")): UIKit sizes a cell and its content view to the row height or item size. Let the cell size itself (rowHeight = UITableView.automaticDimension, or self-sizing collection view cells, with constraints from the content view's top to its bottom), make the fixed size fit the content, or give one constraint of that chain priority 999 so it gives way."
        switch (contentViews.isEmpty, others.isEmpty && !rules.autoresizing.views.isEmpty) {
        case (true, _): return (othersCause, othersFix)
        case (false, true): return (contentCause, contentFix)
        case (false, false): return (contentCause + " Elsewhere " + othersCause, contentFix + " " + othersFix)
        }
    }

    /// The churn finding: its variant is the most specific cause present.
    func churnFinding() -> Finding? {
        let rules = self.rules
        guard rules.churnTotal >= configuration.churnThreshold, rules.churnTotal > 0 else { return nil }
        let order = ["stack-rebuild", "container-rebuild", "update-constraints", "rebuilt-sets", "recreated", "constant-only"]
        let present = order.filter { rules.churnByVariant[$0] != nil }
        guard let primary = present.first, let tally = rules.churnByVariant[primary] else { return nil }
        var constraints: [String] = []
        var views: [String] = []
        var locations: [String] = []
        var fixes: [String] = []
        var parts: [String] = []
        for variant in present {
            let tally = rules.churnByVariant[variant]!
            for example in tally.examples { constraints.appendCapped(example, limit: configuration.examplesPerFinding) }
            for view in tally.views { views.appendUnique(view, limit: configuration.examplesPerFinding) }
            for location in tally.locations { locations.appendUnique(location, limit: configuration.examplesPerFinding) }
            parts.append("\(tally.constraints) \(variantPhrase(variant, tally))")
            fixes.append(variantFix(variant, tally))
        }
        let title: String =
            switch primary {
            case "stack-rebuild": "Stack views rebuild their constraints"
            case "container-rebuild": "Containers rebuild their constraints"
            case "update-constraints": "updateConstraints() removes and re-creates its constraints"
            case "rebuilt-sets": "Constraint sets rebuilt instead of swapped"
            case "recreated": "Constraints removed and added back unchanged"
            default: "Constraints replaced where a .constant edit would do"
            }
        var counts: [Finding.Count] = [.init("constraints", rules.churnTotal)]
        for variant in present { counts.append(.init(variant, rules.churnByVariant[variant]!.constraints)) }
        if primary == "stack-rebuild" { counts.append(.init("stackRebuilds", tally.occasions)) }
        counts.append(.init("views", rules.churnViews.count))
        let groups = rules.churnGroups.count
        return Finding(
            .churn, variant: primary, title: title,
            summary:
                "Constraint churn: \(rules.churnTotal) constraint\(plural(rules.churnTotal)) removed and an equivalent one added back (\(parts.joined(separator: "; "))), across \(rules.churnViews.count) view\(plural(rules.churnViews.count)) under \(groups) superview\(plural(groups)). Each is a full remove and add in the solver where an in-place change (or nothing) would do.",
            counts: counts, constraints: constraints, views: views, locations: locations,
            fix: fixes.joined(separator: " "))
    }

    func variantPhrase(_ variant: String, _ tally: _ChurnVariantTally) -> String {
        switch variant {
        case "stack-rebuild": "in \(tally.occasions) stack rebuild\(plural(tally.occasions))"
        case "container-rebuild": "in \(tally.occasions) container rebuild\(plural(tally.occasions))"
        case "update-constraints": "re-created by updateConstraints()"
        case "rebuilt-sets": "made again as new objects equivalent to ones removed in an earlier frame or pass"
        case "recreated": "removed and added back unchanged in the same frame or pass"
        default: "replaced in the same frame or pass by one differing only in its constant"
        }
    }

    func variantFix(_ variant: String, _ tally: _ChurnVariantTally) -> String {
        let views = tally.views.prefix(3).joined(separator: ", ")
        switch variant {
        case "stack-rebuild":
            return
                "Changing arrangedSubviews (removing and re-adding or moving arranged views), axis, distribution or alignment makes a stack view (\(views)) remove and re-add all its constraints. To show and hide part of a stack, keep its views arranged and toggle isHidden: the stack only adds or removes the view's UISV-hiding constraint and re-links the spacing around it (a few constraints, no rebuild), the way Apple documents for collapsing an arranged view. Set the stack's configuration once, in init, not in configure."
        case "container-rebuild":
            return "A container (\(views)) rebuilds its constraints: change its configuration less often."
        case "update-constraints":
            return
                "updateConstraints() of \(views) deactivates its constraints and creates them again: make it idempotent. Create the constraints once (in init or on the first pass), and in updateConstraints() change only what changed: a .constant, or isActive on prepared sets."
        case "rebuilt-sets":
            return
                "Constraints equivalent to ones removed earlier are made again as new objects: create each set once (for example expanded and collapsed), keep them, and swap them with LayoutConstraint.deactivate(old) and LayoutConstraint.activate(new); edit .constant for values that change."
        case "recreated":
            return "Constraints removed and added back unchanged in the same frame: leave them installed; deactivate only what must change."
        default:
            return
                "The replacement differs only in its constant: keep the constraint and edit its .constant, a near-free in-place update (no row removed or added)."
        }
    }

    /// The findings of the checks that read the hierarchy.
    func hierarchyFindings(_ analysis: _HierarchyAnalysis) -> [Finding] {
        var findings: [Finding] = []
        let limit = configuration.examplesPerFinding
        for place in analysis.nestingOrder {
            guard let nesting = analysis.nesting[place], nesting.depth > configuration.maximumStackNesting else { continue }
            let chain = nesting.chain.joined(separator: " › ")
            if nesting.inCell {
                var summary =
                    "\(place) nests \(nesting.depth) stack views (\(chain)) in each of \(nesting.instances) cell\(plural(nesting.instances)). Every level generates its own constraint set (a fill stack of n views holds 3n + 1): a cell holds \(nesting.containerConstraints) stack-generated constraints besides its own \(nesting.appConstraints), and a reused cell pays for all of them on every measurement and content change."
                var counts: [Finding.Count] = [
                    .init("depth", nesting.depth), .init("cells", nesting.instances),
                    .init("stacksPerCell", nesting.instances > 0 ? nesting.stacks / nesting.instances : nesting.stacks),
                    .init("stackConstraintsPerCell", nesting.containerConstraints),
                    .init("appConstraintsPerCell", nesting.appConstraints),
                ]
                if let measured = measurementByCellKind[place], measured > 0 {
                    let share = accounted.rowOperations > 0 ? Double(measured) / Double(accounted.rowOperations) * 100 : 0
                    summary +=
                        " Measuring these cells (systemLayoutSizeFitting) cost \(ProfileReport.number(measured)) row operations, \(String(format1: share))% of the run."
                    counts.append(.init("measurementRowOperations", measured))
                }
                findings.append(
                    Finding(
                        .deepStackNesting, variant: "reusable-cell",
                        title: "Stack views nested \(nesting.depth) deep in a reusable cell",
                        summary: summary,
                        counts: counts,
                        views: nesting.chain, locations: [place],
                        fix:
                            "Limit stack nesting in reusable cells to 1–2 levels: flatten the inner stacks into constraints written by hand on the contentView's subviews (or keep one stack for the simple row and constrain the rest manually)."
                    ))
            } else {
                findings.append(
                    Finding(
                        .deepStackNesting, variant: "hierarchy",
                        title: "Stack views nested \(nesting.depth) deep",
                        summary:
                            "Under \(place), stack views nest \(nesting.depth) deep (\(chain)); \(nesting.instances) stack\(plural(nesting.instances)) sit deeper than \(configuration.maximumStackNesting) levels. Every level adds its own generated constraints and guides.",
                        counts: [.init("depth", nesting.depth), .init("deepStacks", nesting.instances), .init("stacks", nesting.stacks)],
                        views: nesting.chain, locations: [place],
                        fix:
                            "Limit nesting to 1–2 levels: where the content forms a grid or a fixed arrangement, constrain it by hand instead of nesting stacks."
                    ))
            }
        }

        let crossGroups = analysis.crossOrder.compactMap { analysis.cross[$0] }
        if !crossGroups.isEmpty {
            let total = crossGroups.reduce(0) { $0 + $1.constraints }
            let subtrees = crossGroups.reduce(0) { $0 + $1.subtrees.count }
            var examples: [String] = []
            var views: [String] = []
            for group in crossGroups {
                for example in group.examples { examples.appendCapped(example, limit: limit) }
                for view in group.views { views.appendUnique(view, limit: limit) }
            }
            findings.append(
                Finding(
                    .crossHierarchyConstraints,
                    title: "Constraints tie independent hierarchies together",
                    summary:
                        "\(total) active constraint\(plural(total)) relate views two or more levels down in different subtrees (\(subtrees) subtrees of \(crossGroups.map(\.ancestor).prefix(3).joined(separator: ", "))). They join otherwise independent blocks of equations into one, so a change in one subtree can touch rows of all of them.",
                    counts: [.init("constraints", total), .init("subtrees", subtrees), .init("ancestors", crossGroups.count)],
                    constraints: examples, views: views, locations: crossGroups.map(\.ancestor).prefix(limit).map { $0 },
                    fix:
                        "Keep constraints inside each hierarchy: relate a view to its own container, and place the containers relative to each other (or by their frames). Independent hierarchies are independent blocks and scale linearly (WWDC 2018 session 220)."
                ))
        }

        if !analysis.ambiguousSets.isEmpty {
            let sets = analysis.ambiguousSets
            let hugging = sets.contains { $0.hugging }
            let compression = sets.contains { !$0.hugging }
            var views: [String] = []
            for set in sets { for view in set.views { views.appendUnique(view, limit: limit) } }
            let locations = sets.prefix(limit).map { set in
                "\(set.superview): \(set.views.joined(separator: ", ")) \(set.hugging ? "hug" : "resist compression") at \(formatted(Double(set.priority))) on the \(set.axis.rawValue) axis"
            }
            var fix: [String] = []
            if hugging {
                fix.append(
                    "Make the view that should keep its intrinsic size hug harder: setContentHuggingPriority(251, for: axis) (one above the default 250); the others take the extra space."
                )
            }
            if compression {
                fix.append(
                    "Make the view that should shrink first resist less: setContentCompressionResistancePriority(749, for: axis) (one below the default 750)."
                )
            }
            findings.append(
                Finding(
                    .ambiguousSiblings, variant: hugging ? "hugging" : "compression-resistance",
                    title: "Siblings compete with equal \(hugging ? "hugging" : "compression-resistance") priorities",
                    summary:
                        "\(sets.count) group\(plural(sets.count)) of sibling views have ambiguous layout (hasAmbiguousLayout) on one axis and the same \(hugging ? "content hugging" : "compression resistance") priority: the engine has no reason to prefer one, and the frames can change from run to run.",
                    counts: [
                        .init("groups", sets.count), .init("views", sets.reduce(0) { $0 + $1.views.count }),
                        .init("ambiguousViews", analysis.ambiguousViews),
                    ],
                    constraints: [], views: views, locations: locations, fix: fix.joined(separator: " ")))
        }
        return findings
    }

    func plural(_ count: Int) -> String { count == 1 ? "" : "s" }
}
