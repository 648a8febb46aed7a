# Part of scripts/test-cli (sourced by it, in order: a part may use what an earlier one set up).
# Same-timestamp order and the hostile testers' findings, round by round.

# Same-timestamp order: a redirect marker before the touch it marks is still a catch.
"$rtb" cat "$tb_root/Traces/catch.touchtrace" >"$o/catch.jsonl"
python3 - "$o/catch.jsonl" "$o/catch-swapped.jsonl" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
for i, line in enumerate(lines):
    if '"redirect"' in line and i > 0 and json.loads(lines[i - 1]).get("phase") == "began" \
            and json.loads(lines[i - 1])["t"] == json.loads(line)["t"]:
        lines[i - 1], lines[i] = lines[i], lines[i - 1]
        break
else:
    sys.exit("no redirect marker right after a touch-down at its time")
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
"$rtb" replay "$o/catch.jsonl" --scene pip --json "$o/a.json" >/dev/null
"$rtb" replay "$o/catch-swapped.jsonl" --scene pip --json "$o/b.json" >/dev/null
check "marker order at one timestamp does not change the events" python3 -c "
import json,sys; a=json.load(open(sys.argv[1]))['events']; b=json.load(open(sys.argv[2]))['events']
assert a == b and any(e['cause'] == 'catch' for e in a), (a, b)" "$o/a.json" "$o/b.json"
check "hostile inputs are unchanged" test "$before" = "$(cd "$h" && sha256sum * | sha256sum)"

# The hostile tester's findings of 2 December: extreme rates and shard numbers are usage
# errors (they trapped), an empty shard is an empty result (it was 65), a manifest naming a
# trace and scene twice is refused (its result could not be compared), --desc not used says so.
for rate in 1e15 1e-300 1e300; do
    expect_exit 64 "replay --rate $rate" "$rtb" replay "$tb_root/Traces/tap.touchtrace" --scene button --rate "$rate"
done
expect_exit 64 "shard numbers beyond a billion" env SLURM_ARRAY_TASK_ID=9223372036854775807 SLURM_ARRAY_TASK_MIN=-9223372036854775808 \
    SLURM_ARRAY_TASK_COUNT=8 "$rtb" bench "$tb_root/Traces" --shard auto --repeat 1
expect_exit 64 "record --screen beyond the readable" "$rtb" record --evdev /dev/null -o "$o/wide.touchtrace" --screen 1000001x844
mkdir -p "$o/suite"
cp "$tb_root/Traces/tap.touchtrace" "$o/suite/"
printf '{"schema":"touchbench.suite/1","traces":[{"file":"tap.touchtrace","scenes":["button"]}]}' >"$o/suite/one.json"
for shard in 1 2; do
    expect_exit 0 "bench shard $shard/2 of a one-trace suite" "$rtb" bench "$o/suite/one.json" --shard "$shard/2" --repeat 1 --json "$o/suite/s$shard.json"
done
check "the shards of a one-trace suite merge into its one entry" "$rtb" merge "$o/suite/s1.json" "$o/suite/s2.json" -o "$o/suite/merged.json"
check "the merge holds the entry" python3 -c "import json,sys; assert len(json.load(open(sys.argv[1]))['entries']) == 1" "$o/suite/merged.json"
printf '{"schema":"touchbench.suite/1","traces":[{"file":"tap.touchtrace","scenes":["button","button"]}]}' >"$o/suite/twice.json"
expect_exit 65 "a manifest naming a trace and scene twice" "$rtb" bench "$o/suite/twice.json" --repeat 1
"$rtb" convert "$tb_root/Traces/tap.touchtrace" -o "$o/own.evemu" 2>/dev/null
"$rtb" convert "$o/own.evemu" -o "$o/own.touchtrace" --desc "$o/no-such.desc" 2>"$o/desc.err" || true
check "--desc not used says so" grep -q "is not used" "$o/desc.err"

# The hostile tester's findings of 2 December, afternoon: a command started with standard
# output closed must not let an input take its descriptor (a write to /dev/stdout then
# overwrote the input); an empty --chart trapped; a document sent to standard output is
# never followed by the table.
cp "$tb_root/Traces/flick.touchtrace" "$o/closed-in.touchtrace"
cp "$o/closed-in.touchtrace" "$o/closed-keep.touchtrace"
expect_exit 74 "convert to /dev/stdout with standard output closed" sh -c '"$0" convert "$1" -o /dev/stdout --to jsonl >&-' "$rtb" "$o/closed-in.touchtrace"
expect_exit 74 "replay --json /dev/stdout with standard output closed" sh -c '"$0" replay "$1" --scene scroll --json /dev/stdout >&-' "$rtb" "$o/closed-in.touchtrace"
check "the input is unchanged" cmp -s "$o/closed-in.touchtrace" "$o/closed-keep.touchtrace"
for choice in "" ":" "::" ":scroll" "flick:nosuch"; do
    expect_exit 64 "bench --chart '$choice'" "$rtb" bench "$o/suite/one.json" --repeat 1 --chart "$choice"
