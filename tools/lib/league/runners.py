"""Where the games are played: referee processes on this machine
(LocalRunner), or chunks on the hosts of an sshloginfile (HostRunner, over
tools/lib/hosts/). Both yield the games as they end."""
import ctypes
import json
import os
import selectors
import signal
import subprocess

import hosts

from .common import fail, log

LIBC = ctypes.CDLL(None, use_errno=True)


def referee_args(a, referee, variant, seed, commands, replay_dir=None):
    """One game, the bots in the seats given (with --games 1 the referee seats them in order)."""
    args = [referee, "--variant", variant, "--games", "1", "--seed", str(seed), "--jobs", "1"]
    for c in commands:
        args += ["--bot", c]
    if a.rule:
        args += ["--rule", a.rule]
    if a.time_scale:
        args += ["--time-scale", a.time_scale]
    if a.no_timeout:
        args.append("--no-timeout")
    if a.strict_put:
        args.append("--strict-put")
    if replay_dir:
        args += ["--replay-dir", replay_dir]
    return args


def die_with_parent():
    """In the child: SIGTERM when the league dies, even of SIGKILL (the referee then
    ends its bots), so that a killed league leaves no game running."""
    LIBC.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class LocalRunner:
    """Games as referee processes on this machine, --jobs at a time. The
    referee's --json comes through a pipe and replays go straight to
    --replay-dir: a killed league leaves no file behind."""

    def __init__(self, a):
        self.a, self.procs = a, {}

    def play(self, plans, commands):
        """Plays the plans; yields ("done", plan id, host, referee JSON text) as they end."""
        waiting, sel = list(plans), selectors.DefaultSelector()
        try:
            while waiting or self.procs:
                while waiting and len(self.procs) < self.a.jobs:
                    p = waiting.pop(0)
                    json_read, json_write = os.pipe()
                    args = referee_args(self.a, self.a.referee, p["variant"], p["seed"],
                                        [commands[b] for b in json.loads(p["bots"])], self.a.replay_dir)
                    proc = subprocess.Popen(args + ["--json", "/dev/fd/%d" % json_write], stdin=subprocess.DEVNULL,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, pass_fds=(json_write,),
                                            preexec_fn=die_with_parent)
                    os.close(json_write)
                    # Per game: the process, its stderr's end and its JSON, both read until they close.
                    self.procs[p["id"]] = (proc, bytearray(), bytearray(), [2])
                    sel.register(proc.stderr.fileno(), selectors.EVENT_READ, (p["id"], 1))
                    sel.register(json_read, selectors.EVENT_READ, (p["id"], 2))
                for key, _ in sel.select(timeout=5):
                    pid, which = key.data
                    proc, err, text, open_ends = self.procs[pid]
                    chunk = os.read(key.fd, 65536)
                    if chunk and which == 1:
                        err[:] = (err + chunk)[-4000:]
                    elif chunk:
                        text += chunk
                    else:
                        sel.unregister(key.fd)
                        if which == 2:
                            os.close(key.fd)
                        open_ends[0] -= 1
                    if open_ends[0]:
                        continue
                    proc.wait()
                    del self.procs[pid]
                    if proc.returncode in (-signal.SIGINT, -signal.SIGTERM):
                        raise KeyboardInterrupt  # Ctrl-C reached the referee first
                    if proc.returncode != 0:
                        fail("the referee failed (exit %d) on game %d: %s"
                             % (proc.returncode, pid, err.decode(errors="replace").strip()[-2000:]))
                    yield "done", pid, "local", text.decode()
        finally:
            self.kill()

    def kill(self):
        for proc, *_ in self.procs.values():
            if proc.poll() is None:
                proc.terminate()  # the referee ends its bots
        for proc, *_ in self.procs.values():
            proc.wait()
        self.procs.clear()

    def close(self):
        self.kill()


class HostRunner:
    """Games on the hosts of a GNU parallel --sshloginfile (tools/lib/hosts/), a round at a time."""

    def __init__(self, a):
        self.a, self.session, self.commands = a, None, None

    def play(self, plans, commands):
        if self.commands != commands:  # a bot joined: its files go to the hosts too
            self.close()
            ids = sorted(commands)
            self.session = hosts.open_session(self.a, [commands[b] for b in ids], log=log)
            self.commands = dict(commands)
            self.host_commands = dict(zip(ids, self.session.host_bots))
        pending, tries = {p["id"]: p for p in plans}, {}
        while pending:
            jobs = {}
            for pid, p in pending.items():
                tries[pid] = tries.get(pid, 0) + 1
                if tries[pid] > self.a.attempts:
                    fail("game %d failed on %d tries over the hosts" % (pid, self.a.attempts))
                jobs["g%d" % pid] = referee_args(self.a, self.session.host_referee, p["variant"], p["seed"],
                                                 [self.host_commands[b] for b in json.loads(p["bots"])])
            for kind, cid, host, data in self.session.run_round(jobs):
                pid = int(cid[1:])
                if kind == "done":
                    del pending[pid]
                    yield kind, pid, host, data
                else:
                    log("league: game %d failed on %s (%s): it will be played again" % (pid, host, data))

    def close(self):
        if self.session:
            report = self.session.report()
            self.session.close()
            log("hosts:\n" + report)
            self.session = None
