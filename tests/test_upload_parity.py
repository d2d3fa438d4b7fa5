#!/usr/bin/env python3
"""The packed upload plays as its source: tools/bundle shortens the
project's own names and joins lines (docs/upload.md), and this checks that
nothing else changed. Built with CodinGame's flags, the packed files and
the readable bundle (tools/bundle --keep-comments) give:

- the same bench signature (the bench packed with --pack, readable, and the
  build's compact build/bench);
- the same answers in seeded games of every variant (fixed playouts, greedy
  in some seats so that the replies learnt from greedy players play too):
  every answer and message through the referee, then every seat's requests
  piped to both bots again, their whole stdout and stderr compared (but the
  answer times);
- with clang++, a build of the packed file, and no warning that the
  readable one has not (names read back; misleading indentation aside: a
  packed file's lines are not the source's layout).

usage: test_upload_parity.py SOURCE_DIR BUILD_DIR REFEREE GREEDY
(the build's bot and bench are BUILD_DIR/bot and BUILD_DIR/bench; scratch files
go to BUILD_DIR/upload-parity)"""
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

src, build, referee, greedy = sys.argv[1:5]
work = os.path.join(build, "upload-parity")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
BUNDLE = os.path.join(src, "tools", "bundle")
sys.path.insert(0, os.path.join(src, "tools", "lib", "bundle"))
import short_names  # noqa: E402

CG_FLAGS = subprocess.run([sys.executable, BUNDLE, "--print-flags"], check=True, capture_output=True,
                          text=True).stdout.split()
# The answers' times on stderr, which no two runs share (the forced answers' notes give theirs).
TIMES = re.compile(r" \(\d+(\.\d+)? ms\)")
failures = []


def bundled(entry, name, *options):
    """tools/bundle's file for the entry (and its map, when packed)."""
    path = os.path.join(work, name + ".cpp")
    subprocess.run([sys.executable, BUNDLE, "--entry", entry, "--output", path, *options], check=True,
                   stdout=subprocess.DEVNULL)
    return path


def built(source):
    exe = os.path.splitext(source)[0]
    subprocess.run(["g++", *CG_FLAGS, source, "-o", exe], check=True)
    return exe


def check_bench():
    entry = os.path.join(src, "tools", "bench", "bench.cpp")
    benches = {"compact (build/bench)": os.path.join(build, "bench"),
               "packed": built(bundled(entry, "bench-packed", "--pack")),
               "readable": built(bundled(entry, "bench-readable", "--keep-comments"))}
    positions = os.path.join(src, "tests", "bench_positions.txt")
    signatures = {name: subprocess.run([exe, "--signature", positions], check=True, capture_output=True,
                                       text=True).stdout.strip() for name, exe in benches.items()}
    if len(set(signatures.values())) != 1:
        failures.append("bench signatures differ: %s" % signatures)
    print("bench: %s, %s" % ("/".join(signatures), signatures["packed"]))


# Seats as bots: B ours at a seed of its own, G greedy.
GAMES = {"2p": ["B7", "B9"], "duel": ["B7", "G"], "3p": ["B7", "G", "B9"], "4p": ["B7", "G", "B9", "B11"]}
PLAYOUTS = 1000


def play(bot, variant, label):
    """The replays of a few seeded games of the variant, bot in the B seats."""
    out = os.path.join(work, "replays-%s-%s" % (label, variant))
    cmd = [referee, "--variant", variant, "--games", "8", "--seed", "5", "--no-timeout", "--replay-dir", out]
    for seat in GAMES[variant]:
        # No slow-answer notes: they come with a busy machine, not with the code.
        ours = "%s --playouts %d --seed %s --slow-note-ms 1e9" % (bot, PLAYOUTS, seat[1:])
        cmd += ["--bot", greedy if seat == "G" else ours]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, timeout=300)
    return [json.load(open(f)) for f in sorted(glob.glob(os.path.join(out, "*.json")))]


def piped(command, requests):
    """A bot's stdout and stderr (times aside) for the requests, all given at once."""
    done = subprocess.run(shlex.split(command), input="".join(requests), capture_output=True, text=True,
                          timeout=300)
    return done.stdout, TIMES.sub("", done.stderr)


def check_games(packed, readable):
    for variant in GAMES:
        games = {label: play(bot, variant, label) for label, bot in (("packed", packed), ("readable", readable))}
        answers = 0
        for a, b in zip(games["packed"], games["readable"]):
            outputs = [[r["output"] for r in game["requests"]] for game in (a, b)]
            answers += len(outputs[0])
            if outputs[0] != outputs[1] or a["final"] != b["final"]:
                failures.append("%s, game %d: the packed and readable bots answered differently" % (variant, a["game"]))
            for seat, command in enumerate(a["bots"]):
                if command == greedy:
                    continue
                requests = [r["input"] for r in a["requests"] if r["seat"] == seat]
                mine = piped(command, requests)
                if mine != piped(command.replace(packed, readable, 1), requests):
                    failures.append("%s, game %d, seat %d: the requests piped again, the bots' output differs"
                                    % (variant, a["game"], seat))
                if mine[0] != "".join(r["output"] for r in a["requests"] if r["seat"] == seat):
                    failures.append("%s, game %d, seat %d: piped, the bot did not answer as in the game"
                                    % (variant, a["game"], seat))
        if len(games["packed"]) != len(games["readable"]) or not games["packed"]:
            failures.append("%s: %d and %d games" % (variant, len(games["packed"]), len(games["readable"])))
        print("%s: %d games, %d answers compared" % (variant, len(games["packed"]), answers))


def clang_warnings(path, names, *flags):
    """clang++'s warnings on the file, by name and kind, their places left out (None: it failed)."""
    cmd = ["clang++", *[f for f in CG_FLAGS if f != "-g"], "-Wall", "-Wextra", *flags, path]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        failures.append("%s fails:\n%s" % (" ".join(cmd), done.stderr[-3000:]))
        return None
    found = re.findall(r"^\S+:\d+:\d+: warning: (.*)$", short_names.read_back(done.stderr, names), re.M)
    return sorted(w for w in found if "[-Wmisleading-indentation]" not in w)


def check_clang(packed_source, readable_source):
    if shutil.which("clang++") is None:
        print("clang++ not found (tools/setup --fuzz installs it): the clang build is not checked")
        return
    names = short_names.read_map(os.path.splitext(packed_source)[0] + ".map")
    # clang reads no `#pragma GCC target`: the target's features on its command line.
    target = re.search(r'#pragma GCC target\("([^"]*)"\)', open(packed_source).read())
    features = ["-m" + f for f in target.group(1).split(",")] if target else []
    packed = clang_warnings(packed_source, names, *features, "-o", os.path.join(work, "bot-clang"))
    readable = clang_warnings(readable_source, {}, *features, "-fsyntax-only")
    if packed is not None and readable is not None:
        new = [w for w in packed if w not in readable]
        if new:
            failures.append("clang++ warns of the packed file, not of the readable one:\n" + "\n".join(new))
        print("clang++: the packed file builds, %d warnings as the readable bundle's" % len(packed))


upload = os.path.join(src, "src", "main.cpp")
packed_source = bundled(upload, "bot-packed")
readable_source = bundled(upload, "bot-readable", "--keep-comments")
check_bench()
check_games(os.path.join(build, "bot"), built(readable_source))
check_clang(packed_source, readable_source)
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
