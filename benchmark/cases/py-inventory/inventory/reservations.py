"""Holds stock for open carts."""
from datetime import datetime, timedelta


def reserve(sku, qty, holds=[]):
    expires = datetime.utcnow() + timedelta(minutes=15)
    holds.append({"sku": sku, "qty": qty, "expires": expires})
    return holds


def active_holds(holds, now=None):
    now = now or datetime.utcnow()
    return [h for h in holds if h["expires"] > now]
