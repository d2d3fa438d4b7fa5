"""A game that came back: checked against its plan, rated and written with
its seats in one transaction, and its replay renamed after the game."""
import json
import os

from .common import FAULTS, PLAYERS, fail, now
from .db import transaction
from .ratings import rate_game


def game_record(text, plan):
    """The one game of a referee --json, checked against its plan."""
    summary = json.loads(text)
    game = summary["results"][0]
    seats = game["seats"]
    if (summary["variant"], game["seed"]) != (plan["variant"], plan["seed"]) or \
            [s["entrant"] for s in seats] != list(range(PLAYERS[plan["variant"]])):
        fail("game %d came back as another game (variant %s, seed %s)" % (plan["id"], summary["variant"], game["seed"]))
    return summary, seats


def commit(conn, rater, ratings, plan, pool, text, host, replay):
    """Rates a whole game and writes it, its seats and ratings, in one transaction; drops its plan."""
    summary, seats = game_record(text, plan)
    bots = json.loads(plan["bots"])
    after = rate_game(rater, ratings, bots, [s["rank"] for s in seats])
    with transaction(conn):
        conn.execute("INSERT INTO games (id, pool, variant, seed, rule, time_scale, no_timeout, strict_put, host,"
                     " replay, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                     (plan["id"], pool, plan["variant"], plan["seed"], summary["rule"], summary["time_scale"],
                      int(summary["no_timeout"]), int(summary["strict_put"]), host, replay, now()))
        for seat, (s, bot, r) in enumerate(zip(seats, bots, after)):
            conn.execute("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (plan["id"], seat, bot, s["rank"], s["points"], s["score"])
                         + tuple(s[f] for f in FAULTS)
                         + (s["fault"], s["first_answer_ms"], json.dumps(s["answer_ms"])) + r)
        conn.execute("DELETE FROM plans WHERE id = ?", (plan["id"],))
    for bot, r in zip(bots, after):
        ratings[bot] = r


def keep_replay(replay_dir, plan):
    """Renames the game's replay (the referee names it game-00000-VARIANT-seedS.json:
    one game a run, seeds unique in a league) so that its name says the league's game."""
    if not replay_dir:
        return None
    written = os.path.join(replay_dir, "game-00000-%s-seed%d.json" % (plan["variant"], plan["seed"]))
    target = os.path.abspath(os.path.join(replay_dir, "league-%06d-%s-seed%d.json"
                                          % (plan["id"], plan["variant"], plan["seed"])))
    if not os.path.exists(written):
        fail("game %d: the referee wrote no replay %s" % (plan["id"], written))
    os.replace(written, target)
    return target
