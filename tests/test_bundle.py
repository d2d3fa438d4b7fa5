#!/usr/bin/env python3
"""The upload file: bot.cpp (and its map, bot.map) must be what tools/bundle
makes from src/, one ASCII translation unit under 100,000 characters with the
optimize pragma first and the target pragma after the includes, compiling
without a warning with CodinGame's command line.

It is packed (docs/upload.md): the readable bundle's tokens (tools/bundle
--keep-comments), comments aside, with the project's own names shortened;
bot.map reads them back, and tools/bundle --unmap turns a real compiler error
back into the source's names. No short name is a standard header's name, a
keyword or a word of prose. Its one comment says what it is and where its
source is; the readable bundle opens with the settings a user may tune (each
checked to be one the upload parses). Stripping and packing are also checked
on a file of tricky literals, with GCC's own lexer as the judge.

It carries the bot's side of the protocol only, no referee-side function,
no home-only block (KD_UPLOAD). That the packed file plays as the readable
one is tests/test_upload_parity.py's.

usage: test_bundle.py SOURCE_DIR BUILD_DIR (scratch files go there)"""
import os
import re
import subprocess
import sys
from importlib.machinery import SourceFileLoader

src, work = sys.argv[1:3]
TOOL = os.path.join(src, "tools", "bundle")
BUNDLE = SourceFileLoader("bundle_tool", TOOL).load_module()
import short_names  # noqa: E402  (tools/lib/bundle, on the path since tools/bundle loaded)

bot, bot_map = os.path.join(src, "bot.cpp"), os.path.join(src, "bot.map")
failures = []
# CodinGame's compiler flags, as the bundler names them.
CG_FLAGS = subprocess.run([sys.executable, TOOL, "--print-flags"], check=True, capture_output=True, text=True).stdout.split()

check = subprocess.run([sys.executable, TOOL, "--check"], capture_output=True, text=True)
if check.returncode != 0:
    failures.append("bot.cpp or bot.map is stale: " + (check.stderr or check.stdout).strip())


def bundle(entry, output, *options):
    cmd = [sys.executable, TOOL, "--entry", entry, "--output", output, *options]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def preprocessed(path, expand=True):
    """The file's code as GCC's preprocessor sees it, comments removed; with
    expand=False, includes and macros are left as they are (but then a
    backslash at the end of a // comment no longer continues it)."""
    cmd = ["g++", "-std=gnu++17", "-E", "-P", "-w", path] + ([] if expand else ["-fpreprocessed", "-dD"])
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def code_tokens(path, expand=True, names=None):
    """The file's tokens after GCC's preprocessor, cut by the bundle's tokenizer (short names read back by names)."""
    found = BUNDLE.tokens(preprocessed(path, expand))
    return [names.get(t, t) for t in found] if names else found


raw = open(bot, "rb").read()
text = raw.decode("ascii", errors="replace")
if any(b > 127 for b in raw):
    failures.append("bot.cpp is not ASCII")
if len(text) >= 100_000:
    failures.append("bot.cpp has %d characters (CodinGame takes fewer than 100,000)" % len(text))
lines = text.splitlines()
if not lines or not re.match(r'#pragma GCC optimize', lines[0]):
    failures.append("the first line is not #pragma GCC optimize: %r" % (lines[0] if lines else ""))
# Its one comment, the second line, says what it is, where its source and its words are.
opening = lines[1] if len(lines) > 1 else ""
if not opening.startswith("// ") or any(word not in opening for word in ("src/", "bot.map", "docs/upload.md")):
    failures.append("bot.cpp's second line does not say where its source, its names and its settings are: %r" % opening)
if BUNDLE.tokens("\n".join(lines[:1] + lines[2:])) != code_tokens(bot, expand=False):
    failures.append("bot.cpp has comments besides its opening line")
if any(not l.strip() for l in lines):
    failures.append("bot.cpp has blank lines")
if any(re.match(r'\s*#\s*include\s*"', l) for l in lines):
    failures.append("bot.cpp has a local #include")
includes = [i for i, l in enumerate(lines) if re.match(r'\s*#\s*include\s*<', l)]
targets = [i for i, l in enumerate(lines) if re.match(r'\s*#\s*pragma\s+GCC\s+target', l)]
if targets and includes and min(targets) < max(includes):
    failures.append("#pragma GCC target comes before an #include")

