"""Short names for a bundle's own identifiers, the most frequent first, and
their read-back. The project's own names are a third of the upload's
characters; every other name (the standard headers', keywords, the
compiler's attributes and macros) keeps its spelling, and string literals
are never touched (the settings' names, the messages).

A map file (`short long` a line) lies beside each renamed bundle: read_back
turns a compiler's error, a backtrace or a note back into the source's names."""
import re
import string
import sys
from collections import Counter

from cpp_tokens import tokens, is_identifier, join, TOKEN

# Read-back replaces every word that is a short name: none is a word of the
# prose around them (a compiler's "in", gdb's "at"), nor a literal's prefix (L"x").
ENGLISH = set("a i o am an as at be by do eh go he hi id if in is it me my no of oh ok on or ox so to up us we "
              "ye eg ie vs".split())
LITERAL_PREFIXES = set("u U L R u8 uR UR LR".split())
# Lines whose words are not code's names: the header to include, the pragma's options.
UNTOUCHED = ("include", "pragma", "error", "warning", "line")
CONDITIONS = ("if", "ifdef", "ifndef", "elif")
DIRECTIVE = re.compile(r"\s*#\s*(\w*)")


def directive(line):
    """A preprocessor line's directive ('define', 'if'...; '' for a lone #), None for code."""
    m = DIRECTIVE.match(line)
    return m.group(1) if m else None


def attribute_mask(toks):
    """Per token: whether it lies in __attribute__((...)) or [[...]], whose names are the compiler's."""
    mask, i = [False] * len(toks), 0
    while i < len(toks):
        j = i + 1
        if toks[i] == "__attribute__" and toks[i + 1:i + 2] == ["("]:
            depth = 0
            while j < len(toks):
                depth += (toks[j] == "(") - (toks[j] == ")")
                j += 1
                if depth == 0:
                    break
        elif toks[i] == "[" and toks[i + 1:i + 2] == ["["]:
            while j < len(toks) and toks[j - 1:j + 1] != ["]", "]"]:
                j += 1
            j += 1
        else:
            i = j
            continue
        mask[i:j] = [True] * (j - i)
        i = j
    return mask


def scan(lines):
    """The code's tokens as [line index, token, may it be renamed], the
    untouched lines left out. A macro that stringifies (#x) or pastes (##) its
    arguments would see the short names: refused."""
    items = []
    for n, line in enumerate(lines):
        kind = directive(line)
        if line.lstrip().startswith("//") or kind in UNTOUCHED:
            continue
        toks = tokens(line)
        first = 0 if kind is None else 2  # '#' and the directive's name are not names
        if kind == "define" and ("##" in toks or any(a == "#" and is_identifier(b) for a, b in zip(toks[2:], toks[3:]))):
            sys.exit("bundle: a macro that stringifies or pastes its arguments cannot take short names: %s" % line)
        items += [[n, t, k >= first and is_identifier(t)] for k, t in enumerate(toks)]
    for item, inside in zip(items, attribute_mask([t for _, t, _ in items])):
        item[2] = item[2] and not inside
    return items


def switches(lines):
    """Macros a condition tests and nothing defines: set on a compiler's command line (-DKD_DEBUG), so kept."""
    tested, defined = set(), set()
    for line in lines:
        kind, toks = directive(line), tokens(line)
        if kind in CONDITIONS:
            tested.update(t for t in toks[2:] if is_identifier(t))
        elif kind == "define" and len(toks) > 2:
            defined.add(toks[2])
    return tested - defined


def pool(taken):
    """The short names in the order they are given: one character, then two."""
    letters = string.ascii_lowercase + string.ascii_uppercase
    names = list(letters) + [a + b for a in letters for b in letters + string.digits]
    return [n for n in names if n not in taken and n.lower() not in ENGLISH and n not in LITERAL_PREFIXES]


def choose(lines, standard):
    """Each own name of the code and its short name, the most frequent first."""
    items, kept = scan(lines), standard | switches(lines)
    own = Counter(t for _, t, free in items if free and t not in kept and not t.startswith("_") and "__" not in t)
    taken = kept | {t for _, t, _ in items if t not in own and is_identifier(t)}
    first_seen = {}
    for k, (_, t, _) in enumerate(items):
        first_seen.setdefault(t, k)
    order = sorted(own, key=lambda name: (-own[name], first_seen[name]))
    short = pool(taken)
    if len(order) > len(short):
        sys.exit("bundle: %d names to shorten, %d short names free" % (len(order), len(short)))
    return dict(zip(order, short))


def rename(lines, names):
    """The lines with their own names shortened: code lines re-joined by
    their tokens, preprocessor lines keeping their spaces (`#define F (x)` is
    not `#define F(x)`)."""
    by_line = {}
    for n, t, free in scan(lines):
        by_line.setdefault(n, []).append(names.get(t, t) if free else t)
    out = []
    for n, line in enumerate(lines):
        new = by_line.get(n)
        if new is None:
            out.append(line)
        elif directive(line) is None:
            joined = join(new)
            if tokens(joined) != new:
                sys.exit("bundle: cannot write the renamed line back as its tokens: %s" % line)
            out.append(joined)
        else:
            spans = iter(new)
            out.append(TOKEN.sub(lambda m: next(spans), line))
    return out


def map_text(names, source):
    """The map file's text: a short name and the source's name a line, the most frequent first."""
    return ("# The short names of %s and the source's names (tools/bundle). Read back an error, a backtrace\n"
            "# or a note that names them: tools/bundle --unmap [FILE] --map <this file>\n" % source
            + "".join("%s %s\n" % (short, name) for name, short in names.items()))


def read_map(path):
    """Short name -> the source's name."""
    pairs = (l.split() for l in open(path, encoding="ascii") if l.strip() and not l.startswith("#"))
    return {short: name for short, name in pairs}


def read_back(text, short_to_long):
    """The text with each short name written as the source's (a word: not
    inside another, nor a hexadecimal number's digits)."""
    return re.sub(r"(?<!\w)[A-Za-z_]\w*", lambda m: short_to_long.get(m.group(0), m.group(0)), text)
