"""HostSession: chunks played on the hosts of an sshloginfile, a round at a
time, from the session's start (files sent, connections opened) to its end
(nothing left here or on the hosts)."""
import os
import shutil
import sys
import tempfile

from .job_script import CHUNK_ID, job_line
from .parallel_round import ParallelRound
from .roster import HostRoster
from .ssh_connections import SshConnections
from .sshlogins import read_sshlogins, total_slots
from .work_dir import WorkDir


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
        logins = read_sshlogins(sshloginfile)
        if not logins:
            raise SystemExit("%s: no sshlogin in it" % sshloginfile)
        if shutil.which("parallel") is None:
            raise SystemExit("GNU parallel is not installed (tools/setup installs it)")
        self.slots = total_slots(logins)  # chunks a round plays at once
        self.round = None  # the round being played
        self.work = WorkDir()
        # Here only: the ssh connections' sockets, the live sshloginfile, the joblog.
        self.control = tempfile.mkdtemp(prefix="kdcm-")
        self.hosts = HostRoster(logins, os.path.join(self.control, "sshlogins"))
        if build:
            cache, command = build
            self.work.send_source(repo, cache, command, self.log)
        else:
            self.work.send_files(send)
        self.ssh = SshConnections(ssh, self.control, self.hosts, self.log)
        self.ssh.connect()

    def rewrite(self, word):
        """A command word as the hosts must see it (a sent file under its name in the work dir)."""
        return self.work.rewrite(word)

    def alive(self):
        return self.hosts.alive()

    def report(self):
        return self.hosts.report()

    def _parallel_command(self):
        # No --wd: parallel's worker would `mkdir -p` the work dir on the host,
        # and one that starts late (a loaded host) after close() removed it
        # would leave it there. The jobs cd into it themselves, and the
        # basefiles go to the same absolute path (rsync makes it on the host).
        cmd = ["parallel", "--slf", self.hosts.live_sshloginfile, "--ssh", self.ssh.command]
        if self.hosts.remote:
            cmd += [a for b in self.work.basefiles for a in ("--bf", os.path.join(self.work.path, b))]
        return cmd

    def run_round(self, jobs):
        """Plays the chunks {id: referee command as a list}; yields their fates as they come."""
        if not self.alive():
            raise SystemExit("hosts: every host has failed")
        bad = [cid for cid in jobs if not CHUNK_ID.match(cid)]
        if bad:
            raise ValueError("chunk ids are letters, digits, '.', '_' and '-': %r" % bad)
        lines = "".join(job_line(self.work.path, cid, args) + "\n" for cid, args in jobs.items())
        self.round = ParallelRound(self._parallel_command(), self.work.path, os.path.join(self.control, "joblog"),
                                   lines, self.log)
        brought = set()
        for kind, cid, host, data in self.round.events():
            if cid not in jobs or cid in brought:
                continue  # a chunk is taken once, the first time a whole one comes back
            if kind == "result":
                brought.add(cid)
                self.hosts.brought(host)
                yield ("done", cid, host, data)
            else:
                if self.hosts.drop(host, "%s on chunk %s" % (data, cid)):
                    self.log("hosts: %s FAILED (%s on chunk %s): it gets no more chunks; %d host(s) left"
                             % (host, data, cid, len(self.alive())))
                yield ("failed", cid, host, data)
        self.round = None

    def kill(self):
        """Stops parallel and the jobs it runs, here and on the hosts."""
        if self.round:
            self.round.kill()

    def close(self):
        """Stops what still runs, removes the work dir on the hosts still up and
        here, and closes the shared ssh connections."""
        self.kill()
        self.ssh.remove_and_close(self.work.path)
        self.work.remove()
        shutil.rmtree(self.control, ignore_errors=True)