done
"$rtb" replay "$tb_root/Traces/flick.touchtrace" --scene scroll --trace-events - >"$o/events.json"
check "replay --trace-events - writes one JSON document" python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$o/events.json"
"$rtb" sweep "$tb_root/Traces/flick.touchtrace" --scene scroll --set pan.hysteresis=10,20 --html - >"$o/sweep.html"
check "sweep --html - writes the page alone" sh -c 'tail -n 1 "$1" | grep -q "</html>"' sh "$o/sweep.html"
# Parameters that would change nothing are refused; --shard auto says where its shard came from.
expect_exit 64 "replay --set of another scene's parameter" "$rtb" replay "$tb_root/Traces/flick.touchtrace" --scene scroll --set home.edge=1
expect_exit 64 "replay --set of one name twice" "$rtb" replay "$tb_root/Traces/flick.touchtrace" --scene scroll --set pan.hysteresis=10 --set pan.hysteresis=20
expect_exit 64 "bench --set no scene of the suite reads" "$rtb" bench "$o/suite/one.json" --repeat 1 --set pip.response=1
expect_exit 64 "sweep --set the scene does not read" "$rtb" sweep "$tb_root/Traces/flick.touchtrace" --scene scroll --set home.edge=1,2
expect_exit 64 "sensitivity of a parameter the scene does not read" "$rtb" sensitivity "$tb_root/Traces/flick.touchtrace" --scene scroll --parameter home.edge
expect_exit 64 "sensitivity of one parameter twice" "$rtb" sensitivity "$tb_root/Traces/flick.touchtrace" --scene scroll --parameter pan.hysteresis --parameter pan.hysteresis
# gestures --set tunes the arena's recognizers alone, each name once, within its range.
"$rtb" gestures "$tb_root/Traces/pause.touchtrace" >"$o/g-default.txt"
"$rtb" gestures "$tb_root/Traces/pause.touchtrace" --set pan.hysteresis=10 --set timer.duration_ms=100 >"$o/g-same.txt"
check "gestures --set of the defaults changes nothing" cmp -s "$o/g-default.txt" "$o/g-same.txt"
"$rtb" gestures "$tb_root/Traces/pause.touchtrace" --set timer.duration_ms=250 >"$o/g-timer.txt"
check "gestures --set timer.duration_ms=250 pauses 150 ms later" python3 -c "
import re,sys
def timer(p): return [float(l.split()[0]) for l in open(p) if 'by timer' in l]
a, b = timer(sys.argv[1]), timer(sys.argv[2])
assert len(a) == len(b) == 1 and abs(b[0] - a[0] - 150) < 1e-6, (a, b)" "$o/g-default.txt" "$o/g-timer.txt"
expect_exit 64 "gestures --set of a scene's parameter" "$rtb" gestures "$tb_root/Traces/pause.touchtrace" --set scroll.deceleration_rate=0.99
expect_exit 64 "gestures --set out of its range" "$rtb" gestures "$tb_root/Traces/pause.touchtrace" --set pan.hysteresis=500
expect_exit 64 "gestures --set of one name twice" "$rtb" gestures "$tb_root/Traces/pause.touchtrace" --set pan.hysteresis=5 --set pan.hysteresis=6
CI_NODE_INDEX=1 CI_NODE_TOTAL=2 "$rtb" bench "$o/suite/one.json" --repeat 1 --shard auto --json "$o/auto.json" >/dev/null 2>"$o/auto.err" || true
check "--shard auto names the variables it used" grep -q "CI_NODE_INDEX/CI_NODE_TOTAL" "$o/auto.err"

