#!/usr/bin/env python3
"""tools/analyse against the bot itself: games with the bot at a fixed number
of playouts and a fixed seed (no clock in its answers, so the game is
deterministic), then every answer of the bot analysed from the replay must be
the answer the replay recorded, with candidates whose playouts add up to the
search's. Then stdin, and the errors: each a clear message and a non-zero exit.
usage: test_analyse.py ROOT BUILD_DIR REFEREE BOT GREEDY WORK_DIR"""
import glob
import json
import os
import shutil
import subprocess
import sys

root, build, referee, bot, greedy, work = sys.argv[1:7]
ANALYSE = os.path.join(root, "tools", "analyse")
ENV = dict(os.environ, KD_BUILD=build)
PLAYOUTS = 200
# A setting too: the search must take the bot's --set from its command. The
# redirection checks that the command's words stop where the shell's do.
BOT = "%s --playouts %d --seed 7 --set gain=10 2>/dev/null" % (bot, PLAYOUTS)
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
    return ok


def analyse(args, stdin=None):
    """(exit status, stdout, stderr) of tools/analyse ARGS."""
    p = subprocess.run([ANALYSE] + args, input=stdin, capture_output=True, text=True, env=ENV, timeout=120,
                       stdin=None if stdin is not None else subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr


def play(name, variant, seed, bots):
    """The replay of one game (its path, its JSON)."""
    out = os.path.join(work, name)
    shutil.rmtree(out, ignore_errors=True)
    cmd = [referee, "--variant", variant, "--games", "1", "--seed", str(seed), "--jobs", "1", "--no-timeout",
           "--replay-dir", out]
    for b in bots:
        cmd += ["--bot", b]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, timeout=300)
    path = glob.glob(os.path.join(out, "*.json"))[0]
    return path, json.load(open(path))


def same(chosen, req):
    """Whether analyse's chosen answer is the replay's: no PUT (null) stands for
    the first turn's and for one that had no legal spot ("PUT 0 0 0" was sent)."""
    if chosen["put"] is None:
        return chosen["pick"] == req["pick"] and (req["put"] is None or req["put_result"] == "no_legal_spot")
    return chosen == {"put": req["put"], "pick": req["pick"]}


def check_answers(path, replay, seat, modes):
    """Every answer of `seat` analysed: the replay's answer, playouts that add up."""
    for k, req in enumerate(replay["requests"]):
        if req["seat"] != seat:
            continue
        rc, out, err = analyse([path, "--request", str(k), "--json"])
        where = "%s request %d" % (os.path.basename(path), k)
        if not check(rc == 0, "%s: exit %d: %s" % (where, rc, err.strip())):
            continue
        a = json.loads(out)
        modes[a["mode"]] = modes.get(a["mode"], 0) + 1
        check(same(a["chosen"], req), "%s: analyse chose %s, the bot answered %s %s" % (where, a["chosen"], req["put"], req["pick"]))
        check(a["same_as_recorded"] is True, "%s: same_as_recorded is %s" % (where, a["same_as_recorded"]))
        check(a["seed"] == 7 and a["playouts_limit"] == PLAYOUTS and a["settings"] == ["gain=10"],
              "%s: the bot's options were not taken from its command: %s" % (where, a))
        total = sum(c["playouts"] for c in a["candidates"])
        check(total == a["playouts"], "%s: candidates' playouts add up to %d, the search ran %d" % (where, total, a["playouts"]))
        if a["mode"] == "mc":
            check(PLAYOUTS <= a["playouts"] < PLAYOUTS + 4 and len(a["candidates"]) == a["candidates_count"] and
                  a["candidates"][0]["put"] == a["search_answer"]["put"] and
                  a["candidates"][0]["pick"] == a["search_answer"]["pick"],
                  "%s: a Monte Carlo search lists every candidate, the chosen one first: %s" % (where, a))
        check(a["index"] == sum(1 for q in replay["requests"][:k] if q["seat"] == seat),
              "%s: Request::index %d is not the seat's count of earlier requests" % (where, a["index"]))


def check_games():
    """Games where the bot's answers are compared; returns a 2p replay for the other checks."""
    modes = {}
    games = [("analyse-2p", "2p", 3, [BOT, greedy], 0), ("analyse-3p", "3p", 5, [greedy, BOT, greedy], 1),
             ("analyse-duel", "duel", 4, [greedy, BOT], 1)]
    replays = {}
    for name, variant, seed, bots, seat in games:
        path, replay = play(name, variant, seed, bots)
        replays[variant] = (path, replay)
        check_answers(path, replay, seat, modes)
    check(modes.get("mc", 0) > 0 and modes.get("exact", 0) > 0,
          "the games should hold Monte Carlo and endgame answers, they had %s" % modes)
    print("ok answers: %s" % ", ".join("%d %s" % (n, m) for m, n in sorted(modes.items())))
    return replays["2p"]


def check_text(path, replay):
    """The text form: position, candidates, the chosen answer and the replay's."""
    k = next(i for i, r in enumerate(replay["requests"]) if r["seat"] == 0 and r["turn"] == 2)
    rc, out, err = analyse([path, "--request", str(k), "--seat", "0"])
    for want in ("request %d of %s: seat 0" % (k, path), "seat 0 (deciding)", "to place:", "draft:",
                 "mode: Monte Carlo: %d playouts" % PLAYOUTS, "PUT x y r", "  chosen\n", "chosen: PUT", "(the same)"):
        check(rc == 0 and want in out, "text output lacks %r (exit %d): %s%s" % (want, rc, out, err))


