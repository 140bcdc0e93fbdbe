#!/usr/bin/env python3
"""audit: random operation sequences against the solver, judged by an exact-checked LP oracle.

    audit.py --binary PATH [--count N | --minutes M] [--seed S] [--classes small,mixed,wide3,wide6]
             [--jobs J] [--keep DIR] [--json]

Each sequence is a solver trace (docs/solver-trace.md) written by this script's own generator,
replayed by `layoutbench solver-bench --trace F --lockstep --no-allocations --warmup 0`, whose
first output line gives the failed lines, their error codes, the edits' start values and the
final values. The script follows the trace's meaning on its own (which constraints are installed
with which constants and priorities), and judges every outcome with HiGHS
(scipy.optimize.linprog), believing a disagreement only after certifying it in exact rational
arithmetic (fractions.Fraction; docs/oracle.md, "Exact certificates of feasibility verdicts"):

  refused     a refused required add or constant change must be infeasible with the required
              constraints installed at that moment (within the solver's range of ±1e15);
  accepted    after an accepted required operation (for a batch: at its end) the required
              constraints must be feasible;
  final       at the end, our values must satisfy every installed required constraint, and no
              point (HiGHS's lexicographic optimum, evaluated exactly) may beat our values'
              exactly evaluated violations at the first priority level where they differ;
  trap        the replay must not stop on a signal or a non-zero exit;
  hang        it must finish within --timeout seconds, and with --operation-limit S no single
              operation may take over S seconds (a third replay times each operation alone,
              through the lockstep protocol's `slowest` line; scripts/oracle-soak passes 1).

Coefficient classes: `small` (integers in -5..5 and multiples of 1/8), `mixed` (those, decimals,
aspect ratios such as 389:210, constants in the thousands), `wide3` (magnitudes 1e-3 ... 1e4),
`wide6` (1e-6 ... 1e6). Near-parallel rows stay in their class: the next multiple of 1/8 in
`small`, a relative nudge of 1e-6 ... 1e-2 in `mixed` and of 1e-9 ... 1e-3 in the wide classes. Every sequence draws 1 to 50 priority levels, weights from 0.125 to 1000,
redundant copies and multiples, near-parallel rows, chains, edits and suggestions, in-place
constant and priority updates, and batches. In `wide6` a refusal with the solver's typed
`numerical-instability` error is an allowed outcome (the operation must leave the state as it
was, which the later checks see); in the other classes it counts as a mismatch.

Output: a line per class with sequences, operations and counts of traps, hangs, mismatches,
numerical refusals, undecided checks (HiGHS could not decide, or the exact check of its point
failed: not believed either way), borderline feasibility verdicts, and flat levels (a better point
exists, but only along directions that gain less than DUAL_TOLERANCE per unit of movement: not a
mismatch; docs/oracle.md). Exit 0 when there is no trap, hang or mismatch, 1 otherwise,
2 for bad arguments. `--keep DIR` writes each failing trace and its verdict there.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import queue
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
from scipy.optimize import linprog

CLASSES = ("small", "mixed", "wide3", "wide6")
REQUIRED = 1000
# With --operation-limit, no single operation may take longer (the soak's "no operation over 1 s
# at these sizes"); a longer one is a hang, whatever its verdict. Off by default: a time is not
# a verdict to fail scripts/test on a loaded machine, and timing costs a third replay of every
# sequence (about 30% of the audit's time), so only a run with the limit times operations.
OPERATION_LIMIT = 1.0
HIGHS = {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10}
# A constraint holds when its exact residual is within this much of its scale (|constant| plus
# the sum of |coefficient * value|): the rounding a double-precision solver cannot avoid.
HOLD_TOLERANCE = 1e-7
# A feasibility verdict is borderline (believed neither way) when the least total violation
# of the set is within this factor of the threshold.
BORDERLINE_FACTOR = 1e3
NUMERICAL_CODE = "numerical-instability"
# A level counts as improved when a witness beats ours by more than this fraction of the level's
# magnitude (Σ weight · (|constant| + Σ|a·x|)): about 10⁷ units of rounding of the terms.
LEVEL_TOLERANCE = 1e-9
# A set is certainly feasible when HiGHS's point, evaluated exactly, holds every constraint
# within this fraction of its magnitude (the solver decides at 1e-9: a point between the two is
# a borderline case, believed neither way).
FEASIBLE_TOLERANCE = 1e-11
# A refusal is judged inside the solver's value range: a required set whose every solution lies
# beyond ±VALUE_LIMIT is unsatisfiable for it (past 2^53 ≈ 9.0e15 a double has no unit precision;
# docs/solver.md, "The exact arbiter").
VALUE_LIMIT = 1e15
# Snapping HiGHS's point onto the boundaries it (nearly) lies on, to certify feasibility exactly:
# a constraint within this fraction of its scale of its boundary is taken as active.
EXACT_SNAP = 1e-9
EXACT_SNAP_ROUNDS = 4
# Two constraints whose coefficients are proportional within this fraction are one line: the
# solver's input-rounding rule (docs/solver.md, "The exact arbiter", rule 2).
INPUT_ROUNDING = 1e-14


# ---------------------------------------------------------------------------
# The generator


@dataclass
class Con:
    terms: list  # [[variable, coefficient], ...]
    constant: float
    relation: str
    priority: float
    weight: float

    @property
    def required(self) -> bool:
        return self.priority >= REQUIRED


class Generator:
    def __init__(self, rng: random.Random, cls: str):
        self.rng = rng
        self.cls = cls

    def magnitude(self) -> float:
        r = self.rng
        if self.cls == "wide3":
            return 10 ** r.uniform(-3, 4)
        if self.cls == "wide6":
            return 10 ** r.uniform(-6, 6)
        raise AssertionError

    def coefficient(self) -> float:
        r = self.rng
        sign = r.choice((-1, 1))
        if self.cls == "small" or (self.cls == "mixed" and r.random() < 0.4):
            if r.random() < 0.6:
                return float(sign * r.randint(1, 5))
            return sign * r.randint(1, 40) / 8
        if self.cls == "mixed":
            choice = r.random()
            if choice < 0.3:
                return sign * r.choice((389 / 210, 16 / 9, 4 / 3, 1 / 3, 0.8, 0.38, 3 / 2, 9 / 16))
            if choice < 0.6:
                return sign * round(r.uniform(0.01, 10), 3)
            return float(sign * r.randint(1, 1000))
        return sign * self.magnitude()

    def constant(self) -> float:
        r = self.rng
        if r.random() < 0.15:
            return 0.0
        sign = r.choice((-1, 1))
        if self.cls == "small":
            return float(sign * r.randint(0, 100)) if r.random() < 0.6 else sign * r.randint(0, 800) / 8
        if self.cls == "mixed":
            choice = r.random()
            if choice < 0.4:
                return float(sign * r.randint(0, 3000))
            return sign * round(r.uniform(0, 3000), 2)
        return sign * self.magnitude()


def make_sequence(seed: int, index: int, cls: str) -> tuple[list[str], dict]:
    """One random trace (its lines) and a description of its shape."""
    rng = random.Random(f"{seed}/{index}/{cls}")
    gen = Generator(rng, cls)
    variable_count = rng.choice((2, 3, 4, 6, 8, 12)) if rng.random() < 0.85 else rng.randint(20, 60)
    level_count = rng.choice((1, 2, 3, 5, 10, 20, 50))
    pool = sorted(set(rng.sample(range(1, 1000), level_count)) | ({749, 750} if rng.random() < 0.3 else set()))
    required_share = rng.choice((0.2, 0.35, 0.5, 0.7))
    weights = (1.0,) if rng.random() < 0.3 else (0.125, 0.25, 0.5, 1.0, 2.0, 3.0, 10.0, 100.0, 399.0, 1000.0)
    operation_count = rng.randint(5, 60)

    lines = [json.dumps({"trace": "layoutbench.solver", "version": 1})]
    for v in range(variable_count):
        lines.append(json.dumps({"op": "variable", "id": v, "name": f"x{v}"}))
    installed: dict[int, Con] = {}
    edits: set[int] = set()
    next_id = 0
    batch_depth = 0
    batch_required_update = False

    def priority() -> float:
        return REQUIRED if rng.random() < required_share else float(rng.choice(pool))

    def add(con: Con) -> None:
        nonlocal next_id
        cid = next_id
        next_id += 1
        installed[cid] = con  # a failed add is dropped by the follower; here it stays a candidate
        lines.append(json.dumps({"op": "add", "id": cid, "terms": con.terms, "constant": con.constant,
                                 "relation": con.relation, "priority": con.priority, "weight": con.weight}))

    def random_terms(count: int) -> list:
        chosen = rng.sample(range(variable_count), min(count, variable_count))
        return [[v, gen.coefficient()] for v in chosen]

    def one_operation() -> None:
        nonlocal batch_depth, batch_required_update
        roll = rng.random()
        if roll < 0.36 or not installed:
            add(Con(random_terms(rng.choice((1, 2, 2, 3, 4))), gen.constant(), rng.choice(("<=", "==", ">=")),
                    priority(), rng.choice(weights)))
        elif roll < 0.41:  # a redundant copy or multiple of an earlier constraint
            base = installed[rng.choice(list(installed))]
            factor = rng.choice((1.0, -1.0, 2.0, 0.5, gen.coefficient()))
            relation = base.relation
            if factor < 0 and relation != "==":
                relation = "<=" if relation == ">=" else ">="
            add(Con([[v, c * factor] for v, c in base.terms], base.constant * factor, relation, priority(),
                    rng.choice(weights)))
        elif roll < 0.46:  # near-parallel: one coefficient nudged within the class's own domain
            base = installed[rng.choice(list(installed))]
            terms = [[v, c] for v, c in base.terms]
            k = rng.randrange(len(terms))
            if cls == "small":  # the next multiple of 1/8
                terms[k][1] += rng.choice((-0.125, 0.125))
                nudge = rng.choice((0.0, 0.125, -0.125))
            else:  # a relative 1e-6 ... 1e-2 (mixed), 1e-9 ... 1e-3 (wide)
                low, high = (-6, -2) if cls == "mixed" else (-9, -3)
                terms[k][1] *= 1 + rng.choice((-1, 1)) * 10 ** rng.uniform(low, high)
                nudge = rng.choice((0.0, gen.constant() * 1e-3))
            add(Con(terms, base.constant + nudge, rng.choice(("<=", "==", ">=")), priority(), rng.choice(weights)))
        elif roll < 0.49 and variable_count >= 3:  # a chain of equalities
            start = rng.randrange(variable_count - 1)
            length = rng.randint(2, min(10, variable_count - 1 - start) + 1)
            for v in range(start, min(start + length, variable_count - 1)):
                if cls == "small":
                    multiplier = 1.0
                elif cls == "mixed":  # what a chain of aspect ratios compounds to, not 1000^length
                    multiplier = rng.choice((1.0, 1.0, 389 / 210, 210 / 389, 4 / 3, 3 / 4, 0.8, 1.25))
                else:
                    multiplier = gen.coefficient()
                add(Con([[v + 1, 1.0], [v, -multiplier]], -abs(gen.constant()), "==",
                        REQUIRED if rng.random() < 0.7 else float(rng.choice(pool)), 1.0))
        elif roll < 0.58:
            cid = rng.choice(list(installed))
            del installed[cid]
            lines.append(json.dumps({"op": "remove", "id": cid}))
        elif roll < 0.68:
            cid = rng.choice(list(installed))
            if installed[cid].required and batch_depth > 0:
                if batch_required_update:
                    return
                batch_required_update = True
            value = gen.constant()
            lines.append(json.dumps({"op": "updateConstant", "id": cid, "constant": value}))
        elif roll < 0.73:
            soft = [cid for cid, con in installed.items() if not con.required]
            if soft:
                lines.append(json.dumps({"op": "updatePriority", "id": rng.choice(soft), "priority": float(rng.choice(pool))}))
        elif roll < 0.78:
            free = [v for v in range(variable_count) if v not in edits]
            if free:
                v = rng.choice(free)
                edits.add(v)
                lines.append(json.dumps({"op": "addEdit", "variable": v, "priority": float(rng.choice(pool))}))
        elif roll < 0.88:
            if edits:
                lines.append(json.dumps({"op": "suggest", "variable": rng.choice(sorted(edits)), "value": gen.constant()}))
        elif roll < 0.90:
            if edits:
                v = rng.choice(sorted(edits))
                edits.discard(v)
                lines.append(json.dumps({"op": "removeEdit", "variable": v}))
        elif roll < 0.95:
            if batch_depth == 0:
                batch_depth = 1
                batch_required_update = False
                lines.append(json.dumps({"op": "beginBatch"}))
        else:
            lines.append(json.dumps({"op": "read"}))

    for _ in range(operation_count):
        one_operation()
        if batch_depth > 0 and rng.random() < 0.3:
            batch_depth = 0
            lines.append(json.dumps({"op": "endBatch"}))
    if batch_depth > 0:
        lines.append(json.dumps({"op": "endBatch"}))
    lines.append(json.dumps({"op": "read"}))
    return lines, {"variables": variable_count, "levels": level_count}


# ---------------------------------------------------------------------------
# Exact evaluation and the LP oracle


def residual(con: Con, values: list) -> tuple[Fraction, float]:
    """The constraint's expression at `values`, exactly, and its scale."""
    total = Fraction(con.constant)
    scale = abs(con.constant)
    for v, c in con.terms:
        term = Fraction(c) * values[v]
        total += term
        scale += abs(float(term))
    return total, scale


