#!/usr/bin/env python3
"""check-trace-events FILE...: checks Chrome trace-event JSON against the Trace Event Format
rules Perfetto UI and chrome://tracing rely on, independently of TouchBench's writer:

- a {"traceEvents": [...]} object; every event has a string name, a known ph and an integer pid;
- thread-scoped events (i/I with s "t", X, B, E) carry an integer tid of at least 1 (Perfetto
  shows tid 0 as the process's main thread and drops its name), a ts >= 0, X a dur >= 0;
- every tid used is named by a thread_name metadata event and ordered by a thread_sort_index;
- complete events on one thread nest (none ends inside another it started after), B/E balance;
- counters (C) are process-scoped with numeric series.

Prints one line per file and exits 1 at the first file that breaks a rule.
"""
import json
import sys

PHASES = {"M", "i", "I", "X", "B", "E", "C"}
METADATA = {"process_name", "process_sort_index", "thread_name", "thread_sort_index"}


def check(path):
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    if not isinstance(document, dict) or not isinstance(document.get("traceEvents"), list):
        return "not a {\"traceEvents\": [...]} object"
    events = document["traceEvents"]
    named, sorted_threads, used = set(), set(), set()
    spans, stacks = {}, {}
    for index, event in enumerate(events):
        where = f"event {index}"
        if not isinstance(event, dict) or not isinstance(event.get("name"), str):
            return f"{where} has no string name"
        ph = event.get("ph")
        if ph not in PHASES:
            return f"{where} ({event['name']}) has an unknown ph {ph!r}"
        if not isinstance(event.get("pid"), int):
            return f"{where} ({event['name']}) has no integer pid"
        tid = event.get("tid")
        if ph == "M":
            if event["name"] not in METADATA:
                return f"{where}: unknown metadata {event['name']!r}"
            if event["name"].startswith("thread_"):
                if not isinstance(tid, int) or tid < 1:
                    return f"{where}: {event['name']} on tid {tid!r}"
                (named if event["name"] == "thread_name" else sorted_threads).add(tid)
                if event["name"] == "thread_name" and not isinstance(event.get("args", {}).get("name"), str):
                    return f"{where}: thread_name without args.name"
            continue
        ts = event.get("ts")
        if not isinstance(ts, (int, float)) or ts < 0:
            return f"{where} ({event['name']}) has no ts >= 0"
        if ph == "C":
            args = event.get("args")
            if not isinstance(args, dict) or not all(isinstance(v, (int, float)) for v in args.values()):
                return f"{where}: a counter needs numeric args"
            continue
        if ph in ("i", "I") and event.get("s", "t") != "t":
            continue  # process- or global-scoped instants need no thread
        if not isinstance(tid, int) or tid < 1:
            return f"{where} ({event['name']}, ph {ph}) is thread-scoped but on tid {tid!r}"
        if tid not in named:
            return f"{where} ({event['name']}) uses tid {tid} before a thread_name names it"
        used.add(tid)
        if ph == "X":
            dur = event.get("dur")
            if not isinstance(dur, (int, float)) or dur < 0:
                return f"{where} ({event['name']}) is complete without a dur >= 0"
            spans.setdefault(tid, []).append((ts, ts + dur, index))
        elif ph == "B":
            stacks.setdefault(tid, []).append(index)
        elif ph == "E":
            if not stacks.get(tid):
                return f"{where}: an E without its B on tid {tid}"
            stacks[tid].pop()
    for tid, stack in stacks.items():
        if stack:
            return f"tid {tid}: {len(stack)} B events never end"
    for tid, list_ in spans.items():
        list_.sort(key=lambda span: (span[0], -span[1]))
        open_ends = []
        for start, end, index in list_:
            while open_ends and open_ends[-1] <= start:
                open_ends.pop()
            if open_ends and end > open_ends[-1]:
                return f"tid {tid}: complete event {index} overlaps the one it starts in without nesting"
            open_ends.append(end)
    unsorted = used - sorted_threads
    if unsorted:
        return f"threads {sorted(unsorted)} have no thread_sort_index"
    return f"ok: {len(events)} events on {len(used)} named threads"


def main():
    if len(sys.argv) < 2:
        print("usage: check-trace-events FILE...", file=sys.stderr)
        return 64
    status = 0
    for path in sys.argv[1:]:
        verdict = check(path)
        print(f"{path}: {verdict}")
        if not verdict.startswith("ok"):
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
