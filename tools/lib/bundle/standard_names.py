"""The names a bundle must not rename, nor give to one of its own: C++'s
keywords, and every identifier and macro of the standard headers it includes
as g++ reads them (the union over C++17 and C++20, the two readings
CodinGame's compiler has been reported with). tools/bundle asks; the answer
is cached, since a fresh checkout bundles the bot before each build."""
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

from cpp_tokens import identifiers

# C++20's keywords and alternative tokens, the identifiers with a special
# meaning in some places (override, final, import, module), GNU's own, the
# preprocessor's operator, and main (the program starts there).
KEYWORDS = set("""
    alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t char32_t class
    compl concept const consteval constexpr constinit const_cast continue co_await co_return co_yield decltype
    default delete do double dynamic_cast else enum explicit export extern false float for friend goto if inline
    int long mutable namespace new noexcept not not_eq nullptr operator or or_eq private protected public register
    reinterpret_cast requires return short signed sizeof static static_assert static_cast struct switch template
    this thread_local throw true try typedef typeid typename union unsigned using virtual void volatile wchar_t
    while xor xor_eq override final import module typeof restrict defined main
""".split())
STANDARDS = ("gnu++17", "gnu++20")
COMPILER = "g++"


def _ask(includes, flags):
    """What g++ gives for the includes: the identifiers of the code, and the macros' names (asked at once)."""
    names = set()
    with tempfile.TemporaryDirectory() as work:
        source = os.path.join(work, "includes.cpp")
        with open(source, "w") as f:
            f.write("\n".join(includes) + "\n")
        # The code, then the macros' definitions, in each reading.
        commands = [[COMPILER, "-std=" + std, *flags, "-E", "-P", "-w", *extra, source, "-o",
                     os.path.join(work, "%s%s.txt" % (std, "".join(extra)))]
                    for std in STANDARDS for extra in ([], ["-dM"])]
        runs = [subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True) for cmd in commands]
        for cmd, run in zip(commands, runs):
            if run.wait() != 0:
                sys.exit("bundle: %s failed on the standard includes:\n%s" % (" ".join(cmd), run.stderr.read()[:2000]))
            with open(cmd[-1]) as f:
                names |= identifiers(f.read())
    return names


def _cache_file(includes, flags):
    """Where the answer for these includes, flags and compiler is kept."""
    compiler = shutil.which(COMPILER)
    if compiler is None:
        sys.exit("bundle: %s is needed to name the standard headers' identifiers" % COMPILER)
    compiler = os.path.realpath(compiler)
    stamp = os.stat(compiler)
    key = repr((compiler, stamp.st_mtime_ns, stamp.st_size, includes, flags, STANDARDS, 1))  # 1: the file's form
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(home, "kingdomino-bundle", hashlib.sha1(key.encode()).hexdigest() + ".names")


def standard_names(includes, flags):
    """The standard headers' identifiers and macros, and the keywords (flags: the compiler's, but -std)."""
    cache = _cache_file(includes, flags)
    try:
        with open(cache) as f:
            return set(f.read().split()) | KEYWORDS
    except OSError:
        pass
    names = _ask(includes, flags)
    try:  # written whole, then renamed: two bundles at once read one or the other, never half
        os.makedirs(os.path.dirname(cache), exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=os.path.dirname(cache))
        with os.fdopen(fd, "w") as f:
            f.write("\n".join(sorted(names)) + "\n")
        os.replace(temporary, cache)
    except OSError:
        pass  # a read-only home: asked again next time
    return names | KEYWORDS
