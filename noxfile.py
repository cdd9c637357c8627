"""The test command on every Python the project supports: `nox` (pip install nox).

Each session installs the project with its test tools in a fresh virtual
environment and runs README's test command there, headless.
"""

from __future__ import annotations

import nox

PYTHONS = ["3.11", "3.12", "3.13"]


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """README's test command on this Python."""
    session.env.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)
