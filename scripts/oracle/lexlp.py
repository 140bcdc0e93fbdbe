#!/usr/bin/env python3
"""lexlp: an independent linear-programming oracle for layoutbench's Cassowary solver.

The solver's property tests write random constraint systems, together with what the
solver concluded about them, to a JSON file and run

    $LAYOUTBENCH_PYTHON scripts/oracle/lexlp.py INPUT.json      # or "-" for stdin

This script re-derives every conclusion with HiGHS (scipy.optimize.linprog,
method="highs") and prints what disagrees. docs/oracle.md is the full description.

Input
-----
    {"tolerance": 1e-6,                       # optional, default 1e-6, > 0
     "cases": [{
       "name": "seed-1234/case-17",
       "variableCount": 5,
       "accepted": [CONSTRAINT, ...],         # in insertion order
       "rejected": [{"constraint": CONSTRAINT,
                     "acceptedBefore": 7,     # how many of `accepted` had been added
                     "explanation": [0, 3]}], # indices into `accepted`; optional key, default []
       "levels": [[750, 12.5], [250, 0.0]]}]} # [priority, total weighted violation], descending

    CONSTRAINT = {"terms": [[0, 1.0], [2, -2.0]],  # [variable index, coefficient]
                  "constant": -10.0,
                  "relation": "<=",                # "<=", "==" or ">="
                  "priority": 1000,                # 1...1000; 1000 = required
                  "weight": 1.0}                   # optional, default 1.0, >= 0

A constraint means  sum(coefficient * x[variable]) + constant  RELATION  0, over free
(unbounded) real variables x[0] ... x[variableCount - 1]. The violation of `e <= 0` is
max(0, e), of `e >= 0` is max(0, -e), of `e == 0` is |e|.

Checks, per case
----------------
feasible      the accepted required constraints can all hold.
rejected      each rejected constraint is required, and the required constraints among the
              first `acceptedBefore` accepted ones plus it cannot all hold.
explanation   each explanation names required constraints among the first `acceptedBefore`
              accepted ones, and they plus the rejected constraint cannot all hold.
lexicographic `levels` lists exactly the distinct non-required priorities of the accepted
              constraints, descending; and each value equals the lexicographic optimum: for
              priorities from high to low, the least total weighted violation at that priority
              subject to every accepted required constraint and every higher priority held
              at its optimum. Values agree when |ours - optimum| <= tolerance * max(1, |ours|).

"Can all hold" is decided by minimizing the total violation of the set (a phase-one LP):
the set is feasible when that minimum is at most tolerance * max(1, largest |constant| in
the set), so decisions don't hinge on HiGHS's own 1e-7 feasibility tolerance.

Output and exit status
----------------------
stdout: {"checked": N, "failures": [{"case": NAME, "check": CHECK, "detail": TEXT}, ...]}
exit 0: no failures; 1: failures; 2: the input is unreadable or malformed (one line on
stderr naming the file and the problem, nothing on stdout).
"""

from __future__ import annotations

import concurrent.futures
import json
import math
import multiprocessing
import os
import sys
from dataclasses import dataclass

import numpy as np
from scipy.optimize import linprog

REQUIRED = 1000.0
RELATIONS = ("<=", "==", ">=")
DEFAULT_TOLERANCE = 1e-6
# How far above a level's optimum the later levels may push it (relative).
LEVEL_SLACK = 1e-9
RETRY_SLACKS = (1e-8, 1e-7)
# Inputs with at least this many cases are checked in parallel (see default_jobs).
PARALLEL_THRESHOLD = 64
# Tighter than HiGHS's defaults (1e-7), so a level's optimum is accurate enough to be held
# within LEVEL_SLACK of itself by the levels below.
HIGHS_OPTIONS = {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10}


class MalformedInput(Exception):
    """The input document is not in the format the module docstring describes."""


@dataclass(frozen=True)
class Constraint:
    coefficients: dict[int, float]
    constant: float
    relation: str
    priority: float
    weight: float

    @property
    def required(self) -> bool:
        return self.priority >= REQUIRED

    def describe(self) -> str:
        terms = " ".join(
            f"{'+' if c >= 0 else '-'} {abs(c):g}*x{v}" for v, c in sorted(self.coefficients.items())
        )
        return f"{terms or '0'} {'+' if self.constant >= 0 else '-'} {abs(self.constant):g} {self.relation} 0 (priority {self.priority:g})"


