#!/usr/bin/env python3
"""Writes the fuzzer's seed corpus from referee replays: what each seat of a
real game received (the exact `input` text of its requests), whole and in
parts, plus the malformed forms of RULES.md's "Robustness" section made from
the same streams.

    tests/fuzz/make_corpus.py REPLAY.json... OUT_DIR

The committed corpus (tests/fuzz/corpus) came from one game per variant:

    R=build-rel/referee G=build-rel/greedy RA=build-rel/random
    mkdir -p /tmp/replays/2p /tmp/replays/duel /tmp/replays/3p /tmp/replays/4p
    $R --variant 2p --games 1 --seed 3 --jobs 1 --bot $G --bot $RA --replay-dir /tmp/replays/2p
    $R --variant duel --games 1 --seed 3 --jobs 1 --bot $G --bot $RA --replay-dir /tmp/replays/duel
    $R --variant 3p --games 1 --seed 3 --jobs 1 --bot $G --bot tests/viewer/faulty-bot.py --bot $RA \\
       --replay-dir /tmp/replays/3p
    $R --variant 4p --games 1 --seed 3 --jobs 1 --bot $G --bot $RA --bot $G --bot $RA --rule adjacent \\
       --replay-dir /tmp/replays/4p
    tests/fuzz/make_corpus.py /tmp/replays/*/*.json tests/fuzz/corpus

(faulty-bot.py's illegal PUTs and elimination put `-1` owners and discards in
the 3p requests; the 4p game uses the `adjacent` rule.)
"""
import json
import os
import re
import sys

SQUARE = re.compile(r"([_*cfglwm][0-9])")


def is_grid_line(line):
    return bool(line) and SQUARE.sub("", line) == ""


def spaced(text, sep):
    """Grid squares separated by `sep`."""
    return "\n".join(sep.join(SQUARE.findall(l)) if is_grid_line(l) else l for l in text.split("\n"))


def other_filler(text):
    """First-turn and last-turn filler written differently."""
    text = text.replace("-1 _0 _0 -1 0\n", "0 _0 _0 0 0\n")
    return text.replace("-1 _0 _0 -1\n", "-1 -1 -1 -1\n")


def odd_crowns(text):
    """Empty squares with crown digits other than 0."""
    return text.replace("_0_0", "_9_1")


def write(out_dir, name, text):
    with open(os.path.join(out_dir, name), "wb") as f:
        f.write(text.encode("ascii"))


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out_dir = sys.argv[-1]
    os.makedirs(out_dir, exist_ok=True)
    for path in sys.argv[1:-1]:
        replay = json.load(open(path))
        variant = replay["variant"]
        init = "%d\n%d\n" % (replay["players"], replay["draft_size"]) if variant != "duel" else ""
        for seat in range(replay["players"]):
            requests = [r["input"] for r in replay["requests"] if r["seat"] == seat]
            if not requests:
                continue
            base = "%s-seat%d" % (variant, seat)
            stream = "".join(requests)
            write(out_dir, base + "-game", stream)
            write(out_dir, base + "-first", requests[0])
            if len(requests) > 2:  # a request from the middle with no memory of the game
                write(out_dir, base + "-middle-alone", requests[len(requests) // 2].replace(init, "", 1))
            write(out_dir, base + "-last-two", init + "".join(requests[-2:]).replace(init, "", 1))
            if seat:
                continue
            # The malformed forms (RULES.md, "Robustness"), on seat 0's first two and
            # last two requests: the first-turn and last-turn blocks, with memory.
            sample = requests[:2] + requests[-2:]
            text = "".join(sample)
            write(out_dir, base + "-spaces", spaced(text, " "))
            write(out_dir, base + "-tabs-crlf", spaced(text, "\t").replace("\n", "\r\n"))
            write(out_dir, base + "-filler", other_filler(text))
            write(out_dir, base + "-crowns", odd_crowns(text))
            if init:
                rest = [r.replace(init, "", 1) for r in sample]
                write(out_dir, base + "-repeated-init", "".join(init + r for r in rest))
                write(out_dir, base + "-no-init", "".join(rest))
            for cut in (len(requests[0]) // 2, len(text) // 2, len(text) - 7):
                write(out_dir, "%s-truncated-%d" % (base, cut), text[:cut])

if __name__ == "__main__":
    main()
