#!/usr/bin/env python3
"""build/predict on replays of greedy players (4p and 2p): full greedy must
foresee every pick and placement of a greedy seat (it is that player), the
playout policy some but not all; --set must change the policy's share
(order=40 makes the king order rule its picks); an unknown setting and a
missing replay argument are clear errors.
usage: test_predict.py PREDICT REFEREE GREEDY WORK_DIR"""
import os
import re
import shutil
import subprocess
import sys

predict, referee, greedy, work = sys.argv[1:5]
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
    return ok


def run(args):
    p = subprocess.run([predict] + args, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr


def shares(stdout, variant):
    """(policy pick, greedy pick, policy put, greedy put) of the variant's greedy seats, in percent."""
    for line in stdout.splitlines():
        if line.startswith(variant + " ") and "greedy" in line:
            return [float(x) for x in re.findall(r"([0-9.]+)%", line)]
    return None


shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
for variant, bots in (("4p", 4), ("2p", 2)):
    out = os.path.join(work, variant)
    subprocess.run([referee, "--variant", variant, "--games", "4", "--seed", "11", "--jobs", "1", "--no-timeout",
                    "--replay-dir", out] + ["--bot", greedy] * bots, check=True, capture_output=True, timeout=300)
    rc, stdout, stderr = run(["--samples", "8", out])
    s = shares(stdout, variant)
    if check(rc == 0 and s is not None, "%s: predict failed or printed no greedy line: %s %s" % (variant, stdout, stderr)):
        check(s[1] == 100.0 and s[3] == 100.0, "%s: full greedy must foresee greedy's every answer: %s" % (variant, s))
        check(0 < s[0] < 100 and 0 < s[2] < 100, "%s: the policy foresees some answers, not all: %s" % (variant, s))
        rc2, stdout2, _ = run(["--samples", "8", "--set", "order=40", "--set", "many_order=40", out])
        s2 = shares(stdout2, variant)
        check(rc2 == 0 and s2 is not None and s2[0] != s[0] and s2[1] == s[1],
              "%s: --set order=40 must change the policy's picks only: %s then %s" % (variant, s, s2))

rc, _, stderr = run(["--set", "no_such_weight=1", os.path.join(work, "4p")])
check(rc == 2 and "no_such_weight" in stderr, "an unknown setting: exit 2 and its name (%d, %r)" % (rc, stderr))
rc, _, stderr = run([])
check(rc == 2 and "REPLAY is required" in stderr, "no replay: says it is needed (%d, %r)" % (rc, stderr))

for f in failures:
    print("FAIL:", f)
print("predict: %d failures" % len(failures))
sys.exit(1 if failures else 0)
