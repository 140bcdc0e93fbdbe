import Cassowary
import LayoutEngine

// What the profiler does with each event: place it in a frame or pass, add its cost to
// the running totals, and feed the rules that read events.

extension LayoutProfiler {
    func handle(_ event: LayoutEvent, _ engine: _EngineRecord) {
        sequence += 1
        engine.events += 1
        if let index = LayoutEvent.Kind.allCases.firstIndex(of: event.kind) { kindCounts[index] += 1 }
        var attributedView: View?
        switch event.kind {
        case .frameBegan:
            if let view = event.view { engine.root = view }
            if let pending = engine.passKey {
                closeBucket(pending)
                engine.passKey = nil
            }
            let key = _BucketKey(engine: engine.index, kind: .frame, number: event.frame)
            openBucket(key)
            engine.frameKey = key
            frameStack.append(key)
            framesSeen += 1
        case .frameEnded:
            if let key = engine.frameKey {
                closeBucket(key)
                frameStack.removeAll { $0 == key }
                engine.frameKey = nil
            }
        case .passBegan:
            if let view = event.view { engine.root = view }
            passesSeen += 1
            engine.inPass = true
            let key = currentBucket(for: event, engine)
            if let index = openBuckets[key]?.timelineIndex { timeline[index].passes += 1 }
        case .passEnded:
            engine.inPass = false
            if engine.frameKey == nil, let key = engine.passKey, key.number == event.pass {
                closeBucket(key)
                engine.passKey = nil
            }
        case .constraintAdded, .constraintRemoved, .constantChanged, .priorityChanged, .batchSolved, .windowResized,
            .priorityMutationRefused, .constraintBroken:
            attributedView = handleOperation(event, engine)
        case .updatePassBegan, .updateConstraints, .layoutSubviews:
            break
        }
        if rawEvents.capacity > 0 {
            rawEvents.append(makeRecord(event, engine: engine, view: attributedView ?? event.view))
        }
    }

    // MARK: - Frames and passes

    /// The frame or pass an event belongs to: the engine's open frame; else the frame
    /// another engine has open (a cell's own engine working during the window's frame);
    /// else the engine's layout pass, counting changes made between passes with the
    /// pass that follows them.
    func currentBucket(for event: LayoutEvent, _ engine: _EngineRecord) -> _BucketKey {
        if let key = engine.frameKey { return key }
        if let key = frameStack.last { return key }
        let number = engine.inPass ? event.pass : event.pass + 1
        if let key = engine.passKey {
            if key.number == number { return key }
            closeBucket(key)
        }
        let key = _BucketKey(engine: engine.index, kind: .pass, number: number)
        openBucket(key)
        engine.passKey = key
        return key
    }

    func openBucket(_ key: _BucketKey) {
        guard openBuckets[key] == nil else { return }
        bucketSequence += 1
        let entry = ProfileReport.TimelineEntry(
            kind: key.kind == .frame ? "frame" : "pass", engine: key.engine, first: key.number, last: key.number,
            solves: 0, appSolves: 0, rowOperations: 0, cellUpdates: 0, pivots: 0, constraintsAdded: 0, constraintsRemoved: 0,
            constantChanges: 0, churn: 0, individualActivations: 0, passes: 0)
        if let last = timeline.indices.last, timelineCounts[last] < timelineSpan {
            // After merging, new frames fill the last entry up to the span.
            timeline[last] = Self.merge(timeline[last], entry)
            timelineCounts[last] += 1
        } else {
            timeline.append(entry)
            timelineCounts.append(1)
            if timeline.count > max(configuration.timelineCapacity, 1) { mergeTimeline() }
        }
        openBuckets[key] = _OpenBucket(key: key, sequence: bucketSequence, timelineIndex: timeline.count - 1)
    }

    /// Halves the timeline by merging neighbouring entries; each entry then spans up to
    /// twice as many frames or passes.
    func mergeTimeline() {
        var merged: [ProfileReport.TimelineEntry] = []
        var counts: [Int] = []
        merged.reserveCapacity(timeline.count / 2 + 1)
        var index = 0
        while index < timeline.count {
            if index + 1 < timeline.count {
                merged.append(Self.merge(timeline[index], timeline[index + 1]))
                counts.append(timelineCounts[index] + timelineCounts[index + 1])
            } else {
                merged.append(timeline[index])
                counts.append(timelineCounts[index])
            }
            index += 2
        }
        timeline = merged
        timelineCounts = counts
        timelineSpan *= 2
        for key in openBuckets.keys { openBuckets[key]!.timelineIndex /= 2 }
    }