@dataclass(frozen=True)
class Rejection:
    constraint: Constraint
    accepted_before: int
    explanation: list[int]


@dataclass(frozen=True)
class Case:
    name: str
    variable_count: int
    accepted: list[Constraint]
    rejected: list[Rejection]
    levels: list[tuple[float, float]]


# ---------------------------------------------------------------------------
# Parsing


def _number(value, where: str, *, integer: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise MalformedInput(f"{where}: expected a number, got {json.dumps(value)}")
    if not math.isfinite(value):
        raise MalformedInput(f"{where}: expected a finite number, got {value}")
    if integer and float(value) != int(value):
        raise MalformedInput(f"{where}: expected an integer, got {value}")
    return int(value) if integer else float(value)


def _object(value, where: str, keys: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict:
    if not isinstance(value, dict):
        raise MalformedInput(f"{where}: expected an object, got {json.dumps(value)[:60]}")
    for key in keys:
        if key not in value:
            raise MalformedInput(f"{where}: missing key '{key}'")
    unknown = set(value) - set(keys) - set(optional)
    if unknown:
        raise MalformedInput(f"{where}: unknown key '{sorted(unknown)[0]}'")
    return value


def _list(value, where: str) -> list:
    if not isinstance(value, list):
        raise MalformedInput(f"{where}: expected a list, got {json.dumps(value)[:60]}")
    return value


def _constraint(value, where: str, variable_count: int) -> Constraint:
    raw = _object(value, where, ("terms", "constant", "relation", "priority"), ("weight",))
    coefficients: dict[int, float] = {}
    for index, term in enumerate(_list(raw["terms"], f"{where}.terms")):
        term_where = f"{where}.terms[{index}]"
        if not isinstance(term, list) or len(term) != 2:
            raise MalformedInput(f"{term_where}: expected [variable, coefficient], got {json.dumps(term)}")
        variable = _number(term[0], f"{term_where}[0]", integer=True)
        if not 0 <= variable < variable_count:
            raise MalformedInput(f"{term_where}: variable {variable} is outside 0..<{variable_count}")
        coefficients[variable] = coefficients.get(variable, 0.0) + _number(term[1], f"{term_where}[1]")
    relation = raw["relation"]
    if relation not in RELATIONS:
        raise MalformedInput(
            f"{where}.relation: expected one of '<=', '==', '>=', got {json.dumps(relation)}"
        )
    priority = _number(raw["priority"], f"{where}.priority")
    if not 1 <= priority <= REQUIRED:
        raise MalformedInput(f"{where}.priority: {priority:g} is outside 1...1000")
    weight = _number(raw.get("weight", 1.0), f"{where}.weight")
    if weight < 0:
        raise MalformedInput(f"{where}.weight: {weight:g} is negative")
    return Constraint(coefficients, _number(raw["constant"], f"{where}.constant"), relation, priority, weight)


def parse_document(document) -> tuple[float, list[Case]]:
    """Validates a decoded input document; raises MalformedInput naming the bad part."""
    top = _object(document, "document", ("cases",), ("tolerance",))
    tolerance = _number(top.get("tolerance", DEFAULT_TOLERANCE), "tolerance")
    if tolerance <= 0:
        raise MalformedInput(f"tolerance: must be positive, got {tolerance:g}")
    cases = []
    for case_index, raw_case in enumerate(_list(top["cases"], "cases")):
        where = f"cases[{case_index}]"
        raw = _object(raw_case, where, ("name", "variableCount", "accepted", "levels"), ("rejected",))
        if not isinstance(raw["name"], str):
            raise MalformedInput(f"{where}.name: expected a string, got {json.dumps(raw['name'])}")
        where = f"{where} ('{raw['name']}')"
        variable_count = _number(raw["variableCount"], f"{where}.variableCount", integer=True)
        if variable_count < 0:
            raise MalformedInput(f"{where}.variableCount: {variable_count} is negative")
        accepted = [
            _constraint(c, f"{where}.accepted[{i}]", variable_count)
            for i, c in enumerate(_list(raw["accepted"], f"{where}.accepted"))
        ]
        rejected = []
        for i, raw_rejection in enumerate(_list(raw.get("rejected", []), f"{where}.rejected")):
            rwhere = f"{where}.rejected[{i}]"
            rejection = _object(raw_rejection, rwhere, ("constraint", "acceptedBefore"), ("explanation",))
            before = _number(rejection["acceptedBefore"], f"{rwhere}.acceptedBefore", integer=True)
            if not 0 <= before <= len(accepted):
                raise MalformedInput(f"{rwhere}.acceptedBefore: {before} is outside 0...{len(accepted)}")
            explanation = [
                _number(e, f"{rwhere}.explanation[{j}]", integer=True)
                for j, e in enumerate(_list(rejection.get("explanation", []), f"{rwhere}.explanation"))
            ]
            rejected.append(
                Rejection(_constraint(rejection["constraint"], f"{rwhere}.constraint", variable_count), before, explanation)
            )
        levels = []
        for i, level in enumerate(_list(raw["levels"], f"{where}.levels")):
            if not isinstance(level, list) or len(level) != 2:
                raise MalformedInput(f"{where}.levels[{i}]: expected [priority, violation], got {json.dumps(level)}")
            levels.append((_number(level[0], f"{where}.levels[{i}][0]"), _number(level[1], f"{where}.levels[{i}][1]")))
        cases.append(Case(raw["name"], variable_count, accepted, rejected, levels))
    return tolerance, cases


# ---------------------------------------------------------------------------
# Linear programs


class SolveError(Exception):
    """HiGHS ended without an optimal solution where one must exist."""


def _row(constraint: Constraint, width: int, sign: float) -> np.ndarray:
    row = np.zeros(width)
    for variable, coefficient in constraint.coefficients.items():
        row[variable] = sign * coefficient
    return row


def _bounds(free: int, nonnegative: int) -> np.ndarray:
    """Bounds for `free` unbounded variables followed by `nonnegative` ones."""
    bounds = np.full((free + nonnegative, 2), np.inf)
    bounds[:, 0] = -np.inf
    bounds[free:, 0] = 0.0
    return bounds


def _solve(objective, upper_rows, upper_bounds, equal_rows, equal_bounds, variable_bounds) -> float:
    width = len(objective)
    result = linprog(
        objective,
        A_ub=np.array(upper_rows).reshape(-1, width) if upper_rows else None,
        b_ub=np.array(upper_bounds) if upper_rows else None,
        A_eq=np.array(equal_rows).reshape(-1, width) if equal_rows else None,
        b_eq=np.array(equal_bounds) if equal_rows else None,
        bounds=variable_bounds,
        method="highs",
        options=HIGHS_OPTIONS,
    )
    if result.status == 2:
        raise SolveError("infeasible")
    if result.status != 0:
        raise SolveError(f"HiGHS status {result.status}: {result.message}")
    return float(result.fun)


def minimum_total_violation(constraints: list[Constraint], variable_count: int) -> float:
    """The least possible sum of the constraints' (unweighted) violations."""
    if not constraints:
        return 0.0
    width = variable_count + len(constraints)
    upper_rows, upper_bounds = [], []
    for index, constraint in enumerate(constraints):
        slack = variable_count + index
        if constraint.relation in ("<=", "=="):  # e - s <= 0
            row = _row(constraint, width, 1.0)
            row[slack] = -1.0
            upper_rows.append(row)
            upper_bounds.append(-constraint.constant)
        if constraint.relation in (">=", "=="):  # -e - s <= 0
            row = _row(constraint, width, -1.0)
            row[slack] = -1.0
            upper_rows.append(row)
            upper_bounds.append(constraint.constant)
    objective = np.concatenate([np.zeros(variable_count), np.ones(len(constraints))])
    return _solve(objective, upper_rows, upper_bounds, [], [], _bounds(variable_count, len(constraints)))


def feasibility_threshold(constraints: list[Constraint], tolerance: float) -> float:
    return tolerance * max([1.0] + [abs(c.constant) for c in constraints])


class RequiredInfeasible(SolveError):
    """The required constraints cannot hold exactly (HiGHS found the first level infeasible)."""


def lexicographic_levels(
    required: list[Constraint], soft: list[Constraint], variable_count: int, required_slack: float = 0.0
) -> list[tuple[float, float]]:
    """The optimum total weighted violation of each soft priority, highest first.

    Each constraint's violation is an error variable e >= 0 with e >= expression (for <=),
    e >= -expression (for >=), or both (for ==). A level is solved with the required
    constraints hard and each higher level's weighted error sum held at most its optimum plus
    LEVEL_SLACK * (1 + |optimum|); should HiGHS's rounding make that infeasible, the holds are
    relaxed to each of RETRY_SLACKS in turn. `required_slack` lets each required constraint be
    violated by that much (for sets that hold only within the tolerance). Raises
    RequiredInfeasible when even the first level is infeasible, SolveError when HiGHS fails
    otherwise.
    """
    priorities = sorted({c.priority for c in soft}, reverse=True)
    width = variable_count + len(soft)
    upper_rows, upper_bounds, equal_rows, equal_bounds = [], [], [], []
    for constraint in required:
        if constraint.relation == "==" and required_slack == 0:
            equal_rows.append(_row(constraint, width, 1.0))
            equal_bounds.append(-constraint.constant)
            continue
        if constraint.relation in ("<=", "=="):
            upper_rows.append(_row(constraint, width, 1.0))
            upper_bounds.append(-constraint.constant + required_slack)
        if constraint.relation in (">=", "=="):
            upper_rows.append(_row(constraint, width, -1.0))
            upper_bounds.append(constraint.constant + required_slack)
    for index, constraint in enumerate(soft):  # error variable >= the constraint's violation
        error = variable_count + index
        if constraint.relation in ("<=", "=="):
            row = _row(constraint, width, 1.0)
            row[error] = -1.0
            upper_rows.append(row)
            upper_bounds.append(-constraint.constant)
        if constraint.relation in (">=", "=="):
            row = _row(constraint, width, -1.0)
            row[error] = -1.0
            upper_rows.append(row)
            upper_bounds.append(constraint.constant)
    bounds = _bounds(variable_count, len(soft))

    levels = []
    holds = []  # (objective row, optimum) of the levels above
    for priority in priorities:
        objective = np.zeros(width)
        for index, constraint in enumerate(soft):
            if constraint.priority == priority:
                objective[variable_count + index] = constraint.weight
        for attempt, slack in enumerate((LEVEL_SLACK,) + RETRY_SLACKS):
            try:
                optimum = _solve(
                    objective,
                    upper_rows + [row for row, _ in holds],
                    upper_bounds + [value + slack * (1.0 + abs(value)) for _, value in holds],
                    equal_rows, equal_bounds, bounds,
                )
                break
            except SolveError as error:
                if not holds and str(error) == "infeasible":
                    raise RequiredInfeasible("the accepted required constraints are infeasible") from error
                if str(error) != "infeasible" or attempt == len(RETRY_SLACKS):
                    raise
        optimum = max(optimum, 0.0)
        levels.append((priority, optimum))
        holds.append((objective, optimum))
    return levels


# ---------------------------------------------------------------------------
# Checks


def check_case(case: Case, tolerance: float) -> list[dict]:
    failures = []

    def fail(check: str, detail: str) -> None:
        failures.append({"case": case.name, "check": check, "detail": detail})

    n = case.variable_count
    required = [c for c in case.accepted if c.required]

    # (c) first, as its first level also proves (a) when there are soft constraints.
    soft = [c for c in case.accepted if not c.required]
    levels, levels_error = None, None
    if soft:
        try:
            levels = lexicographic_levels(required, soft, n)
        except SolveError as error:
            levels_error = error

    # (a) The accepted required constraints are feasible.
    feasible = True
    if levels is None:
        try:
            violation = minimum_total_violation(required, n)
            if violation > feasibility_threshold(required, tolerance):
                feasible = False
                fail("feasible", f"the {len(required)} accepted required constraints cannot all hold: "
                                 f"their least total violation is {violation:.9g}")
            elif isinstance(levels_error, RequiredInfeasible):
                # They hold within the tolerance but not exactly: let each bend by their least total
                # violation (which bounds what any one of them needs), plus HiGHS's rounding.
                try:
                    levels = lexicographic_levels(required, soft, n, violation + 1e-9)
                    levels_error = None
                except SolveError as error:
                    levels_error = error
        except SolveError as error:
            feasible = False
            fail("feasible", f"HiGHS could not decide the accepted required constraints: {error}")

    # (b) Rejections and their explanations.
    for index, rejection in enumerate(case.rejected):
        label = f"rejected[{index}] ({rejection.constraint.describe()}, after {rejection.accepted_before} accepted)"
        if not rejection.constraint.required:
            fail("rejected", f"{label}: only required constraints can be rejected as unsatisfiable")
            continue
        explanation_ok = True
        bad = [e for e in rejection.explanation if not 0 <= e < rejection.accepted_before]
        if bad:
            explanation_ok = False
            fail("explanation", f"{label}: explanation indices {bad} are not among the first "
                                f"{rejection.accepted_before} accepted constraints")
        else:
            optional = [e for e in rejection.explanation if not case.accepted[e].required]
            if optional:
                explanation_ok = False
                fail("explanation", f"{label}: explanation indices {optional} are not required constraints")
        if explanation_ok:
            named = [case.accepted[e] for e in rejection.explanation] + [rejection.constraint]
            try:
                violation = minimum_total_violation(named, n)
                if violation <= feasibility_threshold(named, tolerance):
                    explanation_ok = False
                    fail("explanation", f"{label}: explanation {rejection.explanation} plus the rejected "
                                        f"constraint can all hold (least total violation {violation:.9g}), "
                                        f"so they are not a conflict")
            except SolveError as error:
                explanation_ok = False
                fail("explanation", f"{label}: HiGHS could not decide the explanation: {error}")
        # A valid explanation is a subset of the prefix, so it proves the prefix infeasible too.
        if not explanation_ok:
            prefix = [c for c in case.accepted[: rejection.accepted_before] if c.required] + [rejection.constraint]
            try:
                violation = minimum_total_violation(prefix, n)
                if violation <= feasibility_threshold(prefix, tolerance):
                    fail("rejected", f"{label}: the required constraints among the first "
                                     f"{rejection.accepted_before} accepted plus this one can all hold "
                                     f"(least total violation {violation:.9g})")
            except SolveError as error:
                fail("rejected", f"{label}: HiGHS could not decide: {error}")

    # (c) The lexicographic optimum.
    expected_priorities = sorted({c.priority for c in soft}, reverse=True)
    ours = dict(case.levels)
    our_priorities = [p for p, _ in case.levels]
    if our_priorities != expected_priorities:
        fail("lexicographic", f"levels lists priorities {[f'{p:g}' for p in our_priorities]} but the accepted "
                              f"non-required constraints have priorities {[f'{p:g}' for p in expected_priorities]} "
                              f"(distinct, descending)")
    if levels is not None:
        for priority, optimum in levels:
            if priority not in ours:
                continue
            value = ours[priority]
            if abs(value - optimum) > tolerance * max(1.0, abs(value)):
                fail("lexicographic", f"priority {priority:g}: our total weighted violation is {value:.9g}, "
                                      f"the lexicographic optimum is {optimum:.9g}")
                break  # the levels below were optimized under a different level above: don't pile on
    elif levels_error is not None and feasible:
        fail("lexicographic", f"HiGHS could not solve the lexicographic problem: {levels_error}")
    return failures


def _check_case_star(arguments: tuple[Case, float]) -> list[dict]:
    return check_case(*arguments)


def default_jobs(case_count: int) -> int:
    """Worker processes for `case_count` cases: one for small inputs, else up to 4 cores."""
    if case_count < PARALLEL_THRESHOLD:
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(4, cores))


def check_document(document, jobs: int = 1) -> dict:
    """Checks a decoded input document; raises MalformedInput for a malformed one.

    With jobs > 1 the cases are checked by that many forked worker processes; the failures
    keep the cases' order.
    """
    tolerance, cases = parse_document(document)
    failures = []
    if jobs > 1 and len(cases) > 1:
        context = multiprocessing.get_context("fork")
        chunk = max(1, len(cases) // (jobs * 8))
        with concurrent.futures.ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            for case_failures in pool.map(_check_case_star, [(case, tolerance) for case in cases], chunksize=chunk):
                failures.extend(case_failures)
    else:
        for case in cases:
            failures.extend(check_case(case, tolerance))
    return {"checked": len(cases), "failures": failures}


def main(arguments: list[str]) -> int:
    if len(arguments) != 1 or arguments[0] in ("-h", "--help"):
        print("usage: lexlp.py INPUT.json   (or - for standard input; see docs/oracle.md)", file=sys.stderr)
        return 2
    path = arguments[0]
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as file:
                text = file.read()
    except (OSError, UnicodeDecodeError) as error:
        print(f"lexlp: {name}: cannot read: {error}", file=sys.stderr)
        return 2
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        print(f"lexlp: {name}:{error.lineno}:{error.colno}: invalid JSON: {error.msg}", file=sys.stderr)
        return 2
    try:
        cases = document.get("cases") if isinstance(document, dict) else None
        result = check_document(document, jobs=default_jobs(len(cases) if isinstance(cases, list) else 0))
    except MalformedInput as error:
        print(f"lexlp: {name}: {error}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 1 if result["failures"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
