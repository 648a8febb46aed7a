#!/usr/bin/env python3
"""Turns scripts/bench-scale's measurements into the Markdown table of docs/PERFORMANCE.md
("Scale") and a customBiggerIsBetter JSON array, judging each target of issue 17."""
import json
import sys

rows, short, long_, md_path, json_path = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
data = {}
order = []
suites = []
for line in open(rows):
    name, length, samples, cpu, wall, rss = line.rstrip("\n").split("\t")
    entry = dict(samples=int(samples), cpu=max(float(cpu), 1e-3), wall=float(wall), rss=int(rss))
    if name == "bench suite":
        suites.append((int(length), entry))
        continue
    if name not in order:
        order.append(name)
    data[(name, length)] = entry

def rate(name, length):
    e = data[(name, length)]
    return e["samples"] / e["cpu"]

# Targets: (kind, value): "zstd" = at least that fraction of zstd -dc's rate; "abs" = samples/s.
targets = {
    "replay --scene scroll": ("zstd", 1.0), "replay --scene pip": ("zstd", 1.0),
    "replay --scene button": ("zstd", 1.0), "replay --scene sheet": ("zstd", 1.0),
    "replay --scene home": ("zstd", 0.5), "replay --scene pinch": ("zstd", 0.5),
    "replay --scene pointer": ("zstd", 0.5),
    "gestures": ("abs", 2e6), "gestures --json": ("abs", 2e6),
    "cat --format jsonl": ("abs", 3e6), "cat --format csv": ("abs", 3e6),
    "convert jsonl → touchtrace": ("abs", 1.5e6),
}

def m(x):
    return f"{x / 1e6:.2f} M"

lines = []
lines.append(f"| pass | {int(short) // 60} min: samples/s (× zstd) | peak | {int(long_) // 60} min: samples/s (× zstd) | peak | per-sample cost {long_} s ÷ {short} s | target | |")
lines.append("|---|---|---|---|---|---|---|---|")
figures = []
for name in order:
    cells = [name]
    verdicts = []
    for length in (short, long_):
        r = rate(name, length)
        z = rate("zstd -dc (JSON Lines)", length)
        cells.append(f"{m(r)} ({r / z:.2f}×)")
        cells.append(f"{data[(name, length)]['rss'] / 1024:.0f} MB")
        figures.append({"name": f"{name} {length}s", "unit": "samples/s", "value": round(r)})
        if name in targets:
            kind, value = targets[name]
            verdicts.append(r >= value * z if kind == "zstd" else r >= value)
    ratio = rate(name, short) / rate(name, long_)
    cells.append(f"{ratio:.2f}")
    verdicts.append(ratio <= 1.2)
    if name in targets:
        kind, value = targets[name]
        cells.append(f"≥ {value:g}× zstd, ≤ 1.2" if kind == "zstd" else f"≥ {value / 1e6:g} M/s, ≤ 1.2")
    else:
        cells.append("≤ 1.2")
    cells.append("ok" if all(verdicts) else "MISS")
    lines.append("| " + " | ".join(cells) + " |")

lines.append("")
if suites:
    lines.append("| bench over a suite | traces/s | peak memory | time per trace ÷ smallest suite's |")
    lines.append("|---|---|---|---|")
    base = suites[0][1]["wall"] / suites[0][0]
    for size, e in suites:
        per = e["wall"] / size
        lines.append(f"| {size} traces | {size / e['wall']:.0f} | {e['rss'] / 1024:.0f} MB | {per / base:.2f} |")
        figures.append({"name": f"bench suite {size} traces", "unit": "traces/s", "value": round(size / e["wall"], 1)})

open(md_path, "w").write("\n".join(lines) + "\n")
json.dump(figures, open(json_path, "w"), indent=1)
