#!/usr/bin/env python3
"""Golden protocol transcripts: one short seeded game per variant, played by
the real referee between full-greedy bots, written out byte for byte (every
request as sent, every answer as read) and compared with tests/golden/.

usage: test_golden.py REFEREE GREEDY GOLDEN_DIR WORK_DIR
Set KD_UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change.

Each replay's `after` is also checked against the requests' own text
(docs/replay-format.md): its placing and draft are the turn of its request,
as that request showed them, with the request's pick made."""
import glob
import json
import os
import subprocess
import sys



def tile_blocks(request, game):
    """(placing, draft) as the request's input shows them, owners as absolute seats."""
    n, side, size = game["players"], game["grid_size"], game["draft_size"]
    lines = request["input"].splitlines()
    lines = lines[len(lines) - n * side - 2 * size:]  # without the init lines
    blocks = []
    for block in (lines[n * side:n * side + size], lines[n * side + size:]):
        slots = []
        for line in block:
            words = line.split()
            if words[0] != "-1":  # filler on the first and last turns
                owner = int(words[3])
                slots.append({"id": int(words[0]), "owner": -1 if owner < 0 else (owner + request["seat"]) % n})
        blocks.append(slots)
    return blocks


def after_problems(game):
    """Where a request's `after` placing or draft is not its own turn's, with its pick made."""
    problems = []
    for i, r in enumerate(game["requests"]):
        placing, draft = tile_blocks(r, game)
        made = r["pick"] is not None and (r["error"] is None or r["error"]["kind"] == "illegal_put")
        for slot in draft:
            if made and slot["id"] == r["pick"]:
                slot["owner"] = r["seat"]
        if r["after"]["placing"] != placing or r["after"]["draft"] != draft:
            problems.append("request %d (turn %d): after has placing %s draft %s, its turn has placing %s draft %s" % (
                i, r["turn"], r["after"]["placing"], r["after"]["draft"], placing, draft))
    return problems


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
    problems = after_problems(game)
    if problems:
        failed = True
        print("WRONG after in %s: %d requests, first: %s" % (variant, len(problems), problems[0]))
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
    elif not problems:
        print("ok", variant, len(game["requests"]), "requests")
sys.exit(1 if failed else 0)
