#!/usr/bin/env python3
"""Tests of scripts/device-estimate, and the committed fit held to today's counters.

Run with any Python 3 (scripts/test runs it with the build's layoutbench, after the build):
    LAYOUTBENCH_BINARY=.build/release/layoutbench python3 scripts/test_device_estimate.py

The fit test runs `lfb/*` with the binary, fits again on ../shared/device-timings/published.csv
and fails when the committed Sources/LayoutBenchReport/Model/DeviceEstimate+Fitted.swift is not
that fit (the counters changed: run scripts/device-estimate --write) or a held-out error is over
25%; it skips, saying so, when the timings are absent.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
_loader = importlib.machinery.SourceFileLoader("device_estimate", os.path.join(HERE, "device-estimate"))
_spec = importlib.util.spec_from_loader("device_estimate", _loader)
estimate = importlib.util.module_from_spec(_spec)
_loader.exec_module(estimate)


def point(features, milliseconds, variant="Auto Layout", items=10):
    return (features, milliseconds, variant, items)


class Fitting(unittest.TestCase):
    def test_recovers_a_cost_model_exactly(self):
        truth = [2.0, 0.003, 0.0, 0.02]
        data = []
        for n in range(10, 101, 10):
            for constraints, text in ((71, 8), (80, 8), (0, 11)):
                features = [1.0, constraints * n + 300.0, 11_000.0 * n, text * n + 40.0]
                data.append(point(features, estimate.estimate(truth, features)))
        coefficients = estimate.fit(data)
        for fitted, expected in zip(coefficients, truth):
            self.assertAlmostEqual(fitted, expected, places=9)
        self.assertLess(estimate.check(coefficients, data, False)[1], 1e-9)

    def test_no_coefficient_is_negative(self):
        # Time falls as the second count rises: least squares would charge it a negative cost.
        data = [point([1.0, float(x), 1.0, 1.0], 10.0 - 0.01 * x) for x in range(0, 200, 10)]
        coefficients = estimate.fit(data)
        self.assertTrue(all(c >= 0 for c in coefficients))
        self.assertEqual(coefficients[1], 0.0)

    def test_a_device_factor_is_the_geometric_mean(self):
        coefficients = [1.0, 0.0, 0.0, 0.0]
        data = [point([1.0, 0.0, 0.0, 0.0], 2.0), point([1.0, 0.0, 0.0, 0.0], 8.0)]
        factor, worst, _ = estimate.check(coefficients, data, True)
        self.assertAlmostEqual(factor, 4.0)
        self.assertAlmostEqual(worst, 1.0)

    def test_the_swift_file_names_every_feature_and_device(self):
        devices = [{"device": "iPhone 6S (file name)", "os": "x", "source": "S", "form": "table", "heldOut": True,
                    "factor": 2.5, "timings": 12, "largestError": 0.2}]
        text = estimate.render([1.0, 0.5, 0.0, 0.25], devices)
        for name in estimate.FEATURES:
            self.assertIn(f"(.{name}, ", text)
        self.assertIn('name: "iPhone 6S", os: "x", source: "S", form: .table,', text)
        self.assertTrue(all(len(line) <= 150 for line in text.splitlines()))


class CommittedFit(unittest.TestCase):
    def test_the_committed_fit_is_todays_and_holds_out(self):
        if not os.path.exists(estimate.DEFAULT_TIMINGS):
            self.skipTest(f"{estimate.DEFAULT_TIMINGS} is absent (the fit is checked when it is beside the checkout)")
        rows = estimate.timings(estimate.DEFAULT_TIMINGS)
        report = estimate.run_report(estimate.release_binary())
        coefficients, devices = estimate.compute(report, rows)
        with open(estimate.FITTED, encoding="utf-8") as file:
            committed = file.read()
        self.assertEqual(committed, estimate.render(coefficients, devices),
                         "the committed fit is not today's: run scripts/device-estimate --write and commit it")
        for device in devices:
            if device["heldOut"]:
                self.assertLessEqual(device["largestError"], estimate.LIMIT, device)


if __name__ == "__main__":
    unittest.main()
