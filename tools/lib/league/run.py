"""The `run` subcommand: plays a pool's games until it holds --games of
them, round by round, writing them in plan order (the order they are
rated in); a stopped run, started again, goes on with the very games it
would have played."""
import fcntl
import json
import os

import hosts

from .common import PLAYERS, POOL, Terminated, fail, log
from .db import bots_by_id, open_db, pool_games, transaction
from .matchmaking import plan_round
from .progress import Progress
from .ratings import Rater, stored_ratings
from .results import commit, keep_replay
from .runners import HostRunner, LocalRunner


def parse_variants(text):
    variants = [v.strip() for v in text.split(",") if v.strip()]
    bad = [v for v in variants if v not in PLAYERS]
    if not variants or bad:
        fail("--variant: %s is not one of 2p, 3p, 4p, duel (a comma-separated list)" % (", ".join(bad) or "empty"), 2)
    pools = sorted(set(POOL[v] for v in variants))
    if len(pools) > 1:
        fail("--variant: duel is its own league, rated apart: run it alone (--variant duel)", 2)
    return variants, pools[0]


def take_lock(db, pool):
    """One run per pool and database: the pool's games are rated in the order they are written."""
    handle = open("%s-%s.lock" % (db, pool), "w")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        fail("another tools/league run is playing the %s pool of %s" % (pool, db))
    return handle


def leader(conn, ratings):
    if not ratings:
        return ""
    b = max(ratings, key=lambda k: ratings[k][2])
    name = conn.execute("SELECT name FROM bots WHERE id = ?", (b,)).fetchone()[0]
    return "leader %s (%.2f = %.2f - 3 x %.2f)" % (name, ratings[b][2], ratings[b][0], ratings[b][1])



def check_options(a):
    """The run's variants and pool, once its options are known to make sense."""
    variants, pool = parse_variants(a.variant)
    if not os.access(a.referee, os.X_OK):
        fail("no referee at %s: build it (tools/setup), or give --referee" % a.referee)
    if a.sshloginfile and a.replay_dir:
        fail("--replay-dir keeps replays on this machine: not with --sshloginfile", 2)
    if a.games < 1 or a.jobs < 1:
        fail("--games and --jobs must be at least 1", 2)
    return variants, pool


def check_active_bots(conn, a, variants):
    """Enough active bots for one of the player counts; the counts that must wait are said."""
    active = conn.execute("SELECT COUNT(*) FROM bots WHERE active = 1").fetchone()[0]
    need = min(PLAYERS[v] for v in variants)
    if active < need:
        fail("the league has %d active bot(s); %s needs %d: add some (tools/league --db %s add NAME CMD)"
             % (active, "/".join(variants), need, a.db))
    skipped = sorted(set(v for v in variants if PLAYERS[v] > active))
    if skipped:
        log("league: %d bots: no %s games until more bots join" % (active, ", ".join(skipped)))


def drop_stale_plans(conn, pool, variants, games_left):
    """Plans left by a stopped run are played first, as they were planned,
    unless this run does not play their variant or stops before them."""
    left = list(conn.execute("SELECT id, variant FROM plans WHERE pool = ? ORDER BY id", (pool,)))
    kept = [r["id"] for r in left if r["variant"] in variants][:max(0, games_left)]
    with transaction(conn):
        conn.executemany("DELETE FROM plans WHERE id = ?", [(r["id"],) for r in left if r["id"] not in kept])


class PoolRun:
    """A run's pool as it grows: its ratings, each bot's games, the games played."""

    def __init__(self, a, conn, rater, pool, variants):
        self.a, self.conn, self.rater, self.pool, self.variants = a, conn, rater, pool, variants
        games = pool_games(conn, pool)
        self.ratings = stored_ratings(games)
        self.games_of = {}
        for _, seats in games:
            for s in seats:
                self.games_of[s["bot"]] = self.games_of.get(s["bot"], 0) + 1
        self.played = len(games)

    def play(self, runner, round_size, progress):
        """Plans a round when none is left, plays the planned games, until the target."""
        while self.played < self.a.games:
            plans = list(self.conn.execute("SELECT * FROM plans WHERE pool = ? ORDER BY id", (self.pool,)))
            if not plans:
                plan_round(self.conn, self.rater, self.pool, self.variants, min(round_size, self.a.games - self.played),
                           self.a.seed, self.ratings, self.games_of)
                continue
            self._play_plans(runner, plans, progress)

    def _play_plans(self, runner, plans, progress):
        """Plays the plans; writes each game once those planned before it are written."""
        commands = {b["id"]: b["command"] for b in bots_by_id(self.conn).values()}
        by_id, arrived = {p["id"]: p for p in plans}, {}
        order = [p["id"] for p in plans]
        for _, pid, host, text in runner.play(plans, commands):
            arrived[pid] = (host, text)
            while order and order[0] in arrived:  # written in plan order: the order they are rated in
                pid = order.pop(0)
                self._write(by_id[pid], *arrived.pop(pid))
                progress.game_written(self.played, lambda: leader(self.conn, self.ratings))

    def _write(self, plan, host, text):
        commit(self.conn, self.rater, self.ratings, plan, self.pool, text, host, keep_replay(self.a.replay_dir, plan))
        for b in json.loads(plan["bots"]):
            self.games_of[b] = self.games_of.get(b, 0) + 1
        self.played += 1


def run(a):
    variants, pool = check_options(a)
    conn = open_db(a.db)
    lock = take_lock(a.db, pool)  # noqa: F841 (held until the process ends)
    if a.replay_dir:
        os.makedirs(a.replay_dir, exist_ok=True)
    check_active_bots(conn, a, variants)
    rater = Rater()
    pool_run = PoolRun(a, conn, rater, pool, variants)
    slots = hosts.total_slots(hosts.read_sshlogins(a.sshloginfile)) if a.sshloginfile else a.jobs
    runner = HostRunner(a) if a.sshloginfile else LocalRunner(a)
    drop_stale_plans(conn, pool, variants, a.games - pool_run.played)
    log("league: %s pool, %d games played, target %d; %s each drawn from %s; %s; %s"
        % (pool, pool_run.played, a.games, "player count" if pool == "standard" else "variant", ",".join(variants),
           "on %s" % a.sshloginfile if a.sshloginfile else "%d at a time" % a.jobs, rater.name))
    progress = Progress(a.games, pool_run.played, a.progress)
    try:
        pool_run.play(runner, a.round or 4 * slots, progress)
    except (KeyboardInterrupt, Terminated) as e:
        progress.end()
        log("league: stopped with %d games in %s; the same command goes on" % (pool_run.played, a.db))
        return 143 if isinstance(e, Terminated) else 130
    finally:
        runner.close()
        rater.close()
    progress.end()
    log("league: %d games in the %s pool" % (pool_run.played, pool))
    return 0
