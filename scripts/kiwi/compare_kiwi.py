#!/usr/bin/env python3
"""Compares layoutbench's solver with kiwi on the same traces, repetitions interleaved.

Run through scripts/compare-kiwi, which builds layoutbench, makes the venv and
writes the workload traces. For every trace:

1. kiwi: a verification repetition (values read at every read, failures noted),
   which is also the warm-up and measures what one repetition costs;
2. layoutbench: `solver-bench --trace FILE --lockstep` verifies, warms up,
   counts allocations and prints its `ready` line (its values, failures, where
   each edit started);
3. the values are cross-checked (a checksum per read, every value at the last
   read and at the end, within 1e-6 relative; the same failed lines): a
   difference fails the run;
4. repetitions alternate: kiwi, ours, kiwi, ours, ...; per operation class the
   ratio ours/kiwi of each pair, and the median of those ratios.

A kiwi repetition that exceeds --budget seconds of solver time is abandoned and
the trace's kiwi columns say so; a size whose repetition is predicted (from the
previous size of the same workload, assuming kiwi's cost grows with the square
of the size) to exceed the budget is not started. Traces whose kiwi repetition
is slow get fewer repetitions (at least --min-repetitions) so that kiwi's share
of a trace stays under --trace-budget seconds. layoutbench still runs them.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import statistics
import subprocess
import sys
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness_kiwi  # noqa: E402
import replay_kiwi  # noqa: E402

TOLERANCE = 1e-6
WORKLOAD_ORDER = ["chain-eq", "chain-ineq", "blocks", "form", "constant-update"]
# Workloads whose size is a count of blocks or chain links, where the tighter target applies.
SCALED_WORKLOADS = {"chain-eq", "chain-ineq", "blocks", "constant-update"}


# The two ways kiwi runs: its C++ solver through scripts/kiwi/harness.cpp, or through
# kiwisolver's Python binding (replay_kiwi.py). The first listed is the anchor: the ratio the
# targets are checked against.
BACKEND_LABELS = {"cpp": "kiwi C++", "python": "kiwi Py"}


@dataclass
class KiwiTime:
    """One kiwi backend's figures for one row."""
    us: float | None = None
    ratio: float | None = None
    note: str = ""


@dataclass
class Row:
    workload: str
    size: int
    operation: str
    operations: int
    kiwi: dict[str, KiwiTime]  # backend -> its time and ratio, anchor first
    ours_us: float
    target: float
    note: str = ""

    @property
    def anchor(self) -> KiwiTime:
        return next(iter(self.kiwi.values()))

    @property
    def kiwi_us(self) -> float | None:
        return self.anchor.us

    @property
    def ratio(self) -> float | None:
        return self.anchor.ratio

    @property
    def met(self) -> bool | None:
        return None if self.ratio is None else self.ratio <= self.target


@dataclass
class TraceOutcome:
    name: str
    workload: str
    size: int
    repetitions: int
    rows: list[Row] = field(default_factory=list)
    kiwi_status: dict[str, str] = field(default_factory=dict)  # backend -> "measured" or why not
    prewarmed: bool = False
    kiwi_repetition_seconds: dict[str, float | None] = field(default_factory=dict)
    mismatches: list[str] = field(default_factory=list)
    allocations: dict = field(default_factory=dict)
    ours_counters: dict = field(default_factory=dict)


class PythonKiwi:
    """kiwi through kiwisolver's Python binding (replay_kiwi.KiwiReplay)."""

    def __init__(self, trace, edit_starts):
        self.replay = replay_kiwi.KiwiReplay(trace, edit_starts)

    def verify(self, budget_seconds: float) -> dict:
        return replay_kiwi.verify_in_child(self.replay, budget_seconds)

    def run(self, budget_ns: int):
        return self.replay.run(budget_ns)

    def close(self):
        pass


