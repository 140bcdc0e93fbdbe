#!/usr/bin/env python3
"""Replays a layoutbench solver trace (docs/solver-trace.md) through kiwisolver.

Used by scripts/compare-kiwi (through compare_kiwi.py); it also runs on its own:

    .venv-tools/bin/python scripts/kiwi/replay_kiwi.py TRACE.jsonl [--repetitions 5]

prints kiwi's median microseconds per operation class for the trace.

How a trace maps onto kiwi (docs/performance.md says the same):

- Priorities: required (1000) -> kiwi's required; the non-required priorities the
  trace uses, at most three, highest to lowest -> strong, medium, weak, with the
  constraint's weight as the strength's weight (strength.create(1, 0, 0, w) and so
  on). A trace with more levels is refused: kiwi could not reach the same optimum.
- `read` -> Solver.updateVariables().
- `updateConstant` and `updatePriority` -> removeConstraint + addConstraint of a
  constraint prepared with the new constant or strength: kiwi has no in-place
  update. If the re-add fails the old constraint is put back, as layoutbench's
  solver rolls the change back.
- `addEdit` -> addEditVariable + suggestValue(start): kiwi's edit starts by pulling
  the variable toward 0, layoutbench's at the variable's current value. The start
  values come from layoutbench's replay (its `ready` line) when known, else from
  updateVariables() and Variable.value().
- `beginBatch` / `endBatch`: kiwi has no batches; the operations inside run one by
  one, and the whole batch is timed as one `batch` operation on both sides.

Operations are classified exactly as layoutbench's SolverBenchmark does: a step
is one operation plus the reads right after it (or a whole batch); runs of steps
of one class are segments, and only the solver calls inside a segment are timed
(time.perf_counter_ns at each end of each chunk of at most CHUNK calls).
Variables, expressions and constraints are made before timing starts.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass, field

import kiwisolver as kiwi

FORMAT_NAME = "layoutbench.solver"
FORMAT_VERSION = 1
REQUIRED = 1000.0
STRENGTH_NAMES = ("strong", "medium", "weak")
CHUNK = 64

# The exceptions a failed operation raises (a trace may record failures).
KIWI_ERRORS = (
    kiwi.UnsatisfiableConstraint,
    kiwi.DuplicateConstraint,
    kiwi.UnknownConstraint,
    kiwi.DuplicateEditVariable,
    kiwi.UnknownEditVariable,
    kiwi.BadRequiredStrength,
)

CLASS_OF = {
    "variable": "variable",
    "add": "add",
    "remove": "remove",
    "suggest": "suggest",
    "updateConstant": "updateConstant",
    "updatePriority": "updatePriority",
    "addEdit": "addEdit",
    "removeEdit": "removeEdit",
    "beginBatch": "batch",
    "endBatch": "batch",
    "read": "read",
}

# What kiwi does instead, for the table's notes.
KIWI_NOTES = {
    "updateConstant": "kiwi: remove+add",
    "updatePriority": "kiwi: remove+add",
    "addEdit": "kiwi: addEdit+suggest(start)",
}


class TraceError(Exception):
    """A trace this replay cannot read or cannot map onto kiwi."""


class BudgetExceeded(Exception):
    """A repetition ran longer than its time budget.

    `partial` holds, for the verification repetition, what completed before the
    budget ran out: nanoseconds and steps per class (whole segments only), and the
    checksums of the reads done.
    """

    def __init__(self, elapsed_ns: int, partial: dict | None = None):
        super().__init__(f"over budget after {elapsed_ns / 1e9:.1f} s")
        self.elapsed_ns = elapsed_ns
        self.partial = partial


@dataclass
class Op:
    line: int
    op: str
    fields: dict


@dataclass
class Trace:
    path: str
    ops: list[Op]
    variable_names: list[str]
    strengths: dict[float, int]  # non-required priority -> index into STRENGTH_NAMES
    steps: list[tuple[str, int, int]]  # (class, first op, end op)
    segments: list[tuple[str, int, int]]  # (class, first step, end step)
    step_counts: dict[str, int] = field(default_factory=dict)
    # Why kiwi cannot replay the trace (more than three non-required levels), or None.
    level_problem: str | None = None

    @property
    def timed_classes(self) -> list[str]:
        return [c for c in self.step_counts if c != "variable"]


def parse_trace(path: str) -> Trace:
    """Reads a trace file; errors name the file and line."""
    ops: list[Op] = []
    names: list[str] = []
    saw_header = False
    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, start=1):
            text = raw.strip()
            if not text:
                continue
            try:
                value = json.loads(text)
            except json.JSONDecodeError as error:
                raise TraceError(f"{path}:{number}:{error.colno}: malformed JSON: {error.msg}") from None
            if not isinstance(value, dict):
                raise TraceError(f"{path}:{number}:1: expected a JSON object")
            if not saw_header:
                if value.get("trace") != FORMAT_NAME or value.get("version") != FORMAT_VERSION:
                    raise TraceError(f"{path}:{number}:1: expected the header "
                                     f'{{"trace":"{FORMAT_NAME}","version":{FORMAT_VERSION}}}')
                saw_header = True
                continue
            op = value.get("op")
            if op not in CLASS_OF:
                raise TraceError(f"{path}:{number}:1: unknown operation {op!r}")
            if op == "variable":
                if value.get("id") != len(names):
                    raise TraceError(f"{path}:{number}:1: variables must be declared in order")
                names.append(str(value.get("name", "")))
            ops.append(Op(number, op, value))
    if not saw_header:
        raise TraceError(f"{path}:1:1: empty trace: the header line is missing")

    priorities = set()
    for item in ops:
        if item.op in ("add", "addEdit", "updatePriority"):
            priority = float(item.fields["priority"])
            if priority < REQUIRED:
                priorities.add(priority)
    level_problem = None
    if len(priorities) > len(STRENGTH_NAMES):
        level_problem = (
            f"the trace uses {len(priorities)} non-required priority levels "
            f"({', '.join(f'{p:g}' for p in sorted(priorities, reverse=True))}); kiwi has three "
            "(strong, medium, weak), so it would not reach the same optimum")
    strengths = {p: index for index, p in enumerate(sorted(priorities, reverse=True))}

    steps = plan_steps(ops)
    segments = []
    first = 0
    while first < len(steps):
        last = first + 1
        while last < len(steps) and steps[last][0] == steps[first][0]:
            last += 1
        segments.append((steps[first][0], first, last))
        first = last
    counts: dict[str, int] = {}
    for cls, _, _ in steps:
        counts[cls] = counts.get(cls, 0) + 1
    return Trace(path, ops, names, strengths, steps, segments, counts, level_problem)


def plan_steps(ops: list[Op]) -> list[tuple[str, int, int]]:
    """Cuts operations into steps, exactly as SolverBenchmark's ReplayPlan does."""
    steps = []
    index = 0
    count = len(ops)
    while index < count:
        start = index
        cls = CLASS_OF[ops[index].op]
        if ops[index].op == "beginBatch":
            depth = 0
            while index < count:
                if ops[index].op == "beginBatch":
                    depth += 1
                elif ops[index].op == "endBatch":
                    depth -= 1
                index += 1
                if depth == 0:
                    break
        else:
            index += 1
        if cls != "variable":
            while index < count and ops[index].op == "read":
                index += 1
        steps.append((cls, start, index))
    return steps


