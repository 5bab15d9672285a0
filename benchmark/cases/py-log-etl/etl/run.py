import sys

from .batches import batches, read_records
from .config import load_config
from .parse import is_error


def main(argv):
    config = load_config(argv[1])
    errors = 0
    total = 0
    for batch in batches(read_records(config["sources"]), config["batch_size"]):
        total += len(batch)
        errors += sum(1 for rec in batch if is_error(rec))
    print(f"{total} records, {errors} errors")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
