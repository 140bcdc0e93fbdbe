#!/usr/bin/env python3
"""Tests of replay_kiwi.py: the step plan matches SolverBenchmark's (the same trace as
Tests/SolverBenchmarkTests/ReplayPlanTests.swift), priorities map onto kiwi's strengths,
and a small trace replays to the values layoutbench's solver finds.

    .venv-tools/bin/python scripts/kiwi/test_replay_kiwi.py
"""

import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replay_kiwi  # noqa: E402

HEADER = '{"trace":"layoutbench.solver","version":1}'

# The trace of ReplayPlanTests.mixed.
MIXED = [
    '{"op":"read"}',
    '{"op":"variable","id":0,"name":"x"}',
    '{"op":"variable","id":1,"name":"y"}',
    '{"op":"read"}',
    '{"op":"add","id":0,"terms":[[0,1]],"constant":-5,"relation":">=","priority":1000,"weight":1}',
    '{"op":"add","id":1,"terms":[[1,1],[0,-1]],"constant":0,"relation":"==","priority":1000,"weight":1}',
    '{"op":"read"}',
    '{"op":"addEdit","variable":0,"priority":750}',
    '{"op":"suggest","variable":0,"value":10}',
    '{"op":"read"}',
    '{"op":"read"}',
    '{"op":"suggest","variable":0,"value":20}',
    '{"op":"beginBatch"}',
    '{"op":"beginBatch"}',
    '{"op":"updateConstant","id":0,"constant":-7}',
    '{"op":"endBatch"}',
    '{"op":"remove","id":1}',
    '{"op":"endBatch"}',
    '{"op":"read"}',
    '{"op":"updateConstant","id":0,"constant":-9}',
    '{"op":"read"}',
    '{"op":"removeEdit","variable":0}',
    '{"op":"remove","id":0}',
]


def write_trace(lines):
    """A temporary trace file of HEADER and `lines` (test_kiwi_harness.py replays it too)."""
    handle = tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False)
    handle.write("\n".join([HEADER] + lines) + "\n")
    handle.close()
    return handle.name


def parse_trace_of(lines):
    """The trace of HEADER and `lines`, parsed by replay_kiwi from a temporary file."""
    path = write_trace(lines)
    try:
        return replay_kiwi.parse_trace(path)
    finally:
        os.unlink(path)


class ReplayKiwiTests(unittest.TestCase):
    def test_steps_match_solver_benchmark(self):
        trace = parse_trace_of(MIXED)
        steps = [f"{cls} {first}..<{end}" for cls, first, end in trace.steps]
        self.assertEqual(steps, [
            "read 0..<1", "variable 1..<2", "variable 2..<3", "read 3..<4", "add 4..<5", "add 5..<7",
            "addEdit 7..<8", "suggest 8..<11", "suggest 11..<12", "batch 12..<19", "updateConstant 19..<21",
            "removeEdit 21..<22", "remove 22..<23",
        ])
        segments = [f"{cls} {trace.steps[first][1]}..<{trace.steps[last - 1][2]}" for cls, first, last in trace.segments]
        self.assertEqual(segments, [
            "read 0..<1", "variable 1..<3", "read 3..<4", "add 4..<7", "addEdit 7..<8", "suggest 8..<12",
            "batch 12..<19", "updateConstant 19..<21", "removeEdit 21..<22", "remove 22..<23",
        ])

    def test_replay_reads_the_same_values(self):
        trace = parse_trace_of(MIXED)
        result = replay_kiwi.KiwiReplay(trace, {9: 5.0}).verify()
        self.assertEqual(result["failedLines"], [])
        self.assertEqual(len(result["readChecksums"]), 7)
        self.assertEqual(result["lastReadValues"], [20.0, 0.0])
        self.assertEqual(result["finalValues"], [0.0, 0.0])
        self.assertEqual(replay_kiwi.checksum([1.0, 2.0, 3.0]), (14.0, 14.0))
        nanoseconds, failures = replay_kiwi.KiwiReplay(trace, {9: 5.0}).run()
        self.assertEqual(failures, 0)
        self.assertEqual(set(nanoseconds), set(trace.timed_classes))

    def test_priorities_map_highest_to_strong(self):
        lines = ['{"op":"variable","id":0,"name":"x"}'] + [
            json.dumps({"op": "add", "id": i, "terms": [[0, 1]], "constant": -i, "relation": "==",
                        "priority": p, "weight": 1})
            for i, p in enumerate([250, 999, 500, 999, 1000])
        ]
        trace = parse_trace_of(lines)
        self.assertEqual(trace.strengths, {999.0: 0, 500.0: 1, 250.0: 2})
        replay = replay_kiwi.KiwiReplay(trace)
        self.assertEqual(replay.strength(999.0, 2.0), replay_kiwi.kiwi.strength.create(1, 0, 0, 2.0))
        self.assertEqual(replay.strength(250.0, 1.0), replay_kiwi.kiwi.strength.weak)
        self.assertEqual(replay.strength(1000.0, 1.0), replay_kiwi.kiwi.strength.required)

    def test_more_than_three_levels_are_refused(self):
        lines = ['{"op":"variable","id":0,"name":"x"}'] + [
            json.dumps({"op": "add", "id": i, "terms": [[0, 1]], "constant": 0, "relation": ">=",
                        "priority": p, "weight": 1})
            for i, p in enumerate([100, 200, 300, 400])
        ]
        trace = parse_trace_of(lines)
        # The trace still reads (layoutbench replays it); kiwi refuses it.
        self.assertRegex(trace.level_problem, "4 non-required priority levels")
        with self.assertRaisesRegex(replay_kiwi.TraceError, "4 non-required priority levels"):
            replay_kiwi.KiwiReplay(trace)

    def test_recorded_failures_fail_again(self):
        lines = [
            '{"op":"variable","id":0,"name":"x"}',
            '{"op":"add","id":0,"terms":[[0,1]],"constant":-5,"relation":"==","priority":1000,"weight":1}',
            '{"op":"add","id":1,"terms":[[0,1]],"constant":-6,"relation":"==","priority":1000,"weight":1}',
            '{"op":"read"}',
        ]
        trace = parse_trace_of(lines)
        result = replay_kiwi.KiwiReplay(trace).verify()
        self.assertEqual(result["failedLines"], [4])
        self.assertEqual(result["lastReadValues"], [5.0])

    def test_budget_stops_a_child_and_keeps_what_completed(self):
        lines = ['{"op":"variable","id":0,"name":"x"}']
        lines += [json.dumps({"op": "add", "id": i, "terms": [[0, 1]], "constant": -i, "relation": ">=",
                              "priority": 1000, "weight": 1}) for i in range(3)]
        lines += ['{"op":"read"}']
        trace = parse_trace_of(lines)
        result = replay_kiwi.verify_in_child(replay_kiwi.KiwiReplay(trace), 30)
        self.assertEqual(result["lastReadValues"], [2.0])
        with self.assertRaises(replay_kiwi.BudgetExceeded):
            replay_kiwi.verify_in_child(replay_kiwi.KiwiReplay(trace), 0)


if __name__ == "__main__":
    unittest.main()
