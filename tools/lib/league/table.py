"""The `table` subcommand: the standings as text or JSON, and with
--recompute the check that rating every stored game again gives the
stored ratings."""
import json

from .common import FAULTS, log
from .db import open_db, pool_games, pools_played, transaction
from .ratings import Rater, recompute
from .standings import league_tables


def format_table(t, db, rater_name):
    variants = [v for v in ("2p", "3p", "4p", "duel") if v in t["variants"]]
    out = ["%s, %s pool: %d games (%s); ratings by %s; rating = mu - 3 sigma"
           % (db, t["pool"], t["games"], ", ".join("%s %d" % (v, t["variants"][v]) for v in variants) or "none",
              rater_name)]
    head = "%3s  %-16s %7s %7s %6s %6s" % ("#", "bot", "rating", "mu", "sigma", "games")
    for v in variants:
        head += "  %14s" % ("first " + v)
    head += "   %3s %3s %3s %4s %5s" % ("TO", "bad", "ill", "pick", "crash")
    out.append(head)
    for i, r in enumerate(t["bots"], 1):
        line = "%3d  %-16s %7.2f %7.2f %6.2f %6d" % (i, r["name"] + ("" if r["active"] else " (r)"), r["rating"],
                                                     r["mu"], r["sigma"], r["games"])
        for v in variants:
            f = r["first"].get(v)
            line += "  %14s" % ("%5.1f%% of %d" % (100 * f["rate"], f["games"]) if f else "-")
        line += "   %3d %3d %3d %4d %5d" % tuple(r["faults"][k] for k in FAULTS)
        out.append(line)
    if len(t["bots"]) > 1 and t["games"]:
        out.append("")
        out.append("head to head: how often the row's bot finished ahead of the column's in the games they "
                   "shared (a tie counts half), and in how many games")
        width = max(12, max(len(r["name"]) for r in t["bots"]) + 1)
        out.append("%-*s" % (width + 4, "") + "".join("%12s" % ("%d" % i) for i in range(1, len(t["bots"]) + 1)))
        for i, r in enumerate(t["bots"], 1):
            line = "%3d %-*s" % (i, width, r["name"])
            for o in t["bots"]:
                h = r["head_to_head"].get(o["name"])
                line += "%12s" % ("-" if o is r else "%.0f%% of %d" % (100 * h["rate"], h["games"]) if h else "")
            out.append(line)
    return "\n".join(out)



def check_recomputed(conn, rater, pools, store):
    """Rates each pool's games again: ({pool: recompute's result}, exit status);
    with `store`, ratings that differ are replaced by the recomputed ones."""
    recomputed, status = {}, 0
    for pool in pools:
        games = pool_games(conn, pool)
        recomputed[pool] = recompute(rater, games)
        differ = recomputed[pool][2]
        if not differ:
            log("league: %s pool: the ratings recomputed from its %d games equal the stored ones exactly"
                % (pool, len(games)))
        elif store:
            with transaction(conn):
                for (gid, seat), r in recomputed[pool][1].items():
                    conn.execute("UPDATE seats SET mu = ?, sigma = ?, ordinal = ? WHERE game = ? AND seat = ?",
                                 r + (gid, seat))
            log("league: %s pool: %d seat ratings differed from the recomputed ones; stored the recomputed"
                % (pool, len(differ)))
        else:
            status = 1
            log("league: %s pool: %d seat ratings differ from the ratings recomputed by %s "
                "(--store keeps the recomputed ones); the first:" % (pool, len(differ), rater.name))
            for gid, seat, stored, again in differ[:5]:
                log("  game %d seat %d: stored mu %r sigma %r, recomputed mu %r sigma %r"
                    % (gid, seat, stored[0], stored[1], again[0], again[1]))
    return recomputed, status


def table(a):
    conn = open_db(a.db)
    rater = Rater()
    pools = [a.pool] if a.pool else pools_played(conn) or ["standard"]
    recomputed, status = check_recomputed(conn, rater, pools, a.store) if a.recompute else ({}, 0)
    tables = league_tables(conn, rater, pools, recomputed)
    rater.close()
    if a.json:
        for t in tables:
            for r in t["bots"]:
                del r["id"]  # the database's own
        print(json.dumps({"db": a.db, "rater": rater.name, "pools": tables}, indent=1))
    else:
        print("\n\n".join(format_table(t, a.db, rater.name) for t in tables))
    return status
