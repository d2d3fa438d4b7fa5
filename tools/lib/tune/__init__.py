"""tools/tune's parts: SPSA over the bot's --set parameters, as fishtest runs it.

  params.py       the parameter file, and the value the bot gets
  spsa.py         fishtest's SPSA: gain schedules, theta+-, the step
  bot_command.py  the bot's command at a point, checked before a run
  rounds.py       a round of iterations: planned, played, applied
  runners.py      where the referee runs are played: here or over hosts
  run_log.py      the JSONL log: written a round at a time, read to resume
  plot.py         the SVG of the parameters over the iterations
  tune_run.py     one run: set up, played round by round, finished
  cli.py          the command line, and main
"""