# The packed file is the readable bundle, comments aside (GCC removes them),
# its own names shortened: the same tokens once bot.map reads them back.
names = short_names.read_map(bot_map)
full = os.path.join(work, "bot-with-comments.cpp")
bundle(os.path.join(src, "src", "main.cpp"), full, "--keep-comments")
full_text = open(full).read()
a, b = code_tokens(full, expand=False), code_tokens(bot, expand=False, names=names)
if a != b:
    at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    failures.append("bot.cpp's tokens, names read back, differ from the readable bundle's (tools/bundle "
                    "--keep-comments) at token %d: %r against %r" % (at, b[at:at + 8], a[at:at + 8]))
taken = BUNDLE.standard([l for l in lines if l.startswith("#include <")])
unfit = [s for s in names if s in taken or s.lower() in short_names.ENGLISH or s in short_names.LITERAL_PREFIXES]
if unfit:
    failures.append("bot.map gives short names that are standard names, keywords or words: %s" % unfit[:20])
if len(set(names.values())) != len(names):
    failures.append("bot.map gives two names one short name")
print("bot.cpp: %d characters packed, %d readable; %d names shortened" % (len(text), len(full_text), len(names)))

# The readable bundle opens with what it is, where its source is, and what a
# user may tune: a line per setting, made from the settings' table (each one
# the table parses, and no other), and the time control's fields, each a member of it.
header = []
for l in full_text.splitlines()[1:]:
    if not l.startswith("//") or l.startswith("// Generated by"):
        break
    header.append(l)
header_text = "\n".join(header)
if "src/" not in header_text or "Settings you may tune" not in header_text:
    failures.append("the readable bundle does not open with what it is, its source and what to tune:\n" + header_text)
documented = re.findall(r"^//  (\w+): \S", header_text, re.M)
table = re.findall(r'visit\("(\w+)",', full_text)
if not table or documented != table:
    failures.append("the readable opening names the settings %s, the table of the upload %s" % (documented, table))
for struct, fields in re.findall(r"^// (TimeControl): (.*?)(?=\n// \w|\Z)", header_text, re.S | re.M):
    body = re.search(r"struct %s\s*\{(.*?)\n\};" % struct, full_text, re.S)
    for name in re.findall(r"(\w+) =", fields):
        if not body or not re.search(r"\b%s\b" % name, body.group(1)):
            failures.append("the opening names %s.%s, which the upload does not have" % (struct, name))

# The upload is the bot's side only: the headers that write requests, read
# answers or dump states (for the referee, tests and tools) must not be in it,
# nor any function they define (a copy pasted into another header would be).
REFEREE_SIDE = ["src/referee_protocol.h", "src/state_text.h", "src/player.h"]
for header in REFEREE_SIDE:
    if "// ---- %s\n" % header in full_text:
        failures.append("the upload carries %s, referee-side code" % header)
referee_names = set()
for header in REFEREE_SIDE[:2]:
    source = open(os.path.join(src, header)).read()
    # Their public functions: helpers in a *_detail namespace may share a name with the bot's own.
    source = re.sub(r"namespace (\w+_detail) \{.*?\}  // namespace \1", "", source, flags=re.S)
    found = re.findall(r"^inline [^(=;]*?\b(\w+)\(", source, re.M)
    if not found:
        failures.append("found no function in %s: has its style changed?" % header)
    referee_names.update(found)
for name in sorted(referee_names & set(b)):
    failures.append("the upload names %s, a function of the referee's side" % name)
# No home-only code (tools/bundle drops the KD_UPLOAD blocks), in either form.
for name, body in (("bot.cpp", text), ("the readable bundle", full_text)):
    if "KD_UPLOAD" in body:
        failures.append("%s still has a KD_UPLOAD block" % name)

exe = os.path.join(work, "bot-codingame-check")
cmd = ["g++", *CG_FLAGS, "-Wall", "-Wextra", bot, "-o", exe]
result = subprocess.run(cmd, capture_output=True, text=True)
if result.returncode != 0:
    failures.append("does not compile with %s:\n%s" % (" ".join(cmd), result.stderr[:2000]))
elif result.stderr.strip():
    failures.append("warnings with -Wall -Wextra:\n" + result.stderr[:2000])

# A real compiler error on the packed file, read back in one command: a
# static_assert that names the search's class and a member, in short names.
short = {name: s for s, name in names.items()}
broken = os.path.join(work, "bot-broken.cpp")
with open(broken, "w") as f:
    f.write(text + "static_assert(sizeof(%s::%s) == 1, \"x\");\n" % (short.get("kd", "kd"), short.get("Search", "Search")))
error = subprocess.run(["g++", *CG_FLAGS, "-fsyntax-only", broken], capture_output=True, text=True).stderr
read = subprocess.run([sys.executable, TOOL, "--unmap", "--map", bot_map], input=error, capture_output=True, text=True)
if "kd::Search" not in read.stdout or "kd::Search" in error:
    failures.append("tools/bundle --unmap did not read the error back:\n%s\n->\n%s" % (error[-600:], read.stdout[-600:]))

