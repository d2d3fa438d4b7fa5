#!/usr/bin/env python3
"""Checks tools/viewer/bundle.py: the page the build made (BUILD/viewer.html,
the one viewer_browser opens) is what the sources of tools/viewer/ make now, and
the bundler orders modules and refuses what it cannot bundle, on made-up modules.

usage: bundle-test.py ROOT BUILD"""

import sys
import tempfile
from pathlib import Path

ROOT, BUILD = Path(sys.argv[1]), Path(sys.argv[2])
sys.path.insert(0, str(ROOT / "tools" / "viewer"))
import bundle  # noqa: E402

failures = []

PAGE = ('<!DOCTYPE html>\n<html><head><link rel="stylesheet" href="viewer.css"></head>\n'
        '<body><script type="module" src="main.js"></script></body></html>\n')
# Made-up modules that bundle: main.js imports b.js, which imports c.js.
GOOD = {
    "main.js": "import { b } from './b.js';\nb();\n",
    "b.js": "import { c, C } from './c.js';\nexport function b() { return c() + C; }\n",
    "c.js": "export const C = 1;\nexport function c() { return 2; }\n",
}


def check(cond, message):
    if not cond:
        failures.append(message)


def bundled(modules):
    """The page made from `modules` ({name: text}), or the BundleError's message."""
    with tempfile.TemporaryDirectory() as d:
        source = Path(d)
        (source / "page.html").write_text(PAGE)
        (source / "viewer.css").write_text("body { margin: 0; }\n")
        for name, text in modules.items():
            (source / name).write_text(text)
        try:
            return bundle.page(source)
        except bundle.BundleError as e:
            return f"BundleError: {e}"


def check_built_page():
    built = BUILD / "viewer.html"
    current = built.read_text(encoding="utf-8") if built.exists() else None
    check(current is not None, f"{built} is missing: the build makes it (target viewer_page)")
    check(current is None or current == bundle.page(),
          f"{built} is not what tools/viewer/ makes now: build again (cmake --build {BUILD})")


def check_good_modules():
    text = bundled(GOOD)
    check(not text.startswith("BundleError"), f"made-up modules do not bundle: {text}")
    order = [text.find(f"// ---- {m}") for m in ("c.js", "b.js", "main.js")]
    check(-1 not in order and order == sorted(order), f"modules not each after those they import: {order}")
    check("const { c, C } = module_c;" in text and "return { C, c };" in text,
          "an import is not a const of the module's returned exports")
    check("body { margin: 0; }" in text and "<link" not in text and 'type="module"' not in text,
          "the stylesheet or the module script is not inlined")


# (what is wrong, modules changed from GOOD, words the error must hold)
BROKEN = [
    ("an import cycle", {"c.js": "import { b } from './b.js';\nexport function c() { return 2; }\nexport const C = 1;\n"},
     "b.js -> c.js -> b.js"),
    ("a name not exported", {"main.js": "import { b, d } from './b.js';\nb();\n"}, "imports d from b.js"),
    ("an unknown module", {"main.js": "import { x } from './x.js';\n"}, "x.js: no such module"),
    ("a module nothing imports", {"d.js": "export const D = 4;\n"}, "d.js: not imported"),
    ("a default export", {"c.js": "export default 3;\n"}, "c.js:1: write imports as"),
    ("an import of another form", {"main.js": "import * as b from './b.js';\n"}, "main.js:1: write imports as"),
    ("a '</script' in a module", {"c.js": GOOD["c.js"] + "const s = '</script>';\n"}, "'</script'"),
]


def check_broken_modules():
    for what, changes, words in BROKEN:
        text = bundled({**GOOD, **changes})
        check(text.startswith("BundleError") and words in text, f"{what}: expected an error with {words!r}, got "
              + (text if text.startswith("BundleError") else "a page"))


check_built_page()
check_good_modules()
check_broken_modules()
for f in failures:
    print(f"FAIL: {f}")
if failures:
    sys.exit(1)
print(f"bundle test passed ({2 + len(BROKEN)} checks)")
