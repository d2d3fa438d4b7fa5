"""The value of a whole position (issue 75): a small network per variant
that foresees a seat's final share of the two leaders' points (the search's
playout value) from what src/model_features.h's position_features sees:
every kingdom and what each seat holds, the turn. Trained on the games' real ends (build/dataset's position rows),
split by game.

Its figures, on held-out games: the error of the share foreseen, against
the share of the scores now and against the mean; and how often the seat
foreseen best finishes first."""
import os

import numpy as np
import torch

from . import data, value

SHARE, FIRST, RANK, GAME = range(4)  # position_y's columns (tools/lib/selfplay/dataset.cpp)
SEAT_FEATURES = 43                   # kPositionSeatFeatures: a seat's value features (kValueFeatures)
SCORE = 0                            # kVScore within a seat's features


class PositionNet(value.ValueNet):
    """The value's network (normalised inputs, one hidden layer) with a share in (0, 1) out, through a
    sigmoid: the exported tensors give the sum before it (src/model.h applies it)."""

    def forward(self, x):
        return torch.sigmoid(super().forward(x))


def share_now(x, players):
    """The baseline: each seat's share of the two leaders' scores as they stand."""
    scores = np.stack([x[:, r * SEAT_FEATURES + SCORE] for r in range(players)], axis=1)
    best_other = scores[:, 1:].max(axis=1)
    total = scores[:, 0] + best_other
    return np.where(total > 0, scores[:, 0] / np.maximum(total, 1e-9), 0.5)


def first_accuracy(guess, y, players, rows):
    """How often the seat foreseen best of a position is the one that finished first (rows come a position's
    seats together, in seat order)."""
    idx = np.flatnonzero(rows)
    n = (len(idx) // players) * players
    g = guess[idx[:n]].reshape(-1, players)
    f = y[idx[:n], FIRST].reshape(-1, players)
    return float((f[np.arange(len(g)), g.argmax(axis=1)] > 0).mean())


def load(root, variant):
    """(position_x, position_y) of DIR/VARIANT, None when it has none."""
    d = os.path.join(root, variant)
    if not os.path.exists(os.path.join(d, "position_x.npy")):
        return None
    return np.load(os.path.join(d, "position_x.npy")), np.load(os.path.join(d, "position_y.npy"))


def train_position(x, y, players, hidden=32, epochs=30, seed=1, held_share=0.15, log=print):
    """Fits the position value of one variant; returns (model, held-out figures)."""
    torch.manual_seed(seed)
    x = x.astype(np.float32)
    held = data.held_out_mask(y[:, GAME], held_share, seed)
    train = ~held
    spread = np.where(x[train].std(axis=0) > 1e-6, x[train].std(axis=0), 1.0)
    model = PositionNet(x.shape[1], hidden, np.round(x[train].mean(axis=0)), 2.0 ** np.round(np.log2(spread)))
    value.fit(model, x[train], y[train, SHARE].astype(np.float32), epochs, seed, lr=2e-3, batch=512)
    with torch.no_grad():
        guess = model(torch.tensor(x)).numpy()
    share = y[:, SHARE]
    now = share_now(x, players)
    rmse = lambda g: float(np.sqrt(np.mean((g - share)[held] ** 2)))  # noqa: E731
    figures = {"rows": int(len(x)), "held_out_rows": int(held.sum()), "rmse": rmse(guess),
               "train_rmse": float(np.sqrt(np.mean((guess - share)[train] ** 2))),
               "rmse_share_now": rmse(now), "rmse_mean": rmse(np.full_like(share, share[train].mean())),
               "first": first_accuracy(guess, y, players, held), "first_now": first_accuracy(now, y, players, held)}
    log("position %d players: %d rows, held-out rmse %.4f (train %.4f; the share now %.4f, the mean %.4f); the seat "
        "foreseen best finishes first %.3f (the leader now %.3f)"
        % (players, figures["rows"], figures["rmse"], figures["train_rmse"], figures["rmse_share_now"],
           figures["rmse_mean"], figures["first"], figures["first_now"]))
    return model, figures
