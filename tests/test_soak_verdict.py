"""bench/soak.py's verdict on memory: a climb minute over minute fails, a plateau with noise passes."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SOAK = Path(__file__).resolve().parent.parent / "bench" / "soak.py"


def load_soak():
    """bench/soak.py as a module (bench/ is not a package)."""
    spec = importlib.util.spec_from_file_location("soak", SOAK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_steady_climb_does_not_level_off() -> None:
    """Last session's figures, 77 MB rising to 714 MB, fail on both counts."""
    verdict = load_soak().levels_off([77, 120, 160, 210, 250, 300, 340, 390, 435, 714])
    assert verdict["levels_off"] is False
    assert verdict["new_high_mb"] > 48 and verdict["trend_mb_per_minute"] > 4


def test_a_slow_creep_in_the_last_third_does_not_level_off() -> None:
    """No new high above the early peak, but 5 MB a minute in the last third: still climbing."""
    rss = [100, 300, 200, 200, 200, 200, 205, 210, 215, 220, 225, 230]
    verdict = load_soak().levels_off([float(value) for value in rss])
    assert verdict["levels_off"] is False and verdict["new_high_mb"] < 0


def test_a_plateau_with_noise_levels_off() -> None:
    """A rise in the first minutes, then readings that go up and down, pass."""
    rss = [80, 150, 190, 230, 240, 236, 244, 238, 241, 239, 243, 240]
    verdict = load_soak().levels_off([float(value) for value in rss])
    assert verdict["levels_off"] is True
    assert verdict["last_third_from_minute"] == 9


def test_too_short_a_run_gives_no_verdict() -> None:
    """Eight minutes leave two readings in the last third: too few to say."""
    assert load_soak().levels_off([80.0] * 8)["levels_off"] is None


def test_the_verdict_reads_resident_memory_less_the_soaks_own_traces() -> None:
    """tracemalloc's traces grow with the live Python objects; the app without the soak holds none of them."""
    soak = load_soak()
    tracing = [40, 60, 90, 110, 130, 150, 170, 190, 210, 230, 250, 270]
    rows = [{"rss_mb": 200.0 + traces, "tracing_mb": float(traces)} for traces in tracing]
    assert soak.levels_off([float(row["rss_mb"]) for row in rows])["levels_off"] is False
    assert soak.memory_verdict(rows)["levels_off"] is True
    climbing = [{"rss_mb": 200.0 + 10 * minute, "tracing_mb": 40.0} for minute in range(12)]
    assert soak.memory_verdict(climbing)["levels_off"] is False


def test_growth_since_minute_2_ranks_source_lines_by_how_much_they_grew() -> None:
    first = {"a.py:1": (1000, 10), "b.py:2": (5000, 5), "c.py:3": (2048, 1)}
    last = {"a.py:1": (1000, 10), "b.py:2": (1024, 1), "c.py:3": (12288, 3), "d.py:4": (3072, 2)}
    assert load_soak().growth(first, last, top=3) == [
        "c.py:3: size=12 KiB (+10 KiB), count=3",
        "b.py:2: size=1 KiB (-4 KiB), count=1",
        "d.py:4: size=3 KiB (+3 KiB), count=2",
    ]
