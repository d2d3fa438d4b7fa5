#!/usr/bin/env python3
"""The upload file: bot.cpp must be what tools/bundle makes from src/, one
ASCII translation unit under 100,000 characters with the optimize pragma
first and the target pragma after the includes, compiling without a warning
with CodinGame's command line.

usage: test_bundle.py SOURCE_DIR WORK_DIR"""
import os
import re
import subprocess
import sys

src, work = sys.argv[1:3]
bot = os.path.join(src, "bot.cpp")
failures = []

check = subprocess.run([sys.executable, os.path.join(src, "tools", "bundle"), "--check"], capture_output=True, text=True)
if check.returncode != 0:
    failures.append("bot.cpp is stale: " + (check.stderr or check.stdout).strip())

raw = open(bot, "rb").read()
text = raw.decode("ascii", errors="replace")
if any(b > 127 for b in raw):
    failures.append("bot.cpp is not ASCII")
if len(text) >= 100_000:
    failures.append("bot.cpp has %d characters (CodinGame takes fewer than 100,000)" % len(text))
lines = text.splitlines()
if not lines or not re.match(r'#pragma GCC optimize', lines[0]):
    failures.append("the first line is not #pragma GCC optimize: %r" % (lines[0] if lines else ""))
if any(re.match(r'\s*#\s*include\s*"', l) for l in lines):
    failures.append("bot.cpp has a local #include")
includes = [i for i, l in enumerate(lines) if re.match(r'\s*#\s*include\s*<', l)]
targets = [i for i, l in enumerate(lines) if re.match(r'\s*#\s*pragma\s+GCC\s+target', l)]
if targets and includes and min(targets) < max(includes):
    failures.append("#pragma GCC target comes before an #include")

exe = os.path.join(work, "bot-codingame-check")
cmd = ["g++", "-std=gnu++17", "-Werror=return-type", "-g", "-pthread", "-Wall", "-Wextra", bot, "-o", exe]
result = subprocess.run(cmd, capture_output=True, text=True)
if result.returncode != 0:
    failures.append("does not compile with %s:\n%s" % (" ".join(cmd), result.stderr[:2000]))
elif result.stderr.strip():
    failures.append("warnings with -Wall -Wextra:\n" + result.stderr[:2000])

for f in failures:
    print("FAIL:", f)
if not failures:
    print("bot.cpp: %d characters, fresh, ASCII, compiles cleanly with CodinGame's flags" % len(text))
sys.exit(1 if failures else 0)
