#!/usr/bin/env python3
"""check-libinput-record FILE...: loads each file with a real YAML parser (PyYAML) and checks
the keys and structure `libinput record` writes and `libinput replay` reads: version 1,
ndevices matching the devices list, the libinput and system header maps, and per device a
node, an evdev map (name, id of four integers, codes by event type, absinfo of five integers
per declared axis, properties) and events, each a frame `{evdev: [[sec, usec, type, code,
value], ...]}` ending in SYN_REPORT, in non-decreasing time, every code declared.
"""
import sys

import yaml


def check(path):
    with open(path, encoding="utf-8") as handle:
        doc = yaml.safe_load(handle)
    if not isinstance(doc, dict) or doc.get("version") != 1:
        return "not a version 1 libinput recording"
    devices = doc.get("devices")
    if not isinstance(devices, list) or doc.get("ndevices") != len(devices) or not devices:
        return "ndevices does not match the devices list"
    for key in ("libinput", "system"):
        if not isinstance(doc.get(key), dict):
            return f"the {key} header is missing"
    frames = events = 0
    for device in devices:
        evdev = device.get("evdev")
        if not isinstance(device.get("node"), str) or not isinstance(evdev, dict):
            return "a device needs a node and an evdev description"
        if not isinstance(evdev.get("name"), str):
            return "the device has no name"
        ids = evdev.get("id")
        if not (isinstance(ids, list) and len(ids) == 4 and all(isinstance(i, int) for i in ids)):
            return "id is not four integers"
        codes = evdev.get("codes")
        if not isinstance(codes, dict) or 0 not in codes:
            return "codes must list EV_SYN (type 0) and every type used"
        absinfo = evdev.get("absinfo", {}) or {}
        for code, info in absinfo.items():
            if not (isinstance(info, list) and len(info) == 5 and all(isinstance(i, int) for i in info)):
                return f"absinfo {code} is not [min, max, fuzz, flat, resolution]"
            if code not in codes.get(3, []):
                return f"axis {code} has absinfo but is not in codes[3]"
        if not isinstance(evdev.get("properties"), list):
            return "properties is not a list"
        last = -1
        for frame in device.get("events") or []:
            entries = frame.get("evdev") if isinstance(frame, dict) else None
            if not isinstance(entries, list) or not entries:
                return f"frame {frames} has no evdev list"
            frames += 1
            for entry in entries:
                if not (isinstance(entry, list) and len(entry) == 5 and all(isinstance(i, int) for i in entry)):
                    return f"frame {frames}: an event is not [sec, usec, type, code, value]"
                sec, usec, etype, code, value = entry
                time = sec * 1_000_000 + usec
                if time < last or not 0 <= usec < 1_000_000:
                    return f"frame {frames}: time goes back or usec is out of range"
                last = time
                events += 1
                if etype != 0 and code not in (codes.get(etype) or []):
                    return f"frame {frames}: type {etype} code {code} is not declared"
                if etype == 3 and code in absinfo and not (code == 57 and value == -1):
                    low, high = absinfo[code][0], absinfo[code][1]
                    if not low <= value <= high:
                        return f"frame {frames}: axis {code} value {value} outside {low}..{high}"
            if entries[-1][2:4] != [0, 0]:
                return f"frame {frames} does not end in SYN_REPORT"
    return f"ok: {frames} frames, {events} events"


def main():
    status = 0
    for path in sys.argv[1:]:
        verdict = check(path)
        print(f"{path}: {verdict}")
        if not verdict.startswith("ok"):
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
