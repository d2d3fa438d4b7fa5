#!/usr/bin/env python3
"""The upload file: bot.cpp must be what tools/bundle makes from src/, one
ASCII translation unit under 100,000 characters with the optimize pragma
first and the target pragma after the includes, compiling without a warning
with CodinGame's command line. Its comments and blank lines are stripped:
GCC's own lexer must find the same code with and without them (on bot.cpp and
on a file of tricky literals), and the bench bundled both ways must give the
same signature.

It carries the bot's side of the protocol only, no referee-side function.

usage: test_bundle.py SOURCE_DIR WORK_DIR"""
import os
import re
import subprocess
import sys

src, work = sys.argv[1:3]
bot = os.path.join(src, "bot.cpp")
failures = []
# CodinGame's compiler flags, as the bundler names them.
CG_FLAGS = subprocess.run([sys.executable, os.path.join(src, "tools", "bundle"), "--print-flags"], check=True,
                          capture_output=True, text=True).stdout.split()

check = subprocess.run([sys.executable, os.path.join(src, "tools", "bundle"), "--check"], capture_output=True, text=True)
if check.returncode != 0:
    failures.append("bot.cpp is stale: " + (check.stderr or check.stdout).strip())

raw = open(bot, "rb").read()
text = raw.decode("ascii", errors="replace")
if any(b > 127 for b in raw):
    failures.append("bot.cpp is not ASCII")
if len(text) >= 100_000:
    failures.append("bot.cpp has %d characters (CodinGame takes fewer than 100,000)" % len(text))
lines = text.splitlines()
if not lines or not re.match(r'#pragma GCC optimize', lines[0]):
    failures.append("the first line is not #pragma GCC optimize: %r" % (lines[0] if lines else ""))
if any(re.match(r'\s*#\s*include\s*"', l) for l in lines):
    failures.append("bot.cpp has a local #include")
includes = [i for i, l in enumerate(lines) if re.match(r'\s*#\s*include\s*<', l)]
targets = [i for i, l in enumerate(lines) if re.match(r'\s*#\s*pragma\s+GCC\s+target', l)]
if targets and includes and min(targets) < max(includes):
    failures.append("#pragma GCC target comes before an #include")

# The upload is the bot's side only: the headers that write requests, read
# answers or dump states (for the referee, tests and tools) must not be in it,
# nor any function they define (a copy pasted into another header would be).
REFEREE_SIDE = ["src/referee_protocol.h", "src/state_text.h", "src/player.h"]
for header in REFEREE_SIDE:
    if "// ---- %s\n" % header in text:
        failures.append("bot.cpp carries %s, referee-side code" % header)
referee_names = set()
for header in REFEREE_SIDE[:2]:
    source = open(os.path.join(src, header)).read()
    # Their public functions: helpers in a *_detail namespace may share a name with the bot's own.
    source = re.sub(r"namespace (\w+_detail) \{.*?\}  // namespace \1", "", source, flags=re.S)
    names = re.findall(r"^inline [^(=;]*?\b(\w+)\(", source, re.M)
    if not names:
        failures.append("found no function in %s: has its style changed?" % header)
    referee_names.update(names)
for name in sorted(referee_names):
    if re.search(r"\b%s\b" % name, text):
        failures.append("bot.cpp names %s, a function of the referee's side" % name)

exe = os.path.join(work, "bot-codingame-check")
cmd = ["g++", *CG_FLAGS, "-Wall", "-Wextra", bot, "-o", exe]
result = subprocess.run(cmd, capture_output=True, text=True)
if result.returncode != 0:
    failures.append("does not compile with %s:\n%s" % (" ".join(cmd), result.stderr[:2000]))
elif result.stderr.strip():
    failures.append("warnings with -Wall -Wextra:\n" + result.stderr[:2000])

