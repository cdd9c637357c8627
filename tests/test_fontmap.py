"""Reading a font's character map: the same code points as fontTools reads, bad files refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from visualizer.assets import asset
from visualizer.fontmap import NotAFont, character_map
from visualizer.theme import FALLBACK_FILES, FONT_FILES

SHIPPED = sorted({*FONT_FILES.values(), *(name for names in FALLBACK_FILES.values() for name in names)})


def fonttools_maps(path: Path) -> dict[tuple[int, int] | None, set[int]]:
    """fontTools' reading of `path`: its best Unicode map (key None) and each Unicode subtable's."""
    ttlib = pytest.importorskip("fontTools.ttLib")
    with ttlib.TTFont(path, lazy=True) as font:
        maps: dict[tuple[int, int] | None, set[int]] = {None: set(font.getBestCmap())}
        for table in font["cmap"].tables:
            if table.isUnicode() and table.format in (4, 12):
                maps[(table.platformID, table.platEncID)] = set(table.cmap)
    return maps


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_font_reads_as_fonttools_reads_it(name: str) -> None:
    """The best map and every format 4 and 12 subtable, code point for code point."""
    path = asset("fonts", name)
    maps = fonttools_maps(path)
    assert character_map(path) == maps.pop(None)
    assert maps, "the font has Unicode subtables of format 4 or 12"
    for pair, points in maps.items():
        assert character_map(path, (pair,)) == points, pair


def test_both_formats_are_read() -> None:
    """The shipped fonts carry both layouts: DejaVu a format 12 (3, 10), the CJK subsets only format 4."""
    latin, cjk = asset("fonts", FONT_FILES["sans"]), asset("fonts", FALLBACK_FILES["sans"][0])
    assert ord("é") in character_map(latin, ((3, 10),)) and ord("재") not in character_map(latin)
    assert {ord("재"), ord("递"), ord("A")} <= character_map(cjk, ((3, 1),))
    with pytest.raises(NotAFont):
        character_map(cjk, ((3, 10),))


@pytest.mark.parametrize(
    "content",
    [b"", b"not a font at all", b"OTTO\x00\x01", b"OTTO\x00\x01\x00\x00\x00\x00\x00\x00cmap\x00\x00\x00\x00"],
)
def test_a_file_that_is_not_a_font_is_refused_in_one_line(tmp_path: Path, content: bytes) -> None:
    """Empty, foreign or cut-short files raise NotAFont (a ValueError), never a struct or index error."""
    path = tmp_path / "bad.otf"
    path.write_bytes(content)
    with pytest.raises(NotAFont):
        character_map(path)


def test_a_cut_short_character_map_is_refused(tmp_path: Path) -> None:
    """A real font whose file ends inside its character map is refused, not half read."""
    whole = asset("fonts", FALLBACK_FILES["sans"][0]).read_bytes()
    cmap_at = whole.index(b"cmap")
    offset = int.from_bytes(whole[cmap_at + 8 : cmap_at + 12], "big")
    path = tmp_path / "short.otf"
    path.write_bytes(whole[: offset + 200])
    with pytest.raises(NotAFont):
        character_map(path)
