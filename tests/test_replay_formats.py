#!/usr/bin/env python3
"""Replays of every format version the referee ever wrote still read.

tests/replays/format-N.json are games written by the referee of each format
(docs/replay-format.md: 1, 2, then 3 with windows), our bot at seat 0 against
full greedy. Each is read by the kit's replay readers: tools/analyse searches
our bot's last request again (its seat's requests read in order), build/predict
foresees greedy's answers; referee --check-replay plays today's format again
by the rules and refuses older ones by name (it compares with what today's
referee writes).

usage: test_replay_formats.py ROOT BUILD_DIR"""
import glob
import json
import os
import subprocess
import sys

root, build = sys.argv[1:3]
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)
    return ok


def run(args):
    p = subprocess.run(args, capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, KD_BUILD=build))
    return p.returncode, p.stdout, p.stderr


files = sorted(glob.glob(os.path.join(root, "tests", "replays", "format-*.json")))
check([os.path.basename(f) for f in files] == ["format-1.json", "format-2.json", "format-3.json"],
      "a replay of each format version: %s" % files)
for path in files:
    name = os.path.basename(path)
    replay = json.load(open(path))
    version = int(name[len("format-"):-len(".json")])
    check(replay["format"] == "kingdomino-replay-%d" % version, "%s says its format" % name)
    mine = [k for k, q in enumerate(replay["requests"]) if q["seat"] == 0]

    rc, out, err = run([os.path.join(root, "tools", "analyse"), path, "--request", str(mine[-1]), "--json"])
    if check(rc == 0, "%s: analyse reads our bot's last request (%s)" % (name, err.strip()[-300:])):
        a = json.loads(out)
        check(a["request"] == mine[-1] and a["seat"] == 0 and a["requests_read"] == len(mine)
              and a["seed"] == 1 and a["playouts_limit"] == 300,
              "%s: its seat's %d requests read, the bot's options from its command" % (name, len(mine)))

    rc, out, err = run([os.path.join(build, "predict"), "--samples", "4", path])
    lines = [l.split() for l in out.splitlines() if l.startswith("2p  greedy")]
    check(rc == 0 and len(lines) == 1 and int(lines[0][2]) > 0,
          "%s: predict reads greedy's answers: %r %s" % (name, out, err.strip()[-300:]))

    rc, out, err = run([os.path.join(build, "referee"), "--check-replay", path])
    if version == 3:
        check(rc == 0 and ": ok: 2p seed 3" in out, "%s: --check-replay plays it again by the rules: %s" % (name, out))
    else:
        check(rc == 1 and "this check reads kingdomino-replay-3" in out,
              "%s: --check-replay refuses an older format by name: %s" % (name, out.strip()))

sys.exit(1 if failures else 0)
