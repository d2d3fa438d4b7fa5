#!/usr/bin/env python3
"""The notes the bot writes on stderr, read back from replays by
tools/replay_notes.py (tools/keep-slow-replays, tools/answer-phases).

First made-up replays: a slow-answer note that sits with its own answer and
one that sits with the seat's next request (as replays written before
2026-12-07 have them) must both go to their answer, and a note of the other
seat to that seat; a summary note ("turn 2/7 mc: PUT 4 5 0 PICK 23 | ...") is
told to be its request's own answer's, another answer's, or missing. Then
real games of the bot with --slow-note-ms 0 (every answer after the first
writes its phases), in 2p, 3p and 4p, our bot in every seat: every request of
the bot must carry its own answer's summary and slow-answer note, the last
answer's included, and nothing of another answer. The same for a bot that
keeps running a while after each answer before it notes it
(tests/late_note_bot.py), which a referee that does not wait for it gets wrong.
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

# ---- summaries: seat 0 notes its answers, seat 1 writes nothing.
SUMMARY = "turn %d/7 mc: PUT %s PICK %d | value 0.5 (9.9 ms)\n"
summaries = {"requests": [
    {"seat": 0, "turn": 0, "put_result": "ignored", "output": "PUT 0 0 0\nPICK 28 win 60%\n",
     "stderr": "start\n" + SUMMARY % (1, "-1 -1 0", 28)},                       # turn 0: the PICK alone
    {"seat": 1, "turn": 0, "put_result": "ignored", "output": "PUT 0 0 0\nPICK 39\n", "stderr": ""},
    {"seat": 0, "turn": 1, "put_result": "placed", "output": "PUT 4 5 1\nPICK 26\n",
     "stderr": SUMMARY % (2, "4 5 1", 26)},
    {"seat": 0, "turn": 2, "put_result": "no_legal_spot", "output": "PUT 2 2 0\nPICK 7\n",
     "stderr": SUMMARY % (3, "-1 -1 0", 7)},                                      # nothing placed: the PICK alone
    {"seat": 0, "turn": 3, "put_result": "placed", "output": "PUT 3 3 0\nPICK 9\n",
     "stderr": SUMMARY % (3, "-1 -1 0", 7)},                                      # the answer before's
    {"seat": 0, "turn": 4, "put_result": "placed", "output": "PUT 3 2 0\nPICK 5\n",
     "stderr": SUMMARY % (4, "3 3 0", 9) + SUMMARY % (5, "3 2 0", 5)},            # its own and another's
    {"seat": 0, "turn": 5, "put_result": "placed", "output": "PUT 6 2 0\nPICK 1\n", "stderr": ""},
]}
check(replay_notes.summary_places(summaries) == ["own", None, "own", "own", "other", "other", "none"],
      "summary places: %s" % replay_notes.summary_places(summaries))

# ---- real games: every request of our bot carries its own answer's notes, the last one's too.
# --time-scale 10: the referee waits up to 50 ms for a bot still running since its answer
# (a test machine under load can starve the bot that long); the bot keeps to its own 10 ms.
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
ours_cmd = bot + " --time-ms 10 --slow-note-ms 0"
folders = []
for variant, players in (("2p", 2), ("3p", 3), ("4p", 4)):
    out = os.path.join(work, variant)
    folders.append(out)
    cmd = [referee, "--variant", variant, "--games", str(players), "--seed", "11", "--jobs", "1",
           "--time-scale", "10", "--replay-dir", out, "--bot", ours_cmd] + ["--bot", greedy] * (players - 1)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    check(p.returncode == 0, "%s games ran: %s" % (variant, p.stderr[-300:]))
    paths = sorted(glob.glob(os.path.join(out, "*.json")))
    check(len(paths) == players, "%s: %d replays" % (variant, len(paths)))
    for path in paths:
        replay = json.load(open(path))
        ours = [i for i, b in enumerate(replay["bots"]) if b == ours_cmd]
        numbers, places = replay_notes.answer_numbers(replay), replay_notes.summary_places(replay)
        check(len(ours) == 1, "%s: our bot in one seat" % path)
        for i, q in enumerate(replay["requests"]):
            slow = replay_notes.NOTE.findall(q["stderr"])
            if q["seat"] not in ours:  # greedy notes only an answer slower than 45 ms (a loaded machine)
                check(places[i] is None and all(n == str(numbers[i]) for n, _ in slow),
                      "%s request %d: greedy wrote %r" % (path, i, q["stderr"]))
                continue
            check(places[i] == "own", "%s request %d: summary %s: %r" % (path, i, places[i], q["stderr"]))
            expected = [] if numbers[i] == 1 else [str(numbers[i])]  # the bot notes no first answer's phases
            check([n for n, _ in slow] == expected, "%s request %d: slow notes %s, not %s" % (path, i, slow, expected))
            check(all("reading" in t and "writing" in t for _, t in slow), "%s request %d: phases" % (path, i))
    # The tools themselves on those replays.
    p = subprocess.run([os.path.join(root, "tools", "answer-phases"), out], capture_output=True, text=True)
    check(p.returncode == 0 and " answers, " in p.stdout and "playouts" in p.stdout, "answer-phases: " + p.stdout)
    p = subprocess.run([os.path.join(root, "tools", "keep-slow-replays"), out, "0"], capture_output=True, text=True)
    lines = [line for line in p.stdout.splitlines() if "(%s" % bot in line]
    with_phases = [line for line in lines if "reading" in line.split(" ms  ", 1)[-1]]
    check(p.returncode == 0 and lines and with_phases == lines,
          "keep-slow-replays gives the phases of every slow answer: " + p.stdout[-500:])
# ---- a bot that keeps running 3 ms after each answer before it notes it
# (tests/late_note_bot.py): the referee waits for it, and each note stays with its answer.
late_cmd = "%s 3 %s" % (os.path.join(root, "tests", "late_note_bot.py"), greedy)
for variant, players in (("2p", 2), ("3p", 3)):
    out = os.path.join(work, "late-" + variant)
    folders.append(out)
    cmd = [referee, "--variant", variant, "--games", str(players), "--seed", "12", "--jobs", "1",
           "--time-scale", "10", "--replay-dir", out, "--bot", late_cmd] + ["--bot", greedy] * (players - 1)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    check(p.returncode == 0, "late notes, %s games ran: %s" % (variant, p.stderr[-300:]))
    for path in sorted(glob.glob(os.path.join(out, "*.json"))):
        replay = json.load(open(path))
        late = replay["bots"].index(late_cmd)
        places = replay_notes.summary_places(replay)
        for i, q in enumerate(replay["requests"]):
            check(places[i] == ("own" if q["seat"] == late else None),
                  "%s request %d (seat %d): summary %s: %r" % (path, i, q["seat"], places[i], q["stderr"]))

p = subprocess.run([os.path.join(root, "tools", "replay_notes.py")] + folders, capture_output=True, text=True)
check(p.returncode == 0 and " 0 with another answer's, 0 with none" in p.stdout, "replay_notes.py counts: " + p.stdout)

for f in failures:
    print("FAIL:", f)
print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
