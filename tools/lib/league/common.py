"""What every part of the league shares: the variants and their pools, the
fault names, the league's messages and exits, and the clock games are
stamped with."""
import os
import sys
import time

KIT_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))  # tools/lib/X/ -> the checkout
PLAYERS = {"2p": 2, "3p": 3, "4p": 4, "duel": 2}
POOL = {"2p": "standard", "3p": "standard", "4p": "standard", "duel": "duel"}
FAULTS = ("timeouts", "bad_output", "illegal_put", "invalid_pick", "crashes")


class Terminated(Exception):
    """SIGTERM, raised where the program is, so that a run stops as on Ctrl-C."""


def on_sigterm(*_):
    raise Terminated()


def fail(message, status=1):
    print("league: " + message, file=sys.stderr, flush=True)
    sys.exit(status)


def log(text):
    print(text, file=sys.stderr, flush=True)


def now():
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