def violation(con: Con, values: list) -> tuple[Fraction, float]:
    value, scale = residual(con, values)
    if con.relation == "<=":
        return max(Fraction(0), value), scale
    if con.relation == ">=":
        return max(Fraction(0), -value), scale
    return abs(value), scale


def holds(con: Con, values: list, tolerance: float = HOLD_TOLERANCE) -> bool:
    amount, scale = violation(con, values)
    return amount <= Fraction(tolerance * max(1.0, scale))


def _rows(cons: list, n: int, width: int, with_errors: bool):
    """Inequality rows A x <= b for the constraints (and their error variables)."""
    upper, bounds, equal, equal_bounds = [], [], [], []
    for index, con in enumerate(cons):
        base = np.zeros(width)
        for v, c in con.terms:
            base[v] += c
        error = n + index if with_errors else None
        if con.relation == "==" and error is None:
            equal.append(base)
            equal_bounds.append(-con.constant)
            continue
        if con.relation in ("<=", "=="):
            row = base.copy()
            if error is not None:
                row[error] = -1.0
            upper.append(row)
            bounds.append(-con.constant)
        if con.relation in (">=", "=="):
            row = -base
            if error is not None:
                row[error] = -1.0
            upper.append(row)
            bounds.append(con.constant)
    return upper, bounds, equal, equal_bounds


