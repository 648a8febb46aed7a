# Part of scripts/test-cli (sourced by it, in order: a part may use what an earlier one set up).
# Gates, frame-cost recordings and the regressions of issues 13, 14 and 18 through the CLI.

# Gates (issue 14): a run compared with itself is clean even with --timing-gate; one step of a
# parameter fails naming its metric; sensitivity reports and checks its parameter names.
"$tb" replay "$tb_root/Traces/drag.touchtrace" --scene scroll --json "$work/run-a.json" >/dev/null
"$tb" replay "$tb_root/Traces/drag.touchtrace" --scene scroll --set pan.hysteresis=15 --json "$work/run-b.json" >/dev/null
expect_exit 0 "compare a run with itself, --timing-gate" "$tb" compare "$work/run-a.json" "$work/run-a.json" --timing-gate
expect_exit 1 "compare a run with one step of pan.hysteresis" "$tb" compare "$work/run-a.json" "$work/run-b.json"
cp "$work/err" "$work/compare.err"
check "... naming dead_travel_pt" grep -q "dead_travel_pt" "$work/compare.err"
check "... and the changed count" grep -q "presented_lag_ms count" "$work/compare.err"
expect_exit 0 "sensitivity of one parameter on one trace" "$tb" sensitivity "$tb_root/Traces/drag.touchtrace" --scene scroll --parameter pan.hysteresis
expect_exit 64 "sensitivity of an unknown parameter" "$tb" sensitivity --parameter pan.nothing
# A frame-cost recording: measured on a run, charged frame by frame on the virtual clock, the
# same on every replay; a missing recording is 66, a bad one 65 naming its line.
check "record a frame-cost profile" "$tb" replay "$tb_root/Traces/drag.touchtrace" --scene scroll --record-frame-cost "$work/costs.txt"
"$tb" replay "$tb_root/Traces/drag.touchtrace" --scene scroll --frame-cost "recorded:$work/costs.txt" --json "$work/cost-a.json" >/dev/null
"$tb" replay "$tb_root/Traces/drag.touchtrace" --scene scroll --frame-cost "recorded:$work/costs.txt" --json "$work/cost-b.json" >/dev/null
# Against each other, without budgets: a profile measured on a loaded machine may hitch, and a
# critical hitch budget would fail both runs alike (it did once here, 17 ms/s).
python3 -c 'import json, sys; t = json.load(open(sys.argv[1])); t["budgets"] = []; json.dump(t, open(sys.argv[2], "w"))' \
    "$tb_root/Benchmarks/thresholds.json" "$work/no-budgets.json"
expect_exit 0 "a recorded profile replayed twice compares clean" "$tb" compare "$work/cost-a.json" "$work/cost-b.json" --thresholds "$work/no-budgets.json"
expect_exit 66 "a missing frame-cost recording" "$tb" replay "$tb_root/Traces/drag.touchtrace" --scene scroll --frame-cost "recorded:$work/none.txt"
printf 'touchbench frame-cost 1\n1000\n-5\n' >"$work/bad-costs.txt"
expect_exit 65 "a negative frame cost" "$tb" bench --frame-cost "recorded:$work/bad-costs.txt"
cp "$work/err" "$work/bad-costs.err" # check's own 2> truncates err before grep reads it
check "... naming the file and line" grep -q "bad-costs.txt:3:" "$work/bad-costs.err"
# A recorded profile changes the run: 20 ms in every 10th frame (2.4 frames over a 120 Hz
# budget) against no profile drops frames, and compare names the hitch metrics.
{ echo "touchbench frame-cost 1"; for i in $(seq 1 400); do
      if [ $((i % 10)) -eq 0 ]; then echo 20000000; else echo 0; fi; done; echo "end 400"; } >"$work/heavy-costs.txt"
