#!/usr/bin/env python3
"""Instructions and simulated cache misses per operation, ours and kiwi C++, under valgrind.

    .venv-tools/bin/python scripts/kiwi/cache_counts.py --layoutbench BIN --harness-source DIR \\
        --case chain-eq:5000:removeEdit --case blocks:10000:suggest [--output FILE.md]

Counts come from valgrind's cache simulator (the one cachegrind uses), run through callgrind
(`--tool=callgrind --cache-sim=yes`), because valgrind 3.19's cachegrind cannot count inside
one operation: it has no client requests and no --toggle-collect, and differences of whole
cachegrind runs are noisier than one operation (tried: a removeEdit of a few thousand
instructions came out negative). callgrind's `--toggle-collect=FUNCTION` counts only inside
the operation's function while the simulated caches follow the whole run:

- ours: `Solver.removeEditVariable`, or `Solver.suggestValue` + `Solver.forEachChangedVariable`
  (a suggest+read step), in `layoutbench solver-bench --trace T --repetitions R --warmup 0
  --no-allocations` (one verification replay, then R timed ones). A removeEdit is counted in
  R=1 and divided by 2 (the verification replay removes the edit as the timed one does); a
  suggest+read as (R=2) - (R=1), one timed replay (the verification replay reads values
  another way), minus the same for the trace cut before the first suggestion (the reads of
  other classes run the same read function);
- kiwi: the same operations in `kiwi-harness T` built with -DKIWI_HARNESS_PROFILE (the solver
  calls out of line as kh_op_remove_edit, kh_op_suggest, kh_op_read; otherwise the same -O2
  build), given `run 0` once: one timed replay (the harness has no verification replay);
  for a suggest+read minus the same for the trace cut before the first suggestion.

The trace T is the workload's (`solver-bench --write-traces`), cut after the last step of the
class (nothing after it is replayed), or before its first step. The simulated caches are this machine's (AMD EPYC,
Zen 5): D1 48 KiB 12-way, and as last level either the 1 MiB 16-way L2 (`l2`: its misses go
to L3) or the 32 MiB 16-way L3 (`l3`: its misses go to memory); 64-byte lines.
valgrind 3.19 reads no DWARF 5, so a copy of layoutbench without debug sections is run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replay_kiwi  # noqa: E402

D1 = "--D1=49152,12,64"
LEVELS = {"l2": "--LL=1048576,16,64", "l3": "--LL=33554432,16,64"}
OURS_FUNCTIONS = {
    "removeEdit": ["$s9Cassowary6SolverC18removeEditVariable*"],
    "suggest": ["$s9Cassowary6SolverC12suggestValue_3for*", "$s9Cassowary6SolverC22forEachChangedVariable*"],
    "remove": ["$s9Cassowary6SolverC6remove*"],
    "add": ["$s9Cassowary6SolverC3addyyAA10ConstraintCAA0B5ErrorOYKF"],
    "addEdit": ["$s9Cassowary6SolverC15addEditVariable_8priority*"],
}
KIWI_FUNCTIONS = {
    "removeEdit": ["kh_op_remove_edit"],
    "suggest": ["kh_op_suggest", "kh_op_read"],
    "remove": ["kh_op_remove"],
    "add": ["kh_op_add"],
    "addEdit": ["kh_op_add_edit", "kh_op_add_edit_unknown"],
}


def cut(path: str, cls: str, folder: str) -> tuple[str, str, int]:
    """Writes the trace up to the end of the last step of cls (B) and up to the start of its
    first step (A); returns both and the number of steps of cls."""
    trace = replay_kiwi.parse_trace(path)
    chosen = [i for i, step in enumerate(trace.steps) if step[0] == cls]
    if not chosen:
        raise SystemExit(f"error: {path} has no {cls} step")
    first_op, end_op = trace.steps[chosen[0]][1], trace.steps[chosen[-1]][2]
    with open(path, encoding="utf-8") as handle:
        lines = [line for line in handle if line.strip()]
    base = os.path.join(folder, os.path.basename(path).removesuffix(".jsonl"))
    before, through = f"{base}.before-{cls}.jsonl", f"{base}.through-{cls}.jsonl"
    with open(before, "w", encoding="utf-8") as handle:
        handle.writelines(lines[:first_op + 1])  # lines[0] is the header
    with open(through, "w", encoding="utf-8") as handle:
        handle.writelines(lines[:end_op + 1])
    return before, through, len(chosen)


def callgrind(command: list[str], stdin: str | None, functions: list[str], level: str, out_file: str) -> dict:
    full = (["valgrind", "--tool=callgrind", "--cache-sim=yes", D1, LEVELS[level], f"--callgrind-out-file={out_file}"]
            + [f"--toggle-collect={f}" for f in functions] + command)
    result = subprocess.run(full, input=stdin, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"error: {' '.join(full)} exited {result.returncode}:\n{result.stderr[-2000:]}")
    events = totals = None
    with open(out_file, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("events:"):
                events = line.split()[1:]
            elif line.startswith("summary:") or line.startswith("totals:"):
                totals = [int(x) for x in line.split()[1:]]
    return dict(zip(events, totals))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--layoutbench", required=True, help="the release layoutbench binary")
    parser.add_argument("--harness-source", required=True, help="the folder holding kiwi/kiwi.h (.cache/kiwi/kiwisolver-V)")
    parser.add_argument("--case", action="append", required=True,
                        help="WORKLOAD:SIZE:CLASS or TRACE.jsonl:CLASS (class: removeEdit, suggest, add, addEdit, remove)")
    parser.add_argument("--level", action="append", choices=sorted(LEVELS), help="last-level cache(s) to simulate")
    parser.add_argument("--kiwi-max-size", type=int, default=5000, help="no kiwi runs above this size")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--output", help="also write the table (Markdown) here")
    parser.add_argument("--from-counts", help="print the table from the counts.json of an earlier run (same --case "
                                              "list, in the same order) instead of running valgrind")
    options = parser.parse_args(argv)
    levels = options.level or ["l2", "l3"]

    folder = tempfile.mkdtemp(prefix="layoutbench-cache-counts.")
    stripped = os.path.join(folder, "layoutbench")
    subprocess.run(["objcopy", "--strip-debug", options.layoutbench, stripped], check=True)
    harness = os.path.join(folder, "kiwi-harness-profile")
    here = os.path.dirname(os.path.abspath(__file__))
    subprocess.run(["g++", "-O2", "-std=c++17", "-DNDEBUG", "-DKIWI_HARNESS_PROFILE", "-I", options.harness_source,
                    os.path.join(here, "harness.cpp"), "-o", harness], check=True)

    cases, jobs = [], []
    for text in options.case:
        if ".jsonl:" in text:  # a recorded trace
            path, cls = text.rsplit(":", 1)
            workload = os.path.basename(path).removesuffix(".jsonl")
            size = str(len(replay_kiwi.parse_trace(path).variable_names))
        else:
            workload, size, cls = text.split(":")
            traces = os.path.join(folder, f"{workload}-{size}")
            subprocess.run([stripped, "solver-bench", "--write-traces", traces, "--workload", workload, "--size", size],
                           check=True, capture_output=True)
            with open(os.path.join(traces, "manifest.json"), encoding="utf-8") as handle:
                path = os.path.join(traces, json.load(handle)[0]["file"])
        before, through, steps = cut(path, cls, folder)
        cases.append((workload, int(size), cls, steps))
        index = len(cases) - 1
        # A removeEdit's function runs once per replay; a suggest+read's read function also runs
        # at the reads of other classes, so those are taken off with the prefix before the class.
        prefixes = [("B", through)] if cls == "removeEdit" else [("B", through), ("A", before)]
        for level in levels:
            for name, prefix in prefixes:
                for replays in ((1,) if cls == "removeEdit" else (1, 2)):
                    jobs.append((index, "ours", level, replays, name,
                                 [stripped, "solver-bench", "--trace", prefix, "--repetitions", str(replays),
                                  "--warmup", "0", "--no-allocations", "--format", "json"], None, OURS_FUNCTIONS[cls]))
                if int(size) <= options.kiwi_max_size:
                    jobs.append((index, "kiwi", level, 1, name, [harness, prefix], "run 0\nquit\n",
                                 KIWI_FUNCTIONS[cls]))

    def work(job):
        index, side, level, replays, name, command, stdin, functions = job
        out = os.path.join(folder, f"cg.{index}.{side}.{level}.{name}.{replays}.out")
        print(f"  callgrind: {options.case[index]} {side} LL={level} {name} x{replays}", file=sys.stderr, flush=True)
        return job, callgrind(command, stdin, functions, level, out)

    results = {}
    if options.from_counts:
        with open(options.from_counts, encoding="utf-8") as handle:
            for key, counts in json.load(handle).items():
                parts = key.split(".")
                index, side, level, replays = int(parts[0]), parts[1], parts[2], int(parts[3])
                results[(index, side, level, replays, parts[4] if len(parts) > 4 else "B")] = counts
        levels = [level for level in levels if any(key[2] == level for key in results)]
        jobs = []
    order = sorted(jobs, key=lambda j: -(cases[j[0]][1] * (3 if j[1] == "kiwi" else 1) * j[3]))
    with ThreadPoolExecutor(max_workers=options.jobs) as pool:
        for job, counts in pool.map(work, order):
            results[job[:5]] = counts

    # Misses of instruction fetches and data accesses: I1 and D1 at the first level; at the last
    # level (the simulated L2 or L3) both together.
    header = ["workload", "size", "operation", "steps", "solver", "Ir/step", "D refs/step", "I1 misses/step",
              "D1 misses/step"]
    header += [f"{level.upper()} misses/step (I+D)" for level in levels]
    rows = []
    for index, (workload, size, cls, steps) in enumerate(cases):
        for side in ("ours", "kiwi"):
            name = "kiwi C++" if side == "kiwi" else "ours"
            label = "suggest+read" if cls == "suggest" else cls
            if (index, side, levels[0], 1, "B") not in results:
                rows.append([workload, str(size), label, str(steps), name] + ["not run"] * (len(header) - 5))
                continue

            def per_step(level, event):
                def count(name, replays):
                    return results[(index, side, level, replays, name)].get(event, 0)
                if cls == "removeEdit":
                    return count("B", 1) / (1 if side == "kiwi" else 2) / steps
                if side == "kiwi":
                    return (count("B", 1) - count("A", 1)) / steps
                return ((count("B", 2) - count("B", 1)) - (count("A", 2) - count("A", 1))) / steps

            first = levels[0]
            row = [workload, str(size), label, str(steps), name, f"{per_step(first, 'Ir'):,.0f}",
                   f"{per_step(first, 'Dr') + per_step(first, 'Dw'):,.0f}", f"{per_step(first, 'I1mr'):,.1f}",
                   f"{per_step(first, 'D1mr') + per_step(first, 'D1mw'):,.1f}"]
            row += [f"{per_step(level, 'ILmr') + per_step(level, 'DLmr') + per_step(level, 'DLmw'):,.1f}"
                    for level in levels]
            rows.append(row)
    text = ["| " + " | ".join(header) + " |",
            "|" + "|".join(" --- " if i in (0, 2, 4) else " ---: " for i in range(len(header))) + "|"]
    text += ["| " + " | ".join(row) + " |" for row in rows]
    output = "\n".join(text)
    print(output)
    if options.output:
        with open(options.output, "w", encoding="utf-8") as handle:
            handle.write(output + "\n")
    raw = os.path.join(folder, "counts.json")
    with open(raw, "w", encoding="utf-8") as handle:
        json.dump({".".join(map(str, key)): counts for key, counts in results.items()}, handle, indent=1)
    print(f"\nraw counts: {raw}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
