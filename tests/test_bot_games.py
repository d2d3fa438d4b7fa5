#!/usr/bin/env python3
"""Games with the CodinGame build of the bot against full greedy in every
variant: no timeout, no bad output, no illegal PUT, no invalid pick, no crash.
Limits are scaled (--time-scale 3) so that a busy CI machine does not make
this flaky; answer times at the real limits are measured by the referee's
statistics, not here. usage: test_bot_games.py REFEREE BOT GREEDY WORK_DIR"""
import json
import os
import subprocess
import sys

referee, bot, greedy, work = sys.argv[1:5]
failed = False
for variant, games, bots in (("2p", 2, [bot, greedy]), ("duel", 2, [bot, greedy]),
                             ("3p", 3, [bot, greedy, greedy]), ("4p", 4, [bot, greedy, greedy, greedy])):
    out = os.path.join(work, "bot-games-%s.json" % variant)
    cmd = [referee, "--variant", variant, "--games", str(games), "--seed", "11", "--jobs", "1",
           "--time-scale", "3", "--json", out]
    for b in bots:
        cmd += ["--bot", b]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, timeout=600)
    summary = json.load(open(out))
    ours = summary["bots"][0]
    faults = {k: ours[k] for k in ("timeouts", "bad_output", "illegal_put", "invalid_pick", "crashes")}
    if ours["games"] != games or any(faults.values()):
        failed = True
        print("FAIL %s: %s" % (variant, ours))
    else:
        print("ok %s: %d games, %d wins, faults %s, p99 %.1f ms" % (variant, games, ours["wins"], faults, ours["p99_ms"]))
sys.exit(1 if failed else 0)
