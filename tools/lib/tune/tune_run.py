"""One tuning run: set up from the parameter file and the log it goes on
from, played round by round with its progress, and finished with theta,
the plot and the result on stdout."""
import json
import os
import sys
import time

import hosts

from .bot_command import check_settings
from .params import read_params, setting_value
from .plot import svg_plot
from .rounds import apply_round, plan_round, play_round
from .run_log import append_log, read_log
from .spsa import Spsa


def log(text):
    print(text, file=sys.stderr, flush=True)


class TuneRun:
    """The run's parameters and settings, theta, and the iterations, seeds
    and games done so far (those of the log it resumes included)."""

    def __init__(self, a):
        self.a = a
        self.params = read_params(a.params)
        self.group = hosts.GAMES_PER_SEED[a.variant]
        self.iterations = a.iterations or max(1, a.games // (self.group * a.pairs))
        # Copied before Spsa adds its gains to the parameters: the log's first line is the run as asked.
        self.header = {"type": "start", "params": [dict(p) for p in self.params], "settings": self._settings()}
        done = read_log(a.log, self.header)
        check_settings(a, self.params)
        self.spsa = Spsa(self.params, self.iterations * a.pairs, a.alpha, a.gamma, a.a_ratio)
        self.theta = [done[-1]["theta"][p["name"]] for p in self.params] if done else [p["start"] for p in self.params]
        if not os.path.exists(a.log) or os.path.getsize(a.log) == 0:
            append_log(a.log, [self.header])
        self.next_iter = done[-1]["iter"] + 1 if done else 1
        self.seeds_done = sum(r["pairs"] for r in done)
        self.games_done = sum(r["games"] for r in done)
        self._announce(done)

    def _settings(self):
        """What the log must agree with to be resumed."""
        a = self.a
        return {"variant": a.variant, "pairs": a.pairs, "iterations": self.iterations, "bot": a.bot,
                "playouts": a.playouts, "time_ms": a.time_ms, "seed": a.seed, "alpha": a.alpha, "gamma": a.gamma,
                "a_ratio": a.a_ratio, "time_scale": a.time_scale, "no_timeout": a.no_timeout}

    def _announce(self, done):
        a = self.a
        if done:
            log("tune: resuming %s after iteration %d of %d" % (a.log, done[-1]["iter"], self.iterations))
        log("tune: %s, %d iterations of %d seed(s) (%d games each), %s"
            % (a.variant, self.iterations, a.pairs, a.pairs * self.group,
               ", ".join("%s %s in [%g, %g] c_end %g r_end %g%s"
                         % (p["name"], setting_value(p, t), p["min"], p["max"], p["c_end"], p["r_end"],
                            " (int)" if p["int"] else "") for p, t in zip(self.params, self.theta))))

    def play(self, runner, referee, bot, concurrency):
        """Plays the rounds left, `concurrency` iterations each, logging them as they end."""
        start, last_print = time.time(), 0.0
        while self.next_iter <= self.iterations:
            iters = range(self.next_iter, min(self.iterations, self.next_iter + concurrency - 1) + 1)
            records = self._play_round(runner, referee, bot, iters)
            now = time.time()
            if now - last_print >= (10 if self.a.quiet else 1) or self.next_iter > self.iterations:
                last_print = now
                log("[%7.1fs] iteration %d/%d  games %d  result %+g  theta: %s"
                    % (now - start, self.next_iter - 1, self.iterations, self.games_done, records[-1]["result"],
                       "  ".join("%s=%.4g" % (p["name"], t) for p, t in zip(self.params, self.theta))))

    def _play_round(self, runner, referee, bot, iters):
        """Plays these iterations, all from theta, and applies them in order; returns their log lines."""
        a = self.a
        # fishtest: every iteration dispatched before the next update shares k.
        planned = plan_round(a, self.spsa, self.params, self.theta, self.seeds_done + 1, iters, referee, bot)
        results = play_round(runner, {cid: args for cid, (_, args) in planned.items()})
        self.theta, records = apply_round(self.spsa, self.params, self.theta, planned, results)
        append_log(a.log, records)
        self.next_iter = iters[-1] + 1
        self.seeds_done += a.pairs * len(records)
        self.games_done += sum(r["games"] for r in records)
        return records

    def finish(self):
        """The plot of the whole log, the last line, and theta as JSON on stdout."""
        every = read_log(self.a.log, self.header)
        plot = self.a.plot or os.path.splitext(self.a.log)[0] + ".svg"
        svg_plot(self.params, [p["start"] for p in self.params], every, plot,
                 "SPSA, %d iterations, %d games" % (len(every), sum(r["games"] for r in every)))
        log("tune: done, %d games; theta: %s; plot: %s"
            % (sum(r["games"] for r in every), ", ".join("%s=%s" % (p["name"], setting_value(p, t))
                                                           for p, t in zip(self.params, self.theta)), plot))
        print(json.dumps({p["name"]: self.theta[j] for j, p in enumerate(self.params)}))
