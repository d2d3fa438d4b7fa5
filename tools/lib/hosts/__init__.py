"""Referee runs ("chunks") on the hosts of a GNU parallel --sshloginfile, for
tools/arena, tools/tune and tools/league.

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

The parts, a job each:
  sshlogins.py        reading an sshloginfile: lines, slots, host names
  referee_command.py  the referee's command line for a run of games
  processes.py        commands run side by side, and stopped politely
  job_script.py       the script a host runs per chunk, and reading back what it prints
  work_dir.py         what is sent to the hosts (files or the source)
  roster.py           which hosts still get chunks, and what each brought back
  ssh_connections.py  one shared ssh connection per host; cleaning the hosts at the end
  parallel_round.py   one round played by one `parallel`, as a stream of events
  session.py          HostSession: the above put together, from start to close
  options.py          the shared command-line options, and the session they open
"""
from .options import add_host_options, open_session
from .processes import run_together
from .referee_command import GAMES_PER_SEED, referee_command
from .session import HostSession
from .sshlogins import host_name, login_slots, read_sshlogins, total_slots

__all__ = ["add_host_options", "open_session", "run_together", "GAMES_PER_SEED", "referee_command", "HostSession",
           "host_name", "login_slots", "read_sshlogins", "total_slots"]