# The hostile tester's findings of 2 December, second round: a report never overwrites what
# the command reads (baseline, trace, manifest, thresholds), two outputs never share a place,
# and a scene named twice in --scenes is refused like one named twice in a manifest.
mkdir -p "$o/outs"
cp "$tb_root/Traces/tap.touchtrace" "$o/outs/"
"$rtb" bench "$o/outs" --scenes button --repeat 1 --json "$o/outs.json" >/dev/null 2>&1
cp "$o/outs.json" "$o/outs-base.json"
expect_exit 64 "compare --markdown onto the baseline" "$rtb" compare "$o/outs-base.json" "$o/outs.json" --markdown "$o/outs-base.json"
cp "$work/err" "$o/e"; check "... names the baseline" grep -q "is the input '$o/outs-base.json'" "$o/e"
expect_exit 64 "compare --junit onto NEW" "$rtb" compare "$o/outs-base.json" "$o/outs.json" --junit "$o/outs.json"
expect_exit 64 "bench --junit onto a suite trace" "$rtb" bench "$o/outs" --scenes button --repeat 1 --junit "$o/outs/tap.touchtrace"
expect_exit 64 "bench --markdown onto the baseline" "$rtb" bench "$o/outs" --scenes button --repeat 1 --baseline "$o/outs-base.json" --markdown "$o/outs-base.json"
expect_exit 64 "bench --json and --junit to one file" "$rtb" bench "$o/outs" --scenes button --repeat 1 --json "$o/x.json" --junit "$o/x.json"
cp "$work/err" "$o/e"; check "... names both options" grep -q -- "--json and --junit both write" "$o/e"
# An empty output name is refused before any work (it was written whole, then not renamed).
expect_exit 64 "bench --json to an empty name" "$rtb" bench "$o/outs" --scenes button --repeat 1 --json ""
expect_exit 64 "merge -o an empty name" "$rtb" merge "$o/outs.json" -o ""
# A name read from a file reaches an error message with its control characters escaped.
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); e=d["entries"][0]; e["trace"]="x\u001b[31mRED"; d["entries"]=[e,dict(e)]; json.dump(d,open(sys.argv[2],"w"))' "$o/outs.json" "$o/esc.json"
expect_exit 65 "a result naming one entry twice" "$rtb" merge "$o/esc.json" -o "$o/esc-out.json"
cp "$work/err" "$o/e"; check "... says so with the escape written out" grep -qF 'x\u001b[31mRED' "$o/e"
check "... and no escape byte reaches the terminal" sh -c "! grep -q \"\$(printf '\\033')\" '$o/e'"
# A byte-order mark is read as spaces: the byte an error names is the file's own.
printf '\357\273\277{"schema": x}' > "$o/bom-bad.json"
expect_exit 65 "a result with a byte-order mark and a bad value" "$rtb" compare "$o/bom-bad.json" "$o/outs.json"
cp "$work/err" "$o/e"; check "... names the byte counted from the file's start" grep -q "at byte 14" "$o/e"
{ printf '\357\273\277'; cat "$o/outs.json"; } > "$o/bom-good.json"
check "a result with a byte-order mark is read" "$rtb" compare "$o/bom-good.json" "$o/outs.json"
expect_exit 64 "bench --json and --markdown both to standard output" "$rtb" bench "$o/outs" --scenes button --repeat 1 --json - --markdown -
expect_exit 64 "bench --json - and --markdown /dev/stdout" "$rtb" bench "$o/outs" --scenes button --repeat 1 --json - --markdown /dev/stdout
expect_exit 64 "replay --json and --trace-events both to standard output" "$rtb" replay "$o/outs/tap.touchtrace" --scene button --json - --trace-events -
cp "$work/err" "$o/e"; check "... names both options" grep -q -- "--json and --trace-events both write '-'" "$o/e"
expect_exit 64 "a scene named twice in --scenes" "$rtb" bench "$o/outs" --scenes button,button --repeat 1 --json "$o/twice.json"
cp "$work/err" "$o/e"; check "... says which" grep -q "names button twice" "$o/e"
check "no result was written" test ! -e "$o/twice.json"
printf '{"schema":"touchbench.suite/1","traces":[{"file":"tap.touchtrace","scenes":["button"]}]}' >"$o/outs/manifest.json"
cp "$o/outs/manifest.json" "$o/outs-manifest.before"
expect_exit 64 "bench --json onto its manifest" "$rtb" bench "$o/outs" --repeat 1 --json "$o/outs/manifest.json"
printf '{"schema":"touchbench.suite/1","traces":[{"file":"m.json","scenes":["scroll"],"recipe":{"gesture":"tap"}}]}' >"$o/outs/m.json"
cp "$o/outs/m.json" "$o/outs-m.before"
expect_exit 65 "synth --suite whose trace is the manifest" "$rtb" synth --suite "$o/outs/m.json"
check "every input survives" cmp -s "$o/outs-base.json" "$o/outs.json"
check "... the trace" cmp -s "$o/outs/tap.touchtrace" "$tb_root/Traces/tap.touchtrace"
check "... the manifests" sh -c "cmp -s '$o/outs/manifest.json' '$o/outs-manifest.before' && cmp -s '$o/outs/m.json' '$o/outs-m.before'"
# The hostile tester's findings of 5 December: what is read with an input (an evemu file's
# description found beside it, a --frame-cost recording, a page a suite names) is an input
# too, and a --screen far too small for the device is refused, not written unreadable.
cp "$h/crlf.desc" "$o/W.desc"; cp "$h/crlf.events" "$o/W.events"; cp "$o/W.desc" "$o/W.desc.before"
expect_exit 64 "convert -o the description found beside the events" "$rtb" convert "$o/W.events" -o "$o/W.desc" --to evemu
expect_exit 64 "replay --json onto the description found beside the events" "$rtb" replay "$o/W.events" --scene scroll --json "$o/W.desc"
check "... the description survives" cmp -s "$o/W.desc" "$o/W.desc.before"
"$rtb" replay "$o/outs/tap.touchtrace" --scene button --rate 1 --record-frame-cost "$o/fc.txt" >/dev/null 2>&1
cp "$o/fc.txt" "$o/fc.before"
expect_exit 64 "bench --json onto its --frame-cost recording" "$rtb" bench "$o/outs" --repeat 1 --frame-cost "recorded:$o/fc.txt" --json "$o/fc.txt"
expect_exit 64 "sweep --json onto its --frame-cost recording" "$rtb" sweep "$o/outs/tap.touchtrace" --scene button --set button.double_tap_timeout_ms=200,300 --frame-cost "recorded:$o/fc.txt" --json "$o/fc.txt"
expect_exit 64 "sensitivity --json onto its --frame-cost recording" "$rtb" sensitivity "$o/outs/tap.touchtrace" --scene button --frame-cost "recorded:$o/fc.txt" --json "$o/fc.txt"
cp "$work/err" "$o/e"; check "... names the recording" grep -q "is the input '$o/fc.txt'" "$o/e"
expect_exit 64 "sweep --json onto a trace of its suite" "$rtb" sweep "$o/outs" --scene button --set button.double_tap_timeout_ms=200,300 --json "$o/outs/tap.touchtrace"
cp "$work/err" "$o/e"; check "... names the trace" grep -q "is the input '$o/outs/tap.touchtrace'" "$o/e"
check "... the recording survives" cmp -s "$o/fc.txt" "$o/fc.before"
mkdir -p "$o/pages"; cp "$tb_root/Traces/tap.touchtrace" "$o/pages/"; echo '<html><body>page</body></html>' > "$o/pages/p.html"
printf '{"schema":"touchbench.suite/1","traces":[{"file":"tap.touchtrace","scenes":["page:p.html"]}]}' >"$o/pages/manifest.json"
expect_exit 64 "bench --json onto a page its suite names" "$rtb" bench "$o/pages" --repeat 1 --json "$o/pages/p.html"
check "... the page survives" grep -q '<body>page</body>' "$o/pages/p.html"
python3 - "$o/tiny.evemu" <<'PY'
import sys
lines = ["# EVEMU 1.3", "N: Tiny", "I: 0018 0000 0000 0000", "P: 02 00 00 00 00 00 00 00", "B: 00 0b 00 00 00 00 00 00 00"]
lines += ["B: 01 00 00 00 00 00 00 00 00"] * 5 + ["B: 01 00 04 00 00 00 00 00 00"] + ["B: 01 00 00 00 00 00 00 00 00"] * 6
lines += ["B: 02 00 00 00 00 00 00 00 00", "B: 03 03 00 00 00 00 80 60 02"]
lines += ["B: %s 00 00 00 00 00 00 00 00" % t for t in ("04", "05", "11", "12", "14", "15", "15")]
lines += ["A: 00 0 4000 0 0 0", "A: 01 0 4000 0 0 0", "A: 2f 0 9 0 0 0", "A: 35 0 4000 0 0 0", "A: 36 0 4000 0 0 0", "A: 39 0 65535 0 0 0"]
lines += ["E: 1.000000 0003 0039 1", "E: 1.000000 0003 0035 100", "E: 1.000000 0003 0036 200", "E: 1.000000 0001 014a 1", "E: 1.000000 0000 0000 0000"]
lines += ["E: 1.008000 0003 0035 110", "E: 1.008000 0000 0000 0000"]
lines += ["E: 1.016000 0003 0039 -1", "E: 1.016000 0001 014a 0", "E: 1.016000 0000 0000 0000"]
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY
check "an evemu recording mapped by --screen converts" "$rtb" convert "$o/tiny.evemu" -o "$o/tiny.jsonl" --screen 390x844
for out in tiny.jsonl tiny.csv tiny.touchtrace; do
    hostile 65 2 64 "--screen 1e-9x1e-9 for a 4001-unit axis, to $out" "$rtb" convert "$o/tiny.evemu" -o "$o/small-$out" --screen 1e-9x1e-9
    cp "$work/err" "$o/e"; check "... names the quantum ($out)" grep -q "declares a quantum outside its range" "$o/e"
