"""The SVG a tuning run leaves: each parameter over the iterations."""


def svg_plot(params, header_theta, iterations, path, title):
    """The parameters over the iterations, one panel each, as a self-contained SVG."""
    width, panel, left, right, top = 760, 150, 70, 150, 40
    height = top + panel * len(params) + 30
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">'
           % (width, height), '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="22" font-size="15">%s</text>' % (left, _escape(title))]
    xs = [0] + [r["iter"] for r in iterations]
    last = max(xs[-1], 1)
    plot_w = width - left - right
    for i, p in enumerate(params):
        y0 = top + i * panel + 10
        h = panel - 40
        ys = [header_theta[i]] + [r["theta"][p["name"]] for r in iterations]
        lo, hi = p["min"], p["max"]
        if hi <= lo:
            hi = lo + 1
        px = lambda x: left + plot_w * x / last  # noqa: E731
        py = lambda y: y0 + h - h * (y - lo) / (hi - lo)  # noqa: E731
        out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#999"/>' % (left, y0, plot_w, h))
        for frac in (0, 0.5, 1):
            v = lo + frac * (hi - lo)
            out.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (left - 6, py(v) + 4, "%.4g" % v))
            out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#eee"/>'
                       % (left, left + plot_w, py(v), py(v)))
        out.append('<text x="%d" y="%d" text-anchor="end">%s</text>' % (width - 10, y0 + 14, _escape(p["name"])))
        out.append('<text x="%d" y="%d" text-anchor="end" fill="#555">%.4g -> %.4g</text>'
                   % (width - 10, y0 + 30, ys[0], ys[-1]))
        step = max(1, len(xs) // 2000)  # at most about 2000 points a line
        points = " ".join("%.1f,%.1f" % (px(x), py(y)) for x, y in list(zip(xs, ys))[::step] + [(xs[-1], ys[-1])])
        out.append('<polyline fill="none" stroke="#1f77b4" stroke-width="1.5" points="%s"/>' % points)
        out.append('<text x="%d" y="%d" text-anchor="middle" fill="#555">iteration</text>'
                   % (left + plot_w // 2, y0 + h + 28))
        for x in (0, last // 2, last):
            out.append('<text x="%.1f" y="%d" text-anchor="middle">%d</text>' % (px(x), y0 + h + 14, x))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def _escape(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
