#!/usr/bin/env python3
"""tools/arena and tools/tune over hosts, with the real parts: GNU parallel,
two OpenSSH servers on 127.0.0.1 (throw-away host and user keys, free ports)
standing for two hosts, the referee and real bots.

Checks: a match split over ':' hosts, and over the two ssh hosts, merges into
exactly the single referee's summary of the same seeds (counts, Wilson,
pentanomial, Elo, every game's record but times); the source sent and built
on the hosts plays the same match; an SPRT stops the match chunk by chunk,
and jobs it cut short that start late on a host leave nothing there; the
tuner over the hosts follows the same path as on this machine; a host
killed mid-run is reported, its chunk played elsewhere, nothing lost or
counted twice; nothing is left running on the hosts.

Where no sshd can run here, the ssh part is skipped, loudly (exit 77).

  test_arena.py SOURCE_DIR BINARY_DIR WORK_DIR
  test_arena.py SOURCE_DIR BINARY_DIR WORK_DIR --throughput GAMES [--bot CMD --bot CMD]
      measures games/s of `referee --jobs 2` and of tools/arena over the two
      ssh hosts (one slot each), twice each, alternating, and their ratio.
"""
import getpass
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

SOURCE, BINARIES, WORK = (os.path.abspath(x) for x in sys.argv[1:4])
ARENA, TUNE = os.path.join(SOURCE, "tools", "arena"), os.path.join(SOURCE, "tools", "tune")
SKIPPED = 77
failures = []
# The arena's work dirs go under a temp dir of this test's own: other tests
# running at the same time (the league over ':') make theirs in /tmp, and
# nothing_left() must see only this test's. A short path in /tmp, as ssh's
# control sockets live in it and a socket's path has at most 107 bytes.
TMP = tempfile.mkdtemp(prefix="kdat-")
os.environ["TMPDIR"] = TMP
tempfile.tempdir = TMP


def check(cond, what):
    if not cond:
        failures.append(what)
    print(("ok   " if cond else "FAIL ") + what, flush=True)


def run(cmd, timeout=600, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=WORK, **kw)


# ------------------------------------------------------------------ matches
def referee_json(games, seed, bots, variant="2p", extra=()):
    """The single referee's --json for these games."""
    out = os.path.join(WORK, "single-%s-%d-%d.json" % (variant, seed, games))
    cmd = ["bin/referee", "--variant", variant, "--games", str(games), "--seed", str(seed), "--jobs", "2",
           "--no-timeout", "--json", out] + list(extra)
    for b in bots:
        cmd += ["--bot", b]
    p = run(cmd)
    if p.returncode:
        raise SystemExit("referee failed: " + p.stderr)
    with open(out) as f:
        return json.load(f)


def arena_cmd(slf, games, seed, bots, variant="2p", extra=(), ssh=None):
    cmd = [ARENA, "--sshloginfile", slf, "--ssh", ssh or SSH, "--referee", "bin/referee", "--variant", variant,
           "--games", str(games), "--seed", str(seed), "--no-timeout"] + list(extra)
    for b in bots:
        cmd += ["--bot", b]
    return cmd


def arena(name, *args, **kw):
    out = os.path.join(WORK, name + ".json")
    p = run(arena_cmd(*args, **kw) + ["--json", out])
    print("  (%s: exit %d)\n%s" % (name, p.returncode, indent(p.stderr)), flush=True)
    merged = None
    if os.path.exists(out):
        with open(out) as f:
            merged = json.load(f)
        os.remove(out)
    return p, merged


def indent(text):
    return "\n".join("    " + ln for ln in text.strip().splitlines()[-40:])


TIMES = ("p50_ms", "p99_ms", "max_ms", "first_answer_max_ms", "answer_ms", "first_answer_ms", "overhead_ms")


def without_times(x):
    if isinstance(x, dict):
        return {k: without_times(v) for k, v in x.items() if k not in TIMES}
    if isinstance(x, list):
        return [without_times(v) for v in x]
    return x


