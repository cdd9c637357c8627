"""The bitmask counter behind `queens N --count`: published counts, dancing links' counts, the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run

from solvers import dlx, queens, queenscount


@pytest.fixture
def a000170(public_data: Path) -> dict[str, int]:
    """OEIS A000170: all placements of N queens, N = 1..15."""
    counts: dict[str, int] = json.loads((public_data / "nqueens" / "nqueens_counts.json").read_text())[
        "total_A000170"
    ]
    return counts


def test_counts_1_to_13_equal_oeis(a000170: dict[str, int]) -> None:
    """The published counts, odd and even N alike (the mirror halving counts the middle file once)."""
    assert [queenscount.count(n) for n in range(1, 14)] == [a000170[str(n)] for n in range(1, 14)]


def test_counts_equal_dancing_links() -> None:
    """The same number as the exact-cover search on queens.encode, N = 1..10."""
    for n in range(1, 11):
        assert queenscount.count(n) == queens.count(n), n


def test_nodes_are_counted_and_fewer_than_dancing_links() -> None:
    """Its nodes are its own search's: more than the solutions it stepped over, fewer than the links'."""
    tally = queenscount.Tally()
    assert queenscount.count(8, tally) == 92
    counters = dlx.Counters()
    queens.count(8, counters)
    assert 46 < tally.nodes < counters.nodes


def test_bad_n_is_refused() -> None:
    """No board below 1 x 1."""
    with pytest.raises(ValueError):
        queenscount.count(0)


def test_cli_count_runs_the_counter_and_json_the_exact_cover_search(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`queens 10 --count`: 724 by the counter; --json: 724 with the exact-cover search's run stats."""
    calls: list[int] = []
    counter = queenscount.count

    def count(n: int, tally: Any) -> Any:
        calls.append(n)
        return counter(n, tally)

    monkeypatch.setattr(queenscount, "count", count)
    code, out, _ = run(capsys, "queens", "10", "--count")
    assert (code, out, calls) == (0, "724\n", [10])
    code, out, _ = run(capsys, "queens", "10", "--count", "--json")
    data = json.loads(out)
    counters = dlx.Counters()
    assert dlx.count(queens.encode(10).matrix, counters=counters) == 724
    assert code == 0 and data["count"] == data["solutions"] == 724
    assert (data["nodes"], data["updates"]) == (counters.nodes, counters.updates)
    assert data["events"] == sum(data["events_by_kind"].values()) > 0
    _, out, _ = run(capsys, "queens", "10", "--count", "--json", "--jobs", "1")
    assert set(json.loads(out)) == set(data) and calls == [10]


def test_cli_no_placement_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    """N = 3 has none: the count 0 and exit 1."""
    assert run(capsys, "queens", "3", "--count")[:2] == (1, "0\n")
