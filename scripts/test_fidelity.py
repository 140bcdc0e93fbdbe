#!/usr/bin/env python3
"""Tests of scripts/fidelity, and the agreement with UIKit held to Reports/fidelity-floor.json.

Run with any Python 3 (scripts/test runs it with the build's layoutbench, after the build):
    LAYOUTBENCH_BINARY=.build/release/layoutbench python3 scripts/test_fidelity.py

The corpus test runs the script over whatever folders of ../shared/realworld are present and
fails when a figure is below the committed floor (or the views compared shrink, or a file
crashes the importer or is skipped); it skips, saying so, when the corpus is absent. Without
LAYOUTBENCH_BINARY the script builds the release binary itself (lb_release_binary).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "fidelity")
_loader = importlib.machinery.SourceFileLoader("fidelity", SCRIPT)
_spec = importlib.util.spec_from_loader("fidelity", _loader)
fidelity = importlib.util.module_from_spec(_spec)
_loader.exec_module(fidelity)


def result(rows=None, sets=None, mode="canvas"):
    rows = rows or []
    return {
        "defaultTextSizing": mode, "corpus": "x",
        "frames": {mode: {"rows": rows, "total": fidelity.frame_total(rows)}},
        "logs": {"sets": sets or [], "total": {}}}


def row(name, compared, within, crashed=(), skipped=(), uninstalled=0):
    return {
        "row": name, "files": 1, "compared": compared, "within1pt": within, "uninstalled": uninstalled,
        "crashed": list(crashed), "skipped": list(skipped)}


def log_set(name, engine, rule, files):
    return {"set": name, "considered": len(files), "counted": len(files), "engineAgrees": engine, "ruleAgrees": rule,
            "logs": [{"file": f, "engineAgrees": True, "ruleAgrees": True} for f in files]}


class Parsing(unittest.TestCase):
    def test_addresses_of_every_constraint_class(self):
        self.assertEqual(fidelity.address("<NSLayoutConstraint:0x600002025290 UILabel:zsJ.top == X.top   (active)>"), "0x600002025290")
        self.assertEqual(fidelity.address("<NSAutoresizingMaskLayoutConstraint:0x1F524250 h=-&- v=--& A.width == B.width>"), "0x1f524250")
        self.assertEqual(fidelity.address("<SnapKit.LayoutConstraint:0x2823c0300@File.swift#126 A.bottom == B.bottom - 24.0>"), "0x2823c0300")
        self.assertEqual(fidelity.address("<MASLayoutConstraint:cv  A.top  == B.top>"), "<MASLayoutConstraint:cv A.top == B.top>")
        self.assertIsNone(fidelity.address(None))

    def test_a_list_complete_note_names_address_and_entry(self):
        note = "recovery line cut in the stored excerpt (broken constraint is 0x1F5244d0, entry 4)"
        self.assertEqual(fidelity.parse_note(note), ("0x1f5244d0", 4))
        self.assertIsNone(fidelity.parse_note("header and full list, but no recovery line"))

    def test_a_list_complete_log_is_judged_by_its_note(self):
        log = (
            "Unable to simultaneously satisfy constraints.\n(\n"
            '    "<NSLayoutConstraint:0xa1 H:|-(4)-[UIView:0xb1]>",\n'
            '    > "<NSLayoutConstraint:0xa2 H:[UIView:0xb1(44)]>"\n'
            ")\n\nWill attempt to recover by breaking constraint \n<NSLayoutConstraint:0xa2 H:[U")
        with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as handle:
            handle.write(log)
        try:
            manifest = {"file": "cut.log", "status": "list-complete", "note": "(broken constraint is 0xa2, entry 2)", "path": handle.name}
            block = {"uikitBroke": None, "engineBreaks": "<NSLayoutConstraint:0xa2 H:[UIView:0xb1(44)]>",
                     "ruleOnLoggedSet": "<NSLayoutConstraint:0xa1 H:|-(4)-[UIView:0xb1]>"}
            verdict = fidelity.judge_log(manifest, [block])
            self.assertEqual(fidelity.logged_entries(handle.name), ["0xa1", "0xa2"])
        finally:
            os.unlink(handle.name)
        self.assertTrue(verdict["noteEntryMatches"])
        self.assertTrue(verdict["engineAgrees"])
        self.assertFalse(verdict["ruleAgrees"])

    def test_a_complete_log_without_a_recovery_line_is_not_counted(self):
        manifest = {"file": "a.log", "status": "complete", "note": ""}
        self.assertIsNone(fidelity.judge_log(manifest, [{"uikitBroke": None, "engineBreaks": "<NSLayoutConstraint:0x1 a>"}]))
        verdict = fidelity.judge_log(manifest, [{"uikitBroke": "<NSLayoutConstraint:0x1 a>", "engineBreaks": "<NSLayoutConstraint:0x1 a>",
                                                 "ruleOnLoggedSet": "<NSLayoutConstraint:0x2 b>"}])
        self.assertEqual((verdict["engineAgrees"], verdict["ruleAgrees"]), (True, False))


class Floor(unittest.TestCase):
    def test_todays_figures_are_at_their_own_floor(self):
        today = result([row("ib/app", 10, 9)], [log_set("logs2", 3, 2, ["a.log", "b.log", "c.log"])])
        self.assertEqual(fidelity.below_floor(today, fidelity.floor_of(today)), [])

    def test_every_figure_below_the_floor_is_named(self):
        floor = fidelity.floor_of(result([row("ib/app", 10, 9)], [log_set("logs2", 3, 2, ["a.log", "b.log"])]))
        worse = result([row("ib/app", 8, 9)], [log_set("logs2", 2, 2, ["a.log"])])
        problems = fidelity.below_floor(worse, floor)
        self.assertIn("frames (canvas) ib/app: views compared and excluded 8, below the floor's 10", problems)
        self.assertIn("logs logs2: the engine breaks UIKit's constraint in 2, below the floor's 3", problems)
        self.assertIn("logs logs2: b.log is no longer counted (the floor counts it)", problems)
        fewer = result([row("ib/app", 10, 8)])
        self.assertEqual(fidelity.below_floor(fewer, floor), ["frames (canvas) ib/app: views within 1 pt 8, below the floor's 9"])

    def test_views_no_longer_compared_must_be_counted_as_excluded(self):
        floor = fidelity.floor_of(result([row("ib/app", 10, 9)]))
        counted = result([row("ib/app", 8, 9, uninstalled=2)])
        self.assertEqual(fidelity.below_floor(counted, floor), [])
        shown = dict(counted, logs={"sets": [], "total": {"considered": 0, "counted": 0, "engineAgrees": 0, "ruleAgrees": 0}})
        self.assertIn("excluded: ib/app: 2 views uninstalled", fidelity.text(shown))
        raised = fidelity.floor_of(counted)
        self.assertEqual(raised["frames"]["canvas"]["ib/app"], {"compared": 8, "excluded": 2, "within1pt": 9})
        self.assertEqual(
            fidelity.below_floor(result([row("ib/app", 8, 9)]), raised),
            ["frames (canvas) ib/app: views compared and excluded 8, below the floor's 10"])

    def test_crashes_and_skipped_files_always_fail_and_absent_rows_are_not_compared(self):
        floor = fidelity.floor_of(result([row("ib/app", 10, 9), row("ib2/other", 5, 5)]))
        today = result([row("ib/app", 10, 9, crashed=["A.xib (exit 139)"], skipped=["B.xib: not in the importer's report"])])
        self.assertEqual(fidelity.below_floor(today, floor), [
            "frames (canvas) ib/app: crashed the importer: A.xib (exit 139)",
            "frames (canvas) ib/app: skipped: B.xib: not in the importer's report"])

    def test_the_committed_floor_reads_as_a_floor(self):
        with open(fidelity.DEFAULT_FLOOR, encoding="utf-8") as handle:
            floor = json.load(handle)
        self.assertEqual(floor["schema"], "layoutbench.fidelity-floor")
        self.assertTrue(floor["frames"] and floor["logs"])
        for rows in floor["frames"].values():
            for figures in rows.values():
                self.assertLessEqual(figures["within1pt"], figures["compared"])


@unittest.skipUnless(
    os.path.isdir(fidelity.DEFAULT_CORPUS),
    f"skipped: the real-world corpus {fidelity.DEFAULT_CORPUS} is absent (the floor is checked when it is beside the checkout)")
class Corpus(unittest.TestCase):
    def test_the_corpus_is_at_or_above_the_committed_floor(self):
        completed = subprocess.run(
            [sys.executable, SCRIPT, fidelity.DEFAULT_CORPUS, "--format", "json", "--check-floor"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.assertEqual(completed.returncode, 0, f"scripts/fidelity --check-floor:\n{completed.stderr}")
        measured = json.loads(completed.stdout)
        self.assertIn("canvas", measured["frames"])
        self.assertGreaterEqual(len(measured["frames"]), 2, "every --text-sizing mode is measured")
        for mode in measured["frames"].values():
            self.assertEqual((mode["total"]["crashed"], mode["total"]["skipped"]), (0, 0))


if __name__ == "__main__":
    unittest.main(verbosity=2)