done
# A damaged result is refused (65, naming the file and the field), never compared leniently.
python3 - "$o/outs.json" "$o/damaged" <<'PY'
import copy, json, sys
good = json.load(open(sys.argv[1]))
metric = next(iter(m for m in good["entries"][0]["metrics"].values() if m["count"] > 0))
def damaged(name, change):
    doc = copy.deepcopy(good); change(doc, next(iter(m for m in doc["entries"][0]["metrics"].values() if m["count"] > 0)))
    json.dump(doc, open(f"{sys.argv[2]}-{name}.json", "w"))
damaged("p95", lambda d, m: m.update(p95="oops"))
damaged("nullmean", lambda d, m: m.update(mean=None))
damaged("negcount", lambda d, m: m.update(count=-3))
damaged("nocount", lambda d, m: m.pop("count"))
damaged("frames", lambda d, m: d["entries"][0].update(frames="1"))
damaged("schema", lambda d, m: d.update(schema="touchbench.bench/10"))
damaged("runschema", lambda d, m: d["entries"][0].update(schema="touchbench.run/12"))
damaged("refresh0", lambda d, m: d["entries"][0].update(refreshHz=0))
damaged("refreshneg", lambda d, m: d["entries"][0].update(refreshHz=-120))
damaged("refreshtiny", lambda d, m: d["entries"][0].update(refreshHz=1e-300))
damaged("norefresh", lambda d, m: d["entries"][0].pop("refreshHz"))
PY
for damage in p95 nullmean negcount nocount frames schema runschema refresh0 refreshneg refreshtiny norefresh; do
    expect_exit 65 "compare with a damaged result ($damage)" "$rtb" compare "$o/outs.json" "$o/damaged-$damage.json"
    cp "$work/err" "$o/e"; check "... names the file ($damage)" grep -q "^$o/damaged-$damage.json: " "$o/e"
