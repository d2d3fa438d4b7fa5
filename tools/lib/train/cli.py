"""tools/train's command line: fits the models of each variant with data,
prints the held-out figures, and writes src/model_weights.h (or --out)."""
import argparse
import json
import os
import sys

import numpy as np
import torch

from . import data, export, policy, position, value

PLAYERS = {"2p": 2, "3p": 3, "4p": 4, "duel": 2}
# The playout policy's scale: a placement's weights as today's points weight
# (gain 9), a pick's as its estimate's (kPickScale 4), the jitter unchanged.
PLACE_SCALE_GAIN, PICK_SCALE_ESTIMATE = 9, 4


def parse_args(argv, doc):
    p = argparse.ArgumentParser(description=doc.split("\n")[0])
    p.add_argument("--data", required=True, help="tools/lib/selfplay/dataset's output (DIR/VARIANT/*.npy)")
    p.add_argument("--variant", default="2p,3p,4p,duel", help="comma-separated; those without data are skipped")
    p.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "src",
                                                 "model_weights.h"), help="the header to write")
    p.add_argument("--source", help="what the header says it was made from (default: the data's content digest)")
    p.add_argument("--seed", type=int, default=1, help="the split, the initial weights and the batches")
    p.add_argument("--hidden", type=int, default=32, help="the value network's hidden units")
    p.add_argument("--epochs", type=int, default=40)
    p.add_argument("--policy", default="2p",
                   help="the variants whose learnt playout policy goes into the header (the others keep the hand-set "
                        "weights): 2p by default, the one variant where it won at fixed playouts (docs/experiments.md)")
    p.add_argument("--report", help="also write the figures as JSON")
    p.add_argument("--parity", help="write DIR/VARIANT/value_py.npy (position_py.npy with --position): the exported "
                                    "model on every row")
    p.add_argument("--position", action="store_true",
                   help="train the value of whole positions instead, into --position-out (src/position_weights.h)")
    p.add_argument("--position-out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                          "src", "position_weights.h"))
    return p.parse_args(argv)


def policy_integers(place_w, pick_w):
    """The learnt linear weights as PolicyWeights integers (policy.PLACE_FEATURES, PICK_FEATURES order)."""
    place = dict(zip(policy.PLACE_FEATURES, place_w * PLACE_SCALE_GAIN / max(place_w[0], 1e-6)))
    pick = dict(zip(policy.PICK_MODEL, pick_w * PICK_SCALE_ESTIMATE / max(pick_w[0], 1e-6)))
    both = {**place, **pick}
    return {f: round(both[f]) for f in export.POLICY_FIELDS}


def train_variant(a, variant, nets, policies, report):
    d = data.VariantData(a.data, variant)
    if not d.present:
        print("train: no data for %s, skipped" % variant, file=sys.stderr)
        return
    model, figures = value.train_value(d, PLAYERS[variant], hidden=a.hidden, epochs=a.epochs, seed=a.seed)
    nets[variant] = export.quantized_net(model)
    with torch.no_grad():
        exact = model(torch.tensor(d.value_x.astype(np.float32))).numpy()
    quantized = export.net_predict(nets[variant], d.value_x)
    figures["quantization_max_error"] = float(np.abs(quantized - exact).max())
    print("value %s: quantized, the largest change of a prediction is %.4f points"
          % (variant, figures["quantization_max_error"]))
    (place_w, place_f), (pick_w, pick_f) = policy.train_policy(d, seed=a.seed)
    policies[variant] = policy_integers(place_w, pick_w)
    print("policy %s as integers: %s" % (variant, policies[variant]))
    report[variant] = {"value": figures, "placement": place_f, "pick": pick_f, "policy": policies[variant]}
    if a.parity:
        os.makedirs(os.path.join(a.parity, variant), exist_ok=True)
        np.save(os.path.join(a.parity, variant, "value_py.npy"), quantized.astype(np.float32))


def train_positions(a):
    """--position: the value of whole positions for each variant with data, into --position-out."""
    before = export.header_parts(a.position_out, "kPosition", policies=False)
    if before is None:
        sys.exit("train: cannot read the models of %s to keep those of the other variants" % a.position_out)
    nets, report = {}, {}
    for variant in a.variant.split(","):
        rows = position.load(a.data, variant)
        if rows is None:
            print("train: no position data for %s, skipped" % variant, file=sys.stderr)
            continue
        model, report[variant] = position.train_position(*rows, PLAYERS[variant], hidden=a.hidden, epochs=a.epochs,
                                                         seed=a.seed)
        nets[variant] = export.quantized_net(model)
        if a.parity:
            os.makedirs(os.path.join(a.parity, variant), exist_ok=True)
            np.save(os.path.join(a.parity, variant, "position_py.npy"),
                    export.net_predict(nets[variant], rows[0]).astype(np.float32))
    if not nets:
        sys.exit("train: no variant had position data in %s" % a.data)
    with open(a.position_out, "w") as f:
        f.write(export.position_header_text(a.source or export.data_digest(a.data, list(nets)), nets, before))
    print("train: wrote %s" % a.position_out)
    if a.report:
        with open(a.report, "w") as f:
            json.dump(report, f, indent=1)
    return 0


def main(argv, doc):
    a = parse_args(argv, doc)
    torch.set_num_threads(1)  # the same numbers on every machine and core count
    if a.position:
        return train_positions(a)
    before = export.header_parts(a.out)  # the other variants' models stay as they are: read before training
    if before is None:
        sys.exit("train: cannot read the models of %s to keep those of the other variants; move it away first" % a.out)
    nets, policies, report = {}, {}, {}
    for variant in a.variant.split(","):
        if variant not in PLAYERS:
            sys.exit("train: unknown variant %r" % variant)
        train_variant(a, variant, nets, policies, report)
    if not nets:
        sys.exit("train: no variant had data in %s" % a.data)
    chosen = {v: w for v, w in policies.items() if v in a.policy.split(",")}
    source = a.source or export.data_digest(a.data, list(nets))
    with open(a.out, "w") as f:
        f.write(export.header_text(source, nets, chosen, before))
    print("train: wrote %s" % a.out)
    if a.report:
        with open(a.report, "w") as f:
            json.dump(report, f, indent=1)
    return 0
