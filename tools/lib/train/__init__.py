"""The trainer of the bot's learned models (tools/train), a file per job:

- data.py: the numpy arrays tools/lib/selfplay/dataset writes, split by game into
  training and held-out rows;
- value.py: the value, a small network per variant that foresees a kingdom's
  final score from src/model_features.h's value features;
- policy.py: the playout policy's placement and pick, linear weights fitted
  to the search's choices (conditional logit over each decision's options);
- export.py: the models quantized and written as src/model_weights.h;
- cli.py: the command line.
"""
