"""fishtest's SPSA: the gain schedules over the run's seeds, theta+ and
theta- around theta, and the step after a result."""


class Spsa:
    """fishtest's SPSA: schedules over N seeds (pairs); k is seeds done + 1 at dispatch."""

    def __init__(self, params, total, alpha, gamma, a_ratio):
        self.params, self.alpha, self.gamma = params, alpha, gamma
        self.A = a_ratio * total
        for p in params:
            p["c"] = p["c_end"] * total ** gamma
            p["a"] = p["r_end"] * p["c_end"] ** 2 * (self.A + total) ** alpha

    def probe(self, theta, k, flip):
        """(c_k per parameter, theta+, theta-)."""
        c = [p["c"] / k ** self.gamma for p in self.params]
        plus = [clip(p, t + ck * f) for p, t, ck, f in zip(self.params, theta, c, flip)]
        minus = [clip(p, t - ck * f) for p, t, ck, f in zip(self.params, theta, c, flip)]
        return c, plus, minus

    def update(self, theta, k, c, flip, result):
        return [clip(p, t + p["a"] / (self.A + k) ** self.alpha / ck * result * f)
                for p, t, ck, f in zip(self.params, theta, c, flip)]


def clip(p, x):
    return min(p["max"], max(p["min"], x))
