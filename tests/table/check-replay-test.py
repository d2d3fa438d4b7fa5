#!/usr/bin/env python3
"""referee --check-replay: replays of real referee games (every variant, faults
of every kind: illegal PUTs, an invalid PICK, bad output, a timeout, a bot that
cannot start, --strict-put) are accepted, with the final scores, tie-break
scores and ranks the files hold; tampered copies are refused, each with the
place where the file and the rules part; files that are no replay get a clear
reason. The expected values come from the JSON files, read here.
usage: check-replay-test.py REFEREE GREEDY RANDOM WORK_DIR"""
import copy
import glob
import json
import os
import shutil
import subprocess
import sys

referee, greedy, rand, work = sys.argv[1:5]
failures = []

# A bot for the standard variants that answers an illegal PUT and a PICK of a
# tile that is not in the draft: its tile is discarded, then its game ends.
WRONG_PICK = r'''
import sys
def line():
    l = sys.stdin.readline()
    if not l: sys.exit(0)
    return l.split()
players, tiles = int(line()[0]), int(line()[0])
while True:
    size = len(line()[0]) // 2
    for _ in range(players * size - 1 + 2 * tiles): line()
    print("PUT 0 0 0"); print("PICK 99", flush=True)
'''
SLEEPY = "import time; time.sleep(5)"  # no answer in time: a timeout


def check(cond, what):
    if not cond:
        failures.append(what)
    print(("ok   " if cond else "FAIL ") + what)


def play(name, variant, seed, bots, *options):
    out = os.path.join(work, name)
    args = [referee, "--variant", variant, "--games", "1", "--seed", str(seed), "--jobs", "1", "--replay-dir", out]
    for b in bots:
        args += ["--bot", b]
    p = subprocess.run(args + list(options), capture_output=True, text=True, timeout=300)
    check(p.returncode == 0, f"referee game {name} ran ({p.stderr[-300:]})")
    return glob.glob(os.path.join(out, "*.json"))[0]


def check_replays(paths):
    p = subprocess.run([referee, "--check-replay", *paths], capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout.splitlines()


def standings(rep):
    f = rep["final"]
    return "final " + ", ".join(name + " " + " ".join(str(v) for v in f[key])
                                for name, key in (("scores", "scores"), ("adjusted", "adjusted"), ("ranks", "ranks")))


def check_games():
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    wrong, sleepy = f"python3 -c '{WRONG_PICK}'", f"python3 -c '{SLEEPY}'"
    faulty = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "viewer", "faulty-bot.py")
    games = [play("2p", "2p", 3, [greedy, rand]), play("3p", "3p", 11, [greedy, faulty, rand]),
             play("4p", "4p", 5, [greedy, rand, wrong, greedy]), play("duel", "duel", 5, [greedy, rand]),
             play("strict", "3p", 7, [faulty, greedy, rand], "--strict-put"),
             play("timeout", "2p", 4, [greedy, sleepy], "--time-scale", "0.2"),
             play("crash", "4p", 9, [greedy, "/nonexistent/bot", rand, rand])]
    status, lines = check_replays(games)
    check(status == 0 and len(lines) == len(games), f"every referee replay passes ({status}: {lines})")
    for path, line in zip(games, lines):
        rep = json.load(open(path))
        want = (f"{path}: ok: {rep['variant']} seed {rep['seed']}, {len(rep['requests'])} requests; "
                + standings(rep))
        check(line == want, f"{os.path.basename(os.path.dirname(path))}: the check prints the file's final "
                            f"standings: {line!r}, want {want!r}")
    kinds = {e["kind"] + ":" + e["reason"] for g in games for e in json.load(open(g))["events"]}
    errors = {r["error"]["kind"] for g in games for r in json.load(open(g))["requests"] if r["error"]}
    check(errors >= {"illegal_put", "invalid_pick", "bad_output", "timeout"} and "eliminated:crash" in kinds,
          f"the games hold every fault ({sorted(errors)}, {sorted(kinds)})")
    return games


def first_put(rep):
    return next(i for i, r in enumerate(rep["requests"]) if r["put_result"] == "placed")


