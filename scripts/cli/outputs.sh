# Part of scripts/test-cli (sourced by it, in order: a part may use what an earlier one set up).
# Outputs: never over an input or a device, always complete, standard output written through,
# writers killed part way.

# Outputs: never over an input, never replacing a device, always complete.
cp "$src" "$o/a.touchtrace"; ln -sf a.touchtrace "$o/link.touchtrace"
hostile 64 2 64 "convert a file onto itself" "$rtb" convert "$o/a.touchtrace" -o "$o/a.touchtrace"
hostile 64 2 64 "repair a file onto itself" "$rtb" verify "$o/a.touchtrace" --repair "$o/a.touchtrace"
hostile 64 2 64 "repair to standard output" sh -c "cd '$o' && '$rtb' verify a.touchtrace --repair -"
check "... writes no file named -" test ! -e "$o/-"
hostile 64 2 64 "convert onto the input through a link" "$rtb" convert "$o/link.touchtrace" -o "$o/a.touchtrace"
check "the input survives" cmp -s "$src" "$o/a.touchtrace"
mkfifo "$o/fifo"
hostile 66 2 64 "info of a FIFO" "$rtb" info "$o/fifo"
hostile 66 2 64 "convert of a FIFO" "$rtb" convert "$o/fifo" -o "$o/x.touchtrace"
hostile 66 2 64 "convert of a FIFO as evemu" "$rtb" convert "$o/fifo" --from evemu -o "$o/x.touchtrace"
hostile 74 2 64 "a directory as output" "$rtb" convert "$src" -o "$o" --to jsonl
hostile 74 7 64 "a FIFO that no program reads as output (refused after 5 s)" "$rtb" convert "$src" -o "$o/fifo" --to jsonl
cp "$work/err" "$o/e"; check "... says to start its reader" grep -q "no program began reading within 5 s; start its reader first" "$o/e"
# Standard output named as the output is written through, never renamed over: an appended log
# keeps its lines, a deleted one is not brought back as a file, no sidecar lands beside it.
"$rtb" convert "$src" -o "$o/direct.jsonl" --to jsonl 2>/dev/null
echo keep >"$o/log.txt"
hostile 0 2 64 "-o /dev/stdout appended to a log" sh -c "'$rtb' convert '$src' -o /dev/stdout --to jsonl >>'$o/log.txt'"
check "... keeps the log's line and appends the output" sh -c "{ echo keep; cat '$o/direct.jsonl'; } | cmp -s - '$o/log.txt'"
ln -sf /proc/self/fd/1 "$o/stdout-link"
hostile 0 2 64 "-o a link to a deleted standard output" sh -c "exec >'$o/deleted.txt'; rm '$o/deleted.txt'; '$rtb' convert '$src' -o '$o/stdout-link' --to jsonl"
check "... leaves the link a link" test -L "$o/stdout-link"
hostile 0 2 64 "-o /dev/stdout as CSV" sh -c "'$rtb' convert '$src' -o /dev/stdout --to csv >'$o/stdout.csv'"
check "... writes the CSV there" grep -q "^t_ns,kind,phase" "$o/stdout.csv"
check "... and no sidecar in /dev" test ! -e /dev/stdout.metadata.json
if mknod "$o/no-driver" c 60 0 2>/dev/null; then
    # Major 60 is for local use: no driver answers, the open fails with ENXIO as a FIFO's does.
    hostile 74 1 64 "a device without a driver as output (refused at once)" "$rtb" convert "$src" -o "$o/no-driver" --to jsonl
fi
(sleep 0.3; timeout 10 cat "$o/fifo" > "$o/from-fifo.jsonl") &
hostile 0 4 64 "a FIFO output whose reader starts 0.3 s late" "$rtb" convert "$src" -o "$o/fifo" --to jsonl
wait $!
"$rtb" convert "$src" -o "$o/direct.jsonl" --to jsonl 2>/dev/null
check "... receives the whole output" cmp -s "$o/from-fifo.jsonl" "$o/direct.jsonl"
if [ -w /dev/full ]; then
    for form in evemu jsonl touchtrace; do
        hostile 74 2 64 "-o /dev/full as $form" "$rtb" convert "$src" -o /dev/full --to "$form"
    done
    check "/dev/full is still a device" test -c /dev/full
    for command in "info $src --json" "gestures $src --json" "velocity $src" "cat $src"; do
        set +e; $rtb $command >/dev/full 2>"$work/err"; got=$?; set -e
        [ "$got" -eq 74 ] || { echo "FAIL hostile '$command' >/dev/full: exit $got, expected 74" >&2; failures=$((failures + 1)); }
    done
fi
# A reader that stops early is a failed write (74), not a death by SIGPIPE; a closed standard
# output fails only a command that prints to it.
"$rtb" synth session --duration 120 -o "$o/pipe.touchtrace" 2>/dev/null
for command in "cat $o/pipe.touchtrace" "convert $o/pipe.touchtrace -o - --to jsonl"; do
    set +e; $rtb $command 2>"$work/err" | head -c 1 >/dev/null; got=${PIPESTATUS[0]}; set -e
    [ "$got" -eq 74 ] || { echo "FAIL hostile '$command | head -c 1': exit $got, expected 74" >&2; failures=$((failures + 1)); }
