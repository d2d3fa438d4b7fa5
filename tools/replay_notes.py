"""The phases our bot writes on stderr for a slow answer ("slow answer N:
reading 0.01 | candidates 0.01 | ... | writing 0.02 ms", N its request's
number for that bot, counted from 1), read back from a replay.

The referee takes a bot's stderr right after reading its answer, and the bot
writes the note just after the answer: the note is kept with that request or
with the seat's next one, depending on which came first. Matching by N gives
each note to its answer either way. Used by tools/keep-slow-replays and
tools/answer-phases."""
import re

NOTE = re.compile(r"slow answer (\d+): ([^\n]*?) ms\n")


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