def bundle(entry, output, *options):
    cmd = [sys.executable, os.path.join(src, "tools", "bundle"), "--entry", entry, "--output", output, *options]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def code_tokens(path, expand=True):
    """The file's code as GCC's preprocessor sees it: comments removed, whitespace
    runs as one space; with expand=False, includes and macros are left as they are
    (but then a backslash at the end of a // comment no longer continues it)."""
    cmd = ["g++", "-std=gnu++17", "-E", "-P", "-w", path] + ([] if expand else ["-fpreprocessed", "-dD"])
    return re.sub(r"\s+", " ", subprocess.run(cmd, check=True, capture_output=True, text=True).stdout).strip()


# Stripping removes exactly the comments: the generated-file line and the
# "// ---- file" markers are the only comments left, and no line is blank.
full = os.path.join(work, "bot-with-comments.cpp")
bundle(os.path.join(src, "src", "main.cpp"), full, "--keep-comments")
if code_tokens(full) != code_tokens(bot):
    failures.append("bot.cpp's code differs from the bundle with comments (tools/bundle --keep-comments)")
code = [l for i, l in enumerate(lines) if i != 1 and not l.startswith("// ---- ")]
if re.sub(r"\s+", " ", "\n".join(code)).strip() != code_tokens(bot, expand=False):
    failures.append("bot.cpp has comments besides its second line and the '// ---- file' lines")
if any(not l.strip() for l in lines):
    failures.append("bot.cpp has blank lines")
print("bot.cpp: %d characters stripped, %d with comments" % (len(text), len(open(full).read())))

# Literals that look like comments, and comments that look like literals.
tricky = os.path.join(work, "bundle-tricky.cpp")
with open(tricky, "w") as f:
    f.write(r"""#pragma GCC optimize("O0")
#include <cstdio>
// it's a comment with an apostrophe and a "quote
/* a block comment
   over lines with // inside */ int counts[2] = {1'000, 0x1'0};  // digit separators
const char* a = "// not a comment", *b = "/* nor this */", *c = "quote \" // still a string", *s = "\\";
char d = '/', e = '\'', f = '"', g = u8'x';  /* a comment */ char h = '*';
int main() { std::printf("%s%s%s%s%c%c%c%c%c%d\n", a, b, c, s, d, e, f, g, h, counts[0]); }  // the end \
   continued by the backslash
""")
tricky_out = os.path.join(work, "bundle-tricky-stripped.cpp")
bundle(tricky, tricky_out)
stripped = open(tricky_out).read()
if code_tokens(tricky) != code_tokens(tricky_out):
    failures.append("stripping changed the code of %s:\n%s" % (tricky, stripped))
for kept in ('"// not a comment"', '"/* nor this */"', r'"quote \" // still a string"', r'"\\"', r"'\''", "1'000"):
    if kept not in stripped:
        failures.append("stripping lost %s:\n%s" % (kept, stripped))
for gone in ("apostrophe", "block comment", "digit separators", "a comment */", "the end", "continued"):
    if gone in stripped:
        failures.append("stripping kept the comment with '%s':\n%s" % (gone, stripped))

# The bench, bundled with and without comments, compiled with CodinGame's
# flags: the same signature (the search plays the same).
signatures = []
for name, options in (("bench-stripped", []), ("bench-with-comments", ["--keep-comments"])):
    source, exe = os.path.join(work, name + ".cpp"), os.path.join(work, name)
    bundle(os.path.join(src, "tools", "bench.cpp"), source, *options)
    subprocess.run(["g++", *CG_FLAGS, source, "-o", exe], check=True)
    out = subprocess.run([exe, "--signature"], check=True, capture_output=True, text=True).stdout.strip()
    if not re.fullmatch(r"signature: \d+ playouts, [0-9a-f]{16}", out):
        failures.append("%s --signature printed %r" % (name, out))
    signatures.append(out)
if signatures[0] != signatures[1]:
    failures.append("bench signatures differ: stripped %r, with comments %r" % tuple(signatures))
print("bench %s, stripped and with comments" % signatures[0])

for f in failures:
    print("FAIL:", f)
if not failures:
    print("bot.cpp: %d characters, fresh, ASCII, compiles cleanly with CodinGame's flags" % len(text))
sys.exit(1 if failures else 0)