def _linprog(objective, upper, bounds, equal, equal_bounds, variable_bounds):
    width = len(objective)
    return linprog(
        objective,
        A_ub=np.array(upper).reshape(-1, width) if upper else None,
        b_ub=np.array(bounds) if upper else None,
        A_eq=np.array(equal).reshape(-1, width) if equal else None,
        b_eq=np.array(equal_bounds) if equal else None,
        bounds=variable_bounds, method="highs", options=HIGHS,
    )


def least_violation(cons: list, n: int, limit: float | None = None):
    """(least total violation of the set, a point reaching it) or None when HiGHS fails.

    With `limit`, every variable stays within ±limit."""
    if not cons:
        return 0.0, [Fraction(0)] * n
    width = n + len(cons)
    upper, bounds, _, _ = _rows(cons, n, width, with_errors=True)
    objective = np.concatenate([np.zeros(n), np.ones(len(cons))])
    box = (None, None) if limit is None else (-limit, limit)
    variable_bounds = [box] * n + [(0, None)] * len(cons)
    result = _linprog(objective, upper, bounds, [], [], variable_bounds)
    if result.status != 0:
        return None
    return max(0.0, float(result.fun)), [Fraction(float(x)) for x in result.x[:n]]


def feasibility(cons: list, n: int, limit: float | None = None) -> str:
    """'feasible', 'infeasible', 'borderline' or 'undecided', certified exactly where possible."""
    found = least_violation(cons, n, limit)
    if found is None:
        return "undecided"
    least, point = found
    if all(holds(c, point, FEASIBLE_TOLERANCE) for c in cons):
        return "feasible"  # an exactly checked point that holds them all but for rounding: no doubt
    threshold = HOLD_TOLERANCE * max([1.0] + [abs(c.constant) for c in cons])
    if least > threshold * BORDERLINE_FACTOR:
        return "infeasible"
    return "borderline"  # holds only within a tolerance, or fails only slightly: believed neither way


def exactly_feasible(cons: list, n: int, limit: float) -> bool:
    """Whether the set has a point that satisfies every constraint exactly, within ±limit.

    A refusal is a mismatch only when the set is feasible beyond doubt: HiGHS's point (inside the
    box) holding everything within FEASIBLE_TOLERANCE is not enough when near-parallel rows admit
    it only through that tolerance (two equalities 1.5e-9 apart in slope pin a variable that a
    third sets 1e-4 away: every constraint holds within 1e-16 of its scale, none exactly). So the
    point is snapped (`snap`) and must then satisfy every constraint exactly.
    """
    found = least_violation(cons, n, limit)
    if found is None:
        return False
    snapped = snap(cons, found[1])
    return snapped is not None and all(abs(x) <= limit for x in snapped)


def snap(cons: list, point: list):
    """`point` moved onto the boundaries it (nearly) lies on, satisfying every constraint exactly, or None.

    The constraints whose boundary `point` lies within EXACT_SNAP of their scale from (equalities
    always) are solved as equalities in rational arithmetic, the variables that elimination
    leaves free kept at `point`'s values; scaled copies first become exact multiples
    (`one_line_per_copy`). A constraint the snap breaks joins them and the snap is
    tried again. None when the active constraints have no common point: `point` holds them only
    through a tolerance."""
    cons = one_line_per_copy(cons)
    active = {i for i, c in enumerate(cons) if c.relation == "==" or violation_or_slack(c, point) <= EXACT_SNAP}
    for _ in range(EXACT_SNAP_ROUNDS):
        snapped = solve_exactly([cons[i] for i in sorted(active)], point)
        if snapped is None:
            return None
        broken = {i for i, c in enumerate(cons) if violation(c, snapped)[0] != 0}
        if not broken:
            return snapped
        if broken <= active:
            return None
        active |= broken
    return None