done
set +e; "$rtb" convert "$src" -o "$o/closed.jsonl" >&- 2>/dev/null; got=$?; "$rtb" info "$src" >&- 2>/dev/null; got2=$?; set -e
[ "$got" -eq 0 ] && [ "$got2" -eq 74 ] || { echo "FAIL hostile stdout closed: convert -o FILE exit $got (expected 0), info exit $got2 (expected 74)" >&2; failures=$((failures + 1)); }
"$rtb" convert "$src" -o "$o/good.touchtrace" 2>/dev/null
cp "$o/good.touchtrace" "$o/good.before"
hostile 65 2 64 "a failed convert keeps the previous output" "$rtb" convert "$h/nul.jsonl" -o "$o/good.touchtrace"
check "the previous output is intact" cmp -s "$o/good.touchtrace" "$o/good.before"
check "no partial file is left behind" test -z "$(ls "$o" | grep partial || true)"
# A CSV's metadata sidecar follows the same rules as the CSV: kept with the previous CSV when
# a convert fails, never created beside a device, never one of the inputs.
"$rtb" convert "$src" -o "$o/p.csv" 2>/dev/null
cp "$o/p.csv.metadata.json" "$o/p.sidecar.before"
hostile 65 2 64 "a failed convert to CSV keeps the previous sidecar" "$rtb" convert "$h/nul.jsonl" -o "$o/p.csv"
check "the previous sidecar is intact" cmp -s "$o/p.csv.metadata.json" "$o/p.sidecar.before"
rm -f /dev/null.metadata.json 2>/dev/null || true
hostile 0 2 64 "CSV to /dev/null" "$rtb" convert "$src" -o /dev/null --to csv
check "no sidecar is created beside /dev/null" test ! -e /dev/null.metadata.json
hostile 64 2 64 "a CSV converted onto its own sidecar" "$rtb" convert "$o/p.csv" -o "$o/p.csv.metadata.json" --to jsonl
check "the CSV's sidecar survives" cmp -s "$o/p.csv.metadata.json" "$o/p.sidecar.before"
"$rtb" cat "$src" >"$o/m.csv.metadata.json"
cp "$o/m.csv.metadata.json" "$o/m.before"
hostile 64 2 64 "a CSV whose sidecar would be the input" "$rtb" convert "$o/m.csv.metadata.json" --from jsonl -o "$o/m.csv"
check "the input named like a sidecar survives" cmp -s "$o/m.csv.metadata.json" "$o/m.before"
cp "$tb_root/Traces/double-tap.touchtrace" "$o/r.touchtrace"; : >"$o/r.events"
"$rtb" convert "$src" -o "$o/r.evemu" 2>/dev/null
grep -v '^E:' "$o/r.evemu" | grep -v '^# TouchBench' >"$o/r.desc"; cp "$o/r.desc" "$o/r.desc.before"
hostile 64 2 64 "record onto its --desc" "$rtb" record --evdev "$o/r.events" --desc "$o/r.desc" -o "$o/r.desc"
hostile 64 2 64 "record onto its --evdev input" "$rtb" record --evdev "$o/r.events" --desc "$o/r.desc" -o "$o/r.events"
check "record's inputs survive" cmp -s "$o/r.desc" "$o/r.desc.before"
# A record refused before its first sample (a record with negative seconds) writes nothing:
# the previous output stays as it was (hostile report 16 H4).
python3 -c "import struct; open('$o/neg.bin','wb').write(struct.pack('<qqHHi',1,0,3,0x39,1)+struct.pack('<qqHHi',1,-1,0,0,0))"
cp "$o/r.touchtrace" "$o/r.previous"
hostile 65 2 64 "record refused before its first sample" "$rtb" record --evdev "$o/neg.bin" --desc "$o/r.desc" -o "$o/r.touchtrace"
cp "$work/err" "$o/e"; check "... says nothing was written" grep -q "was not written" "$o/e"
check "... and the previous output is intact" cmp -s "$o/r.touchtrace" "$o/r.previous"
# A writer killed mid-line: every complete line reads back, the cut one is reported.
"$rtb" cat "$src" >"$o/whole.jsonl"
head -c "$(( $(wc -c <"$o/whole.jsonl") - 40 ))" "$o/whole.jsonl" >"$o/cut.jsonl"
hostile 0 2 64 "convert a JSON Lines file cut mid-line" "$rtb" convert "$o/cut.jsonl" -o "$o/cut.touchtrace"
cp "$work/err" "$work/cut.err"
check "the cut line is reported" grep -q "cut line" "$work/cut.err"
check "every complete line is kept" test "$("$rtb" info "$o/cut.touchtrace" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["samples"])')" = "$(( $(wc -l <"$o/whole.jsonl") - 2 ))"
for command in cat info gestures velocity; do
    hostile 0 4 64 "$command of a JSON Lines file cut mid-line" "$rtb" "$command" "$o/cut.jsonl"
    cp "$work/err" "$work/cut.err"
    check "... $command names the cut line as convert does" grep -q "^warning: $o/cut.jsonl:$(wc -l <"$o/whole.jsonl"): ends with a cut line (no line feed" "$work/cut.err"
done
# kill -9 mid-write: the previous output stays whole, the partial one is repairable.
"$rtb" synth catch -o "$o/keep.touchtrace" 2>/dev/null
cp "$o/keep.touchtrace" "$o/keep.before"
"$rtb" synth session --duration 86400 -o "$o/keep.touchtrace" 2>/dev/null & victim=$!
sleep 0.4; kill -9 "$victim" 2>/dev/null || true; wait "$victim" 2>/dev/null || true
check "a killed synth leaves the previous output intact" cmp -s "$o/keep.touchtrace" "$o/keep.before"
partial="$(ls "$o"/keep.touchtrace.*.partial 2>/dev/null | head -n 1)"
if [ -n "$partial" ]; then
    check "the killed synth's partial output is repairable" "$rtb" verify "$partial" --repair "$o/recovered.touchtrace"
    check "the recovered file verifies" "$rtb" verify "$o/recovered.touchtrace"
    rm -f "$partial"
else
    echo "FAIL a killed synth left no partial output to repair" >&2; failures=$((failures + 1))
fi
