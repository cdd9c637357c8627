"""Trace any Python function: its calls, lines and returns as the house's events.

- `events`: the vocabulary (`Push` / `Pop` carrying `Call` and `Returned`,
  `Line`, `Raise`, `Halt`);
- `child`: what runs in the separate process (standard library only);
- `runner`: the parent's side: checks, the process, caps, the result;
- `cli`: ``python -m solvers trace FILE.py FUNC ARG... [--json]``.
"""
