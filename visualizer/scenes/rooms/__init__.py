"""The Rooms demo: `model` (no pygame), its views, and `demo` (the controller)."""
