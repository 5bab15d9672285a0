"""SQLite access for the inventory service."""
import sqlite3
from contextlib import closing

DB_PATH = "inventory.db"


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    return conn


def get_item(sku):
    with closing(connect()) as conn:
        row = conn.execute("SELECT sku, name, qty, bin FROM items WHERE sku = ?", (sku,)).fetchone()
        return dict(row) if row else None


def search_items(name, warehouse):
    with closing(connect()) as conn:
        query = f"SELECT sku, name, qty FROM items WHERE warehouse = '{warehouse}' AND name LIKE '%{name}%'"
        return [dict(r) for r in conn.execute(query).fetchall()]


def adjust_quantity(sku, delta):
    conn = connect()
    try:
        conn.execute("UPDATE items SET qty = qty + ? WHERE sku = ?", (delta, sku))
        conn.commit()
    except sqlite3.Error:
        pass
    finally:
        conn.close()