def same_match(merged, single, what):
    """The merged summary says what the single run said, but for times, jobs and chunks."""
    if merged is None:
        check(False, what + ": no merged summary")
        return
    keys = ["variant", "games", "seed", "rule", "time_scale", "no_timeout", "strict_put", "bots", "pentanomial",
            "elo", "results"]
    diff = [k for k in keys if without_times(merged.get(k)) != without_times(single.get(k))]
    check(not diff and merged["games"] == single["games"] > 0,
          "%s: merged summary == single referee's (%d games; %s)" % (what, single["games"], ", ".join(
              diff) or "counts, Wilson, pentanomial %s, Elo %+.1f, every game" % (
              single.get("pentanomial"), single.get("elo", {}).get("elo", 0))))


# ------------------------------------------------------------------ sshd
def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def descendants(pid):
    """Every process below pid, from /proc."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(ppid, []).append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    out, todo = [], [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


class Sshd:
    """An OpenSSH server on 127.0.0.1 with this test's keys, as one "host"."""

    def __init__(self, name, keys):
        self.name, self.port = name, free_port()
        config = os.path.join(keys, "sshd-%s.conf" % name)
        with open(config, "w") as f:
            f.write("\n".join([
                "Port %d" % self.port, "ListenAddress 127.0.0.1",
                "HostKey %s/host_key" % keys, "AuthorizedKeysFile %s/authorized_keys" % keys,
                "PidFile %s/sshd-%s.pid" % (keys, name),
                "PasswordAuthentication no", "KbdInteractiveAuthentication no", "UsePAM no", "StrictModes no",
                "PermitRootLogin prohibit-password", "MaxStartups 100", "MaxSessions 100",
                # bash sources ~/.bashrc for commands run over ssh when it is a
                # top-level shell; the runner's own rc files (here: pyenv, which
                # takes a global lock, so concurrent logins wait) are no part of
                # this test: SHLVL=1 makes the login shell a second level.
                "SetEnv SHLVL=1", ""]))
        self.log = os.path.join(keys, "sshd-%s.log" % name)
        sshd = shutil.which("sshd") or "/usr/sbin/sshd"
        self.proc = subprocess.Popen([sshd, "-D", "-e", "-f", config], stdout=subprocess.DEVNULL,
                                     stderr=open(self.log, "w"), start_new_session=True)

    def wait_listening(self, seconds=20):
        """True once it accepts connections; False if it died or never listened."""
        end = time.time() + seconds
        while time.time() < end:
            if self.proc.poll() is not None:
                return False
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return True
            except OSError:
                time.sleep(0.1)
        return False

    def sessions(self):
        return descendants(self.proc.pid)

    def kill(self):
        """The host dies: the server and everything it runs, at once."""
        for pid in [self.proc.pid] + self.sessions():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.proc.wait()


def start_hosts():
    """Two sshd "hosts" and the ssh config that names them hosta and hostb;
    (hosts, None), or (None, why no sshd can run here)."""
    if not (shutil.which("sshd") or os.path.exists("/usr/sbin/sshd")):
        return None, "no sshd installed (Debian: openssh-server; tools/setup installs it)"
    keys = tempfile.mkdtemp(prefix="kd-sshkeys-", dir=WORK)
    for key in ("host_key", "user_key"):
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", os.path.join(keys, key)], check=True)
    shutil.copy(os.path.join(keys, "user_key.pub"), os.path.join(keys, "authorized_keys"))
    os.chmod(os.path.join(keys, "authorized_keys"), 0o600)
    if os.geteuid() == 0:
        os.makedirs("/run/sshd", mode=0o755, exist_ok=True)  # sshd's privilege separation dir, as root
    servers = {name: Sshd(name, keys) for name in ("hosta", "hostb")}
    for s in servers.values():
        if not s.wait_listening():
            for t in servers.values():
                t.kill()
            with open(s.log) as f:
                return None, "sshd does not run here: " + f.read().strip()[-500:]
    with open(os.path.join(keys, "ssh_config"), "w") as f:
        for name, s in servers.items():
            f.write("Host %s\n  Port %d\n" % (name, s.port))
        f.write("Host *\n  HostName 127.0.0.1\n  User %s\n  IdentityFile %s/user_key\n  IdentitiesOnly yes\n"
                "  StrictHostKeyChecking no\n  UserKnownHostsFile /dev/null\n  LogLevel ERROR\n  BatchMode yes\n"
                % (getpass.getuser(), keys))
    global SSH, SSH_LATE
    SSH = "ssh -F %s/ssh_config" % keys
    # The same ssh, but the workers of parallel's jobs after the first two
    # start LATE_S late on the host, as on a loaded machine.
    late = os.path.join(keys, "late-ssh")
    with open(late, "w") as f:
        f.write('#!/bin/bash\nargs=()\nfor a in "$@"; do\n'
                '  if [ "$a" = -- ] && [ "${PARALLEL_SEQ:-0}" -gt 2 ] && [[ "$*" == *GNU_Parallel_worker* ]]; then\n'
                '    args+=(-- sleep %g\\;)\n'
                '  else args+=("$a"); fi\ndone\nexec ssh "${args[@]}"\n' % LATE_S)
    os.chmod(late, 0o755)
    SSH_LATE = "%s -F %s/ssh_config" % (late, keys)
    return servers, None


