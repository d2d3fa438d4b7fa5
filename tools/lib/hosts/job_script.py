"""The shell script a host runs for one chunk, the line that starts it,
and reading back what it prints and what parallel's joblog says of it."""
import re
import shlex

JOB_SCRIPT = "kd-job.sh"
CHUNK_ID = re.compile(r"^[A-Za-z0-9_.-]+$")
RESULT_TAG = "KD-CHUNK"


def job_script(build=None):
    """The shell script that plays one chunk on a host: `sh kd-job.sh CHUNK REFEREE ARGS...`.
    With build = (cache_dir, source_hash, build_command), it first unpacks and
    builds the source once per host (under a lock), then runs from there."""
    lines = [
        "# One chunk of a tools/arena or tools/tune run: plays it with the referee and",
        "# prints its --json on one line, after '%s<tab><chunk><tab><host><tab>'." % RESULT_TAG,
        "chunk=$1; shift",
        'work=$(pwd); out="$work/kd-$chunk-$$"',
    ]
    if build:
        lines += _build_lines(*build)
    lines += [
        '"$@" --json "$out.json" > "$out.log" 2>&1',
        "status=$?",
        "if [ $status -eq 0 ]; then",
        '  printf "%s\\t%%s\\t%%s\\t" "$chunk" "${PARALLEL_SSHLOGIN:-?}" && cat "$out.json" || status=$?' % RESULT_TAG,
        "else",
        '  echo "referee exited $status on $(hostname):" >&2; tail -c 2000 "$out.log" >&2',
        "fi",
        'rm -f "$out.json" "$out.log"',
        "exit $status",
    ]
    return "\n".join(lines) + "\n"


def _build_lines(cache, digest, command):
    """Unpacks and builds the source once per host and version (the first
    job builds under a lock, the others wait), then runs from there."""
    return [
        "cache=%s; src=\"$cache/%s\"" % (cache, digest),
        'mkdir -p "$src" || exit 1',
        "(",
        "  flock 9 || exit 1",
        '  [ -e "$src/.built" ] && exit 0',
        '  tar -xzf "$work/src-%s.tar.gz" -C "$src" && cd "$src" &&' % digest,
        '    { %s; } > "$src/build.log" 2>&1 && touch "$src/.built"' % command,
        ') 9>"$src.lock"',
        'if [ ! -e "$src/.built" ]; then',
        '  echo "build failed on $(hostname) in $src:" >&2; tail -n 30 "$src/build.log" >&2; exit 1',
        "fi",
        'cd "$src" || exit 1',
    ]


def job_line(work, chunk, args):
    """The shell line parallel runs for a chunk. It cds into the work dir
    itself: that fails, and makes nothing, once the session removed it."""
    return " ".join(["cd %s &&" % shlex.quote(work)] + [shlex.quote(w) for w in ["sh", JOB_SCRIPT, chunk] + list(args)])


def chunk_of_job_line(line):
    """The chunk id in a job line (as the joblog shows it), or None."""
    m = re.match(r"^cd .+? && sh %s (\S+) " % re.escape(JOB_SCRIPT), line)
    return m.group(1) if m else None


def read_result(line):
    """(chunk id, sshlogin, --json text) from a line the job script printed, or None."""
    fields = line.rstrip("\n").split("\t", 3)  # a host may have spaces; the JSON has no raw tab
    if len(fields) == 4 and fields[0] == RESULT_TAG and fields[3].startswith("{"):
        return fields[1], fields[2], fields[3]
    return None
