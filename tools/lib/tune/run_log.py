"""The tuning log (JSONL): the run's settings on the first line, an
iteration a line after it; read back to resume, written a round at a time."""
import json
import os


def read_log(path, header):
    """The iterations already in the log, after checking it is this run's."""
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return []
    with open(path) as f:
        lines = f.read().split("\n")
    records = []
    for n, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except ValueError:
            if n == len(lines) - 1 or not any(x.strip() for x in lines[n + 1:]):
                break  # a last line cut short by a stop: left out
            raise SystemExit("%s:%d: not JSON" % (path, n + 1))
    if not records or records[0].get("type") != "start":
        raise SystemExit("%s: not a tune log" % path)
    if records[0] != header:
        old, new = records[0], header
        keys = set(old["settings"]) | set(new["settings"])
        diff = [k for k in keys if old["settings"].get(k) != new["settings"].get(k)]
        if old["params"] != new["params"]:
            diff.append("params")
        raise SystemExit("%s was started with other settings (%s): give the same options, or another --log"
                         % (path, ", ".join(sorted(diff))))
    return [r for r in records[1:] if r.get("type") == "iter"]


def append_log(path, records):
    """Adds lines in one write, so that a stop leaves whole iterations."""
    with open(path, "a") as f:
        f.write("".join(json.dumps(r, sort_keys=True) + "\n" for r in records))
        f.flush()
        os.fsync(f.fileno())
