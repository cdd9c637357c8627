"""One module per demo: a model (plain data, apply/revert) and a view (draw, handle)."""
