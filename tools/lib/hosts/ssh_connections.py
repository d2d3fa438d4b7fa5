"""One shared ssh connection per host for the whole session (ControlMaster),
so that a chunk costs an ssh session, not a handshake; and the cleaning of
the hosts at the end."""
import shlex

from .processes import run_together
from .sshlogins import host_name


class SshConnections:
    """The ssh command the session's jobs use, and the connections behind it.
    A connection closes in close_all(), or by itself after 5 idle minutes if
    this process is killed."""

    def __init__(self, ssh, control_dir, roster, log):
        self.roster, self.log = roster, log
        self.command = ("%s -o ControlMaster=auto -o ControlPath=%s/%%r@%%n:%%p -o ControlPersist=300"
                        " -o BatchMode=yes -o ServerAliveInterval=10 -o ServerAliveCountMax=3 -o ConnectTimeout=20"
                        % (ssh, control_dir))

    def connect(self):
        """Opens each host's shared connection now, all at once, so that the
        round's jobs find it; a host that does not answer is dropped."""
        hosts = self.roster.plain_hosts()
        ssh = shlex.split(self.command)
        for host, (status, err) in zip(hosts, run_together([ssh + [h, "true"] for h in hosts])):
            if status != 0:
                why = err.strip().splitlines()
                self.roster.drop(host_name(host), "ssh: %s" % (why[-1] if why else "exit %s" % status))
                self.log("hosts: %s does not answer (%s): dropped" % (host, self.roster.failed[host_name(host)]))

    def remove_and_close(self, work):
        """Removes the work dir on the hosts still up, then closes the
        connections; through the shared connections, all hosts at once."""
        ssh = shlex.split(self.command)
        plain = self.roster.plain_hosts()
        run_together([ssh + [host, "rm -rf %s; true" % shlex.quote(work)]
                      for host in plain if host_name(host) not in self.roster.failed], timeout=60)
        run_together([ssh + ["-O", "exit", host] for host in plain], timeout=20)
        own_ssh = self.roster.own_ssh_logins()
        if own_ssh:  # lines with their own ssh command: parallel reaches them
            with open(self.roster.live_sshloginfile, "w") as f:
                f.write("".join(lg + "\n" for lg in own_ssh))
            run_together([["parallel", "--slf", self.roster.live_sshloginfile, "--nonall", "rm", "-rf", work]],
                         timeout=120)