def one_line_per_copy(cons: list) -> list:
    """`cons` with each scaled copy of an earlier constraint made an exact multiple of it.

    The solver's contract (docs/solver.md, "The exact arbiter", rule 2): a copy of a constraint
    scaled and rounded to double is the same line, not a second line that the rounding tilted
    to meet the first far away. Coefficients proportional within INPUT_ROUNDING of the ratio are
    such a copy; its coefficients become the ratio times the earlier constraint's, exactly, and
    its constant stays (two copies with different constants are parallel lines)."""
    result = []
    for con in cons:
        terms = exact_coefficients(con)
        for earlier in result:
            base = exact_coefficients(earlier)
            if set(base) != set(terms) or not base:
                continue
            pivot = max(base, key=lambda v: abs(base[v]))
            ratio = terms[pivot] / base[pivot]
            if all(abs(terms[v] - ratio * base[v]) <= INPUT_ROUNDING * abs(terms[v]) for v in base):
                con = Con([[v, ratio * base[v]] for v in sorted(base)], con.constant, con.relation, con.priority,
                          con.weight)
                break
        result.append(con)
    return result


def exact_coefficients(con: Con) -> dict:
    """The constraint's coefficients as fractions, a variable named twice summed, zeros left out."""
    summed: dict = {}
    for v, c in con.terms:
        summed[v] = summed.get(v, Fraction(0)) + Fraction(c)
    return {v: c for v, c in summed.items() if c != 0}


def violation_or_slack(con: Con, values: list) -> float:
    """|residual| over the constraint's scale: how far `values` are from its boundary, relatively."""
    value, scale = residual(con, values)
    return abs(float(value)) / max(1.0, scale)


def solve_exactly(cons: list, start: list):
    """A rational point on every constraint's boundary, the free variables kept at `start`, or None.

    Gauss-Jordan elimination over fractions; the pivot of each row is its largest coefficient in
    magnitude, so the variables solved for are the ones the row pins most firmly."""
    rows = [(exact_coefficients(con), -Fraction(con.constant)) for con in cons]
    pivots: dict = {}  # variable -> (row coefficients with pivot 1, right-hand side)
    for coefficients, rhs in rows:
        coefficients = dict(coefficients)
        for v, (pivot_row, pivot_rhs) in pivots.items():
            factor = coefficients.pop(v, None)
            if factor is None:
                continue
            for w, c in pivot_row.items():
                if w != v:
                    updated = coefficients.get(w, Fraction(0)) - factor * c
                    if updated:
                        coefficients[w] = updated
                    else:
                        coefficients.pop(w, None)
            rhs -= factor * pivot_rhs
        if not coefficients:
            if rhs != 0:
                return None
            continue
        chosen = max(coefficients, key=lambda w: abs(coefficients[w]))
        scale = coefficients[chosen]
        coefficients = {w: c / scale for w, c in coefficients.items()}
        rhs /= scale
        for v, (pivot_row, pivot_rhs) in list(pivots.items()):
            factor = pivot_row.get(chosen)
            if factor is None:
                continue
            for w, c in coefficients.items():
                updated = pivot_row.get(w, Fraction(0)) - factor * c
                if updated or w == v:
                    pivot_row[w] = updated
                else:
                    pivot_row.pop(w, None)
            pivots[v] = (pivot_row, pivot_rhs - factor * rhs)
        pivots[chosen] = (coefficients, rhs)
    point = list(start)
    for v, (row, rhs) in pivots.items():
        point[v] = rhs - sum((c * start[w] for w, c in row.items() if w != v), Fraction(0))
    return point


# A witness must hold every required constraint within this fraction of its scale, and every
# level above the one it improves within this fraction of our value there: tight enough that a
# thin feasible slab cannot be crossed by tolerance alone.
WITNESS_TOLERANCE = 1e-13
# A level is improved only *flatly* when every improving direction gains less than this per unit of
# movement, in units of the moved variable's largest coefficient times the level's largest weight:
# a double-precision simplex cannot see such directions (its reduced costs are that small), and
# the gain is the problem's ill-conditioning. Counted apart ("flat"), not as mismatches.
DUAL_TOLERANCE = 1e-9
# How often a witness that trades a higher level for this one is asked again below our value there.
WITNESS_ATTEMPTS = 4


def better_point(required: list, soft: list, n: int, ours: list):
    """Looks for a point that beats `ours` lexicographically, certified in exact arithmetic.

    Level by level from the highest priority: minimize that level's weighted violation with the
    required constraints hard and every higher level held at our own value there; a HiGHS point
    that, evaluated exactly, holds the required constraints within WITNESS_TOLERANCE and those
    levels exactly, and improves this level by more than LEVEL_TOLERANCE of its scale is a
    certified mismatch (returned as text). A point that gains only by giving up a little at a
    higher level (the held bound's own tolerance) is a trade, not an improvement: it is asked again
    below our value there, up to WITNESS_ATTEMPTS times. Returns None when no level can be improved, and
    "undecided" when HiGHS fails.
    """
    width = n + len(soft)
    upper, bounds, equal, equal_bounds = _rows(required, n, width, with_errors=False)
    soft_upper, soft_bounds, _, _ = _rows(soft, n, width, with_errors=True)
    upper += soft_upper
    bounds += soft_bounds
    variable_bounds = [(None, None)] * n + [(0, None)] * len(soft)
    our_levels = level_violations(soft, ours)
    held_rows, held_bounds, held_levels = [], [], []
    held_optima: dict = {}
    for priority in sorted(our_levels, reverse=True):
        our_value, our_scale = our_levels[priority]
        objective = np.zeros(width)
        for index, con in enumerate(soft):
            if con.priority == priority:
                objective[n + index] = con.weight
        tolerance = Fraction(LEVEL_TOLERANCE * max(1.0, our_scale))
        bounds_now = list(held_bounds)
        optimum = our_value
        for _ in range(WITNESS_ATTEMPTS):
            result = _linprog(objective, upper + held_rows, bounds + bounds_now, equal, equal_bounds, variable_bounds)
            if result.status != 0:
                if bounds_now == held_bounds:
                    return "undecided"
                break  # nothing below our values above: this level is as good as they allow
            if Fraction(float(result.fun)) >= our_value - tolerance:
                if bounds_now == held_bounds:
                    optimum = min(our_value, Fraction(float(result.fun)))
                break
            point = [Fraction(float(x)) for x in result.x[:n]]
            theirs = level_violations(soft, point)
            required_ok = all(violation(c, point)[0] <= Fraction(WITNESS_TOLERANCE * max(1.0, violation(c, point)[1]))
                              for c in required)
            if not required_ok:
                return "undecided"
            excess = {p: theirs[p][0] - our_levels[p][0] for p in held_levels if theirs[p][0] > our_levels[p][0]}
            if excess:
                # The point gains here by giving up a little at a higher level, which the held
                # bound's tolerance allowed: a trade, not a lexicographic improvement. Ask again
                # below our value there by twice what it gave up.
                bounds_now = [bound - 2 * float(excess.get(level, 0)) for bound, level in zip(bounds_now, held_levels)]
                continue
            if theirs[priority][0] < our_value - tolerance:
                # The point may gain only through the required constraints' tolerance, along
                # near-parallel rows whose thin slab turns a violation of 1e-11 into a visible
                # gain. Snapped onto the required constraints exactly, it must still win.
                snapped = snap(required, point)
                if snapped is None:
                    return "borderline"
                exact = level_violations(soft, snapped)
                # Each higher level no worse than its optimum, not than ours: ours may sit above
                # the optimum by the rounding of our values, and a lever of near-parallel rows
                # turns that slack into a gain here (wide6 sequence 2705 of seed 20261126: the
                # snapped point spent 1.4e-8 of the 3.8e-8 our rounding left at priority 812 to
                # gain 551 of 5.9e10 at priority 336; held at 812's optimum, 0, it is 2.2e7 worse).
                if exact[priority][0] >= our_value - tolerance or any(
                        exact[level][0] > held_optima[level] for level in held_levels):
                    return "borderline"  # no gain left, or only by a trade with a higher level
                text = (f"final: suboptimal at priority {priority:g}: ours {float(our_value):.9g}, an exactly checked "
                        f"point reaches {float(exact[priority][0]):.9g} with no higher level worse")
                steep = steep_improvement(required, soft, n, ours, priority, upper + held_rows,
                                          bounds + bounds_now, equal, equal_bounds, our_value - tolerance)
                if steep == "flat":
                    return "flat: " + text[len("final: "):]
                return text if steep else "undecided"
            break
        else:
            return "undecided"  # still trading after every attempt
        # Lower levels are asked with this one at its optimum, not at our value: ours may sit
        # above the optimum by the rounding of our values (a constraint of scale 1e10 repeating
        # a required one), and a lever of near-parallel rows below turns that slack into a
        # visible gain (wide3 sequence 1200 of seed 20261126: 2.4e-7 at priority 886 became
        # 2,647 at priority 792). Lexicographic optimality holds each level at its optimum.
        held_rows.append(objective)
        held_bounds.append(float(optimum) * (1 + WITNESS_TOLERANCE) + WITNESS_TOLERANCE)
        held_levels.append(priority)
        held_optima[priority] = optimum
    return None


