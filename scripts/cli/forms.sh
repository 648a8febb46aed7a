# Part of scripts/test-cli (sourced by it, in order: a part may use what an earlier one set up).
# Conversion between forms, windows and statistics on every form, the real recordings, exit codes
# and a damaged input part way.

# Every export form and back gives the same samples.
src="Traces/pinch.touchtrace"
for form in jsonl csv; do
    check "convert to $form" "$tb" convert "$src" -o "$work/p.$form"
    check "convert $form back" "$tb" convert "$work/p.$form" -o "$work/p-$form.touchtrace"
    check "$form round trip keeps every sample" same_samples "$src" "$work/p-$form.touchtrace"
done
check "convert to a Chrome trace" "$tb" convert "$src" -o "$work/p.json" --to chrome-trace
check "the Chrome trace is JSON with traceEvents" python3 -c "import json,sys; assert json.load(open(sys.argv[1]))['traceEvents']" "$work/p.json"

# Statistics and windows on a text form equal those on the container.
check "info --json of JSON Lines" "$tb" info "$work/p.jsonl" --json
python3 - "$work/out" <<'PY' || { echo "FAIL info of JSON Lines: wrong counts" >&2; failures=$((failures + 1)); }
import json, sys
info = json.load(open(sys.argv[1]))
assert info["form"] == "jsonl" and info["samples"] == 142 and info["contacts"] == 2, info
PY
"$tb" cat "$src" --from 100ms --to 300ms | grep -v '"touchtrace"' >"$work/w1"
"$tb" cat "$work/p.jsonl" --from 100ms --to 300ms | grep -v '"touchtrace"' >"$work/w2"
check "windows agree across forms" cmp -s "$work/w1" "$work/w2"
check "the window is not empty" test -s "$work/w1"
# Times on the command line are decimal text to the nanosecond (a Double held 2^53 + 1 as 2^53).
printf '{"t":9007199254740992,"kind":"marker","label":"a"}\n{"t":9007199254740993,"kind":"marker","label":"b"}\n' >"$work/ns.jsonl"
check "a window from 9007199254740993ns" "$tb" cat "$work/ns.jsonl" --from 9007199254740993ns
check "the window starts at that nanosecond" test "$(grep -c '"kind"' "$work/out")" = 1
check "a window from 9007199254.740993ms" "$tb" cat "$work/ns.jsonl" --from 9007199254.7409925ms
check "halves round up" test "$(grep -c '"kind"' "$work/out")" = 1
expect_exit 64 "a hexadecimal time" "$tb" cat "$work/ns.jsonl" --from 0x1p-1s
expect_exit 64 "a time past Int64" "$tb" cat "$work/ns.jsonl" --from 9223372036854775808ns
# A window's bounds are rounded up (from <= t < to keeps exactly the samples within them as
# written), and may be negative, as sample times may (hostile tester, 5 December).
printf '{"t":-1000000000,"kind":"marker","label":"n"}\n{"t":0,"kind":"marker","label":"z"}\n{"t":500000000,"kind":"marker","label":"h"}\n{"t":600000000,"kind":"marker","label":"s"}\n' >"$work/win.jsonl"
window_labels() { "$tb" cat "$work/win.jsonl" "$@" | grep -o '"label":"[a-z]"' | cut -d'"' -f4 | tr -d '\n'; }
check "--from 0.4999999999s keeps 0.5 s, not 0" test "$(window_labels --from 0.4999999999s)" = hs
check "--from 0.4999999999 (ns) leaves out 0" test "$(window_labels --from 0.4999999999)" = hs
check "--to 0.6000000004s keeps 0.6 s" test "$(window_labels --from 0 --to 0.6000000004s)" = zhs
check "--to 0.6s leaves out 0.6 s" test "$(window_labels --from 0 --to 0.6s)" = zh
check "a negative window" test "$(window_labels --from -1s --to -0.5s)" = n
check "--to -0.0000000001s leaves out 0" test "$(window_labels --to -0.0000000001s)" = n
expect_exit 64 "a sign in a duration" "$tb" record --evdev /dev/null -o "$work/x.touchtrace" --duration -1s
# Numbers on the command line are decimal: Double(_:) read 0x10 as 16 and took inf and nan.
expect_exit 64 "a hexadecimal --duration" "$tb" synth mixed-session --duration 0x10 -o "$work/x.touchtrace"
expect_exit 64 "a hexadecimal --refresh" "$tb" replay "$src" --scene scroll --refresh 0x78
expect_exit 64 "a hexadecimal --set value" "$tb" replay "$src" --scene scroll --set pan.hysteresis=0x10
expect_exit 64 "a hexadecimal --speed" "$tb" synth pip-throw --speed 0x100-0x200 -o "$work/x.touchtrace"
check "an exponent is a decimal number" "$tb" replay "$src" --scene scroll --set pan.hysteresis=1e1

