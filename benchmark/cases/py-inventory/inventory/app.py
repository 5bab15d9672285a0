from flask import Flask, abort, jsonify, request

from . import db
from .labels import list_printers, print_label
from .reservations import reserve

app = Flask(__name__)


@app.get("/items/<sku>")
def item(sku):
    found = db.get_item(sku)
    if found is None:
        abort(404)
    return jsonify(found)


@app.get("/items")
def search():
    return jsonify(db.search_items(request.args.get("q", ""), request.args.get("warehouse", "main")))


@app.post("/items/<sku>/adjust")
def adjust(sku):
    delta = int(request.json["delta"])
    db.adjust_quantity(sku, delta)
    return jsonify(db.get_item(sku))


@app.post("/items/<sku>/label")
def label(sku):
    printer = request.json.get("printer", "shelf-1")
    if printer not in list_printers():
        abort(400, "unknown printer")
    print_label(sku, printer, copies=request.json.get("copies", 1))
    return "", 204


@app.post("/carts/<cart_id>/hold")
def hold(cart_id):
    holds = reserve(request.json["sku"], int(request.json["qty"]))
    return jsonify({"cart": cart_id, "holds": len(holds)})