def slf(name, lines):
    path = os.path.join(WORK, name)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def nothing_left(servers, before, what):
    """No session left on the hosts, no work dir left in the temp dir; a
    session closing (ssh -O exit) may take a moment on a busy machine."""
    end = time.time() + 10
    while True:
        left = {n: s.sessions() for n, s in servers.items() if s.proc.poll() is None and s.sessions()}
        dirs = tmp_dirs() - before
        if (not left and not dirs) or time.time() > end:
            break
        time.sleep(0.2)
    check(not left and not dirs, "%s: no ssh session left on the hosts, no work dir left (%s %s)"
          % (what, left or "", sorted(dirs) or ""))


def tmp_dirs():
    return set(d for d in os.listdir(TMP) if d.startswith(("kd-arena-", "kdcm-")))


# ------------------------------------------------------------------ the checks
SSH = SSH_LATE = "ssh"
LATE_S = 2.0
BOTS = ["bin/greedy", "bin/random --seed 3"]


def local_checks():
    os.makedirs(os.path.join(WORK, "bin"), exist_ok=True)
    for b in ("referee", "greedy", "random", "toy_bot", "bot"):
        if os.path.exists(os.path.join(BINARIES, b)):  # the bot: for --throughput
            shutil.copy2(os.path.join(BINARIES, b), os.path.join(WORK, "bin", b))
    here = slf("local.slf", ["2/:"])
    single = referee_json(60, 11, BOTS)
    p, merged = arena("local-2p", here, 60, 11, BOTS, extra=["--chunk-seeds", "4"])
    check(p.returncode == 0, "arena over ':' exits 0")
    same_match(merged, single, "2p over ':' in chunks of 4 seeds")
    # --keep: the same command again plays only the chunks missing from the folder.
    keep = os.path.join(WORK, "keep")
    shutil.rmtree(keep, ignore_errors=True)
    arena("local-keep", here, 60, 11, BOTS, extra=["--chunk-seeds", "4", "--keep", keep])
    chunks = sorted(f for f in os.listdir(keep) if f.startswith("chunk-"))
    os.remove(os.path.join(keep, chunks[2]))
    p, merged = arena("local-resume", here, 60, 11, BOTS, extra=["--chunk-seeds", "4", "--keep", keep])
    played = [ln for ln in p.stderr.splitlines() if "] chunk " in ln]
    check(len(chunks) == 8 and "7 chunks already in" in p.stderr and len(played) == 1 and chunks[2][6:-5] in played[0],
          "--keep: run again, only the missing chunk is played (%s)" % [ln.split()[3] for ln in played])
    same_match(merged, single, "2p resumed from --keep")
    # referee --merge refuses what it cannot count once.
    first = os.path.join(keep, chunks[0])
    p = run(["bin/referee", "--merge", first, first])
    check(p.returncode == 1 and "is in both" in p.stderr, "referee --merge refuses a chunk given twice")
    p = run(["bin/referee", "--merge", os.path.join(keep, "none.json")])
    check(p.returncode == 1 and "cannot read" in p.stderr, "referee --merge says which file it cannot read")
    # 4p: two bots take turns in the seats; chunks must keep the rotation.
    single4 = referee_json(22, 5, BOTS, variant="4p")
    p, merged = arena("local-4p", here, 22, 5, BOTS, variant="4p")
    same_match(merged, single4, "4p, last seed cut short, over ':' in shrinking chunks")
    return single


