"""The bot's command at a point of the parameters, and the check, before a
run, that the bot knows them all."""
import os
import shlex

import hosts

from .params import setting_value


def bot_command(bot, a, params, values):
    """The bot's command at these parameter values."""
    words = shlex.split(bot)
    if a.playouts:
        words += ["--playouts", str(a.playouts)]
    if a.time_ms:
        words += ["--time-ms", "%g" % a.time_ms]
    for p, x in zip(params, values):
        words += ["--set", "%s=%s" % (p["name"], setting_value(p, x))]
    return shlex.join(words)


def check_settings(a, params):
    """The bot says 'unknown setting' for a name it does not have: better now than after the run."""
    words = shlex.split(bot_command(a.bot, a, params, [p["start"] for p in params]))
    if not os.path.isfile(words[0]):
        return  # built on the hosts only
    [(_, err)] = hosts.run_together([words], timeout=30)
    unknown = [ln for ln in err.splitlines() if "unknown setting" in ln]
    if unknown:
        raise SystemExit("tune: the bot does not know these parameters: %s" % "; ".join(unknown))
