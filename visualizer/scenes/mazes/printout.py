"""The demo's print: the maze on show as an SVG and a PDF worksheet, each written atomically."""

from __future__ import annotations

from pathlib import Path

from solvers.i18n import _
from solvers.mazes import printing
from solvers.mazes.graph import CellGraph, Passage


def write(path: Path, graph: CellGraph, passages: list[Passage], title: str) -> str:
    """Write path.svg and path.pdf (the answer page last); the words saying what happened."""
    item = printing.Printed(graph, passages, title)
    written = []
    try:
        printing.write_svg(path.with_suffix(".svg"), item)
        written.append(path.with_suffix(".svg").name)
        printing.write_pdf(path.with_suffix(".pdf"), [item])
        written.append(path.with_suffix(".pdf").name)
    except printing.PrintUnavailable as error:
        if written:
            return _("{reason}; saved {files}").format(reason=error, files=", ".join(written))
        return _("{reason}; nothing saved").format(reason=error)
    except OSError as error:
        return _("could not print to {folder}: {reason}").format(
            folder=path.parent, reason=error.strerror or error
        )
    return _("saved {files} in {folder}").format(files=", ".join(written), folder=path.parent)