# Literals that look like comments, and comments that look like literals: stripped, and packed.
tricky = os.path.join(work, "bundle-tricky.cpp")
with open(tricky, "w") as f:
    f.write(r"""#pragma GCC optimize("O0")
#include <cstdio>
// it's a comment with an apostrophe and a "quote
/* a block comment
   over lines with // inside */ int counts[2] = {1'000, 0x1'0};  // digit separators
const char* a = "// not a comment", *b = "/* nor this */", *c = "quote \" // still a string", *s = "\\";
char d = '/', e = '\'', f = '"', g = u8'x';  /* a comment */ char h = '*';
#define PAREN (1)
#define ONE(x) (x)
int t1 = 0xE - 1, t2 = t1 - -1, t3 = t1 + +1, t4 = 8 / *&t1, t5 = t1 & &t2 != nullptr, t6 = PAREN + ONE(2);
double t7 = 1.f + .5f - 1e-1, t8 = t7 ? 1. : .5;  // tokens that the compact upload must keep apart
#define WORD "a"
const char* joined = WORD"b";  // no short name may read as a literal's prefix (L"b")
static int unused_one __attribute__((unused)) = 0; [[maybe_unused]] static int unused_two = 1;
#ifdef TRICKY_SWITCH
int switched = 1;  // a macro tested and never defined: the command line's, never renamed
#else
int switched = 2;
#endif
int main() { std::printf("%s%s%s%s%c%c%c%c%c%d%s%d\n", a, b, c, s, d, e, f, g, h, counts[0], joined, switched); }  // the end \
   continued by the backslash
""")
tricky_out = os.path.join(work, "bundle-tricky-stripped.cpp")
bundle(tricky, tricky_out)
stripped = open(tricky_out).read()
if code_tokens(tricky) != code_tokens(tricky_out):
    failures.append("stripping changed the code of %s:\n%s" % (tricky, stripped))
for kept in ('"// not a comment"', '"/* nor this */"', r'"quote \" // still a string"', r'"\\"', r"'\''", "1'000",
             "#define PAREN (1)", "0xE -1", "- -1", "+ +1", "/ *", "& &"):
    if kept not in stripped:
        failures.append("stripping lost %s:\n%s" % (kept, stripped))
for gone in ("apostrophe", "block comment", "digit separators", "a comment */", "the end", "continued"):
    if gone in stripped:
        failures.append("stripping kept the comment with '%s':\n%s" % (gone, stripped))

# Packed: the same tokens once the map reads the names back, the same output,
# the attributes' names and the tested switch kept.
tricky_packed = os.path.join(work, "bundle-tricky-packed.cpp")
bundle(tricky, tricky_packed, "--pack")
tricky_names = short_names.read_map(os.path.join(work, "bundle-tricky-packed.map"))
packed_text = open(tricky_packed).read()
if code_tokens(tricky_packed, expand=False, names=tricky_names) != code_tokens(tricky_out, expand=False):
    failures.append("packing changed the code of %s:\n%s" % (tricky, packed_text))
for kept in ("__attribute__((unused))", "[[maybe_unused]]", "#ifdef TRICKY_SWITCH", "main("):
    if kept not in packed_text:
        failures.append("packing lost %s:\n%s" % (kept, packed_text))
printed = []
for source in (tricky_out, tricky_packed):
    subprocess.run(["g++", *CG_FLAGS, source, "-o", source + ".exe"], check=True)
    printed.append(subprocess.run([source + ".exe"], check=True, capture_output=True, text=True).stdout)
if printed[0] != printed[1]:
    failures.append("the packed tricky file prints %r, the stripped one %r" % (printed[1], printed[0]))
# A macro that makes a string of its argument would print the short name: refused.
stringify = os.path.join(work, "bundle-stringify.cpp")
with open(stringify, "w") as f:
    f.write('#pragma GCC optimize("O0")\n#include <cstdio>\n#define NAME(x) #x\nint value = 1;\n'
            'int main() { std::puts(NAME(value)); }\n')
refused = subprocess.run([sys.executable, TOOL, "--entry", stringify, "--pack", "--output", stringify + ".out.cpp"],
                         capture_output=True, text=True)
if refused.returncode == 0 or "stringifies" not in refused.stderr:
    failures.append("packing a macro that stringifies was not refused: %s" % refused.stderr)

for f in failures:
    print("FAIL:", f)
if not failures:
    print("bot.cpp: %d characters, fresh, ASCII, packed, compiles cleanly with CodinGame's flags" % len(text))
sys.exit(1 if failures else 0)
