"""Where a round's referee runs are played: on this machine (LocalRunner)
or on the hosts of an sshloginfile (a HostSession, tools/lib/hosts/)."""
import os
import shutil
import tempfile

import hosts


class LocalRunner:
    """Plays rounds of referee runs on this machine, as HostSession does over hosts."""

    def run_round(self, jobs):
        work = tempfile.mkdtemp(prefix="kd-tune-")
        try:
            outs = {cid: os.path.join(work, cid + ".json") for cid in jobs}
            results = hosts.run_together([list(args) + ["--json", outs[cid]] for cid, args in jobs.items()])
            for (cid, out), (status, err) in zip(outs.items(), results):
                if status != 0:
                    raise SystemExit("tune: the referee failed (exit %s): %s" % (status, err.strip()[-2000:]))
                with open(out) as f:
                    yield ("done", cid, "local", f.read())
        finally:
            shutil.rmtree(work, ignore_errors=True)

    def close(self):
        pass




def open_runner(a, log):
    """(runner, referee, bot command, iterations a round plays at once) for these options."""
    if a.sshloginfile:
        concurrency = a.concurrency or hosts.total_slots(hosts.read_sshlogins(a.sshloginfile))
        session = hosts.open_session(a, [a.bot], log=log)
        return session, session.host_referee, session.host_bots[0], concurrency
    return LocalRunner(), a.referee, a.bot, a.concurrency or 1
