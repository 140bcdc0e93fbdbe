#!/usr/bin/env python3
"""Drives scripts/kiwi/harness.cpp (kiwi's C++ solver, no Python binding) for compare_kiwi.py.

`HarnessReplay` has the interface compare_kiwi.py uses of `replay_kiwi.KiwiReplay`:
`verify(budget_seconds)` (the verification repetition, stopped at a wall-clock deadline as
`replay_kiwi.verify_in_child` stops its child) and `run(budget_ns)` (a timed repetition),
both raising `replay_kiwi.BudgetExceeded` as that module does. The harness replays the trace
with the same mapping and the same step plan; its per-class step counts are checked against
`replay_kiwi.parse_trace`'s when it starts.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import time

import replay_kiwi


class HarnessError(RuntimeError):
    """The harness failed or answered something unexpected."""


class HarnessReplay:
    """One `kiwi-harness TRACE` process, for one trace."""

    def __init__(self, binary: str, trace: replay_kiwi.Trace, edit_starts: dict[int, float] | None = None):
        self.binary = binary
        self.trace = trace
        self.edit_starts = edit_starts or {}
        self.process: subprocess.Popen | None = None
        self.buffer = b""

    # The process -------------------------------------------------------------------------

    def _start(self):
        self.process = subprocess.Popen([self.binary, self.trace.path], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.buffer = b""
        loaded = self._read(None)
        if loaded.get("event") != "loaded":
            raise HarnessError(f"kiwi-harness could not load {self.trace.path}: {loaded.get('message', loaded)}")
        ours = {cls: count for cls, count in self.trace.step_counts.items()}
        if loaded["steps"] != ours:
            raise HarnessError(f"kiwi-harness cut {self.trace.path} into other steps: {loaded['steps']} vs {ours}")
        for line, value in self.edit_starts.items():
            self._send(f"start {line} {float(value)!r}")

    def _send(self, command: str):
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.write((command + "\n").encode())
        self.process.stdin.flush()

    def _read(self, deadline: float | None) -> dict:
        """The next JSON line; None when the deadline (time.monotonic()) has passed.

        The deadline is checked before the line is taken, whether or not it has arrived: a
        line read after the deadline belongs to a repetition that ran over its budget (and
        under load the harness's answer can be waiting by the time the deadline is checked,
        which made a budget of 0 pass now and then)."""
        assert self.process is not None and self.process.stdout is not None
        if deadline is not None and time.monotonic() >= deadline:
            return None
        descriptor = self.process.stdout.fileno()
        while b"\n" not in self.buffer:
            timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([descriptor], [], [], timeout)
            if not ready:
                if deadline is not None and time.monotonic() >= deadline:
                    return None
                continue
            chunk = os.read(descriptor, 1 << 16)
            if not chunk:
                code = self.process.wait()
                raise HarnessError(f"kiwi-harness exited ({code}) while replaying {self.trace.path}")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        message = json.loads(line)
        if message.get("event") == "error":
            raise HarnessError(f"kiwi-harness: {message.get('message')}")
        return message

    def close(self):
        if self.process is None:
            return
        if self.process.poll() is None:
            try:
                self._send("quit")
                self.process.stdin.close()
            except (BrokenPipeError, OSError):
                pass
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._release()

    def _kill(self):
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self._release()

    def _release(self):
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except (BrokenPipeError, OSError):
                pass
        self.process = None

    # What compare_kiwi.py calls ----------------------------------------------------------

    def verify(self, budget_seconds: float | None = None) -> dict:
        """The verification repetition. Returns what replay_kiwi.KiwiReplay.verify returns;
        raises BudgetExceeded with the part that completed when the deadline passes (the
        harness is then killed, as verify_in_child kills its child)."""
        if self.process is None:
            self._start()
        deadline = None if budget_seconds is None else time.monotonic() + budget_seconds
        self._send("verify")
        segments = iter([s for s in self.trace.segments if s[0] != "variable"])
        per_class: dict[str, list[int]] = {}
        checksums: list[tuple[float, float]] = []
        spent = 0
        while True:
            message = self._read(deadline)
            if message is None:
                self._kill()
                raise replay_kiwi.BudgetExceeded(int(budget_seconds * 1e9),
                                                 {"classes": per_class, "readChecksums": checksums, "nanoseconds": spent})
            if message["event"] == "segment":
                cls, first, last = next(segments)
                if cls != message["class"]:
                    raise HarnessError(f"kiwi-harness replayed a {message['class']} segment where {cls} was planned")
                totals = per_class.setdefault(cls, [0, 0])
                totals[0] += message["nanoseconds"]
                totals[1] += last - first
                spent += message["nanoseconds"]
                checksums += [tuple(pair) for pair in message["checksums"]]
            elif message["event"] == "verified":
                return {
                    "failedLines": message["failedLines"],
                    "readChecksums": checksums,
                    "lastReadValues": message["lastReadValues"],
                    "finalValues": message["finalValues"],
                    "nanoseconds": message["nanoseconds"],
                    "classes": per_class,
                }
            else:
                raise HarnessError(f"unexpected line from kiwi-harness: {message}")

    def run(self, budget_ns: int | None = None) -> tuple[dict[str, int], int]:
        """One timed repetition: nanoseconds per class and the number of failed calls."""
        if self.process is None:
            self._start()
        self._send(f"run {budget_ns or 0}")
        message = self._read(None)
        if message["event"] == "over-budget":
            raise replay_kiwi.BudgetExceeded(message["nanoseconds"])
        if message["event"] != "repetition":
            raise HarnessError(f"unexpected line from kiwi-harness: {message}")
        return message["classes"], message["failures"]