def steep_improvement(required, soft, n, ours, priority, upper, bounds, equal, equal_bounds, target):
    """Whether a level can be improved faster than the dual tolerance allows, certified exactly.

    A double-precision simplex stops when no reduced cost is below its dual feasibility tolerance
    (HiGHS: 1e-7 absolute on its scaled problem); an improvement along a direction flatter than that
    is the ill-conditioning of the problem, not a wrong answer. Here each variable's move from our
    value costs DUAL_TOLERANCE x its largest coefficient x the level's largest weight per unit: the
    level is improved *steeply* when the best point still beats ours, with that cost added, by the
    level tolerance. Returns True (an exactly checked steep witness), "flat" (only flat directions
    improve the level) or False (HiGHS failed or its point did not check: undecided).
    """
    width = n + len(soft)
    full = width + n
    largest = [0.0] * n
    for con in required + soft:
        for v, c in con.terms:
            largest[v] = max(largest[v], abs(c))
    level_weight = max(con.weight for con in soft if con.priority == priority)
    rate = [DUAL_TOLERANCE * largest[v] * level_weight for v in range(n)]
    objective = np.zeros(full)
    for index, con in enumerate(soft):
        if con.priority == priority:
            objective[n + index] = con.weight
    objective[width:] = rate
    rows = [np.concatenate([np.asarray(r), np.zeros(n)]) for r in upper]
    row_bounds = list(bounds)
    for v in range(n):  # d_v >= |x_v - ours_v|
        for sign in (1.0, -1.0):
            row = np.zeros(full)
            row[v] = sign
            row[width + v] = -1.0
            rows.append(row)
            row_bounds.append(sign * float(ours[v]))
    equal_rows = [np.concatenate([np.asarray(r), np.zeros(n)]) for r in equal]
    variable_bounds = [(None, None)] * n + [(0, None)] * len(soft) + [(0, None)] * n
    result = _linprog(objective, rows, row_bounds, equal_rows, equal_bounds, variable_bounds)
    if result.status != 0:
        return False
    point = [Fraction(float(x)) for x in result.x[:n]]
    theirs = level_violations(soft, point)
    cost = theirs[priority][0] + sum(Fraction(rate[v]) * abs(point[v] - ours[v]) for v in range(n))
    if cost >= target:
        return "flat" if Fraction(float(result.fun)) >= target else False
    our_levels = level_violations(soft, ours)
    above_ok = all(theirs[p][0] <= our_levels[p][0] for p in our_levels if p > priority)
    required_ok = all(violation(c, point)[0] <= Fraction(WITNESS_TOLERANCE * max(1.0, violation(c, point)[1]))
                      for c in required)
    return True if above_ok and required_ok else False


def level_violations(soft: list, values: list) -> dict:
    levels: dict = {}
    for con in soft:
        amount, scale = violation(con, values)
        total, total_scale = levels.get(con.priority, (Fraction(0), 0.0))
        levels[con.priority] = (total + Fraction(con.weight) * amount, total_scale + con.weight * scale)
    return levels


# ---------------------------------------------------------------------------
# Following a trace and judging it


@dataclass
class Verdict:
    cls: str
    index: int
    operations: int = 0
    outcome: str = "ok"  # ok, trap, hang, mismatch
    detail: str = ""
    numerical: int = 0
    undecided: int = 0
    borderline: int = 0
    flat: int = 0
    flat_detail: str = ""
    seconds: float = 0.0
    slowest_operation: float = 0.0  # seconds, one operation alone (the lockstep `slowest` line)
    slowest_line: int = 0


