"""The league's SQLite file: its schema, opening it, transactions, and the
reads the other parts share (bots, a pool's games with their seats)."""
import os
import sqlite3

from .common import fail

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS bots (
  id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, command TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1, added TEXT NOT NULL);
-- Games chosen by the matchmaking and not yet played; a game takes its plan's id.
CREATE TABLE IF NOT EXISTS plans (
  id INTEGER PRIMARY KEY AUTOINCREMENT, pool TEXT NOT NULL, variant TEXT NOT NULL,
  seed INTEGER NOT NULL, bots TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
  id INTEGER PRIMARY KEY, pool TEXT NOT NULL, variant TEXT NOT NULL, seed INTEGER NOT NULL,
  rule TEXT NOT NULL, time_scale REAL NOT NULL, no_timeout INTEGER NOT NULL, strict_put INTEGER NOT NULL,
  host TEXT NOT NULL, replay TEXT, finished TEXT NOT NULL);
-- One row per seat; mu, sigma and ordinal are the bot's rating after the game.
CREATE TABLE IF NOT EXISTS seats (
  game INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, bot INTEGER NOT NULL REFERENCES bots(id),
  rank INTEGER NOT NULL, points REAL NOT NULL, score INTEGER NOT NULL,
  timeouts INTEGER NOT NULL, bad_output INTEGER NOT NULL, illegal_put INTEGER NOT NULL,
  invalid_pick INTEGER NOT NULL, crashes INTEGER NOT NULL, fault TEXT NOT NULL,
  first_answer_ms REAL NOT NULL, answer_ms TEXT NOT NULL,
  mu REAL NOT NULL, sigma REAL NOT NULL, ordinal REAL NOT NULL,
  PRIMARY KEY (game, seat));
CREATE INDEX IF NOT EXISTS seats_by_bot ON seats (bot, game);
"""



def open_db(path, create=False):
    if not create and not os.path.exists(path):
        fail("no league at %s: start one with tools/league --db %s add NAME \"COMMAND\"" % (path, path))
    try:
        conn = sqlite3.connect(path, timeout=60, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")  # `table` and `add` while a run writes
        conn.executescript(SCHEMA)
    except sqlite3.DatabaseError as e:
        fail("%s: not a league database (%s)" % (path, e))
    conn.row_factory = sqlite3.Row
    return conn


class transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on an exception: all or nothing."""

    def __init__(self, conn):
        self.conn = conn

    def __enter__(self):
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, kind, value, tb):
        self.conn.execute("COMMIT" if kind is None else "ROLLBACK")


def bots_by_id(conn):
    return {r["id"]: r for r in conn.execute("SELECT * FROM bots ORDER BY id")}


def find_bot(conn, name):
    row = conn.execute("SELECT * FROM bots WHERE name = ?", (name,)).fetchone()
    if row is None:
        known = ", ".join(r["name"] for r in conn.execute("SELECT name FROM bots ORDER BY id")) or "none yet"
        fail("no bot named %r in the league (bots: %s)" % (name, known))
    return row


def pool_games(conn, pool):
    """The pool's games in id order (the order they are rated in), each with its seats in seat order."""
    games = {}
    for g in conn.execute("SELECT * FROM games WHERE pool = ? ORDER BY id", (pool,)):
        games[g["id"]] = (g, [])
    for s in conn.execute("SELECT seats.* FROM seats JOIN games ON games.id = seats.game "
                          "WHERE games.pool = ? ORDER BY seats.game, seats.seat", (pool,)):
        games[s["game"]][1].append(s)
    return list(games.values())


def pools_played(conn):
    return [r[0] for r in conn.execute("SELECT DISTINCT pool FROM games ORDER BY pool DESC")]
