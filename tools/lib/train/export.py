"""The models as the bot reads them: src/model_weights.h and
src/position_weights.h, generated.

A value network is written as its inputs' normalisation (an integer mean
and a power-of-two spread per input, exact), then each tensor quantized to
12-bit integers with a scale of its own (its largest weight maps to 2047),
all two characters a number from a 64-letter alphabet (src/model.h decodes
it). The playout policy's weights are written as integers."""
import datetime
import hashlib
import os
import re

import numpy as np

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
LEVELS = 2047
VARIANTS = ("2p", "3p", "4p", "duel")
POLICY_FIELDS = ("gain", "joined", "same_edges", "other_edges", "order", "deny", "crowns")


def tensors(model):
    """(w1 [hidden, inputs], b1, w2 [hidden], b2 [1]) after the normalisation."""
    return [model.hidden.weight.detach().numpy().astype(np.float64),
            model.hidden.bias.detach().numpy().astype(np.float64),
            model.out.weight.detach().numpy().astype(np.float64).reshape(-1),
            model.out.bias.detach().numpy().astype(np.float64).reshape(-1)]


def normalisation(model):
    """(integer means, spreads' exponents of 2) per input."""
    return (model.mean.numpy().astype(np.int64),
            np.round(np.log2(model.spread.numpy().astype(np.float64))).astype(np.int64))


def quantize(tensor):
    """(integers, scale) with integers * scale close to the tensor."""
    top = float(np.abs(tensor).max())
    scale = top / LEVELS if top > 0 else 1.0
    return np.clip(np.round(tensor / scale), -LEVELS, LEVELS).astype(np.int64), np.float32(scale)


def encode(integers):
    return "".join(ALPHABET[(v + 2048) >> 6] + ALPHABET[(v + 2048) & 63] for v in integers.reshape(-1))


def quantized_net(model):
    """The network as the bot will compute it: (means, exponents, [(integers, scale)] per tensor)."""
    means, exponents = normalisation(model)
    return means, exponents, [quantize(t) for t in tensors(model)]


def net_predict(qnet, x):
    """The bot's arithmetic in numpy (float32): points to come for raw features x."""
    means, exponents, ((w1, s1), (b1, s2), (w2, s3), (b2, s4)) = qnet
    normal = (x.astype(np.float32) - means.astype(np.float32)) * np.float32(2.0) ** (-exponents.astype(np.float32))
    w1f, b1f = w1.astype(np.float32) * s1, b1.astype(np.float32) * s2
    w2f, b2f = w2.astype(np.float32) * s3, b2.astype(np.float32) * s4
    hidden = np.maximum(normal @ w1f.T + b1f, 0)
    return hidden @ w2f + b2f[0]


def net_parts(qnet):
    """(shape, scales, weights text) of one variant's network, as the header spells them."""
    if qnet is None:
        return "{0, 0}", "{0, 0, 0, 0}", "nullptr"
    means, exponents, ((w1, s1), (b1, s2), (w2, s3), (b2, s4)) = qnet
    hidden, inputs = w1.shape
    text = encode(means) + encode(exponents) + "".join(encode(q) for q, _ in qnet[2])
    lines = "\n".join('     "%s"' % text[i:i + 100] for i in range(0, len(text), 100))
    return "{%d, %d}" % (inputs, hidden), "{%s}" % ", ".join("%.9gf" % s for s in (s1, s2, s3, s4)), "\n" + lines


def policy_entry(weights):
    if weights is None:
        return "    {0, 0, 0, 0, 0, 0, 0},"
    return "    {%s}," % ", ".join(str(int(weights[f])) for f in POLICY_FIELDS)


def data_digest(data_dir, variants):
    """The name of the training data by its content: the first 12 hex digits of
    a SHA-256 over the variants' files (their names and bytes, in order)."""
    h = hashlib.sha256()
    for v in variants:
        folder = os.path.join(data_dir, v)
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            h.update(("%s/%s\0" % (v, name)).encode())
            with open(os.path.join(folder, name), "rb") as f:
                h.update(f.read())
    return "data " + h.hexdigest()[:12]


def table_body(text, name):
    """What a header's text assigns to the table `name` ("" when it has none)."""
    parts = text.split(name, 1)
    return parts[1].split("=", 1)[1].split(";", 1)[0] if len(parts) == 2 else ""