@dataclass
class KiwiSide:
    """One kiwi backend's state while a trace is compared."""
    backend: str
    replay: object = None  # PythonKiwi or harness_kiwi.HarnessReplay
    mode: str = "full"  # full, partial (verification stopped at the budget), skipped
    status: str = "measured"
    partial: dict | None = None
    seconds: float | None = None
    result: dict | None = None
    samples: dict = field(default_factory=dict)
    ratios: dict = field(default_factory=dict)


def close(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE * max(1.0, abs(a), abs(b))


def cross_check(trace, ready: dict, kiwi_result: dict) -> list[str]:
    """Returns what differs between the two solvers' replays (empty when they agree)."""
    problems = []
    ours_failed, kiwi_failed = ready["failedLines"], kiwi_result["failedLines"]
    if ours_failed != kiwi_failed:
        problems.append(f"failed operations differ: layoutbench lines {ours_failed[:10]}, kiwi lines {kiwi_failed[:10]}")
    ours_sums, kiwi_sums = ready["readChecksums"], kiwi_result["readChecksums"]
    if len(ours_sums) != len(kiwi_sums):
        problems.append(f"{len(ours_sums)} reads in layoutbench, {len(kiwi_sums)} in kiwi")
    else:
        problems += cross_check_reads(ours_sums, kiwi_sums)
    names = trace.variable_names
    for label, key in (("last read", "lastReadValues"), ("end", "finalValues")):
        ours, theirs = ready[key], kiwi_result[key]
        if len(ours) != len(theirs):
            problems.append(f"{label}: {len(ours)} values from layoutbench, {len(theirs)} from kiwi")
            continue
        differing = [i for i, (a, b) in enumerate(zip(ours, theirs)) if not close(a, b)]
        if differing:
            shown = ", ".join(f"{names[i] or 'v' + str(i)}={ours[i]!r} vs {theirs[i]!r}" for i in differing[:5])
            problems.append(f"at the {label}, {len(differing)} variables differ (layoutbench vs kiwi): {shown}")
    return problems


class Ours:
    """`layoutbench solver-bench --lockstep` for one trace."""

    def __init__(self, binary: str, path: str, warmup: int, allocations: bool):
        command = [binary, "solver-bench", "--trace", path, "--lockstep", "--warmup", str(warmup)]
        if not allocations:
            command.append("--no-allocations")
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.ready = self._read("ready")

    def _read(self, event: str) -> dict:
        line = self.process.stdout.readline()
        if not line:
            code = self.process.wait()
            raise RuntimeError(f"layoutbench solver-bench --lockstep exited ({code}) before its {event} line")
        message = json.loads(line)
        if message.get("event") != event:
            raise RuntimeError(f"expected a {event} line from layoutbench, got {line.strip()[:200]}")
        return message

    def repetition(self) -> dict:
        self.process.stdin.write("run\n")
        self.process.stdin.flush()
        return self._read("repetition")

    def warm(self):
        self.process.stdin.write("warm\n")
        self.process.stdin.flush()
        self._read("warmed")

    def close(self):
        try:
            self.process.stdin.write("quit\n")
            self.process.stdin.close()
        except BrokenPipeError:
            pass
        self.process.wait()


def target_for(workload: str, size: int, operation: str) -> float:
    if workload in SCALED_WORKLOADS and size >= 1000 and operation in ("add", "suggest"):
        return 0.5
    return 1.0


def display_name(operation: str) -> str:
    return "suggest+read" if operation == "suggest" else operation


def make_replay(backend: str, trace, edit_starts, options):
    if backend == "cpp":
        return harness_kiwi.HarnessReplay(options.harness, trace, edit_starts)
    return PythonKiwi(trace, edit_starts)


def compare_trace(entry: dict, options, previous: dict) -> TraceOutcome:
    path = entry["path"]
    trace = replay_kiwi.parse_trace(path)
    workload, size = entry["workload"], entry["size"]
    outcome = TraceOutcome(entry["name"], workload, size, options.repetitions)
    classes = trace.timed_classes
    log(f"{entry['name']}: layoutbench verifies, warms up, counts allocations")
    ours = Ours(options.layoutbench, path, options.warmup, not options.no_allocations)
    sides = [KiwiSide(backend) for backend in options.kiwi_backends]
    try:
        ready = ours.ready
        outcome.allocations = ready.get("allocations") or {}
        outcome.ours_counters = ready.get("counters") or {}
        edit_starts = {item["line"]: item["value"] for item in ready["editStartValues"]}
        budget_ns = int(options.budget * 1e9)

        # Each kiwi backend runs in full, or only its verification repetition up to the
        # budget ("partial"), or not at all when a smaller size of the workload was already
        # over or the trace cannot be mapped onto kiwi's strengths.
        for side in sides:
            label = BACKEND_LABELS[side.backend]
            prior = previous.get((side.backend, workload))
            if trace.level_problem:
                side.mode = "skipped"
                side.status = f"not comparable: {trace.level_problem}"
            elif prior is not None and prior[1] is None and size > prior[0]:
                side.mode = "skipped"
                side.status = f"not run: n={prior[0]} was already over the {options.budget:g} s budget"
            else:
                side.replay = make_replay(side.backend, trace, edit_starts, options)
                log(f"{entry['name']}: {label} verification repetition")
                try:
                    side.result = side.replay.verify(options.budget)
                except replay_kiwi.BudgetExceeded as exceeded:
                    side.mode = "partial"
                    side.partial = exceeded.partial
                    side.status = (f"over budget: its one repetition was stopped after {exceeded.elapsed_ns / 1e9:.0f} s "
                                   f"of solver time (budget {options.budget:g} s); rows with a kiwi time come from "
                                   "the part that completed")
            if side.mode == "full":
                side.seconds = side.result["nanoseconds"] / 1e9
                previous[(side.backend, workload)] = (size, side.seconds)
                outcome.mismatches += [f"{label}: {problem}" for problem in cross_check(trace, ready, side.result)]
                for _ in range(options.warmup - 1):
                    side.replay.run(budget_ns)
            elif side.mode == "partial":
                previous[(side.backend, workload)] = (size, None)
                if side.partial is not None:
                    outcome.mismatches += [f"{label}: {problem}" for problem in
                                           cross_check_reads(ready["readChecksums"], side.partial["readChecksums"])]
            outcome.kiwi_status[side.backend] = side.status
            outcome.kiwi_repetition_seconds[side.backend] = side.seconds

        full = [side for side in sides if side.mode == "full"]
        kiwi_seconds = sum(side.seconds for side in full)
        if kiwi_seconds > 0 and kiwi_seconds * options.repetitions > options.trace_budget:
            outcome.repetitions = max(options.min_repetitions, int(options.trace_budget / kiwi_seconds))

        # A process that sat idle while the other solver ran starts its repetition with
        # cold caches; for short repetitions that dominates. Then each timed repetition,
        # on every side, directly follows an untimed one.
        prewarm = bool(full) and all(side.seconds < options.prewarm_below for side in full)
        outcome.prewarmed = prewarm
        log(f"{entry['name']}: {outcome.repetitions} "
            + (f"interleaved repetitions ({', '.join(BACKEND_LABELS[s.backend] for s in full)}, layoutbench)"
               if full else "repetitions of layoutbench alone")
            + (" (each after an untimed one)" if prewarm else ""))
        ours_samples = {cls: [] for cls in classes}
        for side in sides:
            side.samples = {cls: [] for cls in classes}
            side.ratios = {cls: [] for cls in classes}
        for _ in range(outcome.repetitions):
            kiwi_ns = {}
            for side in sides:
                if side.mode != "full":
                    continue
                try:
                    if prewarm:
                        side.replay.run(budget_ns)
                    kiwi_ns[side.backend], _ = side.replay.run(budget_ns)
                except replay_kiwi.BudgetExceeded as exceeded:
                    side.mode = "skipped"
                    side.status = (f"over budget: a repetition was abandoned after "
                                   f"{exceeded.elapsed_ns / 1e9:.0f} s (budget {options.budget:g} s)")
                    outcome.kiwi_status[side.backend] = side.status
                    side.samples = {cls: [] for cls in classes}
                    side.ratios = {cls: [] for cls in classes}
            if prewarm:
                ours.warm()
            mine = ours.repetition()["classes"]
            for cls in classes:
                count = trace.step_counts[cls]
                ours_us = mine[cls]["nanoseconds"] / 1000 / count
                ours_samples[cls].append(ours_us)
                for side in sides:
                    if side.backend in kiwi_ns:
                        kiwi_us = kiwi_ns[side.backend][cls] / 1000 / count
                        side.samples[cls].append(kiwi_us)
                        side.ratios[cls].append(ours_us / kiwi_us if kiwi_us > 0 else math.inf)
    finally:
        ours.close()
        for side in sides:
            if side.replay is not None:
                side.replay.close()

    for cls in classes:
        ours_us = statistics.median(ours_samples[cls])
        times = {}
        for side in sides:
            figures = KiwiTime()
            if side.mode == "full" and side.samples[cls]:
                figures.us = statistics.median(side.samples[cls])
                figures.ratio = statistics.median(side.ratios[cls])
            elif (side.mode == "partial" and side.partial is not None
                  and side.partial["classes"].get(cls, [0, 0])[1] == trace.step_counts[cls]):
                figures.us = side.partial["classes"][cls][0] / 1000 / trace.step_counts[cls]
                figures.ratio = ours_us / figures.us if figures.us > 0 else math.inf
                figures.note = f"{BACKEND_LABELS[side.backend]}: 1 partial repetition"
            elif not side.status.startswith("not comparable"):
                figures.note = f"{BACKEND_LABELS[side.backend]} " + side.status.split(":")[0]
            else:
                figures.note = side.status.split(":")[0]
            times[side.backend] = figures
        outcome.rows.append(Row(
            workload=workload, size=size, operation=cls, operations=trace.step_counts[cls], kiwi=times,
            ours_us=ours_us, target=target_for(workload, size, cls), note=replay_kiwi.KIWI_NOTES.get(cls, "")))
    return outcome


def cross_check_reads(ours_sums: list, kiwi_sums: list) -> list[str]:
    """Compares the checksums of the reads both replays completed."""
    for index, ((ours, ours_scale), (theirs, their_scale)) in enumerate(zip(ours_sums, kiwi_sums)):
        if abs(ours - theirs) > TOLERANCE * max(1.0, ours_scale, their_scale):
            return [f"values differ at read {index + 1}: checksum {ours!r} (layoutbench) vs {theirs!r} (kiwi)"]
    return []


def log(message: str):
    print(f"  {message}", file=sys.stderr, flush=True)


def format_us(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.1f}" if value >= 100 else f"{value:.3f}"


def table(outcomes: list[TraceOutcome], backends: list[str]) -> list[list[str]]:
    labels = [BACKEND_LABELS[b] for b in backends]
    ratio_headers = ["ratio"] if len(backends) == 1 else [f"ratio {label.removeprefix('kiwi ')}" for label in labels]
    rows = [["workload", "size", "operation", "ops"] + [f"{label} us/op" for label in labels] + ["ours us/op"]
            + ratio_headers + ["target", "met", "note"]]
    for outcome in outcomes:
        for row in outcome.rows:
            notes = [row.note] if row.note else []
            notes += [row.kiwi[b].note for b in backends if row.kiwi[b].note]
            # One "not comparable" is enough when every backend says it.
            notes = list(dict.fromkeys(notes))
            if outcome.mismatches:
                notes.append("VALUES DIFFER")
            rows.append([row.workload, str(row.size), display_name(row.operation), str(row.operations)]
                        + [format_us(row.kiwi[b].us) for b in backends] + [format_us(row.ours_us)]
                        + ["-" if row.kiwi[b].ratio is None else f"{row.kiwi[b].ratio:.3f}" for b in backends]
                        + [f"<= {row.target:g}", "-" if row.met is None else ("yes" if row.met else "NO"),
                           "; ".join(notes)])
    return rows


def right_aligned(rows: list[list[str]]) -> set[int]:
    """The numeric columns: size, ops, the times and the ratios."""
    header = rows[0]
    return {i for i, name in enumerate(header) if name in ("size", "ops") or "us/op" in name or name.startswith("ratio")}


def render_text(rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    right = right_aligned(rows)
    lines = []
    for row in rows:
        cells = [cell.rjust(widths[i]) if i in right else cell.ljust(widths[i]) for i, cell in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def render_markdown(rows: list[list[str]]) -> str:
    right = right_aligned(rows)
    lines = ["| " + " | ".join(rows[0]) + " |",
             "|" + "|".join(" ---: " if i in right else " --- " for i in range(len(rows[0]))) + "|"]
    for row in rows[1:]:
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def flatness(options, entries: list[dict]) -> dict[int, float]:
    """layoutbench alone on every blocks trace, in one process, as `solver-bench` runs them
    (back-to-back repetitions): the median microseconds per suggest+read by size. The
    interleaved rows of the table are not comparable across sizes when kiwi runs for some
    sizes and not for others."""
    log("blocks: layoutbench alone, every size in one process (for the growth check)")
    command = [options.layoutbench, "solver-bench", "--no-allocations", "--format", "json",
               "--repetitions", str(options.repetitions), "--warmup", str(max(1, options.warmup))]
    for entry in sorted(entries, key=lambda e: e["size"]):
        command += ["--trace", entry["path"]]
    document = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
    result = {}
    for trace, entry in zip(document["traces"], sorted(entries, key=lambda e: e["size"])):
        for item in trace["classes"]:
            if item["class"] == "suggest":
                result[entry["size"]] = item["nanosecondsPerOperation"]["median"] / 1000
    return result


def summary(outcomes: list[TraceOutcome], options_repetitions: int, flat: dict | None,
            backends: list[str]) -> list[str]:
    """The targets that are not rows of the table: flat blocks edits, allocations, unmet rows."""
    lines = []
    if flat and len(flat) >= 2:
        sizes = sorted(flat)
        low, high = sizes[0], sizes[-1]
        growth = flat[high] / flat[low]
        verdict = "met" if growth <= 1.2 else "NOT met"
        steps = ", ".join(f"{flat[size]:.3f} us at n={size}" for size in sizes)
        lines.append(f"blocks suggest+read, layoutbench alone: {steps}: growth x{growth:.2f} from n={low} to n={high} "
                     f"(target <= 1.2: {verdict})")
        blocks = {o.size: next((r for r in o.rows if r.operation == "suggest"), None)
                  for o in outcomes if o.workload == "blocks"}
        for backend in backends:
            kiwi = {size: row.kiwi[backend].us for size, row in blocks.items()
                    if row is not None and row.kiwi[backend].us is not None}
            if len(kiwi) >= 2:
                k_low, k_high = min(kiwi), max(kiwi)
                lines.append(f"blocks suggest+read, {BACKEND_LABELS[backend]}: {kiwi[k_low]:.3f} us at n={k_low} -> "
                             f"{kiwi[k_high]:.3f} us at n={k_high}: growth x{kiwi[k_high] / kiwi[k_low]:.1f}")
    for outcome in outcomes:
        for cls in ("suggest", "updateConstant"):
            allocation = outcome.allocations.get(cls)
            if allocation:
                warm = allocation["warmAllocations"] / allocation["warmOperations"] if allocation["warmOperations"] else 0.0
                verdict = "met" if allocation["warmAllocations"] == 0 else "NOT met"
                lines.append(f"allocations, {outcome.name} {display_name(cls)}: {warm:.3f} per operation once warm "
                             f"({allocation['warmAllocations']} in {allocation['warmOperations']} operations after the first tenth; "
                             f"{allocation['allocations']} in all {allocation['operations']}): target 0: {verdict}")
    unmet = [(o, r) for o in outcomes for r in o.rows if r.met is False]
    rows_measured = sum(1 for o in outcomes for r in o.rows if r.met is not None)
    lines.append(f"ratio targets (against {BACKEND_LABELS[backends[0]]}): {rows_measured - len(unmet)} of "
                 f"{rows_measured} measured rows met")
    for outcome, row in unmet:
        lines.append(f"  NOT met: {outcome.name} {display_name(row.operation)}: ratio {row.ratio:.3f} > {row.target:g} "
                     f"(by {row.ratio / row.target:.2f}x)")
    for outcome in outcomes:
        for backend in backends:
            status = outcome.kiwi_status.get(backend, "measured")
            if status != "measured":
                lines.append(f"{BACKEND_LABELS[backend]} {outcome.name}: {status}")
        measured = {b: s for b, s in outcome.kiwi_repetition_seconds.items() if s is not None
                    and outcome.kiwi_status.get(b) == "measured"}
        if measured and outcome.repetitions != options_repetitions:
            takes = ", ".join(f"{BACKEND_LABELS[b]} {s:.1f} s" for b, s in measured.items())
            lines.append(f"{outcome.name}: {outcome.repetitions} repetitions (one takes {takes} of kiwi solver time)")
    return lines


def machine_description(options) -> dict:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        swift = subprocess.run(["swift", "--version"], capture_output=True, text=True, check=False).stdout.splitlines()[0]
    except (OSError, IndexError):
        swift = "unknown"
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "load average (1 min) at start and end": f"{options.load_start:.2f}, {os.getloadavg()[0]:.2f}",
        "cpu": cpu,
        "cores": os.cpu_count(),
        "kernel": platform.release(),
        "swift": swift,
        "python": platform.python_version(),
        "kiwisolver": getattr(replay_kiwi.kiwi, "__version__", "unknown"),
        "kiwi backends": ", ".join(BACKEND_LABELS[b] for b in options.kiwi_backends) + " (ratios and targets against "
                         + BACKEND_LABELS[options.kiwi_backends[0]] + ")",
        **({"kiwi C++ harness": options.harness_info} if "cpp" in options.kiwi_backends else {}),
        "command": options.command_line,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--layoutbench", required=True, help="the release layoutbench binary")
    parser.add_argument("--manifest", help="manifest.json written by solver-bench --write-traces")
    parser.add_argument("--trace", action="append", default=[], help="an extra recorded trace (repeatable)")
    parser.add_argument("--repetitions", type=int, default=7)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--budget", type=float, default=20.0, help="seconds of kiwi solver time per repetition")
    parser.add_argument("--trace-budget", type=float, default=40.0, help="seconds of kiwi solver time per trace")
    parser.add_argument("--min-repetitions", type=int, default=3)
    parser.add_argument("--prewarm-below", type=float, default=2.0,
                        help="seconds: when kiwi's repetition is shorter, every timed repetition (both sides) "
                             "follows an untimed one")
    parser.add_argument("--kiwi", choices=["cpp", "python", "both"], default="cpp",
                        help="kiwi's C++ solver through scripts/kiwi/harness.cpp (needs --harness), kiwisolver's "
                             "Python binding, or both (targets against C++)")
    parser.add_argument("--harness", help="the kiwi-harness binary (scripts/kiwi/build-harness)")
    parser.add_argument("--no-allocations", action="store_true")
    parser.add_argument("--output-dir", help="write compare-kiwi.json and compare-kiwi.md here")
    parser.add_argument("--command-line", default="scripts/compare-kiwi")
    options = parser.parse_args(argv)
    options.load_start = os.getloadavg()[0]
    options.kiwi_backends = {"cpp": ["cpp"], "python": ["python"], "both": ["cpp", "python"]}[options.kiwi]
    if "cpp" in options.kiwi_backends:
        if not options.harness:
            parser.error("--kiwi cpp and --kiwi both need --harness (scripts/kiwi/build-harness prints its path)")
        try:
            with open(options.harness + ".info", encoding="utf-8") as handle:
                options.harness_info = handle.read().strip()
        except OSError:
            options.harness_info = options.harness

    entries = []
    if options.manifest:
        with open(options.manifest, encoding="utf-8") as handle:
            manifest = json.load(handle)
        folder = os.path.dirname(os.path.abspath(options.manifest))
        for item in manifest:
            entries.append({**item, "path": os.path.join(folder, item["file"])})
    entries.sort(key=lambda e: (WORKLOAD_ORDER.index(e["workload"]) if e["workload"] in WORKLOAD_ORDER else 99, e["size"]))
    for path in options.trace:
        name = os.path.basename(path).removesuffix(".jsonl")
        size = len(replay_kiwi.parse_trace(path).variable_names)
        entries.append({"name": name, "workload": name, "size": size, "path": path})

    outcomes = []
    previous: dict = {}
    failed = False
    for entry in entries:
        try:
            outcome = compare_trace(entry, options, previous)
        except (replay_kiwi.TraceError, RuntimeError, OSError, ValueError) as error:
            print(f"error: {entry['name']}: {error}", file=sys.stderr)
            failed = True
            continue
        if outcome.mismatches:
            failed = True
            print(f"error: {entry['name']}: layoutbench and kiwi did not solve the same problem:", file=sys.stderr)
            for problem in outcome.mismatches:
                print(f"       {problem}", file=sys.stderr)
        outcomes.append(outcome)

    rows = table(outcomes, options.kiwi_backends)
    blocks_entries = [e for e in entries if e["workload"] == "blocks"]
    flat = flatness(options, blocks_entries) if len(blocks_entries) >= 2 else None
    notes = summary(outcomes, options.repetitions, flat, options.kiwi_backends)
    print(render_text(rows))
    print()
    for line in notes:
        print(line)

    if options.output_dir:
        os.makedirs(options.output_dir, exist_ok=True)
        machine = machine_description(options)
        document = {
            "machine": machine,
            "repetitions": options.repetitions,
            "warmup": options.warmup,
            "budgetSeconds": options.budget,
            "kiwiBackends": options.kiwi_backends,
            "traces": [{
                "name": o.name, "workload": o.workload, "size": o.size, "repetitions": o.repetitions,
                "prewarmed": o.prewarmed,
                "kiwiStatus": o.kiwi_status, "kiwiRepetitionSeconds": o.kiwi_repetition_seconds,
                "mismatches": o.mismatches, "oursAllocations": o.allocations, "oursCounters": o.ours_counters,
                "rows": [{
                    "operation": r.operation, "operations": r.operations, "kiwiMicroseconds": r.kiwi_us,
                    "oursMicroseconds": r.ours_us, "ratio": r.ratio, "target": r.target, "met": r.met, "note": r.note,
                    "kiwi": {b: {"microseconds": t.us, "ratio": t.ratio, "note": t.note} for b, t in r.kiwi.items()},
                } for r in o.rows],
            } for o in outcomes],
            "summary": notes,
        }
        with open(os.path.join(options.output_dir, "compare-kiwi.json"), "w", encoding="utf-8") as handle:
            json.dump(document, handle, indent=2)
            handle.write("\n")
        with open(os.path.join(options.output_dir, "compare-kiwi.md"), "w", encoding="utf-8") as handle:
            handle.write("# layoutbench vs kiwi\n\n")
            for key, value in machine.items():
                handle.write(f"- {key}: {value}\n")
            handle.write(f"- repetitions: {options.repetitions} (interleaved), warm-up: {options.warmup}, "
                         f"kiwi budget: {options.budget:g} s per repetition, {options.trace_budget:g} s per trace\n\n")
            handle.write(render_markdown(rows) + "\n\n")
            for line in notes:
                handle.write(f"- {line}\n")
        print(f"\nwrote {options.output_dir}/compare-kiwi.json and compare-kiwi.md", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
