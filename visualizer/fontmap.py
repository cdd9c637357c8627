"""Which characters a font file has glyphs for, read straight from its OpenType 'cmap' table.

The text drawing (`glyphs.FallbackFont`) needs each shipped font's coverage
the first time it draws a character outside ASCII: at launch.  Reading the
table's ranges here takes about a millisecond per font; fontTools took ~100 ms
(its import, and names for every glyph), and asking FreeType one character at
a time thrashes its two-face cache when five fonts take turns (~60 ms for a
Korean first frame).  Written from the OpenType specification's 'cmap'
chapter: the table directory, then the best Unicode subtable of format 12
(segmented coverage, every plane) or 4 (segment mapping, the BMP).  No pygame.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Iterator
from itertools import chain
from pathlib import Path
from typing import Any, BinaryIO

UNICODE_SUBTABLES = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))
"""(platform, encoding) pairs of Unicode subtables, the fullest first (as fontTools' getBestCmap)."""
SFNT_VERSIONS = (b"\x00\x01\x00\x00", b"OTTO", b"true")
"""A TrueType or a CFF-flavoured OpenType font file (collections are not shipped)."""


class NotAFont(ValueError):
    """The file is not a single OpenType/TrueType font with a Unicode character map we read."""


def character_map(
    path: str | Path, subtables: Iterable[tuple[int, int]] = UNICODE_SUBTABLES
) -> frozenset[int]:
    """The code points font file `path` maps to a glyph, from the first of `subtables` it has."""
    with open(path, "rb") as font:
        cmap = read_table(font, b"cmap")
    records = dict(encoding_records(cmap))
    for pair in subtables:
        offset = records.get(pair)
        if offset is not None and unpack_from(">H", cmap, offset)[0] in (4, 12):
            return frozenset(chain.from_iterable(mapped_points(cmap, offset)))
    raise NotAFont(f"{path}: no Unicode character map of format 4 or 12")


def read_table(font: BinaryIO, tag: bytes) -> bytes:
    """The bytes of table `tag` of the open font file, found through its table directory."""
    header = font.read(12)
    if len(header) < 12 or header[:4] not in SFNT_VERSIONS:
        raise NotAFont("not an OpenType or TrueType font")
    (count,) = unpack_from(">H", header, 4)
    directory = font.read(16 * count)
    for index in range(count):
        name, _, offset, length = unpack_from(">4sLLL", directory, 16 * index)
        if name == tag:
            font.seek(offset)
            table = font.read(length)
            if len(table) < length:
                raise NotAFont(f"the {tag.decode()} table is cut short")
            return table
    raise NotAFont(f"no {tag.decode()} table")


def encoding_records(cmap: bytes) -> Iterator[tuple[tuple[int, int], int]]:
    """((platform, encoding), subtable offset) for each subtable the 'cmap' header lists."""
    (count,) = unpack_from(">H", cmap, 2)
    for index in range(count):
        platform, encoding, offset = unpack_from(">HHL", cmap, 4 + 8 * index)
        yield (platform, encoding), offset


def mapped_points(cmap: bytes, offset: int) -> Iterator[Iterable[int]]:
    """Runs of the code points the subtable at `offset` maps to a glyph other than 0 (.notdef)."""
    if unpack_from(">H", cmap, offset)[0] == 12:
        return segmented_coverage(cmap, offset)
    return segment_mapping(cmap, offset)


def segmented_coverage(cmap: bytes, offset: int) -> Iterator[range]:
    """Format 12: groups of consecutive code points mapped to consecutive glyphs."""
    (groups,) = unpack_from(">L", cmap, offset + 12)
    if len(cmap) < offset + 16 + 12 * groups:
        raise NotAFont("a damaged character map (format 12 groups cut short)")
    for start, end, glyph in struct.iter_unpack(">LLL", cmap[offset + 16 : offset + 16 + 12 * groups]):
        yield range(start + (glyph == 0), end + 1)


def segment_mapping(cmap: bytes, offset: int) -> Iterator[Iterable[int]]:
    """Format 4: segments of the BMP, each mapped by a delta or through the glyph id array."""
    (doubled,) = unpack_from(">H", cmap, offset + 6)
    count = doubled // 2
    ends = unpack_from(f">{count}H", cmap, offset + 14)
    starts = unpack_from(f">{count}H", cmap, offset + 16 + doubled)
    deltas = unpack_from(f">{count}h", cmap, offset + 16 + 2 * doubled)
    range_at = offset + 16 + 3 * doubled  # where idRangeOffset[0] sits
    range_offsets = unpack_from(f">{count}H", cmap, range_at)
    segments = zip(starts, ends, deltas, range_offsets, strict=True)
    for index, (start, end, delta, range_offset) in enumerate(segments):
        points = range(start, end + (end != 0xFFFF))  # 0xFFFF closes the last segment and maps nothing
        notdef = -delta & 0xFFFF  # the glyph id that, plus delta, is glyph 0
        if range_offset == 0:  # glyph = point + delta (mod 65536)
            yield points if notdef not in points else (point for point in points if point != notdef)
        else:  # glyph = glyphIdArray[...] + delta, where that entry is not 0
            glyphs = unpack_from(f">{len(points)}H", cmap, range_at + 2 * index + range_offset)
            yield (point for point, glyph in zip(points, glyphs, strict=True) if glyph and glyph != notdef)


def unpack_from(layout: str, data: bytes, offset: int) -> tuple[Any, ...]:
    """`struct.unpack_from`, with a short or damaged table reported as NotAFont."""
    try:
        return struct.unpack_from(layout, data, offset)
    except struct.error as error:
        raise NotAFont(f"a damaged character map ({error})") from None