    static func merge(_ a: ProfileReport.TimelineEntry, _ b: ProfileReport.TimelineEntry) -> ProfileReport.TimelineEntry {
        var entry = a
        if a.kind != b.kind { entry.kind = "mixed" }
        if a.engine != b.engine { entry.engine = 0 }
        entry.first = min(a.first, b.first)
        entry.last = max(a.last, b.last)
        entry.solves += b.solves
        entry.appSolves += b.appSolves
        entry.rowOperations += b.rowOperations
        entry.cellUpdates += b.cellUpdates
        entry.pivots += b.pivots
        entry.constraintsAdded += b.constraintsAdded
        entry.constraintsRemoved += b.constraintsRemoved
        entry.constantChanges += b.constantChanges
        entry.churn += b.churn
        entry.individualActivations += b.individualActivations
        entry.passes += b.passes
        return entry
    }

    /// Ends a frame or pass: the per-frame rules read its totals.
    func closeBucket(_ key: _BucketKey) {
        guard let bucket = openBuckets.removeValue(forKey: key) else { return }
        let limit = configuration.examplesPerFinding
        if bucket.individual >= configuration.individualActivationThreshold {
            rules.individualBuckets += 1
            rules.individualConstraints += bucket.individual
            rules.individualMost = max(rules.individualMost, bucket.individual)
            rules.individual.locations.appendCapped("\(label(key)): \(bucket.individual) activated one at a time", limit: limit)
            for example in bucket.individualExamples { rules.individual.examples.appendCapped(example, limit: limit) }
        }
        if key.kind == .frame {
            rules.framesClosed += 1
            rules.mostSolvesInAFrame = max(rules.mostSolvesInAFrame, bucket.appSolves)
            if bucket.appSolves > 1 {
                rules.framesWithSeveralSolves += 1
                rules.extraSolves += bucket.appSolves - 1
                rules.severalSolvesLocations.appendCapped("\(label(key)): \(bucket.appSolves) solves", limit: limit)
            }
        }
    }

    /// `frame 12`, `pass 3`, with the engine when there is more than one.
    func label(_ key: _BucketKey) -> String {
        let what = key.kind == .frame ? "frame \(key.number)" : "pass \(key.number)"
        return engines.count > 2 && key.engine != 1 ? "engine \(key.engine) \(what)" : what
    }

    /// Closes every frame and pass still open (before a report).
    func closeAllBuckets() {
        for key in Array(openBuckets.keys).sorted(by: { openBuckets[$0]!.sequence < openBuckets[$1]!.sequence }) {
            closeBucket(key)
        }
        for engine in engines {
            engine.frameKey = nil
            engine.passKey = nil
        }
        frameStack.removeAll()
    }

    // MARK: - Operations with a cost

