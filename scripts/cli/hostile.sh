# Part of scripts/test-cli (sourced by it, in order: a part may use what an earlier one set up).
# The hostile inputs of issue 15 and the hostile rounds after it: the table of files with exit
# code, time and memory bounds, real-world text, hostile numbers.

# Hostile inputs (issue 15), on the release binary since the bounds are a user's: each row
# gives the exit code, a time bound (s) and a peak-memory bound (MB); every input must be
# unchanged afterwards and no output may be left half-written.
rtb="$(tb_release_touchbench)"
h="$work/hostile"; o="$work/hostile-out"
mkdir -p "$h" "$o"
"$rtb" convert "$tb_root/Traces/double-tap.touchtrace" -o "$work/recording.evemu" 2>/dev/null
python3 scripts/hostile-inputs "$h" "$src" "$work/recording.evemu"
# Issue 15: the evdev text forms cut inside their last event line (no LF), the same without
# that line, and cut inside their first event line (nothing else to read).
for ext in evemu getevent yml; do
    "$rtb" convert "$tb_root/Traces/double-tap.touchtrace" -o "$work/whole.$ext" 2>/dev/null
    python3 - "$work/whole.$ext" "$h" "$ext" <<'PY'
import re, sys
whole, out, ext = sys.argv[1:]
event = {"evemu": r"[ \t]*E:", "getevent": r"[ \t]*\[", "yml": r"[ \t]*- +\["}[ext]
lines = open(whole).read().split("\n")
events = [i for i, line in enumerate(lines) if re.match(event, line)]
last, first = events[-1], events[0]
open(f"{out}/before.{ext}", "w").write("\n".join(lines[:last]) + "\n")
open(f"{out}/cut.{ext}", "w").write("\n".join(lines[:last]) + "\n" + lines[last][:len(lines[last]) * 2 // 3])
open(f"{out}/only-cut.{ext}", "w").write("\n".join(lines[:first]) + "\n" + lines[first][:len(lines[first]) * 2 // 3])
open(f"{out}/cut-lines.{ext}", "w").write(f"{last + 1} {first + 1}\n")
PY
done
before="$(cd "$h" && sha256sum * | sha256sum)"
hostile() { # hostile CODE SECONDS MB NAME COMMAND...
    local code="$1" seconds="$2" megabytes="$3" name="$4"; shift 4
    set +e
    timeout 60 /usr/bin/time -f '%e %M' -o "$work/usage" "$@" >"$work/hout" 2>"$work/err"
    local got=$?
    set -e
    local elapsed rss
    read -r elapsed rss < <(tail -n 1 "$work/usage")
    if [ "$got" -ne "$code" ]; then
        echo "FAIL hostile $name: exit $got, expected $code ($(head -c 200 "$work/err"))" >&2
        failures=$((failures + 1))
    elif [ "$code" -ne 0 ] && [ "$(grep -cv '^warning' "$work/err")" -ne 1 ]; then
        echo "FAIL hostile $name: exit $code needs one sentence on stderr, got: $(head -c 300 "$work/err")" >&2
        failures=$((failures + 1))
    elif awk -v e="$elapsed" -v s="$seconds" 'BEGIN { exit !(e > s) }'; then
        echo "FAIL hostile $name: took ${elapsed} s (bound ${seconds} s)" >&2
        failures=$((failures + 1))
    elif [ "$rss" -gt $((megabytes * 1024)) ]; then
        echo "FAIL hostile $name: peak memory $((rss / 1024)) MB (bound ${megabytes} MB)" >&2
        failures=$((failures + 1))
    fi
}
# The container: hostile numbers behind valid checksums, and a quadratic-scan bait.
hostile 65 2 64 "verify, huge index offset" "$rtb" verify "$h/huge-index-offset.touchtrace"
hostile 0 2 64 "info, huge index offset (recovered)" "$rtb" info "$h/huge-index-offset.touchtrace"
hostile 0 2 64 "cat, huge index offset (recovered)" "$rtb" cat "$h/huge-index-offset.touchtrace"
hostile 65 2 64 "verify, chunk time range over Int64" "$rtb" verify "$h/wide-chunk-time.touchtrace"
hostile 0 2 64 "cat, chunk time range over Int64 (nothing recovered, warned)" "$rtb" cat "$h/wide-chunk-time.touchtrace"
hostile 65 2 64 "verify, 1 MB of damaged chunks" "$rtb" verify "$h/damaged-chunks.touchtrace"
hostile 65 2 64 "verify, 1 MB of chunk magics" "$rtb" verify "$h/magic-flood.touchtrace"
hostile 0 2 64 "repair, 1 MB of damaged chunks" "$rtb" verify "$h/damaged-chunks.touchtrace" --repair "$o/repaired.touchtrace"
# Times and geometry.
for f in time-max time-min time-span; do
    hostile 65 2 64 "replay $f" "$rtb" replay "$h/$f.jsonl" --scene scroll
    hostile 65 2 64 "gestures $f" "$rtb" gestures "$h/$f.jsonl"
done
hostile 0 2 64 "replay of a 146-year trace skips the idle time" "$rtb" replay "$h/time-long.jsonl" --scene scroll
hostile 65 2 64 "replay of a 292-year trace is refused" "$rtb" replay "$h/time-wide.jsonl" --scene scroll
cp "$work/err" "$o/e"; check "... saying it spans more than 146 years" grep -q "spans more than 2^62 − 1 ns (about 146 years) from its first sample" "$o/e"
hostile 0 2 64 "velocity of one contact spanning the time range" "$rtb" velocity "$h/span-touch.jsonl"
hostile 0 2 64 "gestures of one contact spanning the time range" "$rtb" gestures "$h/span-touch.jsonl"
for scene in scroll pip home button sheet pinch pointer menu board sidebar canvas press; do
    for span in touch pointer scroll; do
        hostile 65 2 64 "replay of a $span spanning the time range ($scene)" "$rtb" replay "$h/span-$span.jsonl" --scene "$scene"
    done
done
hostile 65 2 64 "a time one past the range" "$rtb" info "$h/past-limit.jsonl"
hostile 65 2 64 "info, screen width 1e308" "$rtb" info "$h/huge-screen.jsonl"
hostile 65 2 64 "replay --scene pointer, screen width 1e308" "$rtb" replay "$h/huge-screen.jsonl" --scene pointer
hostile 65 2 64 "negative times to evemu" "$rtb" convert "$h/negative-times.jsonl" -o "$o/x.evemu"
hostile 65 2 64 "negative epoch to evemu" "$rtb" convert "$h/negative-epoch.jsonl" -o "$o/x.evemu"
hostile 65 2 64 "pointer events, negative timeOrigin, to evemu" "$rtb" convert "$h/negative-origin.json" -o "$o/x.evemu"
# A radius beyond the largest screen side is outside the model's range (it trapped the plan).
hostile 65 2 64 "JSON Lines radius 1e12 to evemu" "$rtb" convert "$h/huge-radius.jsonl" -o "$o/x.evemu"
hostile 65 2 64 "pointer height 1e12 to evemu" "$rtb" convert "$h/huge-radius-pointer.json" -o "$o/x.evemu"
# Labels and names with control characters or noncharacters, values outside their ranges.
for f in control-label.jsonl nonchar-device.jsonl control-label.csv negative-force.jsonl steep-altitude.csv; do
    hostile 65 2 64 "convert $f" "$rtb" convert "$h/$f" -o "$o/x.touchtrace"
    cp "$work/err" "$o/e"; check "... names the file and line ($f)" grep -Eq "^$h/$f:[0-9]+: " "$o/e"
done
hostile 0 2 64 "inverted evdev axes to evemu" "$rtb" convert "$h/inverted-axes.jsonl" -o "$o/inverted.evemu"
check "... no axis has its minimum above its maximum" awk '/^A: / && $3 > $4 { bad = 1 } END { exit bad }' "$o/inverted.evemu"
hostile 0 2 64 "... and it reads back" "$rtb" convert "$o/inverted.evemu" -o "$o/x.touchtrace"
# Real-world text: Windows line ends, byte-order marks, control bytes, nothing to import.
for f in crlf-with-desc.evemu crlf.getevent crlf.csv bom.csv bom.jsonl crlf.jsonl; do
    hostile 0 2 64 "convert $f" "$rtb" convert "$h/$f" -o "$o/x.touchtrace"
done
"$rtb" convert "$h/crlf-with-desc.evemu" -o "$o/crlf.jsonl" 2>/dev/null
"$rtb" convert "$h/with-desc.evemu" -o "$o/lf.jsonl" 2>/dev/null
check "CRLF evemu gives the samples LF evemu gives" cmp -s <(grep -v touchtrace "$o/crlf.jsonl") <(grep -v touchtrace "$o/lf.jsonl")
check "... and they are not none" test "$(grep -vc touchtrace "$o/lf.jsonl")" -gt 10
hostile 0 2 64 "evemu with its own description and --desc" "$rtb" convert "$h/with-desc.evemu" --desc "$h/crlf.desc" -o "$o/x.touchtrace"
hostile 0 2 64 "CRLF evemu events with a CRLF --desc" "$rtb" convert "$h/crlf.events" --desc "$h/crlf.desc" -o "$o/x.touchtrace"
for f in stray-cr.jsonl nul.jsonl nul.events empty-samples.csv comments-only.events empty.jsonl metadata-only.jsonl tiny-mapping.evemu; do
    hostile 65 2 64 "convert $f" "$rtb" convert "$h/$f" -o "$o/x.touchtrace"
done
hostile 65 2 64 "one 50 MB evemu line" "$rtb" convert "$h/long-line.events" -o "$o/x.touchtrace"
hostile 65 2 64 "an 8 MB CSV header" "$rtb" convert "$h/long-header.csv" -o "$o/x.touchtrace"
# The JSON Lines line limit is exact; a cut CR LF line, a lone CR and a NUL-filled tail read
# every complete line (the tail reported); pointer events refuse wild times and values
# naming the event and read a tap written up-before-down at one timeStamp as one tap.
hostile 0 2 64 "a JSON Lines line of exactly 1 MiB" "$rtb" convert "$h/line-at-limit.jsonl" -o "$o/x.touchtrace"
hostile 65 2 64 "a JSON Lines line of 1 MiB and one byte" "$rtb" convert "$h/line-over-limit.jsonl" -o "$o/x.touchtrace"
cp "$work/err" "$o/e"; check "... names the file and line" grep -q "^$h/line-over-limit.jsonl:2: is longer than 1048576 bytes" "$o/e"
for f in cut-at-cr.jsonl lone-cr.jsonl nul-tail.jsonl; do
    hostile 0 2 64 "convert $f" "$rtb" convert "$h/$f" -o "$o/$f"
    cp "$work/err" "$o/e.$f"
    check "... keeps both samples of $f" test "$(grep -c '"kind":"touch"' "$o/$f")" -eq 2
done
check "... warns of no cut for a cut CR or a lone CR" test "$(cat "$o/e.cut-at-cr.jsonl" "$o/e.lone-cr.jsonl" | grep -c '^warning')" -eq 0
check "... and reports the NUL-filled tail" grep -q "^warning: $h/nul-tail.jsonl:3: ends with a cut line followed by 8192 NUL bytes" "$o/e.nul-tail.jsonl"
hostile 0 2 64 "pointer up before down at one timeStamp" "$rtb" convert "$h/reversed-tap.json" -o "$o/reversed.jsonl"
check "... is one tap, down first" test "$(grep -o '"phase":"[a-z]*"' "$o/reversed.jsonl" | tr '\n' ' ')" = '"phase":"began" "phase":"ended" '
for f in huge-origin wild-first-stamp pressure-2 buttons-2-40; do
    hostile 65 2 64 "pointer events $f" "$rtb" convert "$h/$f.json" -o "$o/x.touchtrace"
    cp "$work/err" "$o/e.$f"; check "... names the file and what ($f)" grep -Eq "^$h/$f.json: (event [12]|timeOrigin)" "$o/e.$f"
done
check "a wild first timeStamp is event 1" grep -q "^$h/wild-first-stamp.json: event 1: timeStamp" "$o/e.wild-first-stamp"
# Exports touchbench could not read back are refused, naming the input, and nothing is written.
# An empty container: the repair of a file cut before its first chunk (record of an empty
# input is refused since hostile report 17, and leaves the previous output as it was).
: >"$o/empty.ev"
echo previous >"$o/kept.touchtrace"
hostile 65 2 64 "record of an empty file" "$rtb" record --evdev "$o/empty.ev" --desc "$h/crlf.desc" -o "$o/kept.touchtrace"
check "... leaves the previous output" test "$(cat "$o/kept.touchtrace")" = previous
head -c 300 "$tb_root/Traces/tap.touchtrace" >"$o/header-only.touchtrace"
"$rtb" verify "$o/header-only.touchtrace" --repair "$o/empty.touchtrace" >/dev/null 2>&1 || true
check "the repair of a header is an empty container" test "$("$rtb" info "$o/empty.touchtrace" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["samples"])')" = 0
for f in jsonl csv evemu yml getevent; do
    hostile 65 2 64 "an empty container to $f" "$rtb" convert "$o/empty.touchtrace" -o "$o/empty.$f"
    cp "$work/err" "$o/e"; check "... names the input" grep -q "^$o/empty.touchtrace: holds no samples" "$o/e"
    check "... writes no $f file" test ! -e "$o/empty.$f"
done
hostile 0 2 64 "an empty container to a container" "$rtb" convert "$o/empty.touchtrace" -o "$o/empty-copy.touchtrace"
for f in evemu yml getevent csv; do
    hostile 65 2 64 "a 1 MiB metadata line to $f" "$rtb" convert "$h/long-metadata.jsonl" -o "$o/long.$f"
    check "... writes no $f file" test ! -e "$o/long.$f"
done
hostile 65 2 64 "a marker label that doubles past 1 MiB in CSV" "$rtb" convert "$h/long-marker.evemu" -o "$o/long-marker.csv"
check "... writes no CSV file" test ! -e "$o/long-marker.csv"
hostile 0 2 64 "... fits evemu" "$rtb" convert "$h/long-marker.evemu" -o "$o/long-marker.evemu"
# evdev times beyond the ±(2^62 − 1) ns every trace keeps; a recording joined to itself (held times are said).
hostile 65 2 64 "getevent times beyond 2^62 − 1 ns" "$rtb" info "$h/late.getevent"
cp "$work/err" "$o/e"; check "... names the file and line" grep -q "^$h/late.getevent:1: " "$o/e"
hostile 0 2 64 "a recording joined to itself" "$rtb" convert "$h/joined.evemu" -o "$o/joined.jsonl"
cp "$work/err" "$o/e"; check "... says how many events went back in time" grep -Eq "^warning: .*joined.evemu: [0-9 ]+ events went back in time and were held" "$o/e"
for form in evemu yml getevent; do
    hostile 0 2 64 "100 fingers at once to $form" "$rtb" convert "$h/many-touches.jsonl" -o "$o/many.$form"
    cp "$work/err" "$o/e"; check "... counts the 108 samples no slot holds" grep -q "^108 contact samples finding every slot taken" "$o/e"
    hostile 0 2 64 "a position past 2^31 axis units to $form" "$rtb" convert "$h/far-position.jsonl" -o "$o/far.$form"
    cp "$work/err" "$o/e"; check "... counts the clamped position" grep -q "^1 positions beyond the 32-bit axis units" "$o/e"
done
# Hostile report lows: leniencies refused naming file and line, record agreeing with the import.
hostile 65 2 64 "CSV x 0x10 (numbers are decimal)" "$rtb" convert "$h/hex.csv" -o "$o/x.touchtrace"
cp "$work/err" "$o/e"; check "... names the file and line" grep -q "^$h/hex.csv:2: x \"0x10\" is not a finite decimal number" "$o/e"
hostile 0 2 64 "plain libinput YAML" "$rtb" convert "$h/plain.yml" -o "$o/x.touchtrace"
for f in dup-key:3 alias:1 binary:5 second-doc:32; do
    hostile 65 2 64 "libinput YAML ${f%:*}" "$rtb" convert "$h/${f%:*}.yml" -o "$o/x.touchtrace"
    cp "$work/err" "$o/e"; check "... names the file and line (${f%:*})" grep -q "^$h/${f%:*}.yml:${f#*:}: " "$o/e"
done
hostile 65 2 64 "evemu with a lone N: line and --desc" "$rtb" convert "$h/name-only.events" --desc "$h/crlf.desc" -o "$o/x.touchtrace"
cp "$work/err" "$o/e"; check "... names its line" grep -q "^$h/name-only.events:1: the recording holds a partial device description" "$o/e"
hostile 0 2 64 "evemu with a lone N: line alone (the observed device)" "$rtb" convert "$h/name-only.events" -o "$o/x.touchtrace"
for ext in evemu getevent yml; do
    read -r last first < "$h/cut-lines.$ext"
    hostile 0 2 64 "$ext cut inside its last event line" "$rtb" convert "$h/cut.$ext" -o "$o/cut.jsonl"
    cp "$work/err" "$o/e"
    check "... warns once naming the line ($ext)" grep -qx "warning: $h/cut.$ext:$last: ends with a cut event line (no line feed; the writer may have died): every complete line before it was read." "$o/e"
    check "... one warning ($ext)" test "$(grep -c '^warning' "$o/e")" -eq 1
    "$rtb" convert "$h/before.$ext" -o "$o/before.jsonl" 2>/dev/null
    check "... reads the samples of the file without that line ($ext)" cmp -s "$o/cut.jsonl" "$o/before.jsonl"
    hostile 65 2 64 "$ext whose only event line is cut" "$rtb" convert "$h/only-cut.$ext" -o "$o/x.touchtrace"
    cp "$work/err" "$o/e"; check "... says the event line is cut ($ext)" grep -q "^$h/only-cut.$ext:$first: the file holds no input .* (its last event line is cut)" "$o/e"
done
hostile 65 2 64 "record --desc with a lone N: line" "$rtb" record --evdev "$h/max-x.bin" --desc "$h/lone-name.desc" -o "$o/r.touchtrace"
cp "$work/err" "$o/e"; check "... names the description and its line" grep -q "^$h/lone-name.desc:1: holds a partial device description" "$o/e"
for f in max-x slot-max; do
    hostile 65 2 64 "record of $f records" "$rtb" record --evdev "$h/$f.bin" --desc "$h/unresolved.desc" -o "$o/$f.touchtrace"
    cp "$work/err" "$o/e"
    hostile 65 2 64 "... the evemu import of the same events" "$rtb" convert "$h/$f.evemu" -o "$o/x.touchtrace"
    cp "$work/err" "$o/e2"
done
check "... both say there are no samples" grep -q "holds no input samples that touchbench can read as input_event records" "$o/e"
check "... as the import does" grep -q "holds no input samples that touchbench can read as evemu" "$o/e2"
hostile 65 2 64 "record, negative seconds" "$rtb" record --evdev "$h/negative-seconds.bin" --desc "$h/unresolved.desc" -o "$o/r.touchtrace"
cp "$work/err" "$o/e"; check "... says the seconds are negative" grep -q "the record's time has -5 seconds; a timeval's seconds are never negative" "$o/e"
hostile 65 2 64 "record, seconds past 2^62 ns" "$rtb" record --evdev "$h/late-seconds.bin" --desc "$h/unresolved.desc" -o "$o/r.touchtrace"
cp "$work/err" "$o/e"; check "... says the time is out of range" grep -q "lies outside the accepted ±(2^62 − 1) ns" "$o/e"
for form in evemu yml getevent; do
    hostile 0 2 64 "a pencil lying flat to $form" "$rtb" convert "$h/flat-pencil.jsonl" -o "$o/flat.$form"
    cp "$work/err" "$o/e"; check "... counts it" grep -q "^1 pencil samples lying flatter than the tilt axes can say" "$o/e"
done
