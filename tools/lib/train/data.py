"""The training data of one variant (tools/lib/selfplay/dataset's arrays), split
into training and held-out parts by game or by decision, never inside one:
rows of the same game are alike, and a split inside it would flatter the
held-out figures."""
import os

import numpy as np

VARIANTS = ("2p", "3p", "4p", "duel")
# value_y's columns (tools/lib/selfplay/dataset.cpp)
FINAL_SCORE, ADJUSTED, RANK, MARGIN, FIRST, GAME = range(6)
# place_y's and pick_y's columns
DECISION, CHOSEN, SEARCH_VALUE = range(3)


class VariantData:
    """The arrays of DIR/VARIANT, loaded (None when the variant has no data)."""

    def __init__(self, root, variant):
        self.variant = variant
        d = os.path.join(root, variant)
        self.present = os.path.exists(os.path.join(d, "value_x.npy"))
        if not self.present:
            return
        for name in ("value_x", "value_y", "place_x", "place_y", "pick_x", "pick_y"):
            setattr(self, name, np.load(os.path.join(d, name + ".npy")))


def held_out_mask(keys, share, seed):
    """Rows whose key (game or decision number) falls in the held-out share, the same for a seed."""
    unique = np.unique(keys)
    rng = np.random.default_rng(seed)
    held = rng.choice(unique, size=max(1, int(len(unique) * share)), replace=False)
    return np.isin(keys, held)
