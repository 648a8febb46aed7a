#!/usr/bin/env python3
"""Compiles the library modules the fuzz harnesses import, instrumented (scripts/fuzz).

usage: fuzz-modules.py OUT ROOT_MODULE... -- SWIFTC_FLAGS...

Reads the targets from `swift package dump-package` on standard input, takes the root
modules with everything they depend on, and compiles each one (`swiftc -wmo`) into
OUT/NAME.o and OUT/NAME.swiftmodule as soon as the modules it imports are compiled, as many
at a time as the machine has cores: one module at a time left a core idle for most of the
three-odd minutes the instrumented build takes on two cores. A module is compiled again when
one of its sources is newer than its object, or a module it imports was. Prints the objects,
in dependency order, for the link; exits 1 on the first failure, with the compiler's output.
"""
import json
import os
import subprocess
import sys
import tempfile


def main():
    separator = sys.argv.index("--")
    out, roots, flags = sys.argv[1], sys.argv[2:separator], sys.argv[separator + 1:]
    package = json.load(sys.stdin)
    targets = {t["name"]: t for t in package["targets"]}

    def imports(name):
        found = []
        for dependency in targets[name].get("dependencies", []):
            for key in ("byName", "target"):
                if key in dependency:
                    found.append(dependency[key][0])
        return [d for d in found if targets[d]["type"] == "regular"]

    modules = []  # dependency order

    def visit(name):
        if name in modules:
            return
        for dependency in imports(name):
            visit(dependency)
        modules.append(name)

    for root in roots:
        visit(root)
    deps = {m: imports(m) for m in modules}
    # The longest chain of modules waiting on each one: the longest chains start first.
    dependents = {m: [n for n in modules if m in deps[n]] for m in modules}
    depth = {}
    for module in reversed(modules):
        depth[module] = 1 + max((depth[n] for n in dependents[module]), default=0)

    def sources(module):
        found = []
        for directory, _, files in os.walk(os.path.join("Sources", module)):
            found += [os.path.join(directory, f) for f in files if f.endswith(".swift")]
        return sorted(found)

    def object_of(module):
        return os.path.join(out, module + ".o")

    # An import compiled since this object counts as a change: every object compiled in this
    # run is marked as built when it is done (below), so that covers this run's too.
    def stale(module, files):
        target = object_of(module)
        if not os.path.exists(target):
            return True
        built = os.path.getmtime(target)
        return any(os.path.getmtime(f) > built for f in files + [object_of(d) for d in deps[module]])

    done, running = set(), {}
    cores = os.cpu_count() or 1
    while len(done) < len(modules):
        ready = [m for m in modules if m not in done and m not in running and all(d in done for d in deps[m])]
        for module in sorted(ready, key=lambda m: -depth[m]):
            files = sources(module)
            if not stale(module, files):
                done.add(module)
                continue
            if len(running) >= cores:
                break
            print(f"fuzz: compiling {module} (instrumented)", file=sys.stderr, flush=True)
            log = tempfile.TemporaryFile()
            command = ["swiftc", "-wmo", "-parse-as-library", "-module-name", module, *flags,
                       "-emit-module", "-emit-module-path", os.path.join(out, module + ".swiftmodule"),
                       "-c", "-o", object_of(module), *files]
            running[module] = (subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT), log)
        if not running:
            continue
        pid, status = os.wait()
        module = next(m for m, (process, _) in running.items() if process.pid == pid)
        process, log = running.pop(module)
        # Reaped here by os.wait, so the Popen is told its status (it would wait for it again).
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            log.seek(0)
            sys.stderr.write(log.read().decode(errors="replace"))
            for other, _ in running.values():
                other.kill()
            print(f"error: the instrumented {module} does not compile.", file=sys.stderr)
            sys.exit(1)
        # The compiler leaves an unchanged object as it was, mtime and all: mark it as built now,
        # or the sources newer than it would have it compiled again on every run.
        os.utime(object_of(module))
        done.add(module)
    for module in modules:
        print(object_of(module))


if __name__ == "__main__":
    main()
