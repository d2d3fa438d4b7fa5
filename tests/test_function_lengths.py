#!/usr/bin/env python3
"""tools/function-lengths on samples whose lengths are known.

    python3 tests/test_function_lengths.py TOOL SAMPLES WORK

In each file of SAMPLES (tests/function_lengths/: C++, Python, a Python
script without an extension, JavaScript, an HTML page) every function whose
name holds lines_N is N lines long, and no other function may be found: the
tool must find each of them with that length and nothing else. Then --max,
--max-file-lines, a folder walked (node_modules, hidden folders and files
of no known kind left out) and a Python file that does not parse."""
import os
import re
import shutil
import subprocess
import sys

tool, samples, work = sys.argv[1:4]
failures = []
ROW = re.compile(r"^ *(\d+) lines  (.+?):(\d+)  (.*)$")
MARKER = re.compile(r"\blines_(\d+)\w*")


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def run(*args):
    return subprocess.run([sys.executable, tool, *args], capture_output=True, text=True, timeout=60)


def rows(stdout):
    """(lines, path, header) of each function row."""
    return [(int(m.group(1)), m.group(2), m.group(4)) for m in map(ROW.match, stdout.splitlines()) if m]


# Each sample: the functions found are exactly its lines_N ones, each N lines long.
for name in sorted(os.listdir(samples)):
    path = os.path.join(samples, name)
    expected = {m.group(0) for m in MARKER.finditer(open(path, encoding="utf-8").read())}
    if name.endswith(".html"):  # its text and JSON name functions that are not code
        expected -= {"lines_9_in_json", "lines_2_in_text"}
    p = run(path)
    found = {}
    for n, _, head in rows(p.stdout):
        marker = MARKER.search(head)
        if not marker:
            check(False, "%s: %r found, which is no function of the sample" % (name, head))
            continue
        found[marker.group(0)] = n
        check(n == int(marker.group(1)), "%s: %s, %s lines (found %d)" % (name, marker.group(0), marker.group(1), n))
    check(p.returncode == 0 and set(found) == expected,
          "%s: all %d functions found, no other (missing %s, exit %d)" % (
              name, len(expected), sorted(expected - set(found)), p.returncode))

# --max N: only the functions over N, and exit 1; none over: exit 0 and nothing listed.
js = os.path.join(samples, "sample.js")
p = run("--max", "4", js)
check(p.returncode == 1 and [n for n, _, _ in rows(p.stdout)] == [6, 5, 5],
      "--max 4 lists the three longer functions, longest first, and exits 1")
check("3 function(s) over 4 lines" in p.stderr, "--max says how many are over, on stderr")
p = run("--max", "6", js)
check(p.returncode == 0 and p.stdout == "", "--max 6: nothing over, exit 0")

# --max-file-lines M: the files over M lines too.
p = run("--max", "60", "--max-file-lines", "20", samples)
long_files = [line for line in p.stdout.splitlines() if line.endswith("(the whole file)")]
check(p.returncode == 1 and len(long_files) == 3 and any("sample.js" in line for line in long_files),
      "--max-file-lines 20 lists the three samples over 20 lines and exits 1")
check("3 file(s) over 20 lines" in p.stderr, "--max-file-lines says how many are over, on stderr")
check(run("--max", "60", "--max-file-lines", "400", samples).returncode == 0, "--max-file-lines 400: none over")

# A folder: its subfolders too, but node_modules and hidden ones; only files of a known kind.
shutil.rmtree(work, ignore_errors=True)
tree = os.path.join(work, "tree")
shutil.copytree(samples, os.path.join(tree, "sub"))
long_body = "function lines_99() {\n" + "  x();\n" * 97 + "}\n"
for skipped in ("node_modules/dep/index.js", ".hidden/long.js"):
    os.makedirs(os.path.dirname(os.path.join(tree, skipped)), exist_ok=True)
    open(os.path.join(tree, skipped), "w").write(long_body)
open(os.path.join(tree, "package-lock.json"), "w").write('{"function f() {": 1}\n')
open(os.path.join(tree, "run.sh"), "w").write("#!/bin/sh\nf() {\n  echo {\n}\n")
p = run(tree)
paths = {os.path.relpath(path, tree) for _, path, _ in rows(p.stdout)}
check(paths == {os.path.join("sub", n) for n in os.listdir(samples)},
      "a folder stands for its samples at any depth, and nothing else (%s)" % sorted(paths))

# Python that does not parse: said, exit 2.
broken = os.path.join(work, "broken.py")
open(broken, "w").write("def f(:\n    pass\n")
p = run(broken)
check(p.returncode == 2 and "broken.py: not Python" in p.stderr, "a Python file that does not parse: exit 2, said")

if failures:
    print("%d check(s) failed" % len(failures))
    sys.exit(1)
print("all checks passed")