    /// Adds an operation's cost to the totals and feeds the rules; returns the view the
    /// cost was attributed to.
    func handleOperation(_ event: LayoutEvent, _ engine: _EngineRecord) -> View? {
        let key = currentBucket(for: event, engine)
        guard var bucket = openBuckets[key] else { return nil }
        churn.enter(bucket: bucket.sequence)
        let operations = event.operations
        let isEngineInternal = operations.contains { if case .fitting = $0 { true } else if case .hierarchyChange = $0 { true } else { false } }
        let isMeasurement = operations.contains { if case .fitting = $0 { true } else if case .cellReuse = $0 { true } else { false } }

        let cost = event.cost
        var leafKind = _LeafKind.other
        var carriesCost = true
        switch event.kind {
        case .constraintAdded: leafKind = .added
        case .constraintRemoved: leafKind = .removed
        case .constantChanged:
            leafKind = .constant
        case .windowResized, .priorityChanged, .batchSolved: break
        default: carriesCost = false
        }

        let constraint = event.constraint
        let view = constraint.flatMap(_Naming.view(of:)) ?? operations.last(where: { $0.view != nil })?.view ?? event.view
        if carriesCost {
            accounted = accounted + cost
            let index = bucket.timelineIndex
            timeline[index].solves += cost.solves
            timeline[index].rowOperations += cost.rowOperations
            timeline[index].cellUpdates += cost.cellUpdates
            timeline[index].pivots += cost.pivots
            switch leafKind {
            case .added: timeline[index].constraintsAdded += 1
            case .removed: timeline[index].constraintsRemoved += 1
            case .constant: timeline[index].constantChanges += 1
            case .other: break
            }
            // A frame's solves are its own engine's (a detached cell's engine solving while
            // the cell is built is not the window solving twice), outside measurement.
            if !isMeasurement && key.engine == engine.index {
                bucket.appSolves += cost.solves
                timeline[index].appSolves += cost.solves
            }
            attributeCost(cost, kind: leafKind, view: view, event: event)
        }

        let limit = configuration.examplesPerFinding
        switch event.kind {
        case .constraintAdded:
            guard let constraint else { break }
            let shape = _ConstraintShape(constraint)
            if isEngineInternal {
                churn.forget(constraint, shape: shape)
            } else {
                if event.individually && !event.inBatch {
                    bucket.individual += 1
                    timeline[bucket.timelineIndex].individualActivations += 1
                    bucket.individualExamples.appendCapped(constraint.description, limit: limit)
                }
                let competing = noteCompetingAdd(constraint, bucket: bucket)
                if let (match, removed) = churn.added(constraint, shape: shape) {
                    if competing {
                        rules.competingReAdds += 1
                    } else if !operations.contains(where: { if case .containerUpdate = $0 { true } else { false } }) {
                        // A stack's in-place update after a hide or show makes again the
                        // spacing it removed on the last toggle, as UIKit does: the supported
                        // way to collapse a view, with nothing for the app to change. Not churn.
                        recordChurn(match, added: constraint, removed: removed, operations: operations, bucket: bucket)
                    }
                }
            }
            if constraint.origin == .app && !constraint.priority.isRequired {
                rules.nonRequired[_ItemAttribute(constraint), default: 0] += 1
            }
        case .constraintRemoved:
            guard let constraint else { break }
            if constraint.origin == .app && !constraint.priority.isRequired {
                let attribute = _ItemAttribute(constraint)
                let count = (rules.nonRequired[attribute] ?? 0) - 1
                rules.nonRequired[attribute] = count > 0 ? count : nil
            }
            guard !isEngineInternal else { break }
            churn.removed(constraint, shape: _ConstraintShape(constraint))
            if let add = rules.competingAdds.removeValue(forKey: constraint.serial) {
                rules.competingToggles += 1
                rules.competing.examples.appendUnique(add.description, limit: limit)
                rules.competing.addView(of: constraint.firstItem, limit: limit)
                rules.competing.locations.appendCapped(label(key) + ": removed", limit: limit)
            }
        case .priorityMutationRefused:
            guard let constraint else { break }
            rules.refusedMutations += 1
            rules.refused.examples.appendCapped(
                "\(constraint.description): priority \(formatted(event.oldValue)) -> \(formatted(event.newValue)) refused", limit: limit)
            rules.refused.addView(of: constraint.firstItem, limit: limit)
            rules.refused.locations.appendCapped(label(key), limit: limit)
        case .constraintBroken:
            guard let report = event.report else { break }
            if report.involvesAutoresizingMask {
                rules.autoresizingBreaks += 1
                rules.autoresizing.examples.appendCapped(report.descriptions.joined(separator: "\n"), limit: limit)
                for item in report.constraints where item.origin == .autoresizingMask {
                    rules.autoresizing.addView(of: item.firstItem, limit: limit)
                    if let view = _Naming.view(of: item.firstItem), isSizedByCell(view) {
                        rules.autoresizingContentViews.appendUnique(view.debugName, limit: limit)
                    }
                }
                rules.autoresizing.locations.appendCapped(label(key), limit: limit)
            } else {
                rules.otherBreaks += 1
                rules.broken.examples.appendCapped(report.descriptions.joined(separator: "\n"), limit: limit)
                rules.broken.addView(of: report.brokenConstraint.firstItem, limit: limit)
                rules.broken.locations.appendCapped(label(key), limit: limit)
            }
        default:
            break
        }
        openBuckets[key] = bucket
        return view
    }

