"""The packed upload's lines: the code's lines joined, since with short names
the IDE's line numbers no longer point anywhere readable, but not into one
line: a compiler's error quotes the whole line it is on."""
import sys

from cpp_tokens import tokens, join, glue

WIDTH = 250
NO_CUT_BEFORE = ("if", "else", "for", "while", "do", "switch", ";", ",", ")")


def join_lines(lines):
    """Runs of code lines as lines of about WIDTH characters; a preprocessor line keeps its own."""
    out, run = [], []
    for line in lines + [None]:
        if line is not None and not line.lstrip().startswith("#"):
            run += tokens(line)
            continue
        filled = fill(run)
        if tokens("\n".join(filled)) != run:
            sys.exit("bundle: joining lines changed the code's tokens")
        out += filled + ([line] if line is not None else [])
        run = []
    return out


def fill(run):
    """Tokens as lines of at most WIDTH characters (a longer piece has its own),
    each cut after a ';', '{', '}' or ',' outside parentheses, not before a
    statement that guards another (if, for...) nor before what ends one: GCC
    warns of misleading indentation where a line starts with `if(c)a;b;` or
    a for's header goes on over two lines (clang still finds a few)."""
    pieces, depth = [[]], 0
    for token in run:
        if pieces[-1] and pieces[-1][-1] in (";", "{", "}", ",") and depth == 0 and token not in NO_CUT_BEFORE:
            pieces.append([])
        pieces[-1].append(token)
        depth += (token == "(") - (token == ")")
    lines, last = [], None
    for piece in pieces if run else []:
        text = join(piece)
        if lines and len(lines[-1]) + len(text) + 1 <= WIDTH:
            lines[-1] += glue(last, piece[0]) + text
        else:
            lines.append(text)
        last = piece[-1]
    return lines
