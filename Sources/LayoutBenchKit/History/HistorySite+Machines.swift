extension HistorySite {
    /// The runs of one kind of machine, as asv groups results by machine and environment: a
    /// trend line, a comparison and the "against the run before" links stay within one group,
    /// because times, allocation counts and instruction counts of different machines, builds
    /// or measurement methods do not compare.
    ///
    /// The kind is what `layoutbench merge` requires of shards (``ReportMerge/machineKind(_:)``:
    /// architecture, CPU model, logical cores, OS, compiler version, build configuration,
    /// jemalloc version; not the kernel or the memory size), and whether the run counted
    /// instructions under callgrind (`--instructions`: its times are valgrind's).
    public struct MachineGroup: Sendable {
        /// The group's number from 1, in the order of each group's oldest run (a new machine
        /// gets the next number; older groups keep theirs).
        public var number: Int
        /// The machine's kind.
        public var kind: ReportMerge.MachineKind
        /// Whether the runs counted instructions under callgrind.
        public var underCallgrind: Bool
        /// The group's runs, as indices into the site's runs (oldest first).
        public var runs: [Int]

        /// `Machine 2`.
        public var name: String { "Machine \(number)" }

        /// `Machine 2: x86_64, AMD EPYC 7B13, 2 cores, Debian GNU/Linux 12 (bookworm), Swift 6.3 release, jemalloc 5.3.0`.
        public var label: String {
            "\(name): \(kind)" + (underCallgrind ? ", instructions under callgrind" : "")
        }

        /// The id of the group's anchors (`machine-2`).
        public var slug: String { "machine-\(number)" }
    }

    /// The runs grouped by kind of machine (``MachineGroup``), in the order of each group's
    /// oldest run.
    ///
    /// - Parameter runs: The site's runs, oldest first.
    /// - Complexity: O(*n* · *g*) for *n* runs in *g* groups.
    public static func machineGroups(_ runs: [Run]) -> [MachineGroup] {
        var groups: [MachineGroup] = []
        for (index, run) in runs.enumerated() {
            let kind = ReportMerge.machineKind(run.loaded.report)
            let underCallgrind = run.loaded.report.options.instructions == true
            if let existing = groups.firstIndex(where: { $0.kind == kind && $0.underCallgrind == underCallgrind }) {
                groups[existing].runs.append(index)
            } else {
                groups.append(MachineGroup(number: groups.count + 1, kind: kind, underCallgrind: underCallgrind, runs: [index]))
            }
        }
        return groups
    }

    /// For each run (by index), the index of the run before it on the same machine, or `nil`
    /// for a group's oldest run.
    static func previousOnSameMachine(_ groups: [MachineGroup], count: Int) -> [Int?] {
        var previous = [Int?](repeating: nil, count: count)
        for group in groups {
            for (position, run) in group.runs.enumerated() where position > 0 { previous[run] = group.runs[position - 1] }
        }
        return previous
    }

    /// The pair a compare form starts on: the latest run that has an earlier run on its machine,
    /// against that run; else the latest run against itself (the page then asks for two runs).
    static func defaultPair(_ groups: [MachineGroup], count: Int) -> (base: Int, head: Int)? {
        guard count > 0 else { return nil }
        let previous = previousOnSameMachine(groups, count: count)
        if let head = (0..<count).last(where: { previous[$0] != nil }) { return (previous[head]!, head) }
        return (count - 1, count - 1)
    }

    /// The `<optgroup>`s of a compare form's `<select>` (`Templates/run-options.mustache`):
    /// one per machine, its runs oldest first, `selected` on `selected`.
    static func runOptionGroups(_ runs: [Run], groups: [MachineGroup], selected: Int?) -> [String: Any] {
        [
            "machines": groups.map { group -> [String: Any] in
                [
                    "label": group.label,
                    "runs": group.runs.map { index -> [String: Any] in
                        [
                            "id": runs[index].id, "number": String(index + 1), "label": runLabel(runs[index]),
                            "selected": index == selected,
                        ]
                    },
                ]
            }
        ]
    }
}
