#!/usr/bin/env python3
"""Our bot's notes on stderr, read back from replays: the phases of a slow
answer ("slow answer N: reading 0.01 | candidates 0.01 | ... | writing 0.02
ms", N its request's number for that bot, counted from 1), and the one-line
summary of every answer ("turn 3/7 mc: PUT 4 5 0 PICK 23 | ...").

The referee keeps with each request what the bot wrote on stderr from that
request on, up to the seat's next request (docs/replay-format.md). Replays
written before 2026-12-07 kept instead what came until the answer was read,
so a note written just after its answer landed with the seat's next request;
matching slow notes by N gives each note to its answer either way. Used by
tools/keep-slow-replays and tools/answer-phases; run alone, it counts how
many requests of such replays carry their own answer's summary:

    tools/replay_notes.py DIR..."""
import json
import os
import re
import sys

NOTE = re.compile(r"slow answer (\d+): ([^\n]*?) ms\n")
SUMMARY = re.compile(r"^turn \d+/\d+ [^:\n]*: PUT (-?\d+ -?\d+ -?\d+) PICK (-?\d+)", re.M)
ANSWER = re.compile(r"PUT (-?\d+ -?\d+ -?\d+)[^\n]*\nPICK (-?\d+)")


def parse_phases(text):
    """'reading 0.01 | playouts 39.9' -> {'reading': 0.01, 'playouts': 39.9}."""
    phases = {}
    for part in text.split(" | "):
        key, _, value = part.rpartition(" ")
        phases[key] = float(value)
    return phases


def answer_numbers(replay):
    """For each request of the replay, its number among its seat's requests (from 1)."""
    count, numbers = {}, []
    for q in replay["requests"]:
        count[q["seat"]] = count.get(q["seat"], 0) + 1
        numbers.append(count[q["seat"]])
    return numbers


def slow_notes(replay):
    """{(seat, answer number): phases} of every note in the replay's stderr."""
    notes = {}
    for q in replay["requests"]:
        for number, text in NOTE.findall(q.get("stderr", "")):
            notes[(q["seat"], int(number))] = parse_phases(text)
    return notes


def phases_text(phases):
    """The note's text again, for printing: 'reading 0.01 | ... ms'."""
    return " | ".join("%s %g" % kv for kv in phases.items()) + " ms" if phases else ""


def summary_places(replay):
    """For each request, where its answer's summary is: "own" (its stderr holds
    that summary and no other), "other" (a summary of another answer), "none",
    or None for a seat that writes no summaries. Where the answer placed
    nothing (turn 0, or no legal spot) only the PICK is compared: the bot
    notes no placement there, whatever PUT it wrote."""
    requests = replay["requests"]
    noting = {q["seat"] for q in requests if SUMMARY.search(q.get("stderr", ""))}
    places = []
    for q in requests:
        if q["seat"] not in noting:
            places.append(None)
            continue
        answer = ANSWER.search(q.get("output", ""))
        placed = q.get("put_result") not in ("ignored", "no_legal_spot")
        own = [answer is not None and pick == answer.group(2) and (not placed or put == answer.group(1))
               for put, pick in SUMMARY.findall(q.get("stderr", ""))]
        places.append("none" if not own else "own" if own == [True] else "other")
    return places


def main(folders):
    counts = {"own": 0, "other": 0, "none": 0}
    for folder in folders:
        for name in sorted(os.listdir(folder)):
            if name.endswith(".json"):
                with open(os.path.join(folder, name)) as f:
                    for place in summary_places(json.load(f)):
                        if place:
                            counts[place] += 1
    print("%d requests of bots that write summaries: %d with their own answer's, %d with another answer's, %d with none"
          % (sum(counts.values()), counts["own"], counts["other"], counts["none"]))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
