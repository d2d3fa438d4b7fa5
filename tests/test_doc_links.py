#!/usr/bin/env python3
"""The documents' links hold: every relative link of README.md and docs/*.md
names a file or folder that exists, every #anchor a heading of the page it
points to (GitHub's rule for heading ids), and every path of the tree that
they name in backticks (`src/...`, `tools/...`, `tests/...`, `docs/...`,
`.ci/...`) exists, so that a moved file cannot leave a page pointing at
nothing. docs/experiments.md is history: its links are checked, not the
paths it names. No network, no build: a second at most.

    python3 tests/test_doc_links.py ROOT"""
import os
import re
import sys
import unicodedata

LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
TREE_PATH = re.compile(r"^(?:src|tools|tests|docs|\.ci)/[A-Za-z0-9_.\-/]*$")
FENCE = re.compile(r"^\s*(```|~~~)")
HISTORY = {os.path.join("docs", "experiments.md")}


def prose_lines(text):
    """(number, line) of each line outside fenced code blocks."""
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def slug(heading):
    """The id GitHub gives a heading: lower case, markup and punctuation gone, spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip().lower())
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(path, cache={}):
    """Every heading id of a Markdown file, repeated headings numbered as GitHub numbers them."""
    if path not in cache:
        ids, seen = set(), {}
        with open(path, encoding="utf-8") as f:
            for _, line in prose_lines(f.read()):
                m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
                if m:
                    base = slug(m.group(1))
                    n = seen.get(base, 0)
                    ids.add(base if n == 0 else "%s-%d" % (base, n))
                    seen[base] = n + 1
        cache[path] = ids
    return cache[path]


def check_link(root, page, number, target, failures):
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("//"):
        return  # another site: not checked (no network)
    path, _, anchor = target.partition("#")
    page_path = os.path.join(root, page)
    resolved = os.path.normpath(os.path.join(os.path.dirname(page_path), path)) if path else page_path
    where = "%s:%d: %s" % (page, number, target)
    if not os.path.exists(resolved):
        failures.append("%s: no such file" % where)
    elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
        failures.append("%s: no heading with id '%s' in %s" % (where, anchor, os.path.relpath(resolved, root)))


def check_paths(root, page, number, line, failures):
    for _, span in CODE_SPAN.findall(line):
        for word in span.split():
            word = word.rstrip(",.;:)")
            if TREE_PATH.match(word) and not os.path.exists(os.path.join(root, word)):
                failures.append("%s:%d: `%s` names no file of the tree" % (page, number, word))


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    pages = ["README.md"] + sorted(os.path.join("docs", n) for n in os.listdir(os.path.join(root, "docs"))
                                   if n.endswith(".md"))
    failures, links = [], 0
    for page in pages:
        with open(os.path.join(root, page), encoding="utf-8") as f:
            text = f.read()
        for number, line in prose_lines(text):
            bare = CODE_SPAN.sub("", line)  # a link inside backticks is an example, not a link
            for target in LINK.findall(bare):
                links += 1
                check_link(root, page, number, target, failures)
            if page not in HISTORY:
                check_paths(root, page, number, line, failures)
    for failure in failures:
        print(failure)
    print("doc links: %d pages, %d links, %d failures" % (len(pages), links, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
