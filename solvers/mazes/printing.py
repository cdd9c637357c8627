"""Mazes on paper: SVG written directly, PDF worksheets through fpdf2 (a dependency).

A worksheet is A4 or Letter pages with several mazes each, a name line at
the top, S and G marked, and the answers (each maze with its path) on the
last pages, so a teacher can print the lot and keep the last sheets.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from solvers import textio
from solvers.i18n import _, assets_folder
from solvers.mazes.geometry import Point, centre, extent, sides, stairs, walls
from solvers.mazes.graph import CellGraph, Passage
from solvers.mazes.walk import corridors, find_path

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Paper sizes in millimetres, portrait."""


@dataclass(frozen=True)
class Printed:
    """One maze to print: its graph, passages, a title, and the path if it is an answer."""

    graph: CellGraph
    passages: Sequence[Passage]
    title: str
    path: Sequence[int] | None = None


def solution(graph: CellGraph, passages: Sequence[Passage]) -> list[int]:
    """The path from the graph's start to its goal (a perfect maze always has one)."""
    return find_path(corridors(graph, passages), graph.start, graph.goal) or []


def path_lines(graph: CellGraph, path: Sequence[int]) -> list[list[Point]]:
    """The path through cell centres, broken where it takes stairs (floors are drawn apart).

    On a torus a step across a wrapped edge leaves through its side on one
    border and comes back through the matching side on the other: the line
    goes to the first side's middle, breaks, and starts again at the second's.
    """
    pieces: list[list[Point]] = []
    floor = graph.width * graph.height
    previous = -1
    for cell in path:
        if not pieces or (graph.shape == "3d" and previous // floor != cell // floor):
            pieces.append([])
        elif graph.shape == "torus" and (leaving := _wrap_side(graph, previous, cell)) is not None:
            pieces[-1].append(leaving)
            pieces.append([_wrap_side(graph, cell, previous) or centre(graph, cell)])
        pieces[-1].append(centre(graph, cell))
        previous = cell
    return pieces


def _wrap_side(graph: CellGraph, cell: int, other: int) -> Point | None:
    """The middle of the wrapped side of `cell` that leads to `other`, or None if they meet on paper."""
    for side in sides(graph, cell):
        if side.own and side.neighbour == other:
            (x0, y0), (x1, y1) = side.points[0], side.points[-1]
            return (x0 + x1) / 2, (y0 + y1) / 2
    return None


def _stair_letters(graph: CellGraph, passages: Sequence[Passage]) -> dict[int, str]:
    """Each cell with open stairs: 'U', 'D' or 'UD'."""
    if graph.shape != "3d":
        return {}  # no stairs: never a set of every passage (4 million at 2000 x 2000)
    opened = {(a, b) for a, b in passages} | {(b, a) for a, b in passages}
    ups = {low for low, high in stairs(graph) if (low, high) in opened}
    downs = {high for low, high in stairs(graph) if (low, high) in opened}
    return {cell: "U" * (cell in ups) + "D" * (cell in downs) for cell in sorted(ups | downs)}


# --- SVG ---------------------------------------------------------------------------------------


def svg(item: Printed, unit: float = 16.0) -> str:
    """The maze (and its path if given) as an SVG document, `unit` pixels to a cell."""
    return "".join(svg_pieces(item, unit))


def svg_pieces(item: Printed, unit: float = 16.0) -> Iterator[str]:
    """`svg(item)` piece by piece: a large maze is written as it is drawn, never held whole."""
    graph = item.graph
    width, height = extent(graph)
    margin = 1.0
    yield (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{(width + 2 * margin) * unit:.1f}" '
        f'height="{(height + 2 * margin) * unit:.1f}" '
        f'viewBox="{-margin} {-margin} {width + 2 * margin:.3f} {height + 2 * margin:.3f}">\n'
        f"<title>{escape(item.title)}</title>\n"
        '<rect x="-1" y="-1" width="100%" height="100%" fill="white"/>\n'
    )
    if item.path:
        for piece in path_lines(graph, item.path):
            yield (
                f'<polyline points="{_svg_points(piece)}" fill="none" stroke="#2a9d4a" '
                'stroke-width="0.25" stroke-linecap="round" stroke-linejoin="round"/>\n'
            )
    yield '<path d="'
    separator = ""
    for line in walls(graph, item.passages):
        yield f"{separator}M{_svg_points(line).replace(' ', ' L')}"
        separator = " "
    yield '" fill="none" stroke="black" stroke-width="0.1" stroke-linecap="round"/>\n'
    for (x, y), letters in _labels(graph, item.passages):
        yield (
            f'<text x="{x:.3f}" y="{y:.3f}" font-size="{label_size(letters, 0.6):.2f}" '
            f'font-family="sans-serif" text-anchor="middle" dominant-baseline="central">{letters}</text>\n'
        )
    yield "</svg>\n"


def _svg_points(points: Sequence[Point]) -> str:
    """'x,y x,y ...' with three decimals."""
    return " ".join(f"{x:.3f},{y:.3f}" for x, y in points)


def _labels(graph: CellGraph, passages: Sequence[Passage]) -> list[tuple[Point, str]]:
    """One label a cell: S or G, then its stairs' letters ('U', 'D', 'UD', 'SU', 'GD', ...)."""
    texts = {graph.start: "S", graph.goal: "G"}
    for cell, letters in _stair_letters(graph, passages).items():
        texts[cell] = texts.get(cell, "") + letters
    return [(centre(graph, cell), text) for cell, text in texts.items()]


def label_size(text: str, one_letter: float) -> float:
    """A label's font size: `one_letter` for one letter, smaller for more so it stays in its cell."""
    return one_letter * min(1.0, 1.5 / len(text))


def write_svg(path: str | Path, item: Printed) -> None:
    """Write the SVG atomically, piece by piece."""
    with textio.writing(path) as handle:
        handle.writelines(svg_pieces(item))


# --- PDF ---------------------------------------------------------------------------------------


class PrintUnavailable(RuntimeError):
    """fpdf2 is missing (it comes with Unwind: only a broken install lacks it)."""


PDF_FONT = "unwind"
PDF_FONT_FILE = "NotoSansCJKsc-Regular-subset.otf"
"""The worksheets' face: Latin, Hangul and Chinese alike (fpdf2 embeds only the glyphs used)."""


def worksheet(items: Sequence[Printed], paper: str = "a4", per_page: int = 2) -> bytes:
    """A PDF: the mazes `per_page` to a page under a name line, then the same mazes with their paths."""
    try:
        from fpdf import FPDF
    except ImportError:
        raise PrintUnavailable(
            _("PDF worksheets need fpdf2, which comes with Unwind: pip install fpdf2")
        ) from None
    page_w, page_h = PAPERS[paper]
    pdf = FPDF(unit="mm", format=(page_w, page_h))
    pdf.set_auto_page_break(False)
    pdf.set_title(_("Mazes"))
    pdf.add_font(PDF_FONT, "", str(assets_folder() / "fonts" / PDF_FONT_FILE))
    answers = [
        Printed(
            i.graph,
            i.passages,
            _("{title} (answer)").format(title=i.title),
            i.path or solution(i.graph, i.passages),
        )
        for i in items
    ]
    for group, is_answer in ((list(items), False), (answers, True)):
        for first in range(0, len(group), per_page):
            pdf.add_page()
            _page_header(pdf, page_w, is_answer)
            slots = _slots(page_w, page_h, per_page)
            for item, slot in zip(group[first : first + per_page], slots, strict=False):
                _draw_maze(pdf, item, slot)
    data: Any = pdf.output()
    return bytes(data)


def _page_header(pdf: Any, page_w: float, is_answer: bool) -> None:
    """'Name: ______' on worksheets, 'Answers' on the answer pages."""
    pdf.set_font(PDF_FONT, size=12)
    if is_answer:
        pdf.text(15, 15, _("Answers"))
    else:
        name, date = _("Name:"), _("Date:")
        pdf.text(15, 15, name)
        pdf.set_line_width(0.3)
        pdf.line(17 + pdf.get_string_width(name), 16, page_w / 2, 16)
        pdf.text(page_w / 2 + 10, 15, date)
        pdf.line(page_w / 2 + 12 + pdf.get_string_width(date), 16, page_w - 15, 16)


def _slots(page_w: float, page_h: float, per_page: int) -> list[tuple[float, float, float, float]]:
    """Boxes (x, y, w, h) in mm for the mazes on a page: one column, or two for 4 and more."""
    columns = 2 if per_page >= 4 else 1
    rows = -(-per_page // columns)
    top, margin = 22.0, 12.0
    w = (page_w - 2 * margin) / columns
    h = (page_h - top - margin) / rows
    return [(margin + (k % columns) * w, top + (k // columns) * h, w, h) for k in range(per_page)]


def _draw_maze(pdf: Any, item: Printed, slot: tuple[float, float, float, float]) -> None:
    """One maze fitted into its slot, title above, path in green when it is an answer."""
    x, y, w, h = slot
    pdf.set_font(PDF_FONT, size=9)
    pdf.text(x + 2, y + 4, item.title)
    width, height = extent(item.graph)
    scale = min((w - 6) / width, (h - 10) / height)
    ox = x + (w - width * scale) / 2
    oy = y + 7 + (h - 10 - height * scale) / 2

    def at(point: Point) -> tuple[float, float]:
        """A maze point on the page."""
        return ox + point[0] * scale, oy + point[1] * scale

    if item.path:
        pdf.set_draw_color(42, 157, 74)
        pdf.set_line_width(max(0.3, scale * 0.25))
        for piece in path_lines(item.graph, item.path):
            if len(piece) > 1:
                pdf.polyline([at(p) for p in piece])
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(max(0.15, min(0.6, scale * 0.1)))
    for line in walls(item.graph, item.passages):
        pdf.polyline([at(p) for p in line])
    for point, letters in _labels(item.graph, item.passages):
        px, py = at(point)
        pdf.set_font(PDF_FONT, size=label_size(letters, max(4.0, min(10.0, scale * 2.0))))
        pdf.text(px - pdf.get_string_width(letters) / 2, py + scale * 0.2, letters)


def write_pdf(path: str | Path, items: Sequence[Printed], paper: str = "a4", per_page: int = 2) -> None:
    """Write the worksheet atomically."""
    textio.write_bytes_atomic(path, worksheet(items, paper, per_page))
