"""C++ tokens as the preprocessor cuts them, and the shortest text that reads
as the same tokens: tools/bundle compacts and renames with them, its test
compares with them."""
import re

# Maximal munch, for code without comments: literals with their prefix,
# pp-numbers (1e-5, 0x1p+3, 1'000 and 1.f are one token each), identifiers,
# punctuators longest first. `//` and `/*` count as one: two tokens that would
# start a comment stay apart.
PUNCTUATORS = sorted("""// /* %:%: ... <<= >>= ->* <=> ## <: :> <% %> %: :: .* -> ++ -- << >> <= >= == != && || += -= *= /=
                        %= &= |= ^= { } [ ] # ( ) ; : ? . + - * / % ^ & | ~ ! = < > ,""".split(), key=len, reverse=True)
LITERALS_AND_NUMBERS = r"""
    (?:u8|u|U|L)?"(?:\\.|[^"\\\n])*"
  | (?:u8|u|U|L)?'(?:\\.|[^'\\\n])*'
  | \.?[0-9](?:[eEpP][+-]|'[0-9A-Za-z_]|[0-9A-Za-z_.])*"""
TOKEN = re.compile(LITERALS_AND_NUMBERS + r"""
  | [A-Za-z_]\w*
  | """ + "|".join(re.escape(p) for p in PUNCTUATORS) + r"""
  | \S""", re.X)
IDENTIFIER = re.compile(r"[A-Za-z_]\w*\Z")
# The literals and numbers skipped, the identifiers kept: a quicker scan of
# megabytes (the standard headers) for their names alone.
NAMES = re.compile(LITERALS_AND_NUMBERS + r"| ([A-Za-z_]\w*)", re.X)


def tokens(code):
    """The tokens of C++ code without comments (whitespace separates, never counts)."""
    return TOKEN.findall(code)


def identifiers(code):
    """The set of identifiers of code, none from inside a literal."""
    return set(NAMES.findall(code)) - {""}


def is_identifier(token):
    return IDENTIFIER.match(token) is not None


def glue(prev, token):
    """What goes between two tokens: a space only where they would otherwise read as other tokens."""
    return "" if tokens(prev + token) == [prev, token] else " "


def join(parts):
    """The tokens as one line, as short as it reads back."""
    out = parts[:1]
    for prev, token in zip(parts, parts[1:]):
        out += [glue(prev, token), token]
    return "".join(out)
