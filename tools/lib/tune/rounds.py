"""A round of iterations: the referee runs at theta+ and theta-, played
until each has come back, and theta after them in iteration order."""
import json
import random

import hosts

from .bot_command import bot_command


def plan_round(a, spsa, params, theta, k, iters, referee, bot):
    """The referee runs of these iterations, all from theta: {id: (plan, referee command)}.
    Flips and seeds come from the iteration number alone."""
    group = hosts.GAMES_PER_SEED[a.variant]
    out = {}
    for i in iters:
        rng = random.Random("%d:%d" % (a.seed, i))
        flip = [rng.choice((-1, 1)) for _ in params]
        c, plus, minus = spsa.probe(theta, k, flip)
        seed = a.seed + (i - 1) * a.pairs
        args = hosts.referee_command(referee, a.variant, seed, a.pairs * group,
                                     [bot_command(bot, a, params, plus), bot_command(bot, a, params, minus)],
                                     jobs=a.jobs, time_scale=a.time_scale, no_timeout=a.no_timeout)
        out["it%d" % i] = ({"iter": i, "k": k, "pairs": a.pairs, "seed": seed, "flip": flip, "c": c,
                             "plus": plus, "minus": minus}, args)
    return out


def play_round(runner, jobs):
    """Plays the runs until each has come back (a failed one goes again): {id: (host, summary)}."""
    results = {}
    while len(results) < len(jobs):
        todo = {cid: args for cid, args in jobs.items() if cid not in results}
        for kind, cid, host, data in runner.run_round(todo):
            if kind == "done":
                results[cid] = (host, json.loads(data))
    return results


def apply_round(spsa, params, theta, planned, results):
    """Updates theta with each run in iteration order (the same run whatever
    order they came back in); returns theta and the log's lines."""
    records = []
    for cid, (plan, _) in planned.items():
        host, summary = results[cid]
        b0, b1 = summary["bots"][0], summary["bots"][1]
        result = (b0["wins"] + 0.5 * b0["draws"]) - (b1["wins"] + 0.5 * b1["draws"])  # 2p: wins - losses
        theta = spsa.update(theta, plan["k"], plan["c"], plan["flip"], result)
        named = lambda values: {p["name"]: round(x, 6) for p, x in zip(params, values)}  # noqa: E731
        records.append(dict(plan, type="iter", games=summary["games"], c=[round(x, 6) for x in plan["c"]],
                            plus=named(plan["plus"]), minus=named(plan["minus"]), wins=b0["wins"],
                            draws=b0["draws"], losses=b0["losses"], result=result,
                            theta={p["name"]: x for p, x in zip(params, theta)}, host=host))
    return theta, records
