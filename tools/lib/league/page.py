"""The `page` subcommand: one self-contained HTML page, per pool the table,
each bot's mu over the games (an SVG plot), head to head, and the last games
with links to their replays."""
import html
import os
import subprocess
import sys

from .common import FAULTS, KIT_ROOT, log, now
from .db import bots_by_id, open_db, pool_games, pools_played
from .ratings import Rater
from .standings import league_tables

REPLAY_VIEW = os.path.join(KIT_ROOT, "tools", "replay-view")
PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
           "#17becf"]
STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { padding: 2px 8px; text-align: right; border-bottom: 1px solid #ddd; white-space: nowrap; }
th { background: #f3f3f3; }
td.name, th.name, td.seats { text-align: left; }
.muted { color: #888; }
svg text { font: 11px system-ui, sans-serif; }
"""


def esc(x):
    return html.escape(str(x))


def plot_svg(pool, games, rows, default):
    """Each bot's mu over the pool's games (x: the pool's game number), with a band of +- sigma."""
    series = {}
    for n, (g, seats) in enumerate(games, 1):
        for s in seats:
            series.setdefault(s["bot"], [(0, default[0], default[1])]).append((n, s["mu"], s["sigma"]))
    w, h, left, right, top, bottom = 860, 360, 50, 150, 15, 35
    xmax = max(1, len(games))
    lo = min([m - s for pts in series.values() for _, m, s in pts] + [default[0] - default[1]])
    hi = max([m + s for pts in series.values() for _, m, s in pts] + [default[0] + default[1]])
    X = lambda x: left + (w - left - right) * x / xmax  # noqa: E731
    Y = lambda y: top + (h - top - bottom) * (hi - y) / max(hi - lo, 1e-9)  # noqa: E731
    out = ['<svg class="plot" data-pool="%s" width="%d" height="%d" viewBox="0 0 %d %d" '
           'xmlns="http://www.w3.org/2000/svg">' % (esc(pool), w, h, w, h),
           '<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#ccc"/>'
           % (left, top, w - left - right, h - top - bottom)]
    step = next(k * 10 ** e for e in range(-1, 4) for k in (1, 2, 5) if k * 10 ** e >= (hi - lo) / 8)
    y = (lo // step + 1) * step
    while y < hi:
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#eee"/><text x="%d" y="%.1f" '
                   'text-anchor="end">%g</text>' % (left, w - right, Y(y), Y(y), left - 4, Y(y) + 4, y))
        y += step
    out.append('<text x="%d" y="%d" text-anchor="middle">game (of the %s pool)</text><text x="%d" y="%d" '
               'text-anchor="start">%d</text><text x="%d" y="%d" text-anchor="end">%d</text>'
               % ((left + w - right) // 2, h - 8, esc(pool), left, h - bottom + 14, 0, w - right, h - bottom + 14,
                  xmax))
    for i, r in enumerate(rows):
        pts = series.get(r["id"])
        if not pts:
            continue
        color = PALETTE[i % len(PALETTE)]
        band = ["%.1f,%.1f" % (X(x), Y(m + s)) for x, m, s in pts] + \
               ["%.1f,%.1f" % (X(x), Y(m - s)) for x, m, s in reversed(pts)]
        out.append('<polygon points="%s" fill="%s" fill-opacity="0.12" stroke="none"/>' % (" ".join(band), color))
        out.append('<polyline class="mu" data-bot="%s" data-points="%d" points="%s" fill="none" stroke="%s" '
                   'stroke-width="1.5"/>' % (esc(r["name"]), len(pts),
                                             " ".join("%.1f,%.1f" % (X(x), Y(m)) for x, m, _ in pts), color))
        out.append('<text class="legend" x="%d" y="%d" fill="%s">%s</text>'
                   % (w - right + 8, top + 14 * (i + 1), color, esc(r["name"])))
    out.append("</svg>")
    return "\n".join(out)


def replay_page(path, page_dir):
    """The replay's page (made by tools/replay-view when missing), as a link from the league page; or None."""
    if not path or not os.path.exists(path):
        return None
    target = path[:-5] + ".html"
    if not os.path.exists(target):
        p = subprocess.run([sys.executable, REPLAY_VIEW, path], capture_output=True, text=True)
        if p.returncode != 0:
            log("league: no page for %s: %s" % (path, p.stderr.strip()))
            return None
    return os.path.relpath(target, page_dir)


def pool_section(conn, t, games, default, rater_name, page_dir, recent):
    names = bots_by_id(conn)
    variants = [v for v in ("2p", "3p", "4p", "duel") if v in t["variants"]]
    out = ['<section class="pool" data-pool="%s">' % esc(t["pool"]),
           "<h2>%s pool: %d games</h2>" % (esc(t["pool"]), t["games"]),
           '<p class="muted">%s. Rating = mu - 3 sigma, by %s. First: the share of first places (a shared first '
           'counts half) in games of each player count.</p>'
           % (esc(", ".join("%s %d" % (v, t["variants"][v]) for v in variants) or "no games yet"), esc(rater_name)),
           '<table class="ratings"><tr><th>#</th><th class="name">bot</th><th>rating</th><th>mu</th><th>sigma</th>'
           "<th>games</th>" + "".join("<th>first %s</th>" % v for v in variants)
           + "<th>timeouts</th><th>bad output</th><th>illegal put</th><th>invalid pick</th><th>crashes</th>"
           "<th>answer p99 ms</th><th>max ms</th></tr>"]
    for i, r in enumerate(t["bots"], 1):
        cells = "".join("<td>%s</td>" % ("%.1f%% of %d" % (100 * r["first"][v]["rate"], r["first"][v]["games"])
                                         if v in r["first"] else "-") for v in variants)
        out.append('<tr class="bot" data-bot="%s"><td>%d</td><td class="name" title="%s">%s%s</td><td>%.2f</td>'
                   "<td>%.2f</td><td>%.2f</td><td>%d</td>%s%s<td>%.2f</td><td>%.2f</td></tr>"
                   % (esc(r["name"]), i, esc(r["command"]), esc(r["name"]), "" if r["active"] else " (retired)",
                      r["rating"], r["mu"], r["sigma"], r["games"], cells,
                      "".join("<td>%d</td>" % r["faults"][k] for k in FAULTS), r["answer_ms_p99"], r["answer_ms_max"]))
    out.append("</table>")
    if t["games"]:
        out.append("<h3>Ratings over the games</h3>")
        out.append(plot_svg(t["pool"], games, t["bots"], default))
        out.append('<h3>Head to head</h3><p class="muted">How often the row\'s bot finished ahead of the column\'s '
                   "in the games they shared (a tie counts half), and in how many games.</p>")
        out.append('<table class="h2h"><tr><th></th>' + "".join("<th>%d</th>" % i for i in range(1, len(t["bots"]) + 1))
                   + "</tr>")
        for i, r in enumerate(t["bots"], 1):
            cells = ""
            for o in t["bots"]:
                h = r["head_to_head"].get(o["name"])
                cells += "<td>%s</td>" % ("-" if o is r else "%.0f%% of %d" % (100 * h["rate"], h["games"])
                                          if h else "")
            out.append('<tr><td class="name">%d %s</td>%s</tr>' % (i, esc(r["name"]), cells))
        out.append("</table>")
        shown = games[-recent:][::-1]
        out.append("<h3>The last %d games</h3>" % len(shown))
        out.append('<table class="games"><tr><th>game</th><th>variant</th><th>seed</th>'
                   '<th class="name">seats: bot, score, rank, fault</th><th>replay</th></tr>')
        for g, seats in shown:
            who = "; ".join("%s %d (#%d)%s" % (esc(names[s["bot"]]["name"]), s["score"], s["rank"],
                                                " " + esc(s["fault"]) if s["fault"] else "") for s in seats)
            link = replay_page(g["replay"], page_dir)
            out.append('<tr class="game"><td>%d</td><td>%s</td><td>%d</td><td class="seats">%s</td><td>%s</td></tr>'
                       % (g["id"], esc(g["variant"]), g["seed"], who,
                          '<a href="%s">watch</a>' % esc(link) if link else ""))
        out.append("</table>")
    out.append("</section>")
    return "\n".join(out)


def page(a):
    conn = open_db(a.db)
    rater = Rater()
    pools = pools_played(conn) or ["standard"]
    tables = league_tables(conn, rater, pools, None)
    rater.close()
    page_dir = os.path.dirname(os.path.abspath(a.output))
    body = [pool_section(conn, t, pool_games(conn, t["pool"]), rater.default, rater.name, page_dir, a.recent)
            for t in tables]
    text = ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>League: %s</title>'
            "<style>%s</style></head><body>\n<h1>League: %s</h1>\n<p class=\"muted\">Made %s from %s.</p>\n%s\n"
            "</body></html>\n" % (esc(os.path.basename(a.db)), STYLE, esc(os.path.basename(a.db)), now(),
                                  esc(a.db), "\n".join(body)))
    tmp = a.output + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, a.output)
    log("league: wrote %s" % a.output)
    return 0