    /// Adds a cost to the view, view-group, identifier and operation tables.
    func attributeCost(_ cost: SolverCounters, kind: _LeafKind, view: View?, event: LayoutEvent) {
        if let view {
            let group = groupID(view)
            viewCosts.add(.view(view.serial), cost, kind: kind, view: view) {
                groupInstances[group, default: 0] += 1
                return (_Naming.display(view), _Naming.location(view))
            }
            groupCosts.add(group, cost, kind: kind) { (structuralPath(view), view.typeName) }
        } else {
            let name = event.operation.map { "(solves in \($0.kindName))" } ?? "(batch-end solves, no operation)"
            viewCosts.add(.unattributed(name), cost, kind: kind) {
                (name, event.operation == nil ? "the update pass's one solve, or a hierarchy joining" : "the solve at the end of the batch")
            }
        }
        if let constraint = event.constraint {
            let identifier = constraint.identifier ?? "(no identifier: \(Self.className(constraint.origin)))"
            identifierCosts.add(identifier, cost, kind: kind) { (identifier, Self.originName(constraint.origin)) }
        }
        let operation = event.operation?.kindName ?? "(none: \(event.kind.rawValue))"
        operationCosts.add(operation, cost, kind: kind) {
            (operation, event.operations.map(\.kindName).joined(separator: " › "))
        }
        if let view, event.operations.contains(where: { if case .fitting = $0 { true } else { false } }) {
            measurementRowOperations += cost.rowOperations
            if let cell = _Naming.enclosingCell(of: view) {
                let kind = _Naming.cellKind(cell)
                if measurementByCellKind[kind] != nil || measurementByCellKind.count < 256 {
                    measurementByCellKind[kind, default: 0] += cost.rowOperations
                }
            }
        }
    }

    static func update<Value>(_ value: inout Value, _ body: (inout Value) -> Void) {
        body(&value)
    }

    /// A number for a view's structural path (views in the same place share it), so
    /// that tallies by group hash an integer, not the path.
    func groupID(_ view: View) -> Int {
        if let id = viewGroups[view.serial] { return id }
        let path = structuralPath(view)
        let id: Int
        if let known = groupIDs[path] {
            id = known
        } else {
            id = groupIDs.count
            if groupIDs.count < configuration.viewCapacity { groupIDs[path] = id }
        }
        if viewGroups.count < configuration.viewCapacity { viewGroups[view.serial] = id }
        return id
    }

    /// A view's structural path, computed once per view (for at most the view capacity).
    func structuralPath(_ view: View) -> String {
        if let path = viewPaths[view.serial] { return path }
        let path = _Naming.structuralPath(view)
        if viewPaths.count < configuration.viewCapacity { viewPaths[view.serial] = path }
        return path
    }

    // MARK: - Rules that read events

    /// Whether a required app constraint being added competes with an installed
    /// non-required one on the same item and attribute (remembered for its removal).
    func noteCompetingAdd(_ constraint: LayoutConstraint, bucket: _OpenBucket) -> Bool {
        guard constraint.origin == .app, constraint.priority.isRequired,
            (rules.nonRequired[_ItemAttribute(constraint)] ?? 0) > 0
        else { return false }
        rules.competingAddCount += 1
        var description = constraint.description
        if rules.competing.examples.count < configuration.examplesPerFinding, let other = competitor(of: constraint) {
            description += "\n  over " + other.description
        }
        rules.competingAdds[constraint.serial] = _CompetingAdd(bucket: bucket.sequence, description: description)
        rules.competingOrder.append(constraint.serial)
        // Bounded: forget the oldest adds (and the queue's stale entries).
        while rules.competingAdds.count > configuration.competingCapacity
            || rules.competingOrder.count - rules.competingOrderHead > 2 * max(configuration.competingCapacity, 1)
        {
            let oldest = rules.competingOrder[rules.competingOrderHead]
            rules.competingOrderHead += 1
            if rules.competingAdds[oldest]?.bucket ?? .max <= bucket.sequence { rules.competingAdds[oldest] = nil }
        }
        if rules.competingOrderHead > 1024 && rules.competingOrderHead * 2 > rules.competingOrder.count {
            rules.competingOrder.removeFirst(rules.competingOrderHead)
            rules.competingOrderHead = 0
        }
        return true
    }

    /// An installed non-required app constraint on the same item and attribute.
    func competitor(of constraint: LayoutConstraint) -> LayoutConstraint? {
        var current = _Naming.view(of: constraint.firstItem)
        while let view = current {
            if let found = view.constraints.first(where: {
                $0.origin == .app && !$0.priority.isRequired && $0.firstItem === constraint.firstItem
                    && $0.firstAttribute == constraint.firstAttribute
            }) {
                return found
            }
            current = view.superview
        }
        return nil
    }