def replay(binary: str, lines: list, timeout: float, slowest: bool = False):
    """Runs the trace through `--lockstep`; with `slowest`, a third replay times each operation alone
    and its line follows the ready line."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as file:
        file.write("\n".join(lines) + "\n")
        path = file.name
    try:
        started = time.monotonic()
        process = subprocess.run(
            [binary, "solver-bench", "--trace", path, "--lockstep", "--no-allocations", "--warmup", "0"],
            input="slowest\nquit\n" if slowest else "", capture_output=True, text=True, timeout=timeout)
        return process, time.monotonic() - started
    finally:
        os.unlink(path)


def judge(binary: str, seed: int, index: int, cls: str, timeout: float,
          operation_limit: float | None = None) -> tuple[Verdict, list]:
    lines, _ = make_sequence(seed, index, cls)
    return judge_lines(binary, lines, cls, timeout, index, operation_limit), lines


def judge_lines(binary: str, lines: list, cls: str, timeout: float, index: int = 0,
                operation_limit: float | None = None) -> Verdict:
    """Replays one trace and judges every outcome (see the module's docstring)."""
    verdict = Verdict(cls, index, operations=sum(1 for line in lines[1:] if '"variable"' not in line[:20]))
    try:
        process, verdict.seconds = replay(binary, lines, timeout, slowest=operation_limit is not None)
    except subprocess.TimeoutExpired:
        verdict.outcome, verdict.detail = "hang", f"no result within {timeout:g} s"
        return verdict
    if process.returncode != 0:
        verdict.outcome = "trap"
        verdict.detail = f"exit {process.returncode}: " + " | ".join(process.stderr.strip().splitlines()[-3:])
        return verdict
    try:
        ready = json.loads(process.stdout.splitlines()[0])
    except (IndexError, json.JSONDecodeError) as error:
        verdict.outcome, verdict.detail = "trap", f"no ready line: {error}"
        return verdict
    if operation_limit is not None:
        try:
            slowest = json.loads(process.stdout.splitlines()[1])
            verdict.slowest_operation, verdict.slowest_line = slowest["nanoseconds"] / 1e9, slowest["line"]
        except (IndexError, KeyError, json.JSONDecodeError) as error:
            verdict.outcome, verdict.detail = "trap", f"no slowest line: {error}"
            return verdict
    if operation_limit is not None and verdict.slowest_operation > operation_limit:
        verdict.outcome = "hang"
        verdict.detail = f"line {verdict.slowest_line} took {verdict.slowest_operation:.2f} s (limit {operation_limit:g} s)"
        return verdict
    failed = dict(zip(ready["failedLines"], ready.get("failureCodes", ["?"] * len(ready["failedLines"]))))
    edit_starts = {e["line"]: e["value"] for e in ready["editStartValues"]}
    batch_removals = {r["line"]: r["ids"] for r in ready.get("batchRemovals", [])}
    batch_rollbacks = {r["line"]: r["ids"] for r in ready.get("batchRollbacks", [])}
    final_values = [Fraction(v) for v in ready["finalValues"]]

    n = 0
    installed: dict[int, Con] = {}
    edits: dict[int, Con] = {}
    pending_required: tuple | None = None  # (id, old constant) deferred in the open batch
    batch_required_added = False  # a required add accepted in the open batch, verified at its end
    deferred: dict = {}  # id -> constant changed in the open batch, applied at its end
    depth = 0

    def apply_deferred() -> None:
        for cid, constant in deferred.items():
            if cid in installed:
                installed[cid].constant = constant

    def installed_or_flag(cid: int, code, number: int):
        """The installed constraint `cid`, or None after checking that updating it failed as it must."""
        con = installed.get(cid)
        if con is None and code != "unknown-constraint":
            mismatch(f"line {number}: update of a constraint that is not installed gave {code}")
        return con

    def required_set() -> list:
        return [c for c in installed.values() if c.required]

    def mismatch(text: str) -> None:
        if verdict.outcome == "ok":
            verdict.outcome, verdict.detail = "mismatch", text

    def judge(state: str, wrong: str, text: str) -> None:
        """A mismatch saying `text` when the oracle's `state` is the `wrong` one; borderline and
        undecided states are counted."""
        if state == wrong:
            mismatch(text)
        elif state == "borderline":
            verdict.borderline += 1
        elif state == "undecided":
            verdict.undecided += 1

    def expect_infeasible(cons: list, line: int, what: str) -> None:
        state = feasibility(cons, n, VALUE_LIMIT)
        if state == "feasible" and not exactly_feasible(cons, n, VALUE_LIMIT):
            state = "borderline"  # HiGHS's point holds them only through the tolerance
        judge(state, "feasible", f"line {line}: {what} was refused, but the required constraints with it can all hold")

    def expect_feasible(line: int, what: str) -> None:
        required = required_set()
        state = feasibility(required, n)
        if state == "infeasible" and our_point_holds(required, line):
            state = "borderline"  # HiGHS gave up short of the solver's own exactly checked point
        judge(state, "infeasible", f"line {line}: {what} was accepted, but the required constraints cannot all hold")

    def our_point_holds(required: list, line: int) -> bool:
        """Whether the solver's own values right after `line` hold every required constraint.

        HiGHS's least violation is a double-precision answer; a set feasible only far out (two
        near-parallel inequalities meeting at 1e9) can defeat it. Before an accepted operation is
        called wrong, the trace is replayed up to that line and the solver's values there are
        checked exactly: holding every required constraint within HOLD_TOLERANCE of its scale,
        they show the set feasible, and HiGHS's verdict is not believed."""
        try:
            process, _ = replay(binary, lines[:line], timeout)
            values = [Fraction(v) for v in json.loads(process.stdout.splitlines()[0])["finalValues"]]
        except (subprocess.TimeoutExpired, IndexError, KeyError, json.JSONDecodeError):
            return False
        return len(values) >= n and all(holds(c, values) for c in required)

    for number, text in enumerate(lines, start=1):
        if number == 1:
            continue
        op = json.loads(text)
        kind = op["op"]
        code = failed.get(number)
        if code == NUMERICAL_CODE:
            verdict.numerical += 1
            if cls != "wide6":
                mismatch(f"line {number}: {kind} refused with {code} in class {cls}")
            if kind == "endBatch":
                apply_deferred()
                if pending_required is not None and pending_required[0] in installed:
                    installed[pending_required[0]].constant = pending_required[1]
                depth, pending_required, deferred, batch_required_added = 0, None, {}, False
            continue
        if kind == "variable":
            n += 1
        elif kind == "add":
            con = Con(op["terms"], op["constant"], op["relation"], op["priority"], op["weight"])
            if code is not None:
                if code != "unsatisfiable" or not con.required:
                    mismatch(f"line {number}: add failed with {code}")
                else:
                    expect_infeasible(required_set() + [con], number, "a required add")
            else:
                installed[op["id"]] = con
                if con.required and depth > 0:
                    # Verified when the batch ends, which removes those that conflict.
                    batch_required_added = True
                elif con.required:
                    expect_feasible(number, "a required add")
        elif kind == "remove":
            if op["id"] not in installed:
                if code != "unknown-constraint":
                    mismatch(f"line {number}: removing a constraint that is not installed gave {code}")
            elif code is not None:
                mismatch(f"line {number}: remove failed with {code}")
            installed.pop(op["id"], None)
        elif kind == "updateConstant":
            con = installed_or_flag(op["id"], code, number)
            if con is None:
                continue
            if code is not None:
                if code != "unsatisfiable" or not con.required or depth > 0:
                    mismatch(f"line {number}: updateConstant failed with {code}")
                else:
                    changed = Con(con.terms, op["constant"], con.relation, con.priority, con.weight)
                    others = [c for cid, c in installed.items() if c.required and cid != op["id"]]
                    expect_infeasible(others + [changed], number, "a required constant change")
                continue
            if depth > 0:  # applied when the batch ends; adds in between see the old constant
                deferred[op["id"]] = op["constant"]
                if con.required:
                    pending_required = (op["id"], con.constant)
                continue
            con.constant = op["constant"]
            if con.required:
                expect_feasible(number, "a required constant change")
        elif kind == "updatePriority":
            con = installed_or_flag(op["id"], code, number)
            if con is None:
                continue
            if code is not None:
                mismatch(f"line {number}: updatePriority failed with {code}")
            else:
                con.priority = op["priority"]
        elif kind == "addEdit":
            if code is not None:
                mismatch(f"line {number}: addEdit failed with {code}")
            else:
                edits[op["variable"]] = Con([[op["variable"], 1.0]], -edit_starts[number], "==", op["priority"], 1.0)
        elif kind == "removeEdit":
            if code is not None:
                mismatch(f"line {number}: removeEdit failed with {code}")
            edits.pop(op["variable"], None)
        elif kind == "suggest":
            if code is not None:
                mismatch(f"line {number}: suggest failed with {code}")
            else:
                edits[op["variable"]].constant = -op["value"]
        elif kind == "beginBatch":
            depth += 1
            pending_required = None
            deferred = {}
        elif kind == "endBatch":
            depth -= 1
            apply_deferred()
            if pending_required is not None and pending_required[0] not in installed:
                pending_required = None
            deferred = {}
            removed = batch_removals.get(number, [])
            if "batchRollbacks" in ready:
                rolled_back = batch_rollbacks.get(number, [])
            else:  # a binary from before the key: a failure that removed nothing was the rollback
                rolled_back = [pending_required[0]] if code and not removed and pending_required else []
            if code is not None and (code != "unsatisfiable-batch" or not (removed or rolled_back)):
                mismatch(f"line {number}: endBatch failed with {code}")
            attempt = None
            if rolled_back:
                if pending_required is None or rolled_back != [pending_required[0]]:
                    mismatch(f"line {number}: endBatch rolled back constant changes the batch did not make: {rolled_back}")
                else:
                    cid, old = pending_required
                    attempt = (cid, installed[cid].constant)
                    installed[cid].constant = old
            if removed:
                # Required adds the solver's verification found unsatisfiable and removed:
                # each must conflict with the required constraints that stay.
                removed_cons = [installed.pop(cid) for cid in removed if cid in installed]
                if len(removed_cons) != len(removed) or not all(c.required for c in removed_cons):
                    mismatch(f"line {number}: endBatch removed constraints that are not required adds")
                for con in removed_cons:
                    expect_infeasible(required_set() + [con], number, "a required add in a batch")
            if attempt is not None:
                # Asked again once the removed adds are gone, the change was still refused.
                cid, attempted = attempt
                others = [c for k, c in installed.items() if c.required and k != cid]
                changed = Con(installed[cid].terms, attempted, installed[cid].relation, REQUIRED, 1.0)
                expect_infeasible(others + [changed], number, "a required constant change deferred in a batch")
            if depth == 0 and not rolled_back and verdict.outcome == "ok":
                if pending_required is not None:
                    expect_feasible(number, "a required constant change deferred in a batch")
                elif batch_required_added:
                    expect_feasible(number, "a batch of required adds")
            pending_required = None
            if depth == 0:
                batch_required_added = False
        if verdict.outcome != "ok":
            return verdict

    # The final state (a trace that ends inside a batch has not solved yet: nothing to judge).
    if depth > 0:
        return verdict
    required = required_set()
    soft = [c for c in installed.values() if not c.required] + list(edits.values())
    for con in required:
        if not holds(con, final_values):
            amount, scale = violation(con, final_values)
            mismatch(f"final: a required constraint is violated by {float(amount):.3g} (scale {scale:.3g})")
            return verdict
    if soft:
        finding = better_point(required, soft, n, final_values)
        if finding == "undecided":
            verdict.undecided += 1
        elif finding == "borderline":
            verdict.borderline += 1
        elif finding and finding.startswith("flat: "):
            verdict.flat += 1
            verdict.flat_detail = finding
        elif finding:
            mismatch(finding)
    return verdict


def _work(arguments):
    return judge(*arguments)


def judged(pool, tasks, in_flight: int):
    """The verdicts of `tasks`, judged in `pool`, as they come, with at most `in_flight` tasks
    handed out at once, so that `tasks` is drawn from only as sequences finish: a soak's
    deadline, checked as the next task is drawn, then ends it on time. (`Pool.imap_unordered`
    draws from its iterable as fast as the task pipe takes it, and a soak whose deadline had
    passed went on judging the sequences queued before it.) A worker's exception
    is raised here, as imap would."""
    finished = queue.SimpleQueue()
    pending = 0

    def hand_out() -> bool:
        nonlocal pending
        task = next(tasks, None)
        if task is None:
            return False
        pool.apply_async(_work, (task,), callback=lambda verdict: finished.put((True, verdict)),
                         error_callback=lambda error: finished.put((False, error)))
        pending += 1
        return True

    while pending < in_flight and hand_out():
        pass
    while pending:
        try:
            ok, value = finished.get(timeout=0.5)  # a timeout keeps Ctrl-C and SIGTERM prompt
        except queue.Empty:
            continue
        pending -= 1
        if not ok:
            raise value
        hand_out()
        yield value


def main(argv: list) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True, help="the layoutbench executable")
    parser.add_argument("--count", type=int, default=0, help="sequences per class")
    parser.add_argument("--minutes", type=float, default=0, help="run for this long instead of --count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--classes", default=",".join(CLASSES))
    parser.add_argument("--jobs", type=int, default=max(1, min(4, os.cpu_count() or 1)))
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per sequence before it is a hang")
    parser.add_argument("--operation-limit", type=float, metavar="SECONDS",
                        help=f"count a sequence whose slowest single operation took longer as a hang "
                             f"(scripts/oracle-soak passes {OPERATION_LIMIT:g}); only then are operations timed")
    parser.add_argument("--keep", help="write failing traces and verdicts to this folder")
    parser.add_argument("--json", action="store_true", help="print the totals as JSON")
    parser.add_argument("--trace", nargs="+", metavar="FILE",
                        help="judge these trace files instead of generated sequences (with --class)")
    parser.add_argument("--class", dest="trace_class", default="wide3", choices=CLASSES,
                        help="the class --trace files are judged in (numerical refusals are allowed in wide6 only)")
    parser.add_argument("--budget", help="a JSON file of the most traps, hangs, mismatches and numerical refusals "
                                         "allowed per class; exit 1 only past it (a ratchet for scripts/test)")
    options = parser.parse_args(argv)
    if options.trace:
        failing = 0
        for path in options.trace:
            lines = open(path, encoding="utf-8").read().splitlines()
            verdict = judge_lines(options.binary, lines, options.trace_class, options.timeout,
                                  operation_limit=options.operation_limit)
            print(f"{os.path.basename(path)}: {verdict.outcome}{': ' + verdict.detail if verdict.detail else ''}"
                  f" (undecided {verdict.undecided}, borderline {verdict.borderline}, numerical {verdict.numerical}"
                  f"{', ' + verdict.flat_detail if verdict.flat else ''})")
            failing += verdict.outcome != "ok"
        print(f"{len(options.trace) - failing} passed, {failing} failed")
        return 1 if failing else 0
    classes = [c for c in options.classes.split(",") if c]
    if any(c not in CLASSES for c in classes) or (options.count <= 0) == (options.minutes <= 0):
        parser.error("choose classes among " + ", ".join(CLASSES) + ", and exactly one of --count or --minutes")
    if not os.access(options.binary, os.X_OK):
        parser.error(f"{options.binary} is not an executable")

    totals = {c: {"sequences": 0, "operations": 0, "trap": 0, "hang": 0, "mismatch": 0,
                  "numerical": 0, "undecided": 0, "borderline": 0, "flat": 0, "slowest": 0.0,
                  "slowest_operation": 0.0} for c in classes}
    failures = []
    deadline = time.monotonic() + options.minutes * 60 if options.minutes else None
    interactive = sys.stderr.isatty()

    def tasks():
        index = 0
        while True:
            for cls in classes:
                yield (options.binary, options.seed, index, cls, options.timeout, options.operation_limit)
            index += 1
            if options.count and index >= options.count:
                return
            if deadline and time.monotonic() > deadline:
                return

    def stop(signum, frame):  # an interrupted soak still prints what it counted
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, stop)
    interrupted = False
    context = multiprocessing.get_context("fork")
    pool = context.Pool(options.jobs, initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN))
    try:
        for verdict, lines in judged(pool, tasks(), in_flight=2 * options.jobs):
            total = totals[verdict.cls]
            total["sequences"] += 1
            total["operations"] += verdict.operations
            total["numerical"] += verdict.numerical
            total["undecided"] += verdict.undecided
            total["borderline"] += verdict.borderline
            total["flat"] += verdict.flat
            total["slowest"] = max(total["slowest"], verdict.seconds)
            total["slowest_operation"] = max(total["slowest_operation"], verdict.slowest_operation)
            if verdict.seconds > options.timeout / 4:
                print(f"slow: {verdict.cls} sequence {verdict.index} (seed {options.seed}) took {verdict.seconds:.1f} s",
                      file=sys.stderr)
            if verdict.outcome != "ok":
                total[verdict.outcome] += 1
                failures.append(verdict)
                print(f"{verdict.outcome}: {verdict.cls} sequence {verdict.index} (seed {options.seed}): {verdict.detail}",
                      file=sys.stderr)
                if options.keep:
                    os.makedirs(options.keep, exist_ok=True)
                    stem = os.path.join(options.keep, f"{verdict.cls}-{options.seed}-{verdict.index}")
                    with open(stem + ".jsonl", "w") as file:
                        file.write("\n".join(lines) + "\n")
                    with open(stem + ".txt", "w") as file:
                        file.write(f"{verdict.outcome}: {verdict.detail}\n")
            if interactive:
                done = sum(t["sequences"] for t in totals.values())
                print(f"\r{done} sequences, {len(failures)} failing", end="", file=sys.stderr)
    except KeyboardInterrupt:
        interrupted = True
        pool.terminate()
    else:
        pool.close()
    pool.join()
    if interactive:
        print(file=sys.stderr)

    if interrupted:
        print("interrupted: the counts below are of the sequences judged so far", file=sys.stderr)
    if options.json:
        print(json.dumps(totals, indent=1))
    else:
        print(f"{'class':<7} {'sequences':>9} {'operations':>10} {'traps':>5} {'hangs':>5} {'mismatches':>10} "
              f"{'numerical':>9} {'undecided':>9} {'borderline':>10} {'flat':>5} {'slowest s':>9} {'slowest op s':>12}")
        for cls, t in totals.items():
            print(f"{cls:<7} {t['sequences']:>9} {t['operations']:>10} {t['trap']:>5} {t['hang']:>5} "
                  f"{t['mismatch']:>10} {t['numerical']:>9} {t['undecided']:>9} {t['borderline']:>10} {t['flat']:>5} {t['slowest']:>9.3f} "
                  + (f"{t['slowest_operation']:>12.3f}" if options.operation_limit is not None else f"{'-':>12}"))
    if options.budget:
        with open(options.budget, encoding="utf-8") as file:
            budget = {k: v for k, v in json.load(file).items() if not k.startswith("_")}
        over = []
        for cls, t in totals.items():
            allowed = budget.get(cls, {})
            for key in ("trap", "hang", "mismatch", "numerical"):
                if t[key] > allowed.get(key, 0):
                    over.append(f"{cls} {key}: {t[key]} > {allowed.get(key, 0)}")
        if over:
            print("over the budget in " + options.budget + ": " + "; ".join(over), file=sys.stderr)
            return 1
        print(f"within the budget in {options.budget}")
        return 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
