#!/usr/bin/env python3
"""The bench signature (the search's answers at fixed playouts on fixed
positions, tools/bench/bench.cpp) must equal the committed one in
tests/bench_signature.txt. A change that alters play updates that file and
gives the new value in its commit message; a speed-only change keeps it.

usage: test_bench_signature.py BENCH SIGNATURE_FILE POSITIONS_FILE"""
import subprocess
import sys

bench, committed_file, positions = sys.argv[1:4]
got = subprocess.run([bench, "--signature", positions], check=True, capture_output=True, text=True).stdout.strip()
committed = open(committed_file).read().strip()
if got != committed:
    print("bench signature changed: got %r, committed %r" % (got, committed))
    print("If the change of play is intended, write the new line into %s and give it in the commit message." %
          committed_file)
    sys.exit(1)
print("bench", got)