done

# The hostile tester's findings of 2 December, low: parameters outside what they can mean are
# usage errors (spring printed inf, a 0.001 Hz display replayed, mixed-session ignored --rate);
# `help COMMAND` is the command's help; cat names only its two forms; a thresholds file naming
# no metric is refused (it was silently ignored); an empty JSON Lines trace is refused (its
# exports could not be read back; info printed "0.0× smaller").
for args in "--response 1e-300 --damping-ratio 1" "--response 0.3 --damping-ratio 1e300" "--response 0.3 --damping-ratio 1 --velocity 1e300"; do
    expect_exit 64 "spring $args" "$rtb" spring $args
done
# project's numbers are bounded as spring's are (hostile report 17: 1e300 printed inf, JSON null).
for args in "--velocity 1e13" "--velocity 1 --from 1e13" "--velocity 1e300 --rate 0.9999999999999999"; do
    expect_exit 64 "project $args" "$rtb" project $args
done
check "project at the bounds is finite" "$rtb" project --velocity 1e12 --from -1e12 --rate 0.9999999999999999 --json
# A container is never written under a text form's name, and one found there is named
# (hostile report 17: synth -o x.csv wrote one that 'cat x.csv' called 'not UTF-8 text').
expect_exit 64 "synth -o x.csv" "$rtb" synth drag -o "$o/x.csv"
check "... writes nothing" test ! -e "$o/x.csv"
expect_exit 64 "record -o out.jsonl" "$rtb" record --evdev /dev/null -o "$o/out.jsonl"
expect_exit 64 "verify --repair out.evemu" "$rtb" verify "$tb_root/Traces/tap.touchtrace" --repair "$o/out.evemu"
cp "$tb_root/Traces/tap.touchtrace" "$o/container.csv"
hostile 65 2 64 "a container named .csv" "$rtb" cat "$o/container.csv"
cp "$work/err" "$o/e.container"; check "... is named as a container" grep -q "container.csv at byte 0: is a .touchtrace file, not csv: rename it .touchtrace." "$o/e.container"
# -0 on the command line is 0 (it printed "-0.0" and wrote "to":-0; hostile report 16 L6).
"$rtb" project --velocity -0 >"$o/negative-zero.txt"
"$rtb" spring --response 0.3 --damping-ratio 1 --from -0 --to -0 --json >>"$o/negative-zero.txt"
check "-0 given is printed as 0" grep -q '^0.0 (from 0 ' "$o/negative-zero.txt"
check "... and never as -0" bash -c '! grep -q -- "-0\b" "$1"' _ "$o/negative-zero.txt"
"$rtb" help replay >"$o/help-replay.txt"
check "help replay prints replay's help" grep -q "^USAGE: touchbench replay FILE --scene" "$o/help-replay.txt"
expect_exit 64 "help of no command" "$rtb" help nosuch
expect_exit 64 "cat --format xml" "$rtb" cat "$src" --format xml
cp "$work/err" "$o/e"; check "... names cat's two forms only" grep -q -- "--format must be jsonl or csv, not 'xml'" "$o/e"
for refresh in 0.001 1e9 0.001-120; do
    expect_exit 64 "replay --refresh $refresh" "$rtb" replay "$tb_root/Traces/tap.touchtrace" --scene button --refresh "$refresh"
