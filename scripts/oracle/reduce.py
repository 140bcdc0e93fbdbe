#!/usr/bin/env python3
"""reduce: shrinks a failing audit trace by delta debugging (one operation at a time).

    reduce.py --binary PATH --class CLASS TRACE.jsonl > SMALLER.jsonl

Keeps the header and the variable declarations; removes operations while the audit
(scripts/oracle/audit.py) still reports the same outcome (trap, hang or mismatch).
"""
import argparse
import re
import sys

import audit


def main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--class", dest="cls", required=True, choices=audit.CLASSES)
    parser.add_argument("trace")
    options = parser.parse_args(argv)
    lines = open(options.trace).read().splitlines()
    def key(verdict):
        return verdict.outcome + " " + re.sub(r"[-+0-9.e]+", "#", verdict.detail)[:28]

    outcome = key(audit.judge_lines(options.binary, lines, options.cls, 20))
    if outcome.startswith("ok"):
        print("reduce: the trace passes; nothing to reduce", file=sys.stderr)
        return 1
    fixed = [line for line in lines if '"op": "variable"' in line or '"trace"' in line]
    ops = [line for line in lines if line not in fixed]
    chunk = max(1, len(ops) // 2)
    while chunk >= 1:
        index = 0
        while index < len(ops):
            candidate = ops[:index] + ops[index + chunk:]
            if key(audit.judge_lines(options.binary, fixed + candidate, options.cls, 20)) == outcome:
                ops = candidate
            else:
                index += chunk
        chunk //= 2
    verdict = audit.judge_lines(options.binary, fixed + ops, options.cls, 20)
    print(f"reduce: {len(ops)} operations: {verdict.outcome}: {verdict.detail}", file=sys.stderr)
    print("\n".join(fixed + ops))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
