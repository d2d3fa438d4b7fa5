"""Ratings: openskill run in node (tools/lib/league/rating/rate.js), the one
place a game changes ratings, and rating a pool's games again from the
start."""
import json
import os
import shutil
import subprocess

from .common import KIT_ROOT, fail

RATER = os.path.join(KIT_ROOT, "tools", "lib", "league", "rating", "rate.js")


class Rater:
    """openskill in node (tools/lib/league/rating/rate.js), one game a request."""

    def __init__(self):
        if shutil.which("node") is None:
            fail("node is not installed: tools/setup --browser installs it and the pinned openskill")
        self.proc = subprocess.Popen(["node", RATER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        hello = self.proc.stdout.readline()
        if not hello:
            fail("the rater (node %s) did not start" % os.path.relpath(RATER))
        info = json.loads(hello)
        self.default = tuple(info["default"])  # a new bot's (mu, sigma, ordinal)
        self.name = "openskill %s (%s)" % (info["openskill"], info["model"])

    def ask(self, request):
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline() or '{"error": "the rater stopped"}')
        if "error" in answer:
            fail("the rater: %s" % answer["error"])
        return answer

    def rate(self, ratings, ranks):
        """The ratings (mu, sigma, ordinal) after a game of players rated `ratings`
        (mu, sigma) finishing at `ranks` (1 is first; equal ranks tie)."""
        return [tuple(r) for r in self.ask({"ratings": [list(r) for r in ratings], "ranks": ranks})["ratings"]]

    def win_chance(self, a, b):
        """openskill's chance that a player rated `a` (mu, sigma) beats one rated `b`."""
        return self.ask({"predict": [list(a[:2]), list(b[:2])]})["win"][0]

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def rate_game(rater, ratings, bots, ranks):
    """The one place a game changes ratings, for the run and the recomputation alike."""
    return rater.rate([ratings.get(b, rater.default)[:2] for b in bots], ranks)


def stored_ratings(games):
    """Each bot's rating after its last game, as stored."""
    ratings = {}
    for _, seats in games:
        for s in seats:
            ratings[s["bot"]] = (s["mu"], s["sigma"], s["ordinal"])
    return ratings


def recompute(rater, games):
    """Every game rated again from the start: (ratings at the end, the
    recomputed (mu, sigma, ordinal) of each seat by (game, seat), and the
    seats whose stored rating differs)."""
    ratings, seat_ratings, differ = {}, {}, []
    for g, seats in games:
        after = rate_game(rater, ratings, [s["bot"] for s in seats], [s["rank"] for s in seats])
        for s, r in zip(seats, after):
            ratings[s["bot"]] = r
            seat_ratings[(g["id"], s["seat"])] = r
            if r != (s["mu"], s["sigma"], s["ordinal"]):
                differ.append((g["id"], s["seat"], (s["mu"], s["sigma"], s["ordinal"]), r))
    return ratings, seat_ratings, differ