    /// Counts a churned constraint against its variant, view and superview group.
    func recordChurn(
        _ match: _ChurnMatch, added constraint: LayoutConstraint, removed: String?, operations: [LayoutOperation],
        bucket: _OpenBucket
    ) {
        var variant: String
        var responsible: View?
        if let rebuild = operations.last(where: { if case .containerRebuild = $0 { true } else { false } })?.view {
            variant = rebuild is StackView ? "stack-rebuild" : "container-rebuild"
            responsible = rebuild
        } else if case .rebuilt = match {
            variant = "rebuilt-sets"
        } else if let updating = operations.last(where: { if case .updateConstraints = $0 { true } else { false } })?.view {
            variant = "update-constraints"
            responsible = updating
        } else if case .recreated = match {
            variant = "recreated"
        } else {
            variant = "constant-only"
        }
        let view = responsible ?? _Naming.view(of: constraint)
        let limit = configuration.examplesPerFinding
        rules.churnTotal += 1
        timeline[bucket.timelineIndex].churn += 1

        let location = label(bucket.key)
        // Mutated in place: a copy would copy its sets and lists on every churned constraint.
        Self.update(&rules.churnByVariant[variant, default: _ChurnVariantTally()]) { tally in
            tally.constraints += 1
            if case .constantOnly = match { tally.constantOnly += 1 }
            if tally.examples.count < limit {
                var example = ""
                if let removed { example = "removed " + removed + "\n" }
                example += "added   " + constraint.description
                if case .rebuilt(let ago) = match { example += "\n  (a new object equivalent to one removed \(ago) frames or passes earlier)" }
                tally.examples.append(example)
            }
            if let view {
                tally.views.appendUnique(view.debugName, limit: limit)
                if tally.lastOccasion != (bucket.sequence, view.serial) {
                    tally.occasions += 1
                    tally.lastOccasion = (bucket.sequence, view.serial)
                }
                if tally.viewSerials.count < 4096 { tally.viewSerials.insert(view.serial) }
            }
            if location != tally.lastLocation {
                tally.locations.appendCapped(location, limit: limit)
                tally.lastLocation = location
            }
        }

        guard let view else { return }
        let group = view.superview.map(structuralPath) ?? "(root)"
        viewCosts.addChurn(.view(view.serial), view: view) { (_Naming.display(view), group) }
        if rules.churnViews[view.serial] != nil {
            rules.churnViews[view.serial]!.constraints += 1
        } else if rules.churnViews.count < configuration.viewCapacity {
            rules.churnViews[view.serial] = _ChurnViewTally(view: _Naming.display(view), superview: group, constraints: 1)
        } else {
            rules.churnOverflow += 1
        }
        if rules.churnGroups[group] != nil {
            rules.churnGroups[group]!.constraints += 1
            if rules.churnGroups[group]!.views.count < 4096 { rules.churnGroups[group]!.views.insert(view.serial) }
        } else if rules.churnGroups.count < configuration.viewCapacity {
            rules.churnGroups[group] = _ChurnGroupTally(views: [view.serial], constraints: 1, example: constraint.description)
        }
    }

    // MARK: - Raw events

    func makeRecord(_ event: LayoutEvent, engine: _EngineRecord, view: View?) -> ProfiledEvent {
        let hasValues =
            event.kind == .constantChanged || event.kind == .priorityChanged || event.kind == .priorityMutationRefused
            || event.kind == .windowResized
        return ProfiledEvent(
            sequence: sequence, kind: event.kind.rawValue, engine: engine.index, frame: event.frame, pass: event.pass,
            constraint: event.constraint?.description, view: view?.debugName,
            operations: event.operations.map(\.description), solves: event.cost.solves,
            rowOperations: event.cost.rowOperations, cellUpdates: event.cost.cellUpdates,
            oldValue: hasValues ? event.oldValue : nil, newValue: hasValues ? event.newValue : nil,
            individually: event.individually, inBatch: event.inBatch)
    }

    func formatted(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func className(_ origin: LayoutConstraint.Origin) -> String {
        switch origin {
        case .autoresizingMask: "NSAutoresizingMaskLayoutConstraint"
        case .contentSize: "NSContentSizeLayoutConstraint"
        default: "NSLayoutConstraint"
        }
    }

    static func originName(_ origin: LayoutConstraint.Origin) -> String {
        switch origin {
        case .app: "app"
        case .autoresizingMask: "autoresizing mask"
        case .contentSize: "content size"
        case .container: "container"
        case .window: "window"
        case .fitting: "fitting"
        }
    }
}
