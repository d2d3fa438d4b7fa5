"""Matchmaking: who plays whom in the next round of games, planned from the
ratings at the round's start and stored before they are played."""
import json
import random

from .common import PLAYERS, fail
from .db import transaction


def plan_game(plan_id, seed, variants, bots, ratings, default, in_flight, close):
    """One game: (variant, bot ids by seat). The player count is drawn uniformly
    from `variants` (those with enough bots); the first bot is the one with the
    fewest games in flight, then the highest sigma (least known), then the
    fewest games; the others are drawn at random, weighted by sigma squared (a
    game teaches most about the least known) times how open their duel with the
    first bot is (close[a, b]: a game both sides may win teaches more than a
    foregone one), over one more than their games in flight. The seats turn
    with the plan's id, so that the first bot takes every seat in turn.
    Depends only on its arguments: a league replays."""
    rng = random.Random("league-plan:%d" % seed)
    sigma = {b: ratings.get(b, default)[1] for b in bots}
    variant = rng.choice([v for v in variants if PLAYERS[v] <= len(bots)])
    first = min(bots, key=lambda b: (in_flight.get(b, 0), -sigma[b], bots[b], b))
    picked, rest = [first], [b for b in sorted(bots) if b != first]
    while len(picked) < PLAYERS[variant]:
        b = rng.choices(rest, [sigma[b] ** 2 * close[first, b] / (1 + in_flight.get(b, 0)) for b in rest])[0]
        picked.append(b)
        rest.remove(b)
    turn = plan_id % len(picked)
    return variant, picked[turn:] + picked[:turn]


def plan_round(conn, rater, pool, variants, size, first_seed, ratings, games_of):
    """Plans `size` games in one transaction, from the ratings at the round's start."""
    bots = {b["id"]: games_of.get(b["id"], 0) for b in conn.execute("SELECT id FROM bots WHERE active = 1")}
    if not any(PLAYERS[v] <= len(bots) for v in variants):
        fail("%d active bot(s) left: too few for %s" % (len(bots), ",".join(variants)))
    # 4 p (1 - p), p the chance one wins: 1 for an even duel; a little more than 0
    # so that foregone pairs still meet now and then.
    close = {}
    for a in bots:
        for b in bots:
            if a < b:
                p = rater.win_chance(ratings.get(a, rater.default), ratings.get(b, rater.default))
                close[a, b] = close[b, a] = max(0.05, 4 * p * (1 - p))
    in_flight = {}
    with transaction(conn):
        for _ in range(size):
            plan_id = conn.execute("INSERT INTO plans (pool, variant, seed, bots) VALUES (?, '', 0, '[]')",
                                   (pool,)).lastrowid
            seed = first_seed + plan_id
            variant, seats = plan_game(plan_id, seed, variants, bots, ratings, rater.default, in_flight, close)
            for b in seats:
                in_flight[b] = in_flight.get(b, 0) + 1
            conn.execute("UPDATE plans SET variant = ?, seed = ?, bots = ? WHERE id = ?",
                         (variant, seed, json.dumps(seats), plan_id))
