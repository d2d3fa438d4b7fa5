#!/usr/bin/env python3
"""The slow-answer notes the bot writes on stderr, read back from replays by
tools/replay_notes.py (tools/keep-slow-replays, tools/answer-phases).

First a made-up replay: a note that reached the referee with its own answer
and one that came with the seat's next request must both go to their answer,
and a note of the other seat to that seat. Then real games of the bot with
--slow-note-ms 0 (every answer after the first writes its phases): every such
answer of the bot must get exactly one note, each note one answer, except a
seat's last answer, whose note may come after the referee stopped reading
(the game is over).
usage: test_replay_notes.py ROOT REFEREE BOT GREEDY WORK_DIR"""
import glob
import json
import os
import shutil
import subprocess
import sys

root, referee, bot, greedy, work = sys.argv[1:6]
sys.path.insert(0, os.path.join(root, "tools"))
import replay_notes  # noqa: E402

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


# ---- a made-up replay: seat 0 answers at requests 0, 2, 3; seat 1 at 1, 4.
NOTE = "slow answer %d: reading 0.01 | playouts %s | writing 0.02 ms\n"
made_up = {"requests": [
    {"seat": 0, "stderr": ""},
    {"seat": 1, "stderr": ""},
    {"seat": 0, "stderr": NOTE % (2, "46.5")},       # its own note came in time
    {"seat": 0, "stderr": "warning: x\n"},           # its note comes with seat 0's next request...
    {"seat": 1, "stderr": NOTE % (2, "47.25")},
    {"seat": 0, "stderr": NOTE % (3, "48")},         # ... here
]}
check(replay_notes.answer_numbers(made_up) == [1, 1, 2, 3, 2, 4], "answer numbers per seat")
notes = replay_notes.slow_notes(made_up)
check(set(notes) == {(0, 2), (0, 3), (1, 2)}, "notes found: %s" % sorted(notes))
check(notes.get((0, 2), {}).get("playouts") == 46.5, "a note read with its own answer")
check(notes.get((0, 3), {}).get("playouts") == 48.0, "a note read with the seat's next request")
check(notes.get((1, 2), {}).get("playouts") == 47.25, "the other seat's note")
check(replay_notes.phases_text(notes[(1, 2)]) == "reading 0.01 | playouts 47.25 | writing 0.02 ms", "printed again")
check(replay_notes.slow_notes({"requests": [{"seat": 0, "stderr": "slow answer: 3 ms\n"}]}) == {},
      "an unnumbered note is not matched")

# ---- real games: every answer noted, each note given to its own answer.
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
for variant, bots in (("2p", [bot + " --time-ms 10 --slow-note-ms 0", greedy]),
                      ("3p", [bot + " --time-ms 10 --slow-note-ms 0", greedy, greedy])):
    out = os.path.join(work, variant)
    cmd = [referee, "--variant", variant, "--games", str(len(bots)), "--seed", "11", "--jobs", "1",
           "--time-scale", "3", "--replay-dir", out]
    for b in bots:
        cmd += ["--bot", b]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    check(p.returncode == 0, "%s games ran: %s" % (variant, p.stderr[-300:]))
    for path in sorted(glob.glob(os.path.join(out, "*.json"))):
        replay = json.load(open(path))
        ours = [i for i, b in enumerate(replay["bots"]) if b.startswith(bot)]
        numbers, notes = replay_notes.answer_numbers(replay), replay_notes.slow_notes(replay)
        written = sum(len(replay_notes.NOTE.findall(q.get("stderr", ""))) for q in replay["requests"])
        check(written == len(notes), "%s: a note kept twice" % path)
        last = {}
        for i, q in enumerate(replay["requests"]):
            last[q["seat"]] = i
        for i, q in enumerate(replay["requests"]):
            if q["seat"] not in ours or numbers[i] == 1:
                continue
            phases = notes.get((q["seat"], numbers[i]))
            # Only a seat's last answer may lose its note: the game ends before it is read.
            check(phases is not None or i == last[q["seat"]], "%s request %d: no note" % (path, i))
            check(phases is None or ("reading" in phases and "writing" in phases),
                  "%s request %d: phases %s" % (path, i, phases))
        check(all(seat in ours and 1 < number <= numbers[last[seat]] for seat, number in notes),
              "%s: a note of another seat, or numbered past its answers" % path)
    # The tools themselves on those replays.
    p = subprocess.run([os.path.join(root, "tools", "answer-phases"), out], capture_output=True, text=True)
    check(p.returncode == 0 and " answers, " in p.stdout and "playouts" in p.stdout, "answer-phases: " + p.stdout)
    p = subprocess.run([os.path.join(root, "tools", "keep-slow-replays"), out, "0"], capture_output=True, text=True)
    lines = [line for line in p.stdout.splitlines() if "(%s" % bot in line]
    with_phases = [line for line in lines if "reading" in line.split(" ms  ", 1)[-1]]
    check(p.returncode == 0 and lines and len(with_phases) >= len(lines) - len(bots),
          "keep-slow-replays gives the phases of the slow answers: " + p.stdout[-500:])

for f in failures:
    print("FAIL:", f)
print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
