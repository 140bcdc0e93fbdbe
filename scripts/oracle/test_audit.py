#!/usr/bin/env python3
"""Tests of the audit's exact certificates (audit.py) on systems solved on paper.

Run with the tools venv (scripts/test does):  .venv-tools/bin/python scripts/oracle/test_audit.py
"""

from __future__ import annotations

import os
import sys
import unittest
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import audit  # noqa: E402


def con(terms, constant, relation, priority=1000.0):
    """sum(coefficient * x[variable]) + constant RELATION 0."""
    return audit.Con([list(t) for t in terms], constant, relation, priority, 1.0)


class SolveExactly(unittest.TestCase):
    def test_two_lines_meet_at_one_rational_point(self):
        # x + y = 3, x - y = 1  ->  (2, 1), whatever the start.
        point = audit.solve_exactly([con([(0, 1), (1, 1)], -3, "=="), con([(0, 1), (1, -1)], -1, "==")],
                                    [Fraction(7), Fraction(-5)])
        self.assertEqual(point, [2, 1])

    def test_free_variables_keep_their_start(self):
        # x + 2y = 4: y has the larger coefficient and is solved for; x keeps its start, 1.
        point = audit.solve_exactly([con([(0, 1), (1, 2)], -4, "==")], [Fraction(1), Fraction(1, 2)])
        self.assertEqual(point, [1, Fraction(3, 2)])

    def test_a_scaled_copy_is_redundant_and_a_shifted_one_contradicts(self):
        line = con([(0, 1), (1, 1)], -3, "==")
        self.assertIsNotNone(audit.solve_exactly([line, con([(0, 2), (1, 2)], -6, "==")], [Fraction(0)] * 2))
        self.assertIsNone(audit.solve_exactly([line, con([(0, 2), (1, 2)], -6.5, "==")], [Fraction(0)] * 2))


class ExactlyFeasible(unittest.TestCase):
    def test_near_parallel_equalities_feasible_only_through_the_tolerance(self):
        # wide3 sequence 1523 of seed 20261126: x3 - 0.0404·x2 = 369.04 and
        # 0.9999999985·x3 - 0.0404·x2 = 369.04 pin x3 to 0 exactly; 209.5·x3 = -0.0216 sets
        # it to -1.03e-4. HiGHS's point holds all three within 1e-16 of their scale, but
        # no point holds them exactly: a refusal is not a mismatch.
        cons = [con([(3, 1.0), (2, -0.0403801345127474)], -369.0423437486857, "=="),
                con([(3, 0.9999999984939961), (2, -0.0403801345127474)], -369.0423437486857, "=="),
                con([(3, 209.50005620106182)], 0.021608464624118737, "==")]
        self.assertEqual(audit.feasibility(cons, 4, audit.VALUE_LIMIT), "feasible")
        self.assertFalse(audit.exactly_feasible(cons, 4, audit.VALUE_LIMIT))

    def test_a_generic_system_is_certified_exactly(self):
        # Two equalities and an inequality in three unknowns with decimal coefficients:
        # HiGHS's point is rounded, the snapped one exact.
        cons = [con([(0, 0.1), (1, 0.7)], -0.3, "=="), con([(1, 1.3), (2, -0.9)], 0.2, "=="),
                con([(0, 1.0)], -5.0, "<=")]
        self.assertTrue(audit.exactly_feasible(cons, 3, audit.VALUE_LIMIT))

    def test_a_set_that_holds_only_beyond_the_value_limit_is_not_feasible_for_the_solver(self):
        # x - y = 1 and x - 1.0000000000000009·y = 0 meet at y = 1 / 8.9e-16 ≈ 1.1e15.
        cons = [con([(0, 1.0), (1, -1.0)], -1.0, "=="), con([(0, 1.0), (1, -1.0000000000000009)], 0.0, "==")]
        self.assertNotEqual(audit.feasibility(cons, 2, audit.VALUE_LIMIT), "feasible")
        self.assertFalse(audit.exactly_feasible(cons, 2, audit.VALUE_LIMIT))


