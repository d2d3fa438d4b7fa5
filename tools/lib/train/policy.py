"""The playout policy learnt from the search: for the placement, and for the
pick, a weight per feature of src/model_features.h, fitted so that a softmax
of the weighted sums over a decision's options gives the search's choice the
highest likelihood (a conditional logit). The bot samples its playouts'
choices from that softmax (Gumbel noise on the sums): the playouts play as
the search chose, as closely as a linear choice can.

Held-out figures: how often the best option is the search's choice, and
the log-loss, beside those of today's hand-set weights."""
import numpy as np
import torch

from . import data

# Today's hand-set weights (src/policy.h), for comparison: points now times 9,
# zones joined times 1 for a placement; for a pick the estimate times 4
# (kPickScale), 3 per earlier place next turn, 3 per point denied.
HAND_PLACE = {"gain": 9, "joined": 1}
HAND_PICK = {"estimate": 4, "order": 3, "deny": 3}
PLACE_FEATURES = ("gain", "joined", "same_edges", "other_edges")
PICK_FEATURES = ("estimate", "best_gain", "fits", "crowns", "order", "deny")  # the data's columns
# What the playouts weigh: a tile's best gain now costs a search of its
# placements per tile, which playouts cannot afford (it added half a point of
# agreement in 2p, where crowns added one and a half).
PICK_MODEL = ("estimate", "crowns", "order", "deny")


def group_log_softmax(scores, groups, n_groups):
    """log softmax of scores within each group (groups: a decision number per row)."""
    top = torch.full((n_groups,), -1e30).scatter_reduce(0, groups, scores, reduce="amax", include_self=True)
    shifted = scores - top[groups]
    sums = torch.zeros(n_groups).index_add(0, groups, torch.exp(shifted))
    return shifted - torch.log(sums)[groups]


def agreement(scores, groups, chosen, n_groups):
    """Share of decisions whose best-scored option is the chosen one (ties share the credit)."""
    scores, groups, chosen = np.asarray(scores, float), np.asarray(groups), np.asarray(chosen) > 0.5
    best = np.full(n_groups, -np.inf)
    np.maximum.at(best, groups, scores)
    at_best = scores >= best[groups] - 1e-9
    ties = np.bincount(groups, weights=at_best, minlength=n_groups)
    credit = np.bincount(groups, weights=at_best & chosen, minlength=n_groups) / np.maximum(ties, 1)
    present = np.bincount(groups, minlength=n_groups) > 0
    return float(credit[present].mean())


def hand_scores(x, names, weights):
    return sum(x[:, names.index(n)] * w for n, w in weights.items())


def fit_choice(x, y, names, hand, what, variant, seed=1, held_share=0.15, epochs=300, log=print):
    """Fits a conditional logit; returns (weights, held-out figures)."""
    torch.manual_seed(seed)
    decisions = y[:, data.DECISION].astype(np.int64)
    _, groups = np.unique(decisions, return_inverse=True)
    n_groups = int(groups.max()) + 1
    chosen = y[:, data.CHOSEN]
    held = data.held_out_mask(groups, held_share, seed)
    xf = torch.tensor(x.astype(np.float32))
    g, c = torch.tensor(groups), torch.tensor(chosen.astype(np.float32))
    w = torch.zeros(x.shape[1], requires_grad=True)
    opt = torch.optim.LBFGS([w], max_iter=epochs, line_search_fn="strong_wolfe")
    train = torch.tensor(~held)

    def loss_of(rows):
        lp = group_log_softmax(xf @ w, g, n_groups)
        return -(lp * c * rows).sum() / (c * rows).sum()

    def closure():
        opt.zero_grad()
        loss = loss_of(train.float()) + 1e-4 * (w ** 2).sum()
        loss.backward()
        return loss
    opt.step(closure)
    with torch.no_grad():
        held_loss = float(loss_of(torch.tensor(held).float()))
        scores = (xf @ w).numpy()
    hg, hc = groups[held], chosen[held]
    figures = {"decisions": n_groups, "agreement": agreement(scores[held], hg, hc, n_groups),
               "hand_agreement": agreement(hand_scores(x[held], names, hand), hg, hc, n_groups),
               "log_loss": held_loss, "weights": dict(zip(names, [round(float(v), 4) for v in w.detach()]))}
    log("%s %s: %d decisions; held out, the best option is the search's %.3f (hand-set weights %.3f), "
        "log-loss %.3f; weights %s" % (what, variant, n_groups, figures["agreement"], figures["hand_agreement"],
                                       held_loss, figures["weights"]))
    return w.detach().numpy(), figures


def train_policy(d, seed=1, log=print):
    """The placement's and the pick's weights for one variant, and their figures."""
    place = fit_choice(d.place_x, d.place_y, PLACE_FEATURES, HAND_PLACE, "placement", d.variant, seed, log=log)
    columns = [PICK_FEATURES.index(n) for n in PICK_MODEL]
    pick = fit_choice(d.pick_x[:, columns], d.pick_y, PICK_MODEL, HAND_PICK, "pick", d.variant, seed, log=log)
    return place, pick
