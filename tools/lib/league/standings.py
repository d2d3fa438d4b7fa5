"""The numbers of a pool that the table and the page show: per bot its
rating, games, first places by player count, faults and answer times; and
head to head."""
import json

from .common import FAULTS
from .db import bots_by_id, pool_games
from .ratings import stored_ratings


def pool_table(conn, pool, games, ratings, default):
    """The pool's numbers: per bot its rating, games, first places by variant,
    faults and answer times; and head to head, how often one finished ahead of another."""
    bots = bots_by_id(conn)
    per = {b: {"games": 0, "first": {}, "faults": dict.fromkeys(FAULTS, 0), "times": []} for b in bots}
    versus = {}  # (a, b) -> [ahead, tied, behind]
    variants = {}
    for g, seats in games:
        variants[g["variant"]] = variants.get(g["variant"], 0) + 1
        for s in seats:
            e = per[s["bot"]]
            e["games"] += 1
            f = e["first"].setdefault(g["variant"], [0, 0.0])
            f[0] += 1
            f[1] += s["points"]  # 1 sole first, 0.5 a shared first
            for k in FAULTS:
                e["faults"][k] += s[k]
            e["times"] += json.loads(s["answer_ms"])
            for o in seats:
                if o["bot"] != s["bot"]:
                    v = versus.setdefault((s["bot"], o["bot"]), [0, 0, 0])
                    v[0 if s["rank"] < o["rank"] else 1 if s["rank"] == o["rank"] else 2] += 1
    rows = []
    for b, bot in bots.items():
        mu, sigma, ordinal = ratings.get(b, default)
        e = per[b]
        if not e["games"] and not bot["active"]:
            continue
        times = sorted(e["times"])
        rows.append({
            "name": bot["name"], "command": bot["command"], "active": bool(bot["active"]),
            "rating": ordinal, "mu": mu, "sigma": sigma, "games": e["games"],
            "first": {v: {"games": n, "rate": p / n} for v, (n, p) in sorted(e["first"].items())},
            "faults": e["faults"],
            "answer_ms_p99": times[min(len(times) - 1, int(0.99 * (len(times) - 1) + 0.5))] if times else 0,
            "answer_ms_max": times[-1] if times else 0, "id": b})
    rows.sort(key=lambda r: (-r["rating"], r["name"]))
    for r in rows:
        r["head_to_head"] = {}
        for o in rows:
            v = versus.get((r["id"], o["id"]))
            if v:
                r["head_to_head"][o["name"]] = {"ahead": v[0], "tied": v[1], "behind": v[2], "games": sum(v),
                                                "rate": (v[0] + 0.5 * v[1]) / sum(v)}
    return {"pool": pool, "games": len(games), "variants": dict(sorted(variants.items())), "bots": rows}


def league_tables(conn, rater, pools, recomputed):
    tables = []
    for pool in pools:
        games = pool_games(conn, pool)
        ratings = recomputed[pool][0] if recomputed else stored_ratings(games)
        tables.append(pool_table(conn, pool, games, ratings, rater.default))
    return tables