class CopiesAreOneLine(unittest.TestCase):
    def test_a_rounded_multiple_with_another_constant_is_a_parallel_line(self):
        # wide6 sequence 2061 of seed 20261126: constraint 7 is constraint 0 times 9101.87,
        # every ratio equal as a double. Exactly, the rounding tilts the copy to meet the first
        # far away; as the solver reads them (one line), a new constant for 0 contradicts 7.
        first = con([(3, -0.5389328524551135), (1, -9.315930887238943), (0, 3.3187156586417426e-06),
                     (2, -0.0810210360354987)], 3.226161467931012e-05, "==")
        copy = con([(3, -4905.29855218954), (1, -84792.42281352117), (0, 0.030206529517181294),
                    (2, -737.44320642418)], -0.5124438229903456, "==")
        self.assertIsNone(audit.snap([first, copy], [Fraction(0)] * 4))
        canonical = audit.one_line_per_copy([first, copy])
        self.assertEqual(canonical[0], first)
        base = {v: Fraction(c) for v, c in first.terms}
        ratios = {Fraction(c) / base[v] for v, c in canonical[1].terms}
        self.assertEqual(len(ratios), 1)  # an exact multiple now
        self.assertIsNotNone(audit.solve_exactly([copy], [Fraction(0)] * 4))

    def test_constraints_that_are_not_proportional_stay_as_they_are(self):
        a = con([(0, 1.0), (1, 2.0)], -3.0, "==")
        b = con([(0, 1.0), (1, 2.000001)], -3.0, "==")
        self.assertEqual(audit.one_line_per_copy([a, b]), [a, b])


class Snap(unittest.TestCase):
    def test_a_point_off_its_boundaries_by_rounding_snaps_onto_them(self):
        cons = [con([(0, 1.0), (1, 1.0)], -1.0, "<="), con([(0, 1.0)], 0.0, ">=")]
        point = [Fraction(0.1 + 0.2) - Fraction(0.2), Fraction(0.9)]  # x a hair above 0.1, x + y a hair off 1
        snapped = audit.snap(cons, point)
        self.assertIsNotNone(snapped)
        self.assertTrue(all(audit.violation(c, snapped)[0] == 0 for c in cons))


class BetterPoint(unittest.TestCase):
    def test_rounding_at_a_higher_level_is_no_lever_for_a_lower_one(self):
        # wide6 sequence 2705 of seed 20261126, reduced: the solver's exact optimum holds priority
        # 812 at 0; rounded to doubles, its values leave 3.8e-8 there. Near-parallel rows turn
        # 1.4e-8 of that slack into 551 of 5.9e10 at priority 336: a trade, not a better point.
        def soft(terms, constant, relation, priority, weight):
            return audit.Con([list(t) for t in terms], constant, relation, priority, weight)

        required = [
            con([(3, -7.47930613392352e-06), (2, -3651.576215059732)], -37.07357208907391, "<="),
            con([(2, -53.87874392512896), (5, 0.3156230934984392), (3, 0.06978870907900554),
                 (1, 28948.909920814112)], 0.47993805854606486, "<="),
        ]
        soft_constraints = [
            soft([(5, 820121.0536362769), (2, -0.0007979939253945831)], -539801.326597508, "==", 336.0, 3.0),
            soft([(2, -53.87874392512896), (5, 0.3156230934984392), (3, 0.06978870907900554),
                  (1, 28948.909847687723)], -0.2910124463713475, ">=", 812.0, 2.0),
            soft([(1, 1.1359316360008463e-05), (5, 0.00010789348361347432), (2, 1.3313391374753698),
                  (3, -0.013563737298509957)], 25.931018587132844, "==", 336.0, 1000.0),
        ]
        ours = [Fraction(v) for v in
                [0.0, -10542.712499525183, -8.967505246837339, 4373193811.031665, 0.0, 0.6581971247392154]]
        self.assertGreater(audit.level_violations(soft_constraints, ours)[812.0][0], 0)
        verdict = audit.better_point(required, soft_constraints, 6, ours)
        self.assertFalse(verdict is not None and verdict.startswith("final: suboptimal"), verdict)



class JudgedTests(unittest.TestCase):
    """The soak's task feed (audit.judged): sequences are drawn only as verdicts come back, so a
    deadline checked while drawing ends a soak on time."""

    class InlinePool:
        """Answers each task at once with (task, task), as a worker's verdict would come back."""

        def apply_async(self, func, args, callback, error_callback):
            callback((args[0], args[0]))

    def test_tasks_are_drawn_only_as_verdicts_come_back(self):
        drawn = []

        def tasks():
            for index in range(50):
                drawn.append(index)
                yield index

        seen = []
        for verdict, _ in audit.judged(self.InlinePool(), tasks(), in_flight=3):
            seen.append(verdict)
            self.assertLessEqual(len(drawn), len(seen) + 3)
        self.assertEqual(sorted(seen), list(range(50)))

    def test_a_workers_exception_is_raised(self):
        class FailingPool:
            def apply_async(self, func, args, callback, error_callback):
                error_callback(ValueError(f"sequence {args[0]} failed"))

        with self.assertRaisesRegex(ValueError, "sequence 1 failed"):
            list(audit.judged(FailingPool(), iter([1, 2]), in_flight=2))

if __name__ == "__main__":
    unittest.main()
