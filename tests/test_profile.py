#!/usr/bin/env python3
"""tools/profile: the instructions of a program by the chain of functions
inlined into each, on a small program built here whose answer is known: a
loop in `outer` (a call of main's, not inlined) calls `inner`, forced
inline, many times; `setup` runs once. Most instructions must land on the
chain outer > inner (a chain is what was inlined into one function), by
source line on inner's line, and a missing program must get one line and a
non-zero status.
usage: test_profile.py ROOT WORK_DIR"""
import os
import shutil
import subprocess
import sys

root, work = sys.argv[1:3]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
source = os.path.join(work, "inlined.cpp")
with open(source, "w") as f:
    f.write("""#include <cstdio>
static inline __attribute__((always_inline)) unsigned inner(unsigned x) { for (int r = 0; r < 8; ++r) x = (x * 2654435761u) ^ (x >> 7); return x; }
__attribute__((noinline)) unsigned outer(unsigned n) {
    unsigned h = 1;
    for (unsigned i = 0; i < n; ++i) h = inner(h + i);
    return h;
}
__attribute__((noinline)) unsigned setup() { return 3; }
int main() { std::printf("%u\\n", outer(200000 * setup())); }
""")
program = os.path.join(work, "inlined")
subprocess.run(["g++", "-O2", "-g", source, "-o", program], check=True)
tool = os.path.join(root, "tools", "profile")
failures = []


def profile(*args):
    run = subprocess.run([tool] + list(args), capture_output=True, text=True)
    return run.returncode, run.stdout, run.stderr


def share(rows, key):
    """The share (percent) of the row whose label is exactly key, 0 if none."""
    for line in rows.splitlines()[1:]:
        parts = line.split(None, 3)
        if len(parts) == 4 and parts[3] == key:
            return float(parts[2].rstrip("%"))
    return 0.0


code, out, err = profile("--depth", "2", "--", program)
if code != 0 or share(out, "outer > inner") < 50:
    failures.append("by chain: inner inlined into outer is not most of the instructions:\n" + out + err)
if share(out, "main > setup") > 1:
    failures.append("setup, run once, holds more than a sliver:\n" + out)
code, out, err = profile("--within", "inner", "--lines", "--", program)
if code != 0 or share(out, os.path.relpath(source) + ":2") < 90:
    failures.append("by line within inner: its one line is not all of it:\n" + out + err)
code, out, err = profile("--", os.path.join(work, "no-such-program"))
if code == 0 or "not a program" not in err or err.count("\n") != 1:
    failures.append("a missing program: status %d, stderr %r" % (code, err))

for failure in failures:
    print("FAIL: " + failure)
print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
