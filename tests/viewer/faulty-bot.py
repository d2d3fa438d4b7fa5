#!/usr/bin/env python3
"""A bot that misbehaves on purpose, so the viewer test sees discards and an elimination.

It picks the first free tile with a message, always PUTs at 0 0 (illegal: the tile
is discarded and it plays on), and on its fourth request answers a malformed PUT,
which ends its game. Standard variants only (it reads the two init lines).
"""

import sys


def read_line():
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    return line.split()


def main():
    players = int(read_line()[0])
    tiles = int(read_line()[0])
    requests = 0
    while True:
        size = len(read_line()[0]) // 2  # first grid line: the grid is size x size
        for _ in range(players * size - 1):
            read_line()
        for _ in range(tiles):
            read_line()
        draft = [read_line() for _ in range(tiles)]
        free = [int(t[0]) for t in draft if t[0] != "-1" and t[3] == "-1"]
        requests += 1
        if requests == 4:
            print("PUT 1 2", flush=True)  # missing rotation: bad output
            print("PICK 0", flush=True)
            continue
        print("PUT 0 0 0")
        print(f"PICK {free[0] if free else 0} <faulty> & \"quoted\" </script>", flush=True)


if __name__ == "__main__":
    main()
