"""Which hosts of the session still get chunks: the ones that failed are
dropped from the sshloginfile parallel re-reads, and the report says what
each host brought back."""
import os

from .sshlogins import host_name, login_slots


class HostRoster:
    """The session's hosts, the ones that failed (and why), and the chunks each brought back."""

    def __init__(self, logins, live_sshloginfile):
        self.logins = logins
        self.remote = [lg for lg in logins if host_name(lg) != "local"]
        self.failed = {}  # host -> why
        self.chunks = {}  # host -> chunks it brought back
        self.live_sshloginfile = live_sshloginfile
        self.write_live()

    def alive(self):
        return [lg for lg in self.logins if host_name(lg) not in self.failed]

    def write_live(self):
        """The hosts still alive, as the sshloginfile parallel re-reads when a job ends."""
        tmp = self.live_sshloginfile + ".new"
        with open(tmp, "w") as f:
            f.write("".join(lg + "\n" for lg in self.alive()))
        os.replace(tmp, self.live_sshloginfile)

    def drop(self, host, why):
        """The host gets no more chunks; True the first time only."""
        if host in self.failed:
            return False
        self.failed[host] = why
        self.write_live()
        return True

    def brought(self, host):
        self.chunks[host] = self.chunks.get(host, 0) + 1

    def plain_hosts(self):
        """The remote hosts reached through our ssh command (not a line's own ssh command)."""
        return [login_slots(lg)[1] for lg in self.remote if " " not in login_slots(lg)[1]]

    def own_ssh_logins(self):
        """The remote lines still alive that carry their own ssh command: only parallel reaches them."""
        return [lg for lg in self.remote if " " in login_slots(lg)[1] and host_name(lg) not in self.failed]

    def report(self):
        """One line per host: the chunks it brought back, and its failure if any."""
        out = []
        for login in self.logins:
            h = host_name(login)
            line = "  %-28s %4d chunks" % (h, self.chunks.get(h, 0))
            if h in self.failed:
                line += "   FAILED (%s), dropped" % self.failed[h]
            out.append(line)
        return "\n".join(out)