def checksum(values: list[float]) -> tuple[float, float]:
    """SolverBenchmark's ValueChecksum: sum v[i]*(1 + i%7), and the same of |v[i]|."""
    total = 0.0
    scale = 0.0
    for index, value in enumerate(values):
        weight = 1 + index % 7
        total += weight * value
        scale += weight * abs(value)
    return total, scale


class KiwiReplay:
    """Prepares and runs repetitions of one trace on new kiwi solvers."""

    def __init__(self, trace: Trace, edit_starts: dict[int, float] | None = None):
        if trace.level_problem:
            raise TraceError(f"{trace.path}: {trace.level_problem}")
        self.trace = trace
        self.edit_starts = edit_starts

    def strength(self, priority: float, weight: float):
        if priority >= REQUIRED:
            return kiwi.strength.required
        level = self.trace.strengths[priority]
        components = [0.0, 0.0, 0.0]
        components[level] = 1.0
        return kiwi.strength.create(*components, weight)

    def make_constraint(self, variables, fields, constant=None, priority=None):
        terms = [kiwi.Term(variables[int(v)], float(c)) for v, c in fields["terms"]]
        expression = kiwi.Expression(terms, float(fields["constant"] if constant is None else constant))
        chosen = float(fields["priority"] if priority is None else priority)
        return kiwi.Constraint(expression, fields["relation"], self.strength(chosen, float(fields.get("weight", 1))))

    def prepare(self):
        """Makes a solver, its variables and constraints, and the calls of every segment.

        Returns (solver, variables, segments) where each segment is
        (class, [(function, arguments, line, is_read), ...]).
        """
        solver = kiwi.Solver()
        variables = [kiwi.Variable(name) for name in self.trace.variable_names]
        definitions: dict[int, dict] = {}
        holders: dict[int, list] = {}  # constraint id -> [current kiwi constraint]
        calls_of_op: list = []

        def update(holder, new):
            solver.removeConstraint(holder[0])
            try:
                solver.addConstraint(new)
            except kiwi.UnsatisfiableConstraint:
                solver.addConstraint(holder[0])
                raise
            holder[0] = new

        def start_edit(variable, strength, start):
            solver.addEditVariable(variable, strength)
            solver.suggestValue(variable, start)

        def start_edit_unknown(variable, strength):
            solver.updateVariables()
            start = variable.value()
            solver.addEditVariable(variable, strength)
            solver.suggestValue(variable, start)

        for item in self.trace.ops:
            op, fields = item.op, item.fields
            if op == "variable":
                calls_of_op.append(None)
            elif op == "add":
                ident = int(fields["id"])
                if ident not in holders:
                    definitions[ident] = dict(fields)
                    holders[ident] = [self.make_constraint(variables, fields)]
                holder = holders[ident]
                calls_of_op.append((lambda h: solver.addConstraint(h[0]), (holder,)))
            elif op == "remove":
                holder = holders[int(fields["id"])]
                calls_of_op.append((lambda h: solver.removeConstraint(h[0]), (holder,)))
            elif op in ("updateConstant", "updatePriority"):
                ident = int(fields["id"])
                definition = definitions[ident]
                if op == "updateConstant":
                    definition["constant"] = fields["constant"]
                else:
                    definition["priority"] = fields["priority"]
                new = self.make_constraint(variables, definition)
                calls_of_op.append((update, (holders[ident], new)))
            elif op == "addEdit":
                variable = variables[int(fields["variable"])]
                strength = self.strength(float(fields["priority"]), 1.0)
                if self.edit_starts is not None and item.line in self.edit_starts:
                    calls_of_op.append((start_edit, (variable, strength, self.edit_starts[item.line])))
                else:
                    calls_of_op.append((start_edit_unknown, (variable, strength)))
            elif op == "removeEdit":
                calls_of_op.append((solver.removeEditVariable, (variables[int(fields["variable"])],)))
            elif op == "suggest":
                calls_of_op.append((solver.suggestValue, (variables[int(fields["variable"])], float(fields["value"]))))
            elif op in ("beginBatch", "endBatch"):
                calls_of_op.append(None)
            elif op == "read":
                calls_of_op.append((solver.updateVariables, ()))

        segments = []
        steps = self.trace.steps
        for cls, first, last in self.trace.segments:
            if cls == "variable":
                continue
            calls = []
            for step in range(first, last):
                for index in range(steps[step][1], steps[step][2]):
                    call = calls_of_op[index]
                    if call is not None:
                        calls.append((call[0], call[1], self.trace.ops[index].line, self.trace.ops[index].op == "read"))
            segments.append((cls, calls))
        return solver, variables, segments

    def run(self, budget_ns: int | None = None) -> tuple[dict[str, int], int]:
        """One timed repetition: nanoseconds per class, and the number of failed calls.

        Raises BudgetExceeded when the solver calls take longer than budget_ns.
        """
        _, _, segments = self.prepare()
        nanoseconds = {cls: 0 for cls in self.trace.timed_classes}
        failures = 0
        clock = time.perf_counter_ns
        spent = 0
        for cls, calls in segments:
            total = 0
            for start in range(0, len(calls), CHUNK):
                chunk = calls[start:start + CHUNK]
                begin = clock()
                for function, arguments, _, _ in chunk:
                    try:
                        function(*arguments)
                    except KIWI_ERRORS:
                        failures += 1
                elapsed = clock() - begin
                total += elapsed
                spent += elapsed
                if budget_ns is not None and spent > budget_ns:
                    raise BudgetExceeded(spent)
            nanoseconds[cls] += total
        return nanoseconds, failures

    def verify(self, budget_ns: int | None = None, progress=None) -> dict:
        """A repetition that reads values: a checksum at every read, every value at the
        last read and at the end, and the lines of the calls that failed. Returns the
        solver time in all and per class (each call timed on its own), a first estimate
        of a repetition's cost. When the budget runs out, BudgetExceeded carries what
        completed. `progress`, when given, is called after each segment with what has
        completed so far (the same dictionary BudgetExceeded carries)."""
        solver, variables, segments = self.prepare()
        failed_lines: list[int] = []
        checksums: list[tuple[float, float]] = []
        last_read: list[float] = []
        per_class: dict[str, list[int]] = {}  # class -> [nanoseconds, steps] of whole segments
        spent = 0
        clock = time.perf_counter_ns
        steps = iter(self.trace.segments)
        for cls, calls in segments:
            segment = next(s for s in steps if s[0] != "variable")
            segment_ns = 0
            for function, arguments, line, is_read in calls:
                begin = clock()
                try:
                    function(*arguments)
                except KIWI_ERRORS:
                    failed_lines.append(line)
                elapsed = clock() - begin
                segment_ns += elapsed
                spent += elapsed
                if budget_ns is not None and spent > budget_ns:
                    raise BudgetExceeded(spent, {"classes": per_class, "readChecksums": checksums})
                if is_read:
                    last_read = [v.value() for v in variables]
                    checksums.append(checksum(last_read))
            totals = per_class.setdefault(cls, [0, 0])
            totals[0] += segment_ns
            totals[1] += segment[2] - segment[1]
            if progress is not None:
                progress({"classes": per_class, "readChecksums": checksums, "nanoseconds": spent})
        solver.updateVariables()
        return {
            "failedLines": failed_lines,
            "readChecksums": checksums,
            "lastReadValues": last_read,
            "finalValues": [v.value() for v in variables],
            "nanoseconds": spent,
            "classes": per_class,
        }


