"""Referee runs ("chunks") on the hosts of a GNU parallel --sshloginfile, for
tools/arena and tools/tune.

Chunks are played a round at a time: one `parallel` gets the round's jobs,
one shell line each, and plays each on some host, which prints the chunk's
--json on one line tagged with the chunk's id and the host. Files go along as
parallel's --basefile (sent once per host; unchanged files are not sent
again), or the source goes along and is built once per host and source
version. A job that fails (ssh gone, host down, referee or build error) shows
in parallel's --joblog: its host is reported and dropped from the
sshloginfile, which parallel re-reads, so the rest of the round and later
rounds go to the others. A chunk's result is taken once, the first time a
whole one comes back.
"""
import gzip
import hashlib
import io
import os
import queue
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import threading
import time

JOB_SCRIPT = "kd-job.sh"
GAMES_PER_SEED = {"2p": 2, "duel": 2, "3p": 3, "4p": 4}  # seats swapped, or one game per rotation
CHUNK_ID = re.compile(r"^[A-Za-z0-9_.-]+$")


def read_sshlogins(path):
    """The sshlogins of an sshloginfile, as parallel reads them (comments and blank lines skipped)."""
    with open(path) as f:
        return [ln.strip() for ln in f if ln.strip() and not ln.strip().startswith("#")]


def login_slots(login):
    """(slots, login without its N/ prefix); slots is None when parallel is to detect it."""
    m = re.match(r"^(?:@[^/]+/)?(\d+)/(.*)$", login)
    return (int(m.group(1)), m.group(2)) if m else (None, re.sub(r"^@[^/]+/", "", login))


def host_name(login):
    """How a host is named in reports: its sshlogin without the slot count; ':' is 'local'."""
    name = login_slots(login)[1]
    return "local" if name == ":" else name


def total_slots(logins):
    """Games a round of chunks can play at once; a host without N/ counts as one slot."""
    return sum(login_slots(lg)[0] or 1 for lg in logins)


def referee_command(referee, variant, seed, games, bots, jobs=1, rule=None, time_scale=None, no_timeout=False,
                    strict_put=False):
    """The referee's command line (a list) for `games` games from `seed`, in
    the options tools/referee/referee.cpp reads; unset ones keep its defaults."""
    args = [referee, "--variant", variant, "--seed", str(seed), "--games", str(games), "--jobs", str(jobs)]
    for bot in bots:
        args += ["--bot", bot]
    if rule:
        args += ["--rule", rule]
    if time_scale is not None:
        args += ["--time-scale", "%g" % float(time_scale)]
    if no_timeout:
        args.append("--no-timeout")
    if strict_put:
        args.append("--strict-put")
    return args


def run_together(commands, timeout=None):
    """Runs the commands (argument lists) all at once, stdin and stdout on
    /dev/null, and waits for them: [(exit status, stderr text)] in their
    order, status None for one stopped at `timeout` seconds. Their stderr goes
    through files, not pipes: a command may leave a process holding it (ssh's
    ControlMaster stays in the background). Whatever still runs when this
    returns or is interrupted is stopped: SIGTERM first, so that a referee
    stops its bots, then SIGKILL."""
    running = []
    try:
        for cmd in commands:
            err = tempfile.TemporaryFile()
            running.append((subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err),
                            err))
        deadline = None if timeout is None else time.time() + timeout
        results = []
        for proc, err in running:
            try:
                status = proc.wait(timeout=None if deadline is None else max(0.0, deadline - time.time()))
            except subprocess.TimeoutExpired:
                status = None
            err.seek(0)
            results.append((status, err.read().decode(errors="replace")))
        return results
    finally:
        for proc, err in running:
            _stop(proc)
            err.close()