done
expect_exit 64 "synth mixed-session --rate 60 (its rates are fixed)" "$rtb" synth mixed-session --rate 60 -o "$o/mixed.touchtrace"
expect_exit 64 "synth mixed-session --duration 1e9" "$rtb" synth mixed-session --duration 1e9 -o "$o/mixed.touchtrace"
"$rtb" replay "$tb_root/Traces/tap.touchtrace" --scene button --json "$o/tap-run.json" >/dev/null
printf '{"schema":"touchbench.thresholds/1","timing":{"metrics":{"cpu_per_frame":{"relative":1}}}}' >"$o/typo-thresholds.json"
expect_exit 65 "a thresholds file naming no metric" "$rtb" compare "$o/tap-run.json" "$o/tap-run.json" --thresholds "$o/typo-thresholds.json"
cp "$work/err" "$o/e"; check "... names the file and the name" grep -q "typo-thresholds.json.*'cpu_per_frame'" "$o/e"
expect_exit 65 "info of an empty JSON Lines file" "$rtb" info "$h/empty.jsonl"

# The hostile tester's third round: a run of the baseline missing from NEW fails as a metric
# no longer measured does, and a NEW with no run fails (both passed with a warning, so a bench
# that ran nothing gated green); a shard the hash left empty is no loss; merge warns about
# shards run with another --repeat (the merged file stated the first shard's count).
python3 - "$o/outs.json" "$o/round3" <<'PY'
import copy, json, sys
good = json.load(open(sys.argv[1]))
empty = copy.deepcopy(good); empty["entries"] = []
json.dump(empty, open(f"{sys.argv[2]}-empty.json", "w"))
more = copy.deepcopy(good); extra = copy.deepcopy(good["entries"][0]); extra["trace"] = "lost.touchtrace"
more["entries"].append(extra)
json.dump(more, open(f"{sys.argv[2]}-more.json", "w"))
PY
expect_exit 1 "compare with a NEW of no run" "$rtb" compare "$o/outs.json" "$o/round3-empty.json"
cp "$work/err" "$o/e"; check "... says nothing was measured" grep -q "^touchbench: FAIL: no run measured, 1 baseline run missing$" "$o/e"
expect_exit 1 "compare of a result of no run with itself" "$rtb" compare "$o/round3-empty.json" "$o/round3-empty.json"
expect_exit 1 "compare with a NEW that lost a run of the baseline" "$rtb" compare "$o/round3-more.json" "$o/outs.json" --junit "$o/round3.xml"
cp "$work/err" "$o/e"; check "... names the lost run" grep -q "^regression: lost.touchtrace · button: frames mean .* — no longer run: " "$o/e"
check "... and the JUnit report fails it" grep -q 'message="no longer run"' "$o/round3.xml"
for shard in 1 2; do
    expect_exit 0 "compare of shard $shard/2 of a one-trace suite with the whole run" "$rtb" compare "$o/suite/merged.json" "$o/suite/s$shard.json"
done
"$rtb" bench "$o/suite/one.json" --shard 2/2 --repeat 2 --json "$o/suite/s2-twice.json" >/dev/null 2>&1 || true
"$rtb" merge "$o/suite/s1.json" "$o/suite/s2-twice.json" -o "$o/suite/mixed.json" 2>"$o/e" || true
check "merge warns about shards run with another --repeat" grep -q "s2-twice.json ran 2 repeats and .*s1.json 1" "$o/e"