def ssh_checks(servers, single):
    both = slf("two.slf", ["1/hosta", "1/hostb"])
    before = tmp_dirs()

    p, merged = arena("ssh-2p", both, 60, 11, BOTS, extra=["--chunk-seeds", "3"])
    check(p.returncode == 0, "arena over two ssh hosts exits 0")
    same_match(merged, single, "2p over two ssh hosts (parallel --sshloginfile)")
    hosts_used = [ln.split()[0] for ln in p.stderr.splitlines() if ln.startswith("  host") and "chunks" in ln
                  and int(ln.split()[1]) > 0]
    check(sorted(hosts_used) == ["hosta", "hostb"], "both hosts played chunks (%s)" % hosts_used)
    nothing_left(servers, before, "after the match")

    # Absolute paths in bot commands: the files go under ext/ on the hosts.
    absolute = [os.path.join(WORK, b) for b in BOTS]
    p, merged = arena("ssh-abs", both, 12, 11, absolute)
    first6 = referee_json(12, 11, BOTS)
    check(p.returncode == 0 and merged and [b["wins"] for b in merged["bots"]] == [b["wins"] for b in first6["bots"]]
          and merged["bots"][0]["command"].startswith("ext/") and merged["bots"][0]["command"].endswith("/greedy"),
          "bots named by absolute paths are sent and renamed (%s)" % (merged and merged["bots"][0]["command"]))

    # The source sent and built on each host once (shared cache: both "hosts" are this machine).
    os.makedirs(os.path.join(WORK, "build"), exist_ok=True)
    shutil.copy2(os.path.join(BINARIES, "random"), os.path.join(WORK, "build", "random"))
    cache = os.path.join(WORK, "host-cache")
    shutil.rmtree(cache, ignore_errors=True)
    flags = "g++ -O0 -std=gnu++17 -pthread -Isrc -Itools/referee"
    build = ("mkdir -p build && %s tools/referee/referee.cpp -o build/referee && "
             "%s tools/baselines/random_bot.cpp -o build/random" % (flags, flags))
    rand2 = ["build/random --seed 3", "build/random --seed 5"]
    p, merged = arena("ssh-build", both, 16, 3, rand2,
                      extra=["--build", "--source", SOURCE, "--build-cmd", build, "--host-cache", cache])
    same_match(merged, referee_json(16, 3, rand2), "source sent and built on the hosts")
    built = [d for d in os.listdir(cache) if os.path.exists(os.path.join(cache, d, ".built"))] \
        if os.path.isdir(cache) else []
    check(len(built) == 1, "built once for both hosts of one machine (%s)" % built)

    # SPRT taken chunk by chunk: the match stops at the chunk where it decides.
    p, merged = arena("ssh-sprt", both, 400, 1, BOTS, extra=["--chunk-seeds", "4", "--sprt", "elo0=0,elo1=300"])
    ok = p.returncode == 0 and merged and merged["sprt"]["decision"] == "H1"
    check(ok and merged["games"] < 400 and merged["games"] % 8 == 0 and merged["sprt"]["llr"] >= merged["sprt"]["upper"]
          and "SPRT decided" in p.stderr,
          "--sprt stops the match at a whole chunk (%s games, LLR %s)"
          % (merged and merged["games"], merged and merged["sprt"]["llr"]))
    nothing_left(servers, before, "after the SPRT stop")
    # Again, two slots a host, and the jobs after the first two start late on
    # the hosts: the first two decide, and the late ones, cut short, must not
    # make the work dir again after the session removed it.
    p, merged = arena("ssh-sprt-late", slf("two-by-2.slf", ["2/hosta", "2/hostb"]), 400, 1, BOTS,
                      extra=["--chunk-seeds", "4", "--sprt", "elo0=0,elo1=300"], ssh=SSH_LATE)
    check(p.returncode == 0 and merged and merged["games"] == 16 and merged["sprt"]["decision"] == "H1",
          "--sprt stops the match with two jobs in flight that start late (%s games)" % (merged and merged["games"]))
    time.sleep(LATE_S + 1)  # those late workers have started by now
    nothing_left(servers, before, "after the SPRT stop with late workers")

    # The tuner over the hosts: the same iterations as on this machine.
    params = os.path.join(WORK, "toy.params")
    with open(params, "w") as f:
        f.write("x, 70, 0, 100, 8, 0.02, float\n")
    logs = {}
    for where, extra in (("hosts", ["--sshloginfile", both, "--ssh", SSH]), ("here", [])):
        log = os.path.join(WORK, "tune-%s.jsonl" % where)
        if os.path.exists(log):
            os.remove(log)
        p = run([TUNE, "--params", params, "--log", log, "--iterations", "6", "--pairs", "2", "--concurrency", "2",
                 "--bot", "bin/toy_bot --seed 1", "--referee", "bin/referee", "--no-timeout"] + extra)
        with open(log) as f:
            logs[where] = [json.loads(ln) for ln in f if ln.strip()][1:]
        print("  (tune %s: exit %d)\n%s" % (where, p.returncode, indent(p.stderr)), flush=True)
    strip = lambda rs: [{k: v for k, v in r.items() if k != "host"} for r in rs]  # noqa: E731
    check(len(logs["hosts"]) == 6 and strip(logs["hosts"]) == strip(logs["here"]),
          "tune over two ssh hosts: the same 6 iterations as here (theta %.3f)"
          % (logs["hosts"][-1]["theta"]["x"] if logs["hosts"] else float("nan")))
    check({r["host"] for r in logs["hosts"]} == {"hosta", "hostb"}, "tune used both hosts")
    nothing_left(servers, before, "after tuning")

    # A host that dies mid-run: reported, its chunk played elsewhere, nothing lost or counted twice.
    single80 = referee_json(80, 21, BOTS)
    proc = subprocess.Popen(arena_cmd(both, 80, 21, BOTS, extra=["--chunk-seeds", "2"]) + [
        "--json", os.path.join(WORK, "ssh-fail.json")], cwd=WORK, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)
    err, killed = [], False
    for line in proc.stderr:
        err.append(line)
        if not killed and "from hostb" in line:
            servers["hostb"].kill()  # hostb was given its next chunk as it sent this one
            killed = True
    out = proc.communicate()[0]
    err = "".join(err)
    print("  (host failure: exit %d)\n%s" % (proc.returncode, indent(err)), flush=True)
    with open(os.path.join(WORK, "ssh-fail.json")) as f:
        merged = json.load(f)
    check(killed and proc.returncode == 0, "the match ends normally when hostb dies mid-run")
    check("hostb FAILED" in err and "played again elsewhere" in err,
          "hostb is reported failed and its chunk played again elsewhere")
    same_match(merged, single80, "80 games with hostb killed mid-run")
    check("SPRT" not in out and "80 games" in out, "the summary is printed")
    nothing_left({"hosta": servers["hosta"]}, before, "after the failure")


