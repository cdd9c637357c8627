"""Freed memory goes back to the system after the collector's full passes (visualizer/heap.py)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from visualizer.collector import FrameCollector
from visualizer.heap import can_hand_back, hand_back


def resident_mb() -> float:
    """This process's resident size, from /proc."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * 4096 / 2**20


def test_the_heap_is_handed_back_after_full_passes_only() -> None:
    """A demo left, and every FULL_EVERY_IDLE idle frames: a full pass, then the release; else neither."""
    released: list[int] = []
    collector = FrameCollector(release=lambda: released.append(collector.frames))
    try:
        for _ in range(50):
            collector.after_frame(busy=True)
        assert released == []
        collector.collect_soon()
        collector.after_frame(busy=True)
        assert released == [51]
        for _ in range(FrameCollector.FULL_EVERY_IDLE):
            collector.after_frame(busy=False)
        assert released == [51, 51 + FrameCollector.FULL_EVERY_IDLE]
    finally:
        collector.close()
    assert gc.isenabled()


@pytest.mark.skipif(not can_hand_back(), reason="malloc_trim is glibc's")
def test_hand_back_returns_a_fragmented_heaps_free_pages() -> None:
    """Blocks freed between blocks kept stay resident until handed back (glibc keeps them for reuse)."""
    hand_back()
    blocks = [bytearray(60_000) for _ in range(3000)]  # ~180 MB on the heap, under malloc's mmap threshold
    for block in blocks:
        block[::4096] = b"x" * len(block[::4096])  # touch every page: resident
    del blocks[::2]  # the freed half lies between blocks still held: nothing at the top to shrink
    before = resident_mb()
    hand_back()
    after = resident_mb()
    del blocks
    assert before - after > 50, (before, after)
