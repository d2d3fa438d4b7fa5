"""The value: a small network per variant that foresees a kingdom's final
score from the value features of src/model_features.h (its score now, what
its terrains hold, the room left, the tiles it holds...). It learns the
points still to come (final score minus score now) from the games' real
ends, so that the search can cut a playout short and read the rest here.

The inputs are normalised by the training rows' mean and spread, rounded to
an integer and a power of two: numbers the bot reads exactly (src/model.h),
so that the weights after them keep a scale that quantizes well."""
import numpy as np
import torch

from . import data

SCORE = 0  # the value feature holding the score now (kVScore)


class ValueNet(torch.nn.Module):
    def __init__(self, inputs, hidden, mean, spread):
        super().__init__()
        self.register_buffer("mean", torch.tensor(mean, dtype=torch.float32))
        self.register_buffer("spread", torch.tensor(spread, dtype=torch.float32))
        self.hidden = torch.nn.Linear(inputs, hidden)
        self.out = torch.nn.Linear(hidden, 1)

    def forward(self, x):
        """Points still to come, for raw features x."""
        return self.out(torch.relu(self.hidden((x - self.mean) / self.spread))).squeeze(-1)


def fit(model, x, target, epochs, seed, lr=3e-3, batch=256):
    """Fits model(x) to target (mean squared error) by Adam, the rate on a cosine, the batches drawn by `seed`."""
    xt, yt = torch.tensor(x), torch.tensor(target)
    opt = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=1e-5)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, epochs)
    gen = torch.Generator().manual_seed(seed)
    for _ in range(epochs):
        for rows in torch.randperm(len(xt), generator=gen).split(batch):
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(xt[rows]), yt[rows]).backward()
            opt.step()
        sched.step()


def baseline_rmse(x, future, train):
    """The error of a plain guess: the mean points to come for the number of tiles left."""
    tiles = x[:, 5].astype(int)  # kVTilesLeft
    means = {t: future[train & (tiles == t)].mean() for t in np.unique(tiles[train])}
    guess = np.array([means.get(t, future[train].mean()) for t in tiles])
    return float(np.sqrt(np.mean((guess - future)[~train] ** 2)))


def winner_accuracy(final_guess, y, players, rows):
    """How often the kingdom foreseen best is the one that finished first, over whole positions."""
    n = (rows.sum() // players) * players
    guess = final_guess[rows][:n].reshape(-1, players)
    first = y[rows, data.FIRST][:n].reshape(-1, players)
    picked = first[np.arange(len(guess)), guess.argmax(axis=1)]
    return float((picked > 0).mean())


def train_value(d, players, hidden=32, epochs=40, seed=1, held_share=0.15, log=print):
    """Fits the value of one variant; returns (model, held-out figures)."""
    torch.manual_seed(seed)
    x, y = d.value_x.astype(np.float32), d.value_y
    future = (y[:, data.FINAL_SCORE] - x[:, SCORE]).astype(np.float32)
    held = data.held_out_mask(y[:, data.GAME], held_share, seed)
    train = ~held
    spread = np.where(x[train].std(axis=0) > 1e-6, x[train].std(axis=0), 1.0)
    model = ValueNet(x.shape[1], hidden, np.round(x[train].mean(axis=0)), 2.0 ** np.round(np.log2(spread)))
    fit(model, x[train], future[train], epochs, seed)
    with torch.no_grad():
        guess = model(torch.tensor(x)).numpy()
    err = guess - future
    figures = {
        "rows": int(len(x)), "held_out_rows": int(held.sum()),
        "rmse": float(np.sqrt(np.mean(err[held] ** 2))), "train_rmse": float(np.sqrt(np.mean(err[train] ** 2))),
        "baseline_rmse": baseline_rmse(x, future, train),
        "winner": winner_accuracy(guess + x[:, SCORE], y, players, held),
        "winner_now": winner_accuracy(x[:, SCORE], y, players, held),
    }
    log("value %s: %d rows, held-out rmse %.2f points (train %.2f, by tiles left %.2f); the leader foreseen "
        "finishes first %.3f (the leader now: %.3f)" % (d.variant, figures["rows"], figures["rmse"],
                                                       figures["train_rmse"], figures["baseline_rmse"],
                                                       figures["winner"], figures["winner_now"]))
    return model, figures