# The hostile tester's fourth round (evdev exports and synth --suite): an export touchbench
# could not read back is refused before anything is written (an event time that rounds past
# 2^62 - 1 ns; a trace with no sample the form carries), and synth --suite refuses one file
# named with two recipes, and a bad recipe, before it writes any trace.
r4="$o/round4"; mkdir -p "$r4"
printf '{"t":0,"kind":"touch","phase":"began","id":1,"x":0,"y":0}\n{"t":4611686018427387903,"kind":"touch","phase":"ended","id":1,"x":5,"y":0}\n' >"$r4/late.jsonl"
printf '{"t":5,"kind":"marker","label":"only"}\n' >"$r4/markers.jsonl"
printf '{"t":0,"kind":"key","phase":"began","key":65535}\n{"t":1000,"kind":"key","phase":"ended","key":65535}\n' >"$r4/keys.jsonl"
for form in events yml getevent; do
    expect_exit 65 "convert of a time rounding past 2^62 - 1 ns to $form" "$rtb" convert "$r4/late.jsonl" -o "$r4/late.$form"
    cp "$work/err" "$r4/e"; check "... names the sample" grep -q "the time of sample 2, 4611686018427387903 ns, rounded to the microsecond" "$r4/e"
    check "... writes nothing" test ! -e "$r4/late.$form"
    expect_exit 65 "convert of keys without a Linux code to $form" "$rtb" convert "$r4/keys.jsonl" -o "$r4/keys.$form"
    check "... writes nothing" test ! -e "$r4/keys.$form"
done
for form in yml getevent; do
    expect_exit 65 "convert of a marker-only trace to $form" "$rtb" convert "$r4/markers.jsonl" -o "$r4/markers.$form"
    cp "$work/err" "$r4/e"; check "... says why" grep -q "has no sample that .* can carry" "$r4/e"
done
check "a marker-only trace still converts to evemu" "$rtb" convert "$r4/markers.jsonl" -o "$r4/markers.events"
check "... and reads back" "$rtb" cat "$r4/markers.events"
cat >"$r4/twice.json" <<'J'
{"schema":"touchbench.suite/1","traces":[
{"file":"a.touchtrace","recipe":{"gesture":"tap","seed":"1"},"scenes":["button"]},
{"file":"./a.touchtrace","recipe":{"gesture":"flick","seed":"2"},"scenes":["scroll"]}]}
J
expect_exit 65 "synth --suite naming one file with two recipes" "$rtb" synth --suite "$r4/twice.json"
check "... writes nothing" test ! -e "$r4/a.touchtrace"
cat >"$r4/bad.json" <<'J'
{"schema":"touchbench.suite/1","traces":[
{"file":"a.touchtrace","recipe":{"gesture":"tap","seed":"1"},"scenes":["button"]},
{"file":"b.touchtrace","recipe":{"gesture":"nope"},"scenes":["scroll"]}]}
J
expect_exit 65 "synth --suite with a bad recipe" "$rtb" synth --suite "$r4/bad.json"
check "... writes none of the suite's traces" test ! -e "$r4/a.touchtrace"
cat >"$r4/words.json" <<'J'
{"schema":"touchbench.suite/1","traces":[{"file":"a.touchtrace","recipe":{"gesture":"session","duration":"abc"},"scenes":["button"]}]}
J
expect_exit 65 "synth --suite with a duration that is not a number" "$rtb" synth --suite "$r4/words.json"
cp "$work/err" "$o/e"; check "... names it as written" grep -q "the recipe of a.touchtrace is invalid: the duration 'abc' is not a number of seconds" "$o/e"
# --list and --suite stand alone: an option with them was ignored without a word.
expect_exit 64 "synth --list with an output" "$rtb" synth --list -o "$r4/list.touchtrace"
check "... writes nothing" test ! -e "$r4/list.touchtrace"
expect_exit 64 "synth --suite with a seed" "$rtb" synth --suite "$r4/twice.json" --seed 3

