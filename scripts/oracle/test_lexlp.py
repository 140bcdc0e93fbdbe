#!/usr/bin/env python3
"""Tests of lexlp.py on systems small enough to solve on paper.

Run with the tools venv (scripts/test does):  .venv-tools/bin/python scripts/oracle/test_lexlp.py
Each case's expected answer is worked out in its comment.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lexlp  # noqa: E402

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lexlp.py")


def c(terms, constant, relation, priority=1000, weight=1.0):
    """A constraint: sum(coefficient * x[variable]) + constant RELATION 0."""
    return {"terms": [list(t) for t in terms], "constant": constant, "relation": relation,
            "priority": priority, "weight": weight}


def case(name, variables, accepted, levels, rejected=()):
    return {"name": name, "variableCount": variables, "accepted": list(accepted),
            "rejected": list(rejected), "levels": [list(level) for level in levels]}


def check(*cases, tolerance=1e-6):
    return lexlp.check_document({"tolerance": tolerance, "cases": list(cases)})


def checks(result):
    return sorted((f["case"], f["check"]) for f in result["failures"])


class Lexicographic(unittest.TestCase):
    # x0 == 10 at priority 750 against fifty copies of x0 == 0 at priority 250.
    # Lexicographic: level 750 first, optimum 0 at x0 = 10; then level 250 is 50 * |10 - 0| = 500,
    # whatever the count. A weighted sum that let the fifty outvote the one would put x0 at 0,
    # giving levels 750: 10 and 250: 0.
    MANY = [c([(0, 1)], -10, "==", 750)] + [c([(0, 1)], 0, "==", 250) for _ in range(50)]

    def test_one_high_priority_beats_many_low(self):
        self.assertEqual(check(case("many", 1, self.MANY, [(750, 0), (250, 500)]))["failures"], [])

    def test_outvoted_high_priority_is_reported_with_both_numbers(self):
        result = check(case("many", 1, self.MANY, [(750, 10), (250, 0)]))
        self.assertEqual(checks(result), [("many", "lexicographic")])  # reported once, at 750
        detail = result["failures"][0]["detail"]
        self.assertIn("priority 750", detail)
        self.assertIn("is 10", detail)
        self.assertIn("optimum is 0", detail)

    def test_levels_see_required_constraints_and_weights(self):
        # Required x0 + x1 == 10; 750: x0 >= 8; 250: x1 >= 5 with weight 2.
        # Level 750: x0 = 8 meets it, optimum 0. Level 250: x0 >= 8 forces x1 <= 2, so x1 >= 5 is
        # violated by at least 3, weighted 2 * 3 = 6.
        accepted = [c([(0, 1), (1, 1)], -10, "=="), c([(0, 1)], -8, ">=", 750), c([(1, 1)], -5, ">=", 250, 2)]
        self.assertEqual(check(case("req", 2, accepted, [(750, 0), (250, 6)]))["failures"], [])
        result = check(case("req", 2, accepted, [(750, 0), (250, 5)]))
        self.assertEqual(checks(result), [("req", "lexicographic")])
        self.assertIn("optimum is 6", result["failures"][0]["detail"])

    def test_weights_within_one_level(self):
        # Priority 500: 3 * |x0| + 1 * |x0 - 10| is least at x0 = 0, where it is 10 (x0 = 10 gives 30).
        accepted = [c([(0, 1)], 0, "==", 500, 3), c([(0, 1)], -10, "==", 500, 1)]
        self.assertEqual(check(case("w", 1, accepted, [(500, 10)]))["failures"], [])
        self.assertEqual(checks(check(case("w", 1, accepted, [(500, 30)]))), [("w", "lexicographic")])

    def test_tolerance_is_relative_to_our_value(self):
        accepted = [c([(0, 1)], 0, "==", 500, 3), c([(0, 1)], -10, "==", 500, 1)]
        # |10.000005 - 10| = 5e-6 <= 1e-6 * 10.000005; |10.0001 - 10| = 1e-4 is not.
        self.assertEqual(check(case("t", 1, accepted, [(500, 10.000005)]))["failures"], [])
        self.assertEqual(len(check(case("t", 1, accepted, [(500, 10.0001)]))["failures"]), 1)

    def test_levels_must_list_the_accepted_priorities(self):
        accepted = [c([(0, 1)], -8, ">=", 750), c([(0, 1)], -5, "<=", 250)]
        # x0 >= 8 at 750 holds at x0 = 8; then x0 <= 5 is violated by 3.
        self.assertEqual(check(case("p", 1, accepted, [(750, 0), (250, 3)]))["failures"], [])
        for wrong in ([(750, 0)], [(250, 3), (750, 0)], [(750, 0), (250, 3), (100, 0)]):
            result = check(case("p", 1, accepted, wrong))
            self.assertEqual(checks(result), [("p", "lexicographic")], wrong)
            self.assertIn("priorities", result["failures"][0]["detail"])

    def test_no_soft_constraints_means_no_levels(self):
        self.assertEqual(check(case("none", 1, [c([(0, 1)], -1, "==")], []))["failures"], [])


class Feasibility(unittest.TestCase):
    def test_contradictory_required_constraints(self):
        # x0 >= 10 and x0 <= 5 cannot both hold (least total violation 5).
        accepted = [c([(0, 1)], -10, ">="), c([(0, 1)], -5, "<=")]
        result = check(case("bad", 1, accepted, []))
        self.assertEqual(checks(result), [("bad", "feasible")])
        self.assertIn("least total violation is 5", result["failures"][0]["detail"])

    def test_within_tolerance_counts_as_feasible(self):
        # x0 >= 10 and x0 <= 10 - 1e-8: violation 1e-8 <= 1e-6 * max(1, 10).
        accepted = [c([(0, 1)], -10, ">="), c([(0, 1)], -(10 - 1e-8), "<=")]
        self.assertEqual(check(case("edge", 1, accepted, []))["failures"], [])
        # With a soft x0 == 0 at 500, HiGHS (tolerance 1e-10) finds the hard system infeasible, so
        # the levels are solved with the required constraints bent by 1e-8: optimum about 10.
        soft = accepted + [c([(0, 1)], 0, "==", 500)]
        self.assertEqual(check(case("edge", 1, soft, [(500, 10)]))["failures"], [])
        self.assertEqual(checks(check(case("edge", 1, soft, [(500, 9)]))), [("edge", "lexicographic")])


class Rejections(unittest.TestCase):
    # Accepted: [0] x0 >= 10, [1] x1 <= 5, [2] x0 + x1 <= 100 at priority 250.
    ACCEPTED = [c([(0, 1)], -10, ">="), c([(1, 1)], -5, "<="), c([(0, 1), (1, 1)], -100, "<=", 250)]
    # Rejected: x0 <= 8, which contradicts [0] (x0 >= 10) but not [1].
    X0_AT_MOST_8 = c([(0, 1)], -8, "<=")

    def run_rejection(self, constraint, before, explanation):
        rejection = {"constraint": constraint, "acceptedBefore": before, "explanation": explanation}
        return checks(check(case("r", 2, self.ACCEPTED, [(250, 0)], [rejection])))

    def test_correct_explanation(self):
        self.assertEqual(self.run_rejection(self.X0_AT_MOST_8, 2, [0]), [])

    def test_valid_but_not_minimal_explanation_passes(self):
        self.assertEqual(self.run_rejection(self.X0_AT_MOST_8, 2, [0, 1]), [])

    def test_incorrect_explanation(self):
        # x1 <= 5 and x0 <= 8 hold together (x = (0, 0)): not a conflict. The rejection itself is
        # right ([0] and it conflict), so only the explanation is reported.
        self.assertEqual(self.run_rejection(self.X0_AT_MOST_8, 2, [1]), [("r", "explanation")])

    def test_explanation_outside_the_prefix_or_not_required(self):
        self.assertEqual(self.run_rejection(self.X0_AT_MOST_8, 1, [1]), [("r", "explanation")])
        self.assertEqual(self.run_rejection(self.X0_AT_MOST_8, 3, [0, 2]), [("r", "explanation")])

    def test_rejecting_a_satisfiable_constraint(self):
        # x1 >= 7 contradicts only [1], which was not yet added (acceptedBefore 1): {x0 >= 10,
        # x1 >= 7} is satisfiable, so both the rejection and its empty explanation are wrong.
        self.assertEqual(
            self.run_rejection(c([(1, 1)], -7, ">="), 1, []), [("r", "explanation"), ("r", "rejected")]
        )
        # After both were added the rejection is right, and [1] explains it.
        self.assertEqual(self.run_rejection(c([(1, 1)], -7, ">="), 2, [1]), [])

    def test_only_required_constraints_are_rejected(self):
        self.assertEqual(self.run_rejection(c([(0, 1)], -8, "<=", 750), 2, [0]), [("r", "rejected")])


class Performance(unittest.TestCase):
    def test_two_hundred_random_cases_are_fast_and_self_consistent(self):
        # Systems shaped like the solver's property tests (10 variables, 20 constraints), with
        # decisions made by the oracle's own functions: every check must pass.
        rng = random.Random(1234)
        cases = []
        for number in range(200):
            accepted, rejected = [], []
            for _ in range(20):
                terms = [(v, rng.choice([-2, -1, 1, 2, 0.5])) for v in rng.sample(range(10), rng.randint(1, 3))]
                priority = rng.choice([1000, 1000, 750, 500, 250])
                constraint = c(terms, rng.randint(-50, 50), rng.choice(lexlp.RELATIONS), priority, rng.choice([1, 2]))
                parsed = lexlp._constraint(constraint, "generated", 10)
                required = [lexlp._constraint(a, "generated", 10) for a in accepted if a["priority"] == 1000]
                if parsed.required and lexlp.minimum_total_violation(required + [parsed], 10) > 1e-6 * 50:
                    indices = [i for i, a in enumerate(accepted) if a["priority"] == 1000]
                    rejected.append({"constraint": constraint, "acceptedBefore": len(accepted), "explanation": indices})
                else:
                    accepted.append(constraint)
            parsed_accepted = [lexlp._constraint(a, "generated", 10) for a in accepted]
            levels = lexlp.lexicographic_levels(
                [a for a in parsed_accepted if a.required], [a for a in parsed_accepted if not a.required], 10
            )
            cases.append(case(f"random-{number}", 10, accepted, levels, rejected))
        start = time.perf_counter()
        result = check(*cases)
        elapsed = time.perf_counter() - start
        self.assertEqual(result["failures"], [])
        self.assertEqual(result["checked"], 200)
        self.assertLess(elapsed, 10, f"200 cases took {elapsed:.1f} s")

        # Worker processes give the same verdicts, in the same order.
        tampered = [dict(x, levels=[[p, v + 1] for p, v in x["levels"]]) for x in cases[:100]]
        serial = lexlp.check_document({"cases": tampered}, jobs=1)
        self.assertEqual(lexlp.check_document({"cases": tampered}, jobs=2), serial)
        self.assertEqual([f["case"] for f in serial["failures"]],
                         [x["name"] for x in tampered if x["levels"]])


class CommandLine(unittest.TestCase):
    def run_script(self, text=None, path=None):
        with tempfile.TemporaryDirectory() as directory:
            if path is None:
                path = os.path.join(directory, "input.json")
                with open(path, "w") as file:
                    file.write(text)
            process = subprocess.run([sys.executable, SCRIPT, path], capture_output=True, text=True)
        return process.returncode, process.stdout, process.stderr, path

    def test_passing_and_failing_exit_codes(self):
        good = {"cases": [case("ok", 1, [c([(0, 1)], -1, "<=", 500)], [(500, 0)])]}
        code, stdout, _, _ = self.run_script(json.dumps(good))
        self.assertEqual(code, 0)
        self.assertEqual(json.loads(stdout), {"checked": 1, "failures": []})
        bad = {"cases": [case("no", 1, [c([(0, 1)], -1, "<=", 500)], [(500, 7)])]}
        code, stdout, _, _ = self.run_script(json.dumps(bad))
        self.assertEqual(code, 1)
        self.assertEqual(json.loads(stdout)["failures"][0]["check"], "lexicographic")

    def test_malformed_inputs_exit_2_naming_file_and_problem(self):
        relation = {"cases": [case("bad-relation", 1, [c([(0, 1)], -1, "<")], [])]}
        variable = {"cases": [case("bad-variable", 2, [c([(2, 1)], -1, "<=")], [])]}
        missing = {"cases": [{"name": "x", "variableCount": 1, "accepted": []}]}
        before = {"cases": [case("bad-before", 1, [], [], [{"constraint": c([(0, 1)], 0, "=="), "acceptedBefore": 3}])]}
        for document, expected in [
            (relation, "relation: expected one of '<=', '==', '>=', got \"<\""),
            (variable, "variable 2 is outside 0..<2"),
            (missing, "missing key 'levels'"),
            (before, "acceptedBefore: 3 is outside 0...0"),
        ]:
            code, stdout, stderr, path = self.run_script(json.dumps(document))
            self.assertEqual(code, 2, stderr)
            self.assertEqual(stdout, "")
            self.assertIn(path, stderr)
            self.assertIn(expected, stderr)
        code, _, stderr, path = self.run_script('{"cases": [\n  {"name": NaNa}]}')
        self.assertEqual(code, 2)
        self.assertIn(f"{path}:2:", stderr)
        self.assertIn("invalid JSON", stderr)
        code, _, stderr, _ = self.run_script('{"cases": [], "tolerance": NaN}')
        self.assertEqual(code, 2)
        self.assertIn("tolerance: expected a finite number", stderr)
        code, _, stderr, _ = self.run_script(path="/nonexistent/oracle-input.json")
        self.assertEqual(code, 2)
        self.assertIn("/nonexistent/oracle-input.json: cannot read", stderr)


class AuditWitnessTests(unittest.TestCase):
    """The audit's witness search (audit.better_point) on systems solved on paper."""

    def test_a_trade_through_the_held_tolerance_is_not_an_improvement(self):
        # y is pinned to 1e7 (required). Level 440: |y| + |x|, whose optimum is 1e7 at x = 0;
        # the held bound tolerates 1e-13 of that, 1e-6. Level 379: 1000 * |x - 1|. x = 0 is
        # the exact lexicographic optimum; x = 1e-6 "improves" level 379 by 1e-3 only by
        # giving up 1e-6 at level 440. Before the trade rule this was reported as suboptimal.
        import audit
        from fractions import Fraction
        pin = audit.Con([[1, 1.0]], -1e7, "==", audit.REQUIRED, 1.0)
        far = audit.Con([[1, 1.0]], 0.0, "==", 440.0, 1.0)
        near = audit.Con([[0, 1.0]], 0.0, "==", 440.0, 1.0)
        low = audit.Con([[0, 1.0]], -1.0, "==", 379.0, 1000.0)
        ours = [Fraction(0), Fraction(10**7)]
        self.assertIsNone(audit.better_point([pin], [far, near, low], 2, ours))

    def test_a_real_improvement_is_still_found(self):
        # The same system with ours at x = 1/2: level 440 is 1e7 + 1/2, and x = 0 improves it.
        import audit
        from fractions import Fraction
        pin = audit.Con([[1, 1.0]], -1e7, "==", audit.REQUIRED, 1.0)
        far = audit.Con([[1, 1.0]], 0.0, "==", 440.0, 1.0)
        near = audit.Con([[0, 1.0]], 0.0, "==", 440.0, 1.0)
        low = audit.Con([[0, 1.0]], -1.0, "==", 379.0, 1000.0)
        finding = audit.better_point([pin], [far, near, low], 2, [Fraction(1, 2), Fraction(10**7)])
        self.assertIsInstance(finding, str)
        self.assertIn("suboptimal at priority 440", finding)


if __name__ == "__main__":
    unittest.main(verbosity=1)