def check_stdin(path, replay):
    """Requests' text on stdin: the seat's requests in order are the replay's memory."""
    mine = [(k, r) for k, r in enumerate(replay["requests"]) if r["seat"] == 0]
    # The first request alone: the bot's memory then held that request alone too.
    options = ["--playouts", str(PLAYOUTS), "--seed", "7", "--set", "gain=10", "--json"]
    rc, out, err = analyse(options, stdin=mine[0][1]["input"])
    check(rc == 0 and same(json.loads(out)["chosen"], mine[0][1]), "stdin, first request: %d %s %s" % (rc, out, err))
    rc, out, err = analyse([], stdin=mine[0][1]["input"])
    check(rc == 0 and "card counting sees only the drafts of these" in out, "stdin text does not say what card counting saw: %s" % out)
    # All of the seat's requests up to a late one: the same memory as from the replay.
    k, last = mine[-3]
    rc, out, err = analyse(options, stdin="".join(r["input"] for _, r in mine[:-2]))
    a = json.loads(out) if rc == 0 else {}
    check(rc == 0 and same(a["chosen"], last) and a["requests_read"] == len(mine) - 2,
          "stdin, the seat's requests up to %d: %d %s %s" % (k, rc, out, err))
    # One mid-game request alone, with the index the bot had: it searches (card counting differs).
    rc, out, err = analyse(["--index", str(len(mine) - 3), "--json"], stdin=last["input"])
    check(rc == 0 and json.loads(out)["index"] == len(mine) - 3, "stdin, one mid-game request with --index: %d %s" % (rc, err))
    rc, out, err = analyse([path, "--request", str(k), "--time-ms", "5", "--json"])
    check(rc == 0 and json.loads(out)["playouts_limit"] is None and "by time" in " ".join(json.loads(out)["notes"]),
          "--time-ms does not search by time: %d %s %s" % (rc, out, err))
    print("ok stdin and --time-ms")


def check_errors(path, replay):
    """Each bad input: a non-zero exit and a message that names the problem."""
    n = len(replay["requests"])
    greedy_request = next(k for k, r in enumerate(replay["requests"]) if r["seat"] == 1)
    bad_json = os.path.join(work, "bad.json")
    open(bad_json, "w").write('{"requests": [')
    not_replay = os.path.join(work, "not-replay.json")
    open(not_replay, "w").write('{"format": "something else"}')
    cases = [
        ([path, "--request", str(n)], None, 1, "out of range: the replay has %d requests, 0 to %d" % (n, n - 1)),
        ([path, "--request", str(greedy_request)], None, 1, "is not our bot"),
        ([path, "--request", str(greedy_request), "--seat", "0"], None, 1, "went to seat 1, not seat 0"),
        ([bad_json, "--request", "0"], None, 1, "not JSON"),
        ([not_replay, "--request", "0"], None, 1, "not a replay"),
        ([os.path.join(work, "missing.json"), "--request", "0"], None, 1, "cannot read"),
        ([path], None, 2, "which request?"),
        ([path, "--request", "x"], None, 2, "Could not convert: --request = x"),
        ([path, "--request", "0", "--set", "nonsense=1"], None, 2, "unknown setting"),
        ([path, "--request", "0", "--frobnicate"], None, 2, "not expected: --frobnicate"),
        (["--request", "0"], "", 2, "need a replay"),
        ([], "", 1, "no request in the input"),
        ([], replay["requests"][0]["input"][:200], 1, "ends early"),
    ]
    for args, stdin, status, message in cases:
        rc, out, err = analyse(args, stdin=stdin)
        check(rc == status and message in err and not out,
              "analyse %s: exit %d (want %d), stderr %r (want %r)" % (" ".join(args), rc, status, err, message))
    print("ok %d error cases" % len(cases))


def check_position():
    """A position as a state text (the bench's): the search with its seed, the
    same answer and playouts twice, and the seed of its first line used."""
    positions = open(os.path.join(root, "tests", "bench_positions.txt")).read().split("\nseed ")
    block = positions[4] if positions[4].startswith("seed ") else "seed " + positions[4]
    position = os.path.join(work, "position.txt")
    with open(position, "w") as f:
        f.write(block.rstrip("\n") + "\n")
    outs = []
    for _ in range(2):
        rc, out, err = analyse(["--position", position, "--playouts", "500", "--json"])
        if not check(rc == 0, "--position: exit %d, %s" % (rc, err)):
            return
        outs.append(json.loads(out))
    a = outs[0]
    check(a["seed"] == int(block.split()[1]), "--position: the seed of its first line, got %r" % a["seed"])
    check(a["playouts"] == 500 and sum(c["playouts"] for c in a["candidates"]) == 500, "--position: 500 playouts")
    check(outs[0]["chosen"] == outs[1]["chosen"], "--position: the same answer twice")
    rc, _, err = analyse(["--position", os.path.join(work, "no-such-file")])
    check(rc == 1 and "cannot read" in err, "--position of a missing file: exit %d, %r" % (rc, err))
    print("ok --position")


def main():
    os.makedirs(work, exist_ok=True)
    path, replay = check_games()
    check_text(path, replay)
    check_stdin(path, replay)
    check_errors(path, replay)
    check_position()
    for f in failures:
        print("FAIL " + f)
    sys.exit(1 if failures else 0)


main()