def _stop(proc):
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def source_tarball(repo):
    """The source in `repo` as it is in the working tree (the files git
    tracks, and new ones it does not ignore) in a tar.gz that depends only on
    their content (sorted, no times, no owners), and the first 16 hex digits
    of its SHA-256."""
    names = subprocess.run(["git", "-C", repo, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                           check=True, capture_output=True).stdout
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name in sorted(set(n for n in names.decode().split("\0") if n)):
            path = os.path.join(repo, name)
            if not os.path.isfile(path):
                continue  # deleted in the working tree
            info = tar.gettarinfo(path, arcname=name)
            info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
            with open(path, "rb") as f:
                tar.addfile(info, f)
    data = gzip.compress(raw.getvalue(), mtime=0)
    return data, hashlib.sha256(data).hexdigest()[:16]


def job_script(build=None):
    """The shell script that plays one chunk on a host: `sh kd-job.sh CHUNK REFEREE ARGS...`.
    With build = (cache_dir, source_hash, build_command), it first unpacks and
    builds the source once per host (under a lock), then runs from there."""
    lines = [
        "# One chunk of a tools/arena or tools/tune run: plays it with the referee and",
        "# prints its --json on one line, after 'KD-CHUNK<tab><chunk><tab><host><tab>'.",
        "chunk=$1; shift",
        'work=$(pwd); out="$work/kd-$chunk-$$"',
    ]
    if build:
        cache, digest, command = build
        lines += [
            "cache=%s; src=\"$cache/%s\"" % (cache, digest),
            'mkdir -p "$src" || exit 1',
            "(",
            "  flock 9 || exit 1",
            '  [ -e "$src/.built" ] && exit 0',
            '  tar -xzf "$work/src-%s.tar.gz" -C "$src" && cd "$src" &&' % digest,
            '    { %s; } > "$src/build.log" 2>&1 && touch "$src/.built"' % command,
            ') 9>"$src.lock"',
            'if [ ! -e "$src/.built" ]; then',
            '  echo "build failed on $(hostname) in $src:" >&2; tail -n 30 "$src/build.log" >&2; exit 1',
            "fi",
            'cd "$src" || exit 1',
        ]
    lines += [
        '"$@" --json "$out.json" > "$out.log" 2>&1',
        "status=$?",
        "if [ $status -eq 0 ]; then",
        '  printf "KD-CHUNK\\t%s\\t%s\\t" "$chunk" "${PARALLEL_SSHLOGIN:-?}" && cat "$out.json" || status=$?',
        "else",
        '  echo "referee exited $status on $(hostname):" >&2; tail -c 2000 "$out.log" >&2',
        "fi",
        'rm -f "$out.json" "$out.log"',
        "exit $status",
    ]
    return "\n".join(lines) + "\n"


class HostSession:
    """Chunks on the hosts of an sshloginfile, a round at a time.

    run_round(jobs) plays {chunk id: referee command} with one `parallel` and
    yields ("done", id, host, json_text) and ("failed", id, host, why) as they
    come. A host that fails a job is reported and gets no more: it leaves the
    sshloginfile parallel re-reads, and later rounds. Chunks that failed are
    the caller's to play again in another round. close() removes what the
    session left here and on the hosts.
    """

    def __init__(self, sshloginfile, ssh="ssh", send=(), build=None, repo=".", log=None):
        self.log = log or (lambda text: print(text, file=sys.stderr, flush=True))
        self.logins = read_sshlogins(sshloginfile)
        if not self.logins:
            raise SystemExit("%s: no sshlogin in it" % sshloginfile)
        if shutil.which("parallel") is None:
            raise SystemExit("GNU parallel is not installed (tools/setup installs it)")
        self.failed_hosts = {}  # host -> why
        self.host_chunks = {}  # host -> chunks it brought back
        self.renames = {}
        self.proc = None
        self.remote = [lg for lg in self.logins if host_name(lg) != "local"]
        # The work dir has the same absolute path here and on every host, so
        # that ':' (this machine, where parallel sends nothing) runs in it too.
        self.work = tempfile.mkdtemp(prefix="kd-arena-")
        self.control = tempfile.mkdtemp(prefix="kdcm-")
        self.live_slf = os.path.join(self.control, "sshlogins")
        self._write_live_slf()
        self.basefiles = [JOB_SCRIPT]
        if build:
            cache, command = build
            data, digest = source_tarball(repo)
            with open(os.path.join(self.work, "src-%s.tar.gz" % digest), "wb") as f:
                f.write(data)
            self.basefiles.append("src-%s.tar.gz" % digest)
            script = job_script((cache, digest, command))
            self.log("hosts: source %s (%d KB), built once per host in %s/%s"
                     % (digest, len(data) // 1024, cache, digest))
        else:
            self.basefiles += [self._stage(path) for path in send]
            script = job_script()
        with open(os.path.join(self.work, JOB_SCRIPT), "w") as f:
            f.write(script)
        # One ssh connection per host for the whole session (ControlMaster),
        # so a chunk costs a session, not a handshake; closed in close(), or
        # by itself after 5 idle minutes if this process is killed.
        self.ssh = ssh
        self.ssh_cmd = ("%s -o ControlMaster=auto -o ControlPath=%s/%%r@%%n:%%p -o ControlPersist=300"
                        " -o BatchMode=yes -o ServerAliveInterval=10 -o ServerAliveCountMax=3 -o ConnectTimeout=20"
                        % (ssh, self.control))
        self._connect()

    def _plain_hosts(self):
        """The remote hosts reached through our ssh command (not a line's own ssh command)."""
        return [login_slots(lg)[1] for lg in self.remote if " " not in login_slots(lg)[1]]

    def _connect(self):
        """Opens each host's shared connection now, all at once, so that the
        round's jobs find it; a host that does not answer is dropped."""
        hosts = self._plain_hosts()
        for host, (status, err) in zip(hosts, run_together([shlex.split(self.ssh_cmd) + [h, "true"] for h in hosts])):
            if status != 0:
                why = err.strip().splitlines()
                self.failed_hosts[host_name(host)] = "ssh: %s" % (why[-1] if why else "exit %s" % status)
                self.log("hosts: %s does not answer (%s): dropped" % (host, self.failed_hosts[host_name(host)]))
        self._write_live_slf()

    def _stage(self, path):
        """Copies a file to send into the work dir; returns its name there.
        A relative path below this directory keeps its name (build/bot stays
        build/bot); any other goes under ext/N/ and commands are rewritten."""
        norm = os.path.normpath(path)
        if os.path.isabs(norm) or norm.startswith(".."):
            name = os.path.join("ext", str(sum(n.startswith("ext/") for n in self.renames.values())),
                                os.path.basename(norm))
        else:
            name = norm
        target = os.path.join(self.work, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(path, target)
        self.renames[path] = name
        return name

    def rewrite(self, word):
        """A command word as the hosts must see it (a sent file under its name in the work dir)."""
        return self.renames.get(word, word)

    def alive(self):
        return [lg for lg in self.logins if host_name(lg) not in self.failed_hosts]

    def _write_live_slf(self):
        tmp = self.live_slf + ".new"
        with open(tmp, "w") as f:
            f.write("".join(lg + "\n" for lg in self.alive()))
        os.replace(tmp, self.live_slf)  # parallel re-reads it when a job ends

    def _parallel(self, *extra):
        # No --wd: parallel's worker would `mkdir -p` the work dir on the host,
        # and one that starts late (a loaded host) after close() removed it
        # would leave it there. The jobs cd into it themselves, and the
        # basefiles go to the same absolute path (rsync makes it on the host).
        cmd = ["parallel", "--slf", self.live_slf, "--ssh", self.ssh_cmd] + list(extra)
        if self.remote:
            cmd += [a for b in self.basefiles for a in ("--bf", os.path.join(self.work, b))]
        return cmd

    def run_round(self, jobs):
        """Plays the chunks {id: referee command as a list}; yields their fates as they come."""
        if not self.alive():
            raise SystemExit("hosts: every host has failed")
        bad = [cid for cid in jobs if not CHUNK_ID.match(cid)]
        if bad:
            raise ValueError("chunk ids are letters, digits, '.', '_' and '-': %r" % bad)
        joblog = os.path.join(self.control, "joblog")
        if os.path.exists(joblog):
            os.remove(joblog)
        cd = "cd %s &&" % shlex.quote(self.work)  # fails, and makes nothing, once close() removed it
        lines = "".join(" ".join([cd] + [shlex.quote(w) for w in ["sh", JOB_SCRIPT, cid] + list(args)]) + "\n"
                        for cid, args in jobs.items())
        # All the round's jobs at once, stdin closed: parallel never waits on its input.
        self.proc = subprocess.Popen(self._parallel("--joblog", joblog), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=self.work,
                                     start_new_session=True)
        events = queue.Queue()
        readers = [threading.Thread(target=self._feed, args=(lines,), daemon=True),
                   threading.Thread(target=self._read_results, args=(events,), daemon=True),
                   threading.Thread(target=self._read_errors, daemon=True),
                   threading.Thread(target=self._read_joblog, args=(joblog, events), daemon=True)]
        for t in readers:
            t.start()
        brought = set()
        finished = 0
        while finished < 2:  # the results and the joblog both read to their end
            kind, cid, host, data = events.get()
            if kind == "end":
                finished += 1
            elif kind == "result" and cid in jobs and cid not in brought:
                brought.add(cid)
                self.host_chunks[host] = self.host_chunks.get(host, 0) + 1
                yield ("done", cid, host, data)
            elif kind == "failed" and cid in jobs and cid not in brought:
                if host not in self.failed_hosts:
                    self.failed_hosts[host] = "%s on chunk %s" % (data, cid)
                    self._write_live_slf()
                    self.log("hosts: %s FAILED (%s on chunk %s): it gets no more chunks; %d host(s) left"
                             % (host, data, cid, len(self.alive())))
                yield ("failed", cid, host, data)
        self.proc.wait()
        self.proc = None

    def _feed(self, lines):
        try:
            self.proc.stdin.write(lines.encode())
            self.proc.stdin.close()
        except (BrokenPipeError, ValueError):
            pass  # parallel was stopped

    def _read_results(self, events):
        for raw in self.proc.stdout:
            line = raw.decode(errors="replace")
            fields = line.rstrip("\n").split("\t", 3)  # a host may have spaces; the JSON has no raw tab
            if len(fields) == 4 and fields[0] == "KD-CHUNK" and fields[3].startswith("{"):
                events.put(("result", fields[1], host_name(fields[2]), fields[3]))
            elif line.strip():
                self.log("  | " + line.rstrip())
        events.put(("end", None, None, None))

    def _read_errors(self):
        for raw in self.proc.stderr:
            if raw.strip():
                self.log("  | " + raw.decode(errors="replace").rstrip())

    def _read_joblog(self, joblog, events):
        """Follows the joblog (Seq Host Starttime JobRuntime Send Receive Exitval
        Signal Command) for jobs that failed, until parallel has exited."""
        pos = 0
        while True:
            ended = self.proc.poll() is not None
            if os.path.exists(joblog):
                with open(joblog, "rb") as f:
                    f.seek(pos)
                    data = f.read()
                end = data.rfind(b"\n") + 1  # whole lines only: parallel may be writing the next
                pos += end
                for ln in data[:end].decode(errors="replace").splitlines():
                    cols = ln.split("\t")
                    if len(cols) < 9 or cols[0] == "Seq" or (cols[6] == "0" and cols[7] == "0"):
                        continue
                    m = re.match(r"^cd .+? && sh %s (\S+) " % re.escape(JOB_SCRIPT), cols[8])
                    if m:
                        why = "exit %s" % cols[6] + ("" if cols[7] == "0" else ", signal %s" % cols[7])
                        events.put(("failed", m.group(1), host_name(cols[1]), why))
            if ended:
                break
            time.sleep(0.1)
        events.put(("end", None, None, None))

    def kill(self):
        """Stops parallel and the jobs it runs, here and on the hosts."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()

    def close(self):
        """Stops what still runs, removes the work dir on the hosts still up and
        here, and closes the shared ssh connections."""
        self.kill()
        # Through the shared connections, all hosts at once: the work dir, then the connection.
        ssh = shlex.split(self.ssh_cmd)
        run_together([ssh + [host, "rm -rf %s; true" % shlex.quote(self.work)]
                      for host in self._plain_hosts() if host_name(host) not in self.failed_hosts], timeout=60)
        run_together([ssh + ["-O", "exit", host] for host in self._plain_hosts()], timeout=20)
        own_ssh = [lg for lg in self.remote if " " in login_slots(lg)[1] and host_name(lg) not in self.failed_hosts]
        if own_ssh:  # lines with their own ssh command: parallel reaches them
            with open(self.live_slf, "w") as f:
                f.write("".join(lg + "\n" for lg in own_ssh))
            run_together([["parallel", "--slf", self.live_slf, "--nonall", "rm", "-rf", self.work]], timeout=120)
        shutil.rmtree(self.work, ignore_errors=True)
        shutil.rmtree(self.control, ignore_errors=True)

    def report(self):
        """One line per host: the chunks it brought back, and its failure if any."""
        out = []
        for login in self.logins:
            h = host_name(login)
            line = "  %-28s %4d chunks" % (h, self.host_chunks.get(h, 0))
            if h in self.failed_hosts:
                line += "   FAILED (%s), dropped" % self.failed_hosts[h]
            out.append(line)
        return "\n".join(out)


def add_host_options(parser, required):
    """The options tools/arena and tools/tune share for playing over hosts."""
    parser.add_argument("--sshloginfile", "--slf", required=required,
                        help="hosts, one sshlogin a line, as GNU parallel reads them ('8/user@host', ':' here)")
    parser.add_argument("--ssh", default="ssh", help="the ssh command for plain host lines")
    parser.add_argument("--referee", default="build/referee", help="the referee here (sent to the hosts)")
    parser.add_argument("--build", action="store_true",
                        help="send the source (git's tracked files) and build it on each host, once per version")
    parser.add_argument("--build-cmd", default="tools/setup", help="how hosts build it")
    parser.add_argument("--source", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        help="the source --build sends (default: this kit's checkout)")
    parser.add_argument("--host-cache", default="${XDG_CACHE_HOME:-$HOME/.cache}/kd-arena",
                        help="where hosts keep builds")
    parser.add_argument("--host-referee", default="build/referee", help="the referee in the built source")


def open_session(a, bots, send=(), log=None):
    """A HostSession for these options; its host_referee and host_bots are
    the referee and bot commands as the hosts run them."""
    files = [] if a.build else list(dict.fromkeys(
        [a.referee] + list(send) + [w for b in bots for w in shlex.split(b) if os.path.isfile(w)]))
    session = HostSession(a.sshloginfile, ssh=a.ssh, send=files, repo=a.source, log=log,
                          build=(a.host_cache, a.build_cmd) if a.build else None)
    if a.build:
        session.host_referee, session.host_bots = a.host_referee, list(bots)
        return session
    session.host_referee, session.host_bots = session.rewrite(a.referee), []
    for bot in bots:
        words = shlex.split(bot)
        new = [session.rewrite(w) for w in words]
        session.host_bots.append(bot if new == words else shlex.join(new))
    return session
