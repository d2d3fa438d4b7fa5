"""Reading an sshloginfile as GNU parallel reads it: its lines, each
host's slots and the name reports give it."""
import re


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
