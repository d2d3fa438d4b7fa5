#!/usr/bin/env python3
"""A bot that notes each answer late: it plays the answers of the bot it runs
(GREEDY, given as its command line), and after each answer keeps running for
SPIN_MS before it writes its note on stderr, in our bot's words ("turn 0/0
late: PUT x y r PICK n"), then reads the next request. The referee must wait
for it (tools/referee/match.h) to keep each note with its own answer
(tests/test_replay_notes.py).
usage: late_note_bot.py SPIN_MS GREEDY..."""
import os
import subprocess
import sys
import time

spin_s = float(sys.argv[1]) / 1000
player = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
while True:
    request = os.read(0, 1 << 16)  # the referee writes each request at once, and waits for its answer
    if not request:
        break
    player.stdin.write(request)
    player.stdin.flush()
    put, pick = player.stdout.readline(), player.stdout.readline()
    os.write(1, put + pick)
    end = time.monotonic() + spin_s
    while time.monotonic() < end:  # running, not sleeping: the referee sees it busy
        pass
    answer = "%s %s" % (put.decode().strip(), " ".join(pick.decode().split()[:2]))
    os.write(2, ("turn 0/0 late: %s | a late note\n" % answer).encode())
