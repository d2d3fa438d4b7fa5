"""The `add` and `retire` subcommands: a bot joins the league (or comes
back), or plays no more games."""
import os
import re
import shlex
import shutil

from .common import fail, log, now
from .db import find_bot, open_db, transaction

NAME = re.compile(r"^[A-Za-z0-9_.+-]{1,40}$")


def add(a):
    if not NAME.match(a.name):
        fail("a bot's name is 1 to 40 letters, digits, '_', '.', '+' or '-': %r is not" % a.name, 2)
    try:
        words = shlex.split(a.command)
    except ValueError as e:
        fail("the command %r does not parse (%s)" % (a.command, e), 2)
    if not words:
        fail("the command is empty", 2)
    program = words[0]
    if not (os.access(program, os.X_OK) and os.path.isfile(program) if "/" in program else shutil.which(program)):
        fail("the command's program %s is not %s" % (program, "an executable file (build it?)" if "/" in program
                                                        else "in PATH"), 2)
    conn = open_db(a.db, create=True)
    with transaction(conn):
        row = conn.execute("SELECT * FROM bots WHERE name = ?", (a.name,)).fetchone()
        if row and row["command"] != a.command:
            fail("%s is already in the league with the command %r: a new version takes a new name"
                 % (a.name, row["command"]))
        if row:
            conn.execute("UPDATE bots SET active = 1 WHERE id = ?", (row["id"],))
        else:
            conn.execute("INSERT INTO bots (name, command, added) VALUES (?, ?, ?)", (a.name, a.command, now()))
    log("league: %s %s: %s" % (a.name, "is back in the league" if row and not row["active"]
                               else "was already in the league" if row else "joined the league", a.command))
    return 0


def retire(a):
    conn = open_db(a.db)
    bot = find_bot(conn, a.name)
    with transaction(conn):
        conn.execute("UPDATE bots SET active = 0 WHERE id = ?", (bot["id"],))
    log("league: %s plays no more games (its games and rating stay; add it again to bring it back)" % a.name)
    return 0