# Hostile round 5: a repair keeps every chunk that decodes. One flipped bit in the metadata
# (its checksum fails, its JSON still reads) cost every chunk; now verify promises them and
# the repair keeps them, warning that the metadata is kept as it reads.
"$rtb" synth tap -o "$r4/header.touchtrace" 2>/dev/null
python3 - "$r4/header.touchtrace" <<'PY'
import sys
path = sys.argv[1]
data = bytearray(open(path, "rb").read())
at = data.index(b'"gesture":"tap"')
data[at + len('"gesture":"t')] = ord("o")
open(path, "wb").write(data)
PY
expect_exit 65 "verify of a file whose header checksum fails" "$rtb" verify "$r4/header.touchtrace"
cp "$work/err" "$o/e"; check "... promises its chunks to --repair" grep -q "has a damaged header (checksum mismatch). 1 intact chunk (.* samples) can be recovered with --repair OUT" "$o/e"
expect_exit 65 "info of a file whose header checksum fails" "$rtb" info "$r4/header.touchtrace"
expect_exit 0 "verify --repair of a file whose header checksum fails" "$rtb" verify "$r4/header.touchtrace" --repair "$r4/header-fixed.touchtrace"
cp "$work/err" "$o/e"; check "... warns that the metadata is kept as it reads" grep -q "keeps the metadata of .* as it reads" "$o/e"
expect_exit 0 "... and the repaired file verifies" "$rtb" verify "$r4/header-fixed.touchtrace"
# A device no profile has is a usage error wherever it is given (experiment exited 1, the
# code of a regression), in one sentence.
expect_exit 64 "experiment pip with an unknown device" "$rtb" experiment pip --device watch
cp "$work/err" "$o/e"; check "... in one sentence" grep -q "^touchbench experiment: there is no device named 'watch': choose phone or tablet; see 'touchbench experiment --help'.$" "$o/e"
# bench and demo refuse the same manifest defects the same way, before the first run (65,
# naming the manifest): bench took an unknown scene for a usage error, demo ran an empty
# suite to an empty table, and a manifest parameter no scene reads passed where --set is refused.
mkdir -p "$r4/defects"
"$rtb" synth tap -o "$r4/defects/a.touchtrace" 2>/dev/null
printf '%s' '{"schema":"touchbench.suite/1","traces":[{"file":"a.touchtrace","scenes":["nope"]}]}' >"$r4/defects/unknown.json"
printf '%s' '{"schema":"touchbench.suite/1","traces":[]}' >"$r4/defects/empty.json"
printf '%s' '{"schema":"touchbench.suite/1","parameters":{"home.edge":"1"},"traces":[{"file":"a.touchtrace","scenes":["scroll"]}]}' >"$r4/defects/unread.json"
for defect in unknown empty unread; do
    expect_exit 65 "bench of a manifest with a defect ($defect)" "$rtb" bench "$r4/defects/$defect.json" --repeat 1
    cp "$work/err" "$o/e-bench"
    expect_exit 65 "demo of a manifest with a defect ($defect)" "$rtb" demo --suite "$r4/defects/$defect.json"
    cp "$work/err" "$o/e"; check "... in the same words as bench ($defect)" diff "$o/e-bench" "$o/e"
    expect_exit 65 "sweep of a manifest with a defect ($defect)" "$rtb" sweep "$r4/defects/$defect.json" --set pan.hysteresis=5,10
    cp "$work/err" "$o/e"; check "... in the same words as bench ($defect)" diff "$o/e-bench" "$o/e"
    expect_exit 65 "sensitivity of a manifest with a defect ($defect)" "$rtb" sensitivity "$r4/defects/$defect.json" --parameter pan.hysteresis
    cp "$work/err" "$o/e"; check "... in the same words as bench ($defect)" diff "$o/e-bench" "$o/e"
done
expect_exit 64 "bench --scenes naming no scene" "$rtb" bench "$r4/defects" --scenes scroll,nope --repeat 1
# Web pages run under bench alone: demo, sweep and sensitivity refuse a page scene in one sentence
# (65; they gave 65, 64 or 66, and 0 having skipped it).
printf '%s' '{"schema":"touchbench.suite/1","traces":[{"file":"a.touchtrace","scenes":["scroll","page:missing.html"]}]}' >"$r4/defects/page.json"
expect_exit 65 "demo of a manifest with a page scene" "$rtb" demo --suite "$r4/defects/page.json"
cp "$work/err" "$o/e-demo"
expect_exit 65 "sweep of a manifest with a page scene" "$rtb" sweep "$r4/defects/page.json" --set pan.hysteresis=5,10
cp "$work/err" "$o/e"; check "... in the same words as demo" diff "$o/e-demo" "$o/e"
expect_exit 65 "sensitivity of a manifest with a page scene" "$rtb" sensitivity "$r4/defects/page.json" --parameter pan.hysteresis
cp "$work/err" "$o/e"; check "... in the same words as demo" diff "$o/e-demo" "$o/e"
expect_exit 64 "sweep --scene that no trace of the suite runs" "$rtb" sweep "$r4/defects/unread.json" --set pan.hysteresis=5,10 --scene pip
cp "$work/err" "$o/e"; check "... as a usage error" grep -q "^touchbench sweep: --scene pip is run by no trace of .*; see 'touchbench sweep --help'.$" "$o/e"

# The hostile rounds of 5 December: compare given one file names the one missing (it said
# BASE); merge refuses a replay's record (65); compare keys a replay's record by its trace
# file's name, wherever the replay ran from.
expect_exit 64 "compare of one file" "$rtb" compare "$o/a.json"
cp "$work/err" "$o/e"; check "... names NEW as missing" grep -q "compare needs NEW" "$o/e"
expect_exit 65 "merge of a replay's record" "$rtb" merge "$o/a.json" -o "$o/merged-record.json"
(cd "$o" && "$rtb" replay ./catch.jsonl --scene pip --json "$o/a-here.json" >/dev/null)
check "replays of one trace typed two ways compare as one run" "$rtb" compare "$o/a.json" "$o/a-here.json"