def throughput(servers, games, bots):
    """games/s of referee --jobs 2 and of the arena on two one-slot ssh hosts, alternating."""
    both = slf("two.slf", ["1/hosta", "1/hostb"])
    ratios = []
    for rep in range(2):
        t = time.time()
        referee_json(games, 1000 + rep, bots)
        single = games / (time.time() - t)
        t = time.time()
        p, merged = arena("throughput", both, games, 1000 + rep, bots)
        spread = games / (time.time() - t)
        ratios.append(spread / single)
        print("round %d: referee --jobs 2: %.2f games/s; arena on 2 ssh hosts: %.2f games/s; ratio %.3f"
              % (rep + 1, single, spread, spread / single), flush=True)
    print("throughput ratio (arena / referee --jobs 2), mean of %d: %.3f" % (len(ratios), sum(ratios) / len(ratios)))


def main():
    os.makedirs(WORK, exist_ok=True)
    single = local_checks()
    servers, why = start_hosts()
    if servers is None:
        print("\n" + "!" * 78 + "\nSKIPPED: the ssh part of this test (two hosts through OpenSSH):\n  " + why +
              "\n" + "!" * 78, flush=True)
        return 1 if failures else SKIPPED
    try:
        if "--throughput" in sys.argv:
            args = sys.argv[sys.argv.index("--throughput") + 1:]
            bots = [args[i + 1] for i in range(len(args)) if args[i] == "--bot"] or BOTS
            throughput(servers, int(args[0]), bots)
        else:
            ssh_checks(servers, single)
    finally:
        for s in servers.values():
            if s.proc.poll() is None:
                s.kill()
    print("%d failure(s)" % len(failures) if failures else "all arena checks passed")
    return 1 if failures else 0


def main_in_own_tmp():
    try:
        return main()
    finally:
        shutil.rmtree(TMP, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main_in_own_tmp())