"$tb" replay "$tb_root/Traces/drag.touchtrace" --scene scroll --frame-cost "recorded:$work/heavy-costs.txt" --json "$work/cost-heavy.json" >/dev/null
expect_exit 1 "a recorded profile of heavy frames against none" "$tb" compare "$work/run-a.json" "$work/cost-heavy.json"
cp "$work/err" "$work/heavy.err"
check "... naming dropped_frames (0 → 30)" grep -qE "^regression: .*drag\.touchtrace · scroll: dropped_frames mean 0 → 30 frames" "$work/heavy.err"
check "... and the hitch time ratio" grep -qE "^regression: .*drag\.touchtrace · scroll: hitch_time_ratio_ms_per_s mean 0 → 165\.75 ms/s" "$work/heavy.err"
# The same costs at another path, with comments and CRLF, are the same setting: no regression
# and no other-settings warning (only the heavy profile's own critical hitch budget fails).
{ printf 'touchbench frame-cost 1\r\n# a copy\r\n'; sed -n '2,$p' "$work/heavy-costs.txt" | sed 's/$/\r/'; } >"$work/heavy-copy.txt"
"$tb" replay "$tb_root/Traces/drag.touchtrace" --scene scroll --frame-cost "recorded:$work/heavy-copy.txt" --json "$work/cost-copy.json" >/dev/null
expect_exit 1 "the same recorded costs at another path: its hitch budget only" "$tb" compare "$work/cost-heavy.json" "$work/cost-copy.json"
cp "$work/err" "$work/copy.err"
check "... no regression" bash -c "! grep -q '^regression:' '$work/copy.err' && grep -q '^budget: .*hitch time ratio' '$work/copy.err'"
check "... one setting (no other-settings warning)" bash -c "! grep -q 'other settings' '$work/copy.err'"

# The regressions of issue 13, through the CLI as a user would apply them: each is a bench of a
# small suite of the bundled traces (virtual clock) with the change as a parameter, and
# `compare` against the unchanged bench must exit 1 naming the metric in the entry it belongs
# to; a second unchanged bench compares clean. (docs/METRICS.md "Regressions the suite
# re-creates"; the Swift tests check the amounts.)
suite="$work/regressions"; mkdir -p "$suite"
for t in drag flick tap double-tap pause catch sidebar-catch menu-dismiss pencil-and-scrub; do ln -s "$tb_root/Traces/$t.touchtrace" "$suite/"; done
cat >"$suite/manifest.json" <<'JSON'
{"schema": "touchbench.suite/1", "traces": [
 {"file": "drag.touchtrace", "scenes": ["scroll"]}, {"file": "flick.touchtrace", "scenes": ["scroll", "pip"]},
 {"file": "tap.touchtrace", "scenes": ["button", "sheet"]}, {"file": "double-tap.touchtrace", "scenes": ["sheet"]},
 {"file": "pause.touchtrace", "scenes": ["home"]},
 {"file": "catch.touchtrace", "scenes": ["scroll"]}, {"file": "sidebar-catch.touchtrace", "scenes": ["sidebar"]},
 {"file": "menu-dismiss.touchtrace", "scenes": ["menu"]}, {"file": "pencil-and-scrub.touchtrace", "scenes": ["canvas"]}]}
JSON
bench_suite() { # bench_suite OUT ARGS...: the suite's result, whatever its budgets say
    local out="$1"; shift
    "$tb" bench "$suite" --thresholds "$tb_root/Benchmarks/thresholds.json" --repeat 1 --json "$out" "$@" >/dev/null 2>&1 || true
}
bench_suite "$work/reg-base.json"
bench_suite "$work/reg-again.json"
expect_exit 0 "regressions: the unchanged build compares equal to itself" "$tb" compare "$work/reg-base.json" "$work/reg-again.json"
regression() { # regression NAME ENTRY "METRIC..." BENCH-ARGS...: compare exits 1 naming each METRIC in ENTRY
    local name="$1" entry="$2" metrics="$3" metric; shift 3
    rm -f "$work/reg-new.json"
    bench_suite "$work/reg-new.json" "$@"
    expect_exit 1 "regression '$name'" "$tb" compare "$work/reg-base.json" "$work/reg-new.json"
    for metric in $metrics; do
        grep -qF "regression: $entry: $metric " "$work/err" \
            || { echo "FAIL regression '$name': compare does not name $metric in $entry" >&2; failures=$((failures + 1)); }
    done
}
regression "pan hysteresis 10 → 30 pt" "drag.touchtrace · scroll" dead_travel_pt --set pan.hysteresis=30
regression "scroll deceleration 0.998 → 0.99" "flick.touchtrace · scroll" projection_error_pt --set scroll.deceleration_rate=0.99
regression "PIP spring ζ 0.5, response doubled" "flick.touchtrace · pip" overshoot_pct \
    --set pip.damping_ratio=0.5 --set pip.response=1