# Real recordings: convert, verify, evemu round trip, gestures.
data="$tb_root/../shared/data/evemu"
if [ -d "$data" ]; then
    for events in "$data"/*.events "$data"/*.evemu; do
        name="$(basename "$events")"
        check "convert $name" "$tb" convert "$events" -o "$work/r.touchtrace"
        check "verify $name" "$tb" verify "$work/r.touchtrace"
        check "export $name to evemu" "$tb" convert "$work/r.touchtrace" -o "$work/r.events"
        check "import $name's export" "$tb" convert "$work/r.events" -o "$work/r2.touchtrace"
        check "$name survives evemu export and import" same_samples "$work/r.touchtrace" "$work/r2.touchtrace"
        check "gestures on $name" "$tb" gestures "$work/r.touchtrace" --json
    done
    "$tb" gestures "$data/Wacom_ISDv4_E6_Finger.double-tap-center.events" --json >"$work/g.json"
    check "the real double tap is one double tap" python3 -c "
import json,sys; g=json.load(open(sys.argv[1]))
assert sum(1 for e in g if e['gesture']=='doubleTap' and e['state']=='recognized')==1, g" "$work/g.json"
else
    echo "(../shared/data is absent: real-recording checks skipped)"
fi

# Exit codes of DESIGN.md.
expect_exit 66 "a missing input" "$tb" convert "$work/missing.events" -o "$work/x.touchtrace"
expect_exit 64 "an unknown form" "$tb" convert "$src" -o "$work/x.touchtrace" --from nonsense
expect_exit 64 "an unknown scene" "$tb" replay "$src" --scene nonsense
expect_exit 64 "synth --speed for a family that ignores it" "$tb" synth menu-select --speed 100-200 -o "$work/x.touchtrace"
expect_exit 64 "synth --duration for a family that ignores it" "$tb" synth menu-select --duration 10 -o "$work/x.touchtrace"
expect_exit 74 "an output that cannot be written" "$tb" convert "$src" -o "$work/no/such/dir/x.touchtrace"
printf '{"t":0,"kind":"touch"}\n' >"$work/bad.jsonl"
expect_exit 65 "a malformed line" "$tb" convert "$work/bad.jsonl" -o "$work/x.touchtrace"
# A damaged input part way: what was recognized before the damage stays on standard output
# (the last 64 KiB were held in the output buffer and lost on the error exit).
"$tb" synth mixed-session --seed 4 --duration 20 -o "$work/m20.touchtrace" >/dev/null 2>&1
"$tb" cat "$work/m20.touchtrace" >"$work/m20.jsonl"
"$tb" gestures "$work/m20.jsonl" >"$work/g-intact.txt"
awk 'NR == 6000 { print "{\"t\": oops}"; next } { print }' "$work/m20.jsonl" >"$work/m20-bad.jsonl"
set +e; "$tb" gestures "$work/m20-bad.jsonl" >"$work/g-bad.txt" 2>"$work/g-bad.err"; got=$?; set -e
check "gestures over a bad line exits 65" test "$got" = 65
check "... naming the line" grep -q "m20-bad.jsonl:6000:" "$work/g-bad.err"
check "... after writing the events before it" test "$(wc -l <"$work/g-bad.txt")" -gt 50
check "... exactly as the intact run wrote them" cmp -s "$work/g-bad.txt" <(head -n "$(wc -l <"$work/g-bad.txt")" "$work/g-intact.txt")
head -c 300 "$src" >"$work/cut.touchtrace"
expect_exit 65 "a truncated trace" "$tb" verify "$work/cut.touchtrace"
expect_exit 0 "repairing it" "$tb" verify "$work/cut.touchtrace" --repair "$work/fixed.touchtrace"

# A value that rounds to zero prints as 0, never -0 (pause's edge pan moved "(-0.0, -2.6)").
"$tb" gestures Traces/pause.touchtrace --verbose >"$work/g-pause.txt"
check "gestures prints no negative zero" test -z "$(grep -E -- '-0(\.0+)?[,)/ ]' "$work/g-pause.txt" || true)"
check "... and still prints negative numbers" grep -qE -- '[(, ]-[0-9.]*[1-9]' "$work/g-pause.txt"
