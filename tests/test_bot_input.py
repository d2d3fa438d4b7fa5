#!/usr/bin/env python3
"""The bot binary against bad input: every request it gets, however odd or
cut short, is answered with two well-formed lines and a message on stderr;
it never crashes. Its exit status says how the input ended (play() in
src/play.h): 0 when it ended between requests, 1 when it ended inside one
(the bot answered what it had, safely, and stopped).
usage: test_bot_input.py BOT"""
import re
import subprocess
import sys

bot = sys.argv[1]
PUT = re.compile(r"^PUT -?\d+ -?\d+ [0-3]$")
PICK = re.compile(r"^PICK -?\d+( .*)?$")


def grid(side, sep=""):
    c = side // 2
    return "".join(sep.join("*0" if (x, y) == (c, c) else "_0" for x in range(side)) + "\n" for y in range(side))


first_2p = "2\n4\n" + grid(9) * 2 + "-1 _0 _0 -1 0\n" * 4 + "3 f0 f0 -1\n17 f0 l0 -1\n30 l1 c0 -1\n44 g0 w2 -1\n"
# name: (input, answers, exit status)
cases = {
    # Inside a request: a grid cut short, lines that are no request, only the init lines.
    "truncated grid": ("2\n4\n" + grid(9)[:40], 1, 1),
    "garbage": ("hello\nworld\n\x00\x01 binary\n", 1, 1),
    "init only": ("2\n4\n", 1, 1),
    "a full first request": (first_2p, 1, 0),
    "first request then EOF mid-second": (first_2p + grid(9)[:30], 2, 1),
    "duel with separators": (grid(13, " ") * 2 + "0 _0 _0 0 0\n" * 4 + "1 c0 c0 -1\n2 c0 c0 -1\n7 l0 l0 -1\n9 l0 l0 -1\n", 1, 0),
    # nbPlayers 7 and nbTiles 9 are taken as 2 and 4: then the request has all its lines (tile lines of filler).
    "odd numbers": ("7\n9\n" + grid(9) * 2 + "x\n" * 8, 1, 0),
    "crowns out of range": ("2\n4\n" + grid(9).replace("_0", "_9") * 2 + "-1 _0 _0 -1 0\n" * 4 + "3 f0 f0 -1\n17 f0 l0 -1\n30 l1 c0 -1\n44 g0 w2 -1\n", 1, 0),
}
failed = False
for name, (text, answers, status) in cases.items():
    p = subprocess.run([bot, "--time-ms", "5", "--seed", "1"], input=text.encode("latin-1"), capture_output=True, timeout=30)
    out = p.stdout.decode("ascii", errors="replace").splitlines()
    ok = p.returncode == status and len(out) == 2 * answers
    ok = ok and all(PUT.match(out[i]) and PICK.match(out[i + 1]) for i in range(0, len(out), 2))
    if name == "a full first request":
        ok = ok and out[1].split()[1] in ("3", "17", "30", "44")
    if not ok:
        failed = True
        print("FAIL %s: exit %d (expected %d), stdout %r, stderr %r" % (name, p.returncode, status, out, p.stderr[-300:]))
    else:
        print("ok %s (exit %d): %s" % (name, p.returncode, " / ".join(out[:2])))
sys.exit(1 if failed else 0)