# (what is changed, how, words the refusal must hold)
def tampers(rep):
    k = first_put(rep)
    return [
        ("a final score", lambda r: r["final"]["scores"].__setitem__(0, r["final"]["scores"][0] + 1), "final.scores[0]"),
        ("the ranks", lambda r: r["final"].__setitem__("ranks", r["final"]["ranks"][::-1]), "final.ranks[0]"),
        ("a recorded PUT", lambda r: r["requests"][k]["put"].__setitem__("x", r["requests"][k]["put"]["x"] + 1),
         f"requests[{k}].put.x"),
        ("an answer's output", lambda r: r["requests"][k].__setitem__(
            "output", "PUT 0 0 0\n" + r["requests"][k]["output"].split("\n", 1)[1]), f"requests[{k}].put"),
        ("the drafts", lambda r: r["drafts"].__setitem__(1, r["drafts"][2]), "drafts[1]"),
        ("a square after a move", lambda r: r["requests"][k]["after"]["grids"][0].__setitem__(0, "c3" * rep["grid_size"]),
         f"requests[{k}].after.grids[0][0]"),
        ("a request's text", lambda r: r["requests"][3].__setitem__("input", "hello\n"), "requests[3].input"),
        ("the seed", lambda r: r.__setitem__("seed", r["seed"] + 1), "drafts[0]"),
        ("an event", lambda r: r.__setitem__("events", r["events"][1:]), "events"),
        ("a field the referee does not write", lambda r: r["final"].__setitem__("bonus", 3), "final.bonus"),
        ("the format", lambda r: r.__setitem__("format", "kingdomino-replay-9"), "format"),
        ("whether it finished", lambda r: r.__setitem__("finished", False), "finished"),
        ("the turn it stopped in", lambda r: r.__setitem__("stopped_turn", 3), "stopped_turn"),
    ]


def check_tampered(path):
    rep = json.load(open(path))
    for what, change, words in tampers(rep):
        r = copy.deepcopy(rep)
        change(r)
        bad = os.path.join(work, "tampered.json")
        json.dump(r, open(bad, "w"))
        status, lines = check_replays([bad])
        line = lines[0] if lines else ""
        check(status == 1 and line.startswith(f"{bad}: FAILED: {words}"),
              f"a replay with {what} changed is refused at {words}: {line!r}")


# Files written before "finished" and "stopped_turn" came pass without them; the
# table page's "names" and "review", which the rules do not judge, pass as they are.
def check_optional_fields(path):
    rep = json.load(open(path))
    check(rep["finished"] is True and rep["stopped_turn"] is None, "a referee game's replay says it finished")
    older = copy.deepcopy(rep)
    del older["finished"], older["stopped_turn"]
    page = copy.deepcopy(rep)
    page["names"] = ["you"] + ["bot"] * (rep["players"] - 1)
    page["review"] = {"by": "bot --time-ms 100", "moves": [{"request": 0, "cost": 0.5}]}
    for what, r in (("an older replay without finished and stopped_turn", older), ("a replay with the page's names and review", page)):
        f = os.path.join(work, "optional.json")
        json.dump(r, open(f, "w"))
        status, lines = check_replays([f])
        check(status == 0 and lines[0].startswith(f"{f}: ok: "), f"{what} passes: {lines}")


def check_not_replays():
    cases = [("not JSON", "PUT 1 2 3", "not JSON"), ("JSON, no replay", '{"hello": 1}', 'not a replay: no "requests"'),
             ("an unknown variant", '{"requests": [], "format": "kingdomino-replay-3", "variant": "9p"}', "variant")]
    for what, text, words in cases:
        bad = os.path.join(work, "bad.json")
        open(bad, "w").write(text)
        status, lines = check_replays([bad])
        check(status == 1 and lines == [f"{bad}: FAILED: {words}" + lines[0].split(words, 1)[-1]],
              f"{what}: refused, saying so: {lines}")
    status, lines = check_replays([os.path.join(work, "missing.json")])
    check(status == 1 and lines[0].endswith("FAILED: cannot read it"), f"a missing file: {lines}")
    p = subprocess.run([referee, "--check-replay"], capture_output=True, text=True, timeout=60)
    check(p.returncode == 2 and "REPLAY is required" in p.stderr, "no file: a usage error")


games = check_games()
check_tampered(games[0])
check_tampered(games[2])
check_optional_fields(games[0])
check_not_replays()
if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("check-replay test passed")
