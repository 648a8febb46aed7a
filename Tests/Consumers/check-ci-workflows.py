#!/usr/bin/env python3
"""check-ci-workflows CI.md WORKDIR: extracts the ```yaml workflows of docs/CI.md, lints each
with yamllint when it is installed, and checks what the tools running them depend on:

GitHub Actions: `on` and `jobs`; `permissions` granting what the steps use (`checks: write`
for the JUnit report action, `contents: write` for the dashboard's push, `actions: read` to
fetch the baseline, `pull-requests: write` for its comments); every upload-artifact step
names its artifact and its path; every download refers to an uploaded name or pattern; the
build is cached (actions/cache keyed on Package.swift / Package.resolved).
GitLab CI: every job's stage is declared, `needs` name jobs, artifacts keep the JUnit report
under `reports: junit`, the build is cached.
"""
import re
import subprocess
import shutil
import sys

import yaml

LINT_CONFIG = "{extends: default, rules: {line-length: disable, document-start: disable, truthy: disable, comments: {min-spaces-from-content: 1}}}"


def blocks(text):
    return re.findall(r"```yaml\n(.*?)```", text, flags=re.S)


def steps(job):
    return job.get("steps") or []


def check_github(doc):
    problems = []
    permissions = doc.get("permissions") or {}
    uses = [step.get("uses", "") for job in doc["jobs"].values() for step in steps(job)]
    need = {"checks": "write"} if any(u.startswith("mikepenz/action-junit-report") for u in uses) else {}
    if any(u.startswith("benchmark-action/") for u in uses):
        need.update({"contents": "write", "pull-requests": "write"})
    for scope, level in need.items():
        if permissions.get(scope) != level:
            problems.append(f"permissions lack {scope}: {level}")
    uploaded, downloads = set(), []
    for name, job in doc["jobs"].items():
        if "runs-on" not in job:
            problems.append(f"job {name} has no runs-on")
        for step in steps(job):
            use = step.get("uses", "")
            args = step.get("with") or {}
            if use.startswith("actions/upload-artifact"):
                if not args.get("name") or not args.get("path"):
                    problems.append(f"job {name}: an upload-artifact step needs a name and a path")
                uploaded.add(str(args.get("name")))
            if use.startswith("actions/download-artifact"):
                downloads.append(args.get("pattern") or args.get("name"))
            for match in re.findall(r"--name (\S+)", step.get("run", "") or ""):
                downloads.append(match)
    for wanted in downloads:
        pattern = re.escape(str(wanted)).replace(r"\*", ".*")
        if not any(re.fullmatch(pattern, re.sub(r"\$\{\{[^}]*\}\}", "1", up)) for up in uploaded):
            problems.append(f"artifact {wanted} is downloaded but never uploaded")
    if not any(u.startswith("actions/cache") for u in uses):
        problems.append("the Swift build is not cached (actions/cache)")
    return problems


def check_gitlab(doc):
    problems = []
    stages = doc.get("stages") or []
    jobs = {k: v for k, v in doc.items() if isinstance(v, dict) and not k.startswith(".") and ("script" in v or "extends" in v)}
    for name, job in jobs.items():
        if job.get("stage") not in stages:
            problems.append(f"job {name} has stage {job.get('stage')!r}, not one of {stages}")
        for needed in job.get("needs") or []:
            if needed not in jobs:
                problems.append(f"job {name} needs {needed!r}, which is not a job")
    reports = [job.get("artifacts", {}).get("reports", {}) for job in jobs.values()]
    if not any("junit" in r for r in reports):
        problems.append("no job keeps junit.xml under artifacts: reports: junit")
    templates = [v for k, v in doc.items() if isinstance(v, dict)]
    if not any("cache" in t for t in templates):
        problems.append("the Swift build is not cached (cache:)")
    return problems


def main():
    text = open(sys.argv[1], encoding="utf-8").read()
    work = sys.argv[2]
    status = 0
    lint = shutil.which("yamllint")
    for index, block in enumerate(blocks(text)):
        doc = yaml.safe_load(block)
        if not isinstance(doc, dict):
            continue
        kind = "GitHub Actions" if "jobs" in doc else "GitLab CI" if "stages" in doc else None
        if kind is None:
            continue
        path = f"{work}/workflow-{index}.yml"
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(block)
        problems = check_github(doc) if "jobs" in doc else check_gitlab(doc)
        if lint:
            result = subprocess.run([lint, "-f", "parsable", "-d", LINT_CONFIG, path], capture_output=True, text=True)
            problems += [line for line in result.stdout.splitlines() if "[error]" in line]
        if problems:
            status = 1
            print(f"error: the {kind} workflow of {sys.argv[1]} has problems:", file=sys.stderr)
            for problem in problems:
                print(f"  {problem}", file=sys.stderr)
        else:
            print(f"ci: the {kind} workflow of {sys.argv[1]} is complete" + (" and passes yamllint." if lint else " (yamllint not installed)."))
    return status


if __name__ == "__main__":
    sys.exit(main())
