"""A tuning run's parameter file: its lines read and checked, and the
value the bot gets for a parameter."""


def read_params(path):
    params = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.split("#")[0].strip()
            if not line:
                continue
            fields = [x.strip() for x in line.split(",")]
            if len(fields) not in (6, 7):
                raise SystemExit("%s:%d: expected name, start, min, max, c_end, r_end[, int|float]" % (path, n))
            try:
                start, lo, hi, c_end, r_end = (float(x) for x in fields[1:6])
            except ValueError:
                raise SystemExit("%s:%d: not a number in %r" % (path, n, line))
            kind = fields[6] if len(fields) == 7 else (
                "int" if all(_is_int(x) for x in fields[1:4]) else "float")
            if kind not in ("int", "float") or not lo <= start <= hi or c_end <= 0 or r_end <= 0:
                raise SystemExit("%s:%d: need min <= start <= max, c_end > 0, r_end > 0, int or float" % (path, n))
            params.append({"name": fields[0], "start": start, "min": lo, "max": hi, "c_end": c_end,
                           "r_end": r_end, "int": kind == "int"})
    if not params:
        raise SystemExit("%s: no parameter" % path)
    return params


def _is_int(text):
    try:
        int(text)
        return True
    except ValueError:
        return False


def setting_value(p, x):
    """The value the bot gets: rounded for an int parameter."""
    return str(int(round(x))) if p["int"] else "%.6g" % x
