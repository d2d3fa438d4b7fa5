#!/usr/bin/env python3
"""Golden protocol transcripts: one short seeded game per variant, played by
the real referee between full-greedy bots, written out byte for byte (every
request as sent, every answer as read) and compared with tests/golden/.

usage: test_golden.py REFEREE GREEDY GOLDEN_DIR WORK_DIR
Set KD_UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change."""
import glob
import json
import os
import subprocess
import sys

referee, greedy, golden_dir, work = sys.argv[1:5]
update = os.environ.get("KD_UPDATE_GOLDEN") == "1"
failed = False
for variant, seed in (("2p", 3), ("3p", 4), ("4p", 5), ("duel", 6)):
    out = os.path.join(work, "golden-" + variant)
    os.makedirs(out, exist_ok=True)
    for old in glob.glob(os.path.join(out, "*.json")):
        os.remove(old)
    players = {"3p": 3, "4p": 4}.get(variant, 2)
    cmd = [referee, "--variant", variant, "--games", "1", "--seed", str(seed), "--jobs", "1",
           "--no-timeout", "--replay-dir", out] + ["--bot", greedy] * min(players, 2)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    [replay] = glob.glob(os.path.join(out, "*.json"))
    game = json.load(open(replay))
    text = []
    for i, r in enumerate(game["requests"]):
        text.append("=== request %d: turn %d, seat %d ===\n" % (i, r["turn"], r["seat"]))
        text.append(r["input"])
        text.append("--- answer ---\n")
        text.append(r["output"])
    final = game["final"]
    text.append("=== final: scores %s, ranks %s ===\n" % (final["scores"], final["ranks"]))
    transcript = "".join(text)
    path = os.path.join(golden_dir, variant + ".txt")
    if update:
        open(path, "w").write(transcript)
        print("wrote", path)
        continue
    expected = open(path).read() if os.path.exists(path) else None
    if transcript != expected:
        failed = True
        got = os.path.join(work, "golden-" + variant + ".txt")
        open(got, "w").write(transcript)
        print("MISMATCH %s: compare %s with %s (KD_UPDATE_GOLDEN=1 to accept)" % (variant, got, path))
    else:
        print("ok", variant, len(game["requests"]), "requests")
sys.exit(1 if failed else 0)
