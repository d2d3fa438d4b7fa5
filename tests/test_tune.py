#!/usr/bin/env python3
"""tools/tune: fishtest's SPSA formulas, and a short run on a toy bot whose
best setting is known (tests/toy_bot.cpp: full greedy with a probability that
peaks at --set x=30) through the real referee: it converges to within 10% of
30 from 75; stopped with Ctrl-C and started again it loses no iteration and
counts none twice; resumed from any line it replays the same iterations; a
log of other settings is refused; the plot is written.

Also, with the real bot: a parameter it does not have is refused before
the run, and an iteration over two of its settings plays.

usage: test_tune.py SOURCE_DIR REFEREE TOY_BOT BOT WORK_DIR
"""
import importlib.machinery
import json
import os
import signal
import subprocess
import sys
import time

SOURCE, REFEREE, TOY, BOT, WORK = (os.path.abspath(x) for x in sys.argv[1:6])
TUNE = os.path.join(SOURCE, "tools", "tune")
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
    print(("ok   " if cond else "FAIL ") + what, flush=True)


def write(name, text):
    path = os.path.join(WORK, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def formulas():
    # Not named "tune": that is its package's name (tools/lib/tune/).
    tune = importlib.machinery.SourceFileLoader("tune_command", TUNE).load_module()
    params = tune.read_params(write("p.params", "# comment\ngain, 10, 0, 40, 2, 0.002\nw, 0.35, 0, 1, 0.05, 0.002\n"))
    check([p["int"] for p in params] == [True, False], "ints inferred from start, min and max written as integers")
    check(tune.setting_value(params[0], 12.6) == "13" and tune.setting_value(params[1], 0.1234567) == "0.123457",
          "ints rounded when sent, floats as they are")
    n = 1000
    spsa = tune.Spsa(params, n, 0.602, 0.101, 0.1)
    c, plus, minus = spsa.probe([10, 0.35], n, [1, -1])
    check(abs(c[0] - 2) < 1e-9 and abs(c[1] - 0.05) < 1e-9, "c_k reaches c_end at the last seed")
    check(abs(plus[0] - 12) < 1e-9 and abs(plus[1] - 0.30) < 1e-9 and abs(minus[0] - 8) < 1e-9,
          "theta+- = theta +- c_k flip")
    after = spsa.update([10, 0.35], n, c, [1, -1], 2)
    r = [(a - t) / (ck * 2 * f) for a, t, ck, f in zip(after, [10, 0.35], c, [1, -1])]
    check(all(abs(x - 0.002) < 1e-9 for x in r), "the last step is r_end * c_end * result * flip (R_N = r_end)")
    c1, _, _ = spsa.probe([10, 0.35], 1, [1, 1])
    check(abs(c1[0] - 2 * n ** 0.101) < 1e-9, "c_1 = c_end N^gamma")
    check(spsa.update([39.5, 0.35], 1, c1, [1, 1], 100)[0] == 40, "theta clipped to max")
    for bad in ("x, 5, 0\n", "x, 50, 0, 10, 1, 0.1\n", "x, 5, 0, 10, 0, 0.1\n", "x, a, 0, 10, 1, 0.1\n"):
        p = subprocess.run([TUNE, "--params", write("bad.params", bad), "--log", os.path.join(WORK, "bad.jsonl"),
                            "--iterations", "1"], capture_output=True, text=True)
        check(p.returncode != 0 and "bad.params:1" in p.stderr, "bad parameter line refused: %r" % bad.strip())


def tune_cmd(params, log, iterations, seed=7):
    return [TUNE, "--params", params, "--log", log, "--iterations", str(iterations), "--seed", str(seed),
            "--bot", TOY + " --seed 1", "--referee", REFEREE, "--no-timeout"]


def read(log):
    with open(log) as f:
        return [json.loads(ln) for ln in f if ln.strip()]


def convergence():
    params = write("toy.params", "x, 75, 0, 100, 12, 0.04, float  # the toy's best x is 30\n")
    log = os.path.join(WORK, "toy.jsonl")
    for f in (log, os.path.join(WORK, "toy.svg")):
        if os.path.exists(f):
            os.remove(f)
    n = 150
    start = time.time()
    # Stopped with Ctrl-C part way...
    proc = subprocess.Popen(tune_cmd(params, log, n), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    while proc.poll() is None and (not os.path.exists(log) or len(read(log)) < 61):
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    first = read(log)[1:]
    check(proc.returncode == 130 and "run the same command again" in err,
          "Ctrl-C stops it after whole iterations (%d logged)" % len(first))
    # ... and started again: it goes on from the last line.
    p = subprocess.run(tune_cmd(params, log, n), capture_output=True, text=True)
    print(p.stderr.strip()[-600:])
    records = read(log)
    iters = [r["iter"] for r in records[1:]]
    check(p.returncode == 0 and "resuming" in p.stderr and iters == list(range(1, n + 1)),
          "resumed: iterations 1..%d each logged once" % n)
    resumed = records[1 + len(first)]
    prev = first[-1]["theta"]["x"]
    check(abs(resumed["plus"]["x"] - min(100, prev + resumed["c"][0] * resumed["flip"][0])) < 1e-5,
          "the first resumed iteration starts from the last logged theta")
    final = records[-1]["theta"]["x"]
    check(abs(final - 30) <= 3, "toy SPSA: x from 75 to %.2f, within 10%% of the optimum 30 (%d games, %.0f s)"
          % (final, sum(r["games"] for r in records[1:]), time.time() - start))
    check(json.loads(p.stdout)["x"] == final, "the final theta is printed as JSON")
    with open(os.path.join(WORK, "toy.svg")) as f:
        svg = f.read()
    check(svg.startswith("<svg") and svg.count(",") > n, "the plot of x over the iterations is written")

    # From any line, the same iterations again (flips and seeds come from the iteration number).
    again = os.path.join(WORK, "again.jsonl")
    with open(again, "w") as f:
        f.write("".join(json.dumps(r) + "\n" for r in records[:n - 9]))
    p = subprocess.run(tune_cmd(params, again, n), capture_output=True, text=True)
    strip = lambda rs: [{k: v for k, v in r.items() if k != "host"} for r in rs]  # noqa: E731
    check(p.returncode == 0 and strip(read(again)[n - 9:]) == strip(records[n - 9:]),
          "resumed from iteration %d: the same last 10 iterations" % (n - 10))

    # A log of other settings is not resumed.
    p = subprocess.run(tune_cmd(params, log, n, seed=8), capture_output=True, text=True)
    check(p.returncode != 0 and "other settings (seed)" in p.stderr, "a log of other settings is refused")


def real_bot():
    log = os.path.join(WORK, "bot.jsonl")
    for text, ok in (("no_such_weight, 1, 0, 2, 0.5, 0.01\n", False),
                     ("deny, 3, 0, 8, 1, 0.002\ngain, 8, 2, 20, 1, 0.002\n", True)):
        if os.path.exists(log):
            os.remove(log)
        p = subprocess.run([TUNE, "--params", write("bot.params", text), "--log", log, "--iterations", "1",
                            "--bot", BOT + " --seed 1", "--playouts", "50", "--referee", REFEREE, "--no-timeout"],
                           capture_output=True, text=True)
        if ok:
            records = read(log)
            check(p.returncode == 0 and len(records) == 2 and records[1]["games"] == 2,
                  "one iteration of the bot over deny and gain (theta %s)" % records[-1].get("theta"))
        else:
            check(p.returncode != 0 and "does not know these parameters" in p.stderr and "no_such_weight" in p.stderr,
                  "a parameter the bot does not have is refused before the run")


def main():
    os.makedirs(WORK, exist_ok=True)
    formulas()
    real_bot()
    convergence()
    print("%d failure(s)" % len(failures) if failures else "all tune checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
