#!/usr/bin/env python3
"""Tests of the kiwi C++ harness (harness.cpp through harness_kiwi.py): it builds, cuts a trace
into the same steps as replay_kiwi.py, and reads the same values as kiwisolver's Python
binding on one small trace (test_replay_kiwi.py's), failures included.

Skips when g++ is missing or kiwisolver's source distribution cannot be fetched (no network):

    .venv-tools/bin/python scripts/kiwi/test_kiwi_harness.py
"""

import os
import shutil
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness_kiwi  # noqa: E402
import replay_kiwi  # noqa: E402
from test_replay_kiwi import MIXED, write_trace  # noqa: E402

BUILD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "build-harness")
_harness = None


def harness() -> str:
    """The harness binary, built once per run; skips the test when it cannot be built."""
    global _harness
    if _harness is None:
        if shutil.which("g++") is None:
            raise unittest.SkipTest("g++ is not installed")
        result = subprocess.run([BUILD], capture_output=True, text=True, timeout=300)
        if result.returncode != 0:
            last = (result.stderr.strip().splitlines() or [""])[-1]
            raise unittest.SkipTest(f"scripts/kiwi/build-harness failed (no network for PyPI?): {last}")
        _harness = result.stdout.strip().splitlines()[-1]
    return _harness


def parsed(lines):
    path = write_trace(lines)
    try:
        return replay_kiwi.parse_trace(path), path
    except Exception:
        os.unlink(path)
        raise


class KiwiHarnessTests(unittest.TestCase):
    def replay_both(self, lines, starts):
        trace, path = parsed(lines)
        try:
            python = replay_kiwi.KiwiReplay(trace, starts).verify()
            cpp = harness_kiwi.HarnessReplay(harness(), trace, starts)
            try:
                native = cpp.verify(60)
                nanoseconds, failures = cpp.run(0)
            finally:
                cpp.close()
        finally:
            os.unlink(path)
        return trace, python, native, nanoseconds, failures

    def test_mixed_trace_reads_what_the_binding_reads(self):
        trace, python, native, nanoseconds, failures = self.replay_both(MIXED, {9: 5.0})
        for key in ("failedLines", "readChecksums", "lastReadValues", "finalValues"):
            self.assertEqual([list(v) if isinstance(v, tuple) else v for v in native[key]],
                             [list(v) if isinstance(v, tuple) else v for v in python[key]], key)
        self.assertEqual(len(native["readChecksums"]), 7)
        self.assertEqual(native["lastReadValues"], [20.0, 0.0])
        self.assertEqual({cls: steps for cls, (_, steps) in native["classes"].items()},
                         {cls: count for cls, count in trace.step_counts.items() if cls != "variable"})
        self.assertEqual(failures, 0)
        self.assertEqual(set(nanoseconds), set(trace.timed_classes))

    def test_failures_and_rolled_back_updates(self):
        lines = [
            '{"op":"variable","id":0,"name":"x"}',
            '{"op":"add","id":0,"terms":[[0,1]],"constant":-5,"relation":"==","priority":1000,"weight":1}',
            '{"op":"add","id":1,"terms":[[0,1]],"constant":-6,"relation":"==","priority":1000,"weight":1}',
            '{"op":"add","id":2,"terms":[[0,1]],"constant":-1,"relation":">=","priority":1000,"weight":1}',
            '{"op":"read"}',
            '{"op":"updateConstant","id":2,"constant":-9}',
            '{"op":"read"}',
        ]
        _, python, native, _, failures = self.replay_both(lines, {})
        self.assertEqual(native["failedLines"], [4, 7])
        self.assertEqual(native["failedLines"], python["failedLines"])
        self.assertEqual(native["lastReadValues"], [5.0])
        self.assertEqual(failures, 2)

    def test_budget_stops_the_verification(self):
        lines = ['{"op":"variable","id":0,"name":"x"}', '{"op":"read"}']
        trace, path = parsed(lines)
        try:
            cpp = harness_kiwi.HarnessReplay(harness(), trace)
            with self.assertRaises(replay_kiwi.BudgetExceeded):
                cpp.verify(0)
            cpp.close()
        finally:
            os.unlink(path)


if __name__ == "__main__":
    unittest.main()
