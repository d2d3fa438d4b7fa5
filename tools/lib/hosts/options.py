"""The command-line options tools/arena, tools/tune and tools/league share
for playing over hosts, and the HostSession they ask for."""
import os
import shlex

from .session import HostSession

KIT_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))  # tools/lib/X/ -> the checkout


def add_host_options(parser, required):
    """The options tools/arena and tools/tune share for playing over hosts."""
    parser.add_argument("--sshloginfile", "--slf", required=required,
                        help="hosts, one sshlogin a line, as GNU parallel reads them ('8/user@host', ':' here)")
    parser.add_argument("--ssh", default="ssh", help="the ssh command for plain host lines")
    parser.add_argument("--referee", default="build/referee", help="the referee here (sent to the hosts)")
    parser.add_argument("--build", action="store_true",
                        help="send the source (git's tracked files) and build it on each host, once per version")
    parser.add_argument("--build-cmd", default="tools/setup", help="how hosts build it")
    parser.add_argument("--source", default=KIT_ROOT, help="the source --build sends (default: this kit's checkout)")
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