def net_tables(text, prefix):
    """The shapes, scales and weights of the networks PREFIXShapes... of a header's text, a list of each."""
    return (re.findall(r"\{\d+, \d+\}", table_body(text, prefix + "Shapes")),
            re.findall(r"\{[^{}]*\}", table_body(text, prefix + "Scales")),
            re.findall(r'nullptr|(?:\s*"[^"]*")+', table_body(text, prefix + "Weights")))


def header_parts(path, prefix="kValue", policies=True):
    """Each variant's models as the header at `path` spells them, {variant:
    (shape, scales, weights[, policy row])}, so that training some variants
    keeps the others'; {} when there is none. None when it cannot be read."""
    if not os.path.exists(path):
        return {}
    text = open(path).read()
    found = net_tables(text, prefix)
    if policies:
        rows = re.findall(r"\{[-\d, ]+\}", table_body(text, "kLearnedPolicies"))
        found += (["    %s," % row for row in rows],)
    if any(len(f) != len(VARIANTS) for f in found):
        return None
    return {v: tuple(f[i] for f in found) for i, v in enumerate(VARIANTS)}


def position_header_text(source, nets, kept=None):
    """src/position_weights.h: the position values of the variants in nets (trained now), the others as `kept`."""
    kept = kept or {}
    rows = [net_parts(nets[v]) if v in nets else kept.get(v) or net_parts(None) for v in VARIANTS]
    origin = "%s from %s" % (", ".join(v for v in VARIANTS if v in nets), source)
    others = [v for v in VARIANTS if v not in nets and v in kept and kept[v][2] != "nullptr"]
    if others:
        origin += "; %s as the header before had them" % ", ".join(others)
    return "\n".join([
        "// Generated by tools/train --position on %s: %s. Do not edit: train again." % (
            datetime.date.today().isoformat(), origin),
        "// The value of a whole position per variant (2p, 3p, 4p, duel), read by src/model.h;",
        "// tools/lib/train/export.py writes it.", "#pragma once", "", "namespace kd {", "",
        "constexpr int kPositionShapes[4][2] = {%s};" % ", ".join(r[0] for r in rows),
        "constexpr float kPositionScales[4][4] = {%s};" % ", ".join(r[1] for r in rows),
        "constexpr const char* kPositionWeights[4] = {%s};" % ",".join(r[2] for r in rows),
        "", "}  // namespace kd", ""])


def header_text(source, nets, policies, kept=None):
    """src/model_weights.h for the variants' quantized nets and policy weights
    (None: none); a variant not trained now (not in nets) as `kept` has it."""
    kept = kept or {}
    # Each variant's (shape, scales, weights, policy row): trained now, kept, or none.
    rows = [net_parts(nets[v]) + (policy_entry(policies.get(v)),) if v in nets
            else kept.get(v) or net_parts(None) + (policy_entry(None),) for v in VARIANTS]
    origin = "%s from %s" % (", ".join(v for v in VARIANTS if v in nets), source)
    others = [v for v in VARIANTS if v not in nets and v in kept]
    if others:
        origin += "; %s as the header before had them" % ", ".join(others)
    lines = ["// Generated by tools/train on %s: %s. Do not edit: train again." % (
                 datetime.date.today().isoformat(), origin),
             "// The value networks and the playout policy's learnt weights of each variant",
             "// (2p, 3p, 4p, duel), read by src/model.h; tools/lib/train/export.py writes them.",
             "#pragma once", "", "namespace kd {", ""]
    lines += ["// The value networks: inputs and hidden units, the tensors' scales, the numbers.",
              "// Home only: the value lost its test in play (docs/experiments.md), and the upload's room is",
              "// for what plays.",
              "#ifndef KD_UPLOAD",
              "constexpr int kValueShapes[4][2] = {%s};" % ", ".join(r[0] for r in rows),
              "constexpr float kValueScales[4][4] = {%s};" % ", ".join(r[1] for r in rows),
              "constexpr const char* kValueWeights[4] = {%s};" % ",".join(r[2] for r in rows),
              "#endif", "",
              "// gain, joined, same_edges, other_edges, order, deny, crowns (all 0: the hand-set weights stay)",
              "constexpr int kLearnedPolicies[4][7] = {"]
    lines += [r[3] for r in rows]
    lines += ["};", "", "}  // namespace kd", ""]
    return "\n".join(lines)
