"""Pipeline configuration from a YAML file."""
import yaml


def load_config(path):
    with open(path) as fh:
        config = yaml.load(fh, Loader=yaml.Loader)
    config.setdefault("batch_size", 500)
    config.setdefault("sources", [])
    return config


def load_defaults(path):
    with open(path) as fh:
        return yaml.safe_load(fh) or {}
