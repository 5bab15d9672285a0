"""Reads log files and yields fixed-size batches of parsed records."""
from .parse import parse_line


def read_records(paths):
    for path in paths:
        fh = open(path, encoding="utf-8", errors="replace")
        for line in fh:
            rec = parse_line(line.rstrip("\n"))
            if rec is not None:
                yield rec


def batches(records, size):
    batch = []
    for rec in records:
        batch.append(rec)
        if len(batch) == size:
            yield batch
            batch = []


def page(items, number, per_page):
    """Returns page `number` (1-based) of items."""
    start = number * per_page
    return items[start:start + per_page]
