#!/usr/bin/env python3
"""check-csv FILE...: reads each CSV export with Python's csv module and, when it is installed,
pandas read_csv without options: the same rows, the unit-bearing header TouchBench writes, and
the integer columns (t_ns, id, buttons, key) typed as integers by pandas."""
import csv
import sys

INTEGERS = ["t_ns", "id", "buttons", "key"]


def main():
    try:
        import pandas
    except ImportError:
        pandas = None
    status = 0
    for path in sys.argv[1:]:
        with open(path, newline="", encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle))
        problems = []
        if not rows or list(rows[0].keys())[:6] != ["t_ns", "kind", "phase", "id", "x_pt", "y_pt"]:
            problems.append("the header is not TouchBench's")
        if any(not row["t_ns"].isdigit() for row in rows):
            problems.append("t_ns holds a non-integer")
        if pandas is not None:
            frame = pandas.read_csv(path)
            if len(frame) != len(rows):
                problems.append(f"pandas reads {len(frame)} rows, csv {len(rows)}")
            for column in INTEGERS:
                if str(frame[column].dtype) != "int64":
                    problems.append(f"pandas types {column} as {frame[column].dtype}")
        verdict = "; ".join(problems) or f"ok: {len(rows)} rows" + (", pandas agrees" if pandas else " (pandas not installed)")
        print(f"{path}: {verdict}")
        status = status or (1 if problems else 0)
    return status


if __name__ == "__main__":
    sys.exit(main())