def verify_in_child(replay: KiwiReplay, budget_seconds: float) -> dict:
    """Runs `replay.verify()` in a forked child process, so that the budget holds even
    when a single kiwi call runs for minutes (a call into C++ cannot be interrupted).

    Returns verify()'s result, or raises BudgetExceeded with the part that completed
    when the child is still running at the deadline (it is then killed).
    """
    import multiprocessing

    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)

    def child():
        def progress(partial):
            sender.send(("progress", partial))
        try:
            sender.send(("done", replay.verify(progress=progress)))
        except Exception as error:  # reported to the parent, which raises it
            sender.send(("error", repr(error)))
        sender.close()

    process = context.Process(target=child, daemon=True)
    process.start()
    sender.close()
    deadline = time.monotonic() + budget_seconds
    partial = {"classes": {}, "readChecksums": [], "nanoseconds": 0}
    try:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not receiver.poll(remaining):
                if time.monotonic() < deadline:
                    continue
                raise BudgetExceeded(int(budget_seconds * 1e9), partial)
            try:
                kind, payload = receiver.recv()
            except EOFError:
                raise RuntimeError("the kiwi verification process ended without a result") from None
            if kind == "progress":
                partial = payload
            elif kind == "done":
                return payload
            else:
                raise RuntimeError(f"the kiwi verification process failed: {payload}")
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        receiver.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Replay a layoutbench solver trace through kiwisolver.")
    parser.add_argument("trace", help="a trace file (JSON Lines, docs/solver-trace.md)")
    parser.add_argument("--repetitions", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=1)
    options = parser.parse_args(argv)
    try:
        trace = parse_trace(options.trace)
        replay = KiwiReplay(trace)
    except (OSError, TraceError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 65 if isinstance(error, TraceError) else 66
    for _ in range(options.warmup):
        replay.run()
    samples: dict[str, list[float]] = {cls: [] for cls in trace.timed_classes}
    for _ in range(options.repetitions):
        nanoseconds, _ = replay.run()
        for cls, total in nanoseconds.items():
            samples[cls].append(total / 1000 / trace.step_counts[cls])
    print(f"{'operation':<16} {'ops':>7} {'kiwi_us/op':>12}")
    for cls in trace.timed_classes:
        print(f"{cls:<16} {trace.step_counts[cls]:>7} {statistics.median(samples[cls]):>12.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