regression "sheet springs ζ 0.5, responses doubled" "tap.touchtrace · sheet" overshoot_pct \
    --set sheet.open_damping_ratio=0.5 --set sheet.open_response=0.7 \
    --set sheet.dismiss_damping_ratio=0.5 --set sheet.dismiss_response=0.8
regression "button highlights on lift" "tap.touchtrace · button" feedback_ms --set button.highlight_on_touch_down=0
regression "double-tap timeout 300 → 500 ms" "tap.touchtrace · button" tap_delay_ms --set button.double_tap_timeout_ms=500
regression "timer pause detector" "pause.touchtrace · home" pause_response_ms --set home.pause_detector=timer
regression "catch removed" "catch.touchtrace · scroll" "catch_response_ms catch_velocity_jump_pt_per_s" \
    --set scroll.catches_moving_content=0
regression "one frame of lag" "drag.touchtrace · scroll" presented_lag_ms --set display.presentation_delay=3
# The other hand-offs (velocity continuity, issue 13): content that stops dead at the edge, and
# a sheet turned around that restarts its spring from rest.
regression "content stops dead at the edge" "flick.touchtrace · scroll" bounce_velocity_jump_pt_per_s \
    --set scroll.bounce_keeps_velocity=0
regression "a turned-around sheet restarts from rest" "double-tap.touchtrace · sheet" retarget_velocity_jump_pt_per_s \
    --set sheet.retarget_keeps_velocity=0
# Issue 18's broken variants, as a user reproduces them with --set: a sidebar and a menu that
# ignore input while they animate, a canvas scrubber locked while the pencil draws.
regression "a sidebar that ignores touches while it moves" "sidebar-catch.touchtrace · sidebar" intent_accuracy \
    --set sidebar.responds_while_animating=0
regression "a menu that swallows input while it opens" "menu-dismiss.touchtrace · menu" "intent_accuracy swallowed_inputs" \
    --set menu.responds_while_animating=0
regression "a scrubber locked while the pencil draws" "pencil-and-scrub.touchtrace · canvas" "intent_accuracy scrub_latency_ms" \
    --set canvas.scrubs_while_drawing=0
# 4 ms of CPU per frame: timing, so five repeats a side, judged under --timing-gate; busy work
# is not a setting, so the two results' timings are compared.
cpu="$work/cpu"; mkdir -p "$cpu"; ln -s "$tb_root/Traces/tap.touchtrace" "$cpu/"
printf '{"schema": "touchbench.suite/1", "traces": [{"file": "tap.touchtrace", "scenes": ["button"]}]}\n' >"$cpu/manifest.json"
"$tb" bench "$cpu" --thresholds "$tb_root/Benchmarks/thresholds.json" --repeat 5 --json "$work/cpu-base.json" >/dev/null 2>&1 || true
"$tb" bench "$cpu" --thresholds "$tb_root/Benchmarks/thresholds.json" --repeat 5 --frame-cost busy:4ms --json "$work/cpu-new.json" >/dev/null 2>&1 || true
expect_exit 1 "regression '4 ms of CPU per frame'" "$tb" compare "$work/cpu-base.json" "$work/cpu-new.json" --timing-gate
grep -qF "regression: tap.touchtrace · button: cpu_per_frame_us " "$work/err" \
    || { echo "FAIL regression '4 ms of CPU per frame': compare does not name cpu_per_frame_us: $(head -c 800 "$work/err")" >&2; failures=$((failures + 1)); }
