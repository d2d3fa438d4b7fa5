#!/usr/bin/env python3
"""A bot told the deal (the ceiling's experiments, issue 75): the referee
puts each game's seed in place of `{seed}` in a bot's command, and the home
build's --told-deal SEED then sees the draws to come as they are. Every
variant: told its own game's seed, the bot finds the deal consistent with
every request (no warning); told another seed, it says so; its answers are
legal either way. usage: test_told_deal.py REFEREE BOT_HOME GREEDY WORK_DIR"""
import glob
import json
import os
import shutil
import subprocess
import sys

referee, bot, greedy, work = sys.argv[1:5]
failures = []
WARNING = "--told-deal: not this game's deal"


def play(variant, told):
    replays = os.path.join(work, "told-%s-%s" % (variant, told.replace("{", "").replace("}", "")))
    shutil.rmtree(replays, ignore_errors=True)
    players = 2 if variant in ("2p", "duel") else int(variant[0])
    out = os.path.join(replays, "summary.json")
    os.makedirs(replays)
    cmd = [referee, "--variant", variant, "--games", str(players), "--seed", "21", "--jobs", "1", "--no-timeout",
           "--replay-dir", replays, "--json", out, "--bot", "%s --playouts 300 --seed 3 --told-deal %s" % (bot, told)]
    cmd += ["--bot", greedy] * (players - 1)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
    ours = json.load(open(out))["bots"][0]
    faults = sum(ours[k] for k in ("timeouts", "bad_output", "illegal_put", "invalid_pick", "crashes"))
    warned = 0
    for path in glob.glob(os.path.join(replays, "game-*.json")):
        replay = json.load(open(path))
        warned += sum(WARNING in q.get("stderr", "") for q in replay["requests"])
    return ours["games"], faults, warned


for variant in ("2p", "3p", "4p", "duel"):
    games, faults, warned = play(variant, "{seed}")
    if games == 0 or faults or warned:
        failures.append("%s, told its seed: %d games, %d faults, %d warnings" % (variant, games, faults, warned))
    games, faults, warned = play(variant, "999999")
    if faults or warned == 0:
        failures.append("%s, told another seed: %d faults, %d warnings (some expected)" % (variant, faults, warned))
for f in failures:
    print("FAIL " + f)
print("ok" if not failures else "%d failures" % len(failures))
sys.exit(1 if failures else 0)
