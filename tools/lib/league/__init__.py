"""tools/league's parts: a pool of bot versions playing mixed games through
the referee, rated with OpenSkill.

  common.py       variants and pools, fault names, messages, SIGTERM
  db.py           the SQLite file: schema, transactions, shared reads
  ratings.py      openskill in node; a game's new ratings; recomputing them
  matchmaking.py  who plays whom in the next round
  runners.py      where games are played: here (LocalRunner) or over hosts (HostRunner)
  results.py      a game that came back: checked, rated and written
  progress.py     the run's progress line
  run.py          `run`: rounds of games until the pool holds --games
  standings.py    a pool's numbers per bot and head to head
  table.py        `table`: the standings as text or JSON; --recompute
  page.py         `page`: one self-contained HTML page with a plot
  bots.py         `add` and `retire`
  cli.py          the command line, and main
"""
