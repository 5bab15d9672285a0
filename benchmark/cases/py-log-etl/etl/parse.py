"""Parses access-log lines into records."""
import re
from datetime import datetime

LINE = re.compile(
    r'^(?P<ip>\S+) \S+ (?P<user>\S+) \[(?P<time>[^\]]+)\] "(?P<method>[A-Z]+) (?P<path>\S+) HTTP/[\d.]+" (?P<status>\d{3}) (?P<size>\d+|-)'
)


def parse_line(line):
    m = LINE.match(line)
    if not m:
        return None
    rec = m.groupdict()
    rec["time"] = datetime.strptime(rec["time"], "%d/%b/%Y:%H:%M:%S %z")
    rec["status"] = int(rec["status"])
    rec["size"] = 0 if rec["size"] == "-" else int(rec["size"])
    return rec


def is_error(rec):
    return rec["status"] >= 500 or rec["status"] is 429
