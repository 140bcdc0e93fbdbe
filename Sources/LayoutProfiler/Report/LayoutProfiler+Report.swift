import Cassowary
import LayoutEngine

extension LayoutProfiler {
    /// Makes the report of everything recorded so far, checking the hierarchies under
    /// `roots` (stack nesting, constraints across hierarchies, ambiguity).
    ///
    /// Call it after recording, outside any batch or update pass (the ambiguity check
    /// reads a settled engine). Frames and passes still open are closed. The checks
    /// change no solver counter.
    ///
    /// - Parameters:
    ///   - title: What was profiled, in words.
    ///   - roots: Views whose hierarchies to check (each is checked from its root); `nil`
    ///     checks the roots of the engines given to ``attach(to:)`` that are still alive.
    ///   - solverCounters: The engines' own counters over the recording, if the caller
    ///     read them, for ``ProfileReport/Totals/solverCounters``.
    /// - Returns: The report.
    /// - Complexity: O(*v* + *c*) for *v* views and *c* installed constraints, plus four
    ///   solver probes per view for ambiguity (skipped above
    ///   ``Configuration/ambiguityViewLimit`` views).
    public func report(title: String, analyzing roots: [View]? = nil, solverCounters: SolverCounters? = nil) -> ProfileReport {
        closeAllBuckets()
        var analysis = _HierarchyAnalysis(
            maximumNesting: configuration.maximumStackNesting, examples: configuration.examplesPerFinding,
            ambiguityLimit: configuration.ambiguityViewLimit)
        let roots = roots ?? engines.filter(\.explicitlyAttached).compactMap(\.root)
        analysis.analyze(roots)

        let findings = (eventFindings() + hierarchyFindings(analysis)).enumerated().sorted { a, b in
            if a.element.severity != b.element.severity { return a.element.severity < b.element.severity }
            let ruleA = Rule.allCases.firstIndex { $0.rawValue == a.element.id } ?? Rule.allCases.count
            let ruleB = Rule.allCases.firstIndex { $0.rawValue == b.element.id } ?? Rule.allCases.count
            return ruleA != ruleB ? ruleA < ruleB : a.offset < b.offset
        }.map(\.element)

        let totalRows = accounted.rowOperations
        func rows<Key>(_ table: _CostTable<Key>, instances: (Key) -> Int = { _ in 1 }, limit: Int) -> [ProfileReport.CostRow] {
            var result = table.rows.map { key, row in
                // A view still alive is named where it is now (it may have been built detached).
                let detail = row.view.map(_Naming.location) ?? row.detail
                return Self.costRow(row.label, detail, instances: instances(key), row.tally, total: totalRows)
            }
            if table.overflow.events > 0 || table.overflow.churn > 0 {
                result.append(
                    Self.costRow(
                        "(other)", "\(table.overflowKeys) more beyond the table's capacity", instances: table.overflowKeys,
                        table.overflow, total: totalRows))
            }
            result.sort {
                ($0.rowOperations, $0.cellUpdates, $0.events) != ($1.rowOperations, $1.cellUpdates, $1.events)
                    ? ($0.rowOperations, $0.cellUpdates, $0.events) > ($1.rowOperations, $1.cellUpdates, $1.events)
                    : $0.label < $1.label
            }
            return Array(result.prefix(limit))
        }

        var counters = SolverCounters.names.map { Finding.Count($0, accounted.value(named: $0) ?? 0) }
        counters.removeAll { ["rowsLive", "columnsLive", "objectiveLevelsLive"].contains($0.name) }
        let totals = ProfileReport.Totals(
            events: sequence, frames: framesSeen, passes: passesSeen, engines: engines.filter { $0.events > 0 }.count,
            solves: accounted.solves, rowOperations: accounted.rowOperations, cellUpdates: accounted.cellUpdates,
            pivots: accounted.pivots, constraintsAdded: count(.constraintAdded), constraintsRemoved: count(.constraintRemoved),
            constantChanges: count(.constantChanged), priorityChanges: count(.priorityChanged),
            brokenConstraints: count(.constraintBroken), refusedPriorityMutations: count(.priorityMutationRefused),
            counters: ProfileReport.CounterList(counters),
            solverCounters: solverCounters.map { solver in
                ProfileReport.CounterList(counters.map { Finding.Count($0.name, solver.value(named: $0.name) ?? 0) })
            })

        let kinds = Set(timeline.map(\.kind))
        let timeline = ProfileReport.Timeline(
            unit: kinds.count == 1 ? kinds.first! : (kinds.isEmpty ? "frame" : "mixed"), span: timelineSpan, entries: self.timeline,
            framesWithSeveralSolves: rules.framesWithSeveralSolves, mostSolvesInAFrame: rules.mostSolvesInAFrame)

        var byVariant: [Finding.Count] = []
        for variant in ["stack-rebuild", "container-rebuild", "update-constraints", "rebuilt-sets", "recreated", "constant-only"] {
            if let tally = rules.churnByVariant[variant] { byVariant.append(.init(variant, tally.constraints)) }
        }
        let churnViews = rules.churnViews.values
            .sorted { ($0.constraints, $1.view) > ($1.constraints, $0.view) }
            .prefix(20)
            .map { ProfileReport.ChurnView(view: $0.view, superview: $0.superview, constraints: $0.constraints) }
        let churnGroups = rules.churnGroups
            .sorted { ($0.value.constraints, $1.key) > ($1.value.constraints, $0.key) }
            .prefix(20)
            .map {
                ProfileReport.ChurnGroup(superview: $0.key, views: $0.value.views.count, constraints: $0.value.constraints, example: $0.value.example)
            }

        return ProfileReport(
            title: title, subject: nil, totals: totals, findings: findings, timeline: timeline,
            topViews: rows(viewCosts, limit: 20),
            topViewGroups: rows(groupCosts, instances: { self.groupInstances[$0] ?? 1 }, limit: 20),
            topConstraintIdentifiers: rows(identifierCosts, limit: 20),
            operations: rows(operationCosts, limit: 64),
            churn: ProfileReport.ChurnSummary(
                constraints: rules.churnTotal, byVariant: byVariant, views: Array(churnViews), groups: Array(churnGroups),
                untracked: churn.untracked + rules.churnOverflow),
            hierarchy: ProfileReport.HierarchySummary(
                roots: analysis.roots, views: analysis.views, stackViews: analysis.stackViews,
                deepestStackNesting: analysis.deepest, deepestStackChain: analysis.deepestChain,
                installedConstraints: analysis.installedConstraints, ambiguityChecked: analysis.ambiguityChecked,
                ambiguousViews: analysis.ambiguousViews, notes: analysis.notes),
            recentEvents: ProfileReport.RecentEvents(
                capacity: rawEvents.capacity, received: sequence, dropped: rawEvents.dropped, events: rawEvents.elements),
            limits: ProfileReport.Limits(
                eventBufferCapacity: configuration.eventBufferCapacity, timelineCapacity: configuration.timelineCapacity,
                viewCapacity: configuration.viewCapacity, viewsTracked: viewCosts.rows.count, viewsOverflowed: viewCosts.overflowKeys,
                identifierCapacity: configuration.identifierCapacity, identifiersTracked: identifierCosts.rows.count,
                churnWindow: configuration.churnWindow, churnHistoryCapacity: configuration.churnHistoryCapacity,
                removedConstraintsRemembered: churn.remembered))
    }

    func count(_ kind: LayoutEvent.Kind) -> Int {
        LayoutEvent.Kind.allCases.firstIndex(of: kind).map { kindCounts[$0] } ?? 0
    }

    static func costRow(_ label: String, _ detail: String, instances: Int, _ tally: _CostTally, total: Int) -> ProfileReport.CostRow {
        ProfileReport.CostRow(
            label: label, detail: detail, instances: instances, events: tally.events, solves: tally.solves,
            rowOperations: tally.rowOperations, cellUpdates: tally.cellUpdates, pivots: tally.pivots,
            constraintsAdded: tally.constraintsAdded, constraintsRemoved: tally.constraintsRemoved,
            constantChanges: tally.constantChanges, churn: tally.churn,
            share: total > 0 ? Double(tally.rowOperations) / Double(total) : 0)
    }
}
