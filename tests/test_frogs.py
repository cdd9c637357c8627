"""The frogs solver: known move counts, legal moves, the event stream, the tree, solve from here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.events import DeadEnd, Move, Pop, Push, Solution
from solvers.frogs import (
    LEFT,
    MAX_FROGS,
    PSEUDOCODE,
    RIGHT,
    ROOT,
    Hop,
    Options,
    goal_state,
    is_legal,
    is_solvable,
    last_solvable,
    legal_moves,
    move_of,
    nearest_solvable_back,
    parse_state,
    play,
    playback,
    predecessors,
    replay,
    solution_of,
    solvable_states,
    solve,
    solve_from_here,
    solve_moves,
    start_state,
    unplay,
    why_stuck,
)
from visualizer.scenes.frogs.tries import CANCELLED, EXECUTED, ON_PATH, START, UNTRIED, TryTree

SMALL = range(1, 8)


@pytest.fixture
def facts(public_data: Path) -> dict[str, Any]:
    """The known move counts in tests/data/frogs/frogs_facts.json."""
    return json.loads((public_data / "frogs" / "frogs_facts.json").read_text())


@st.composite
def positions(draw: st.DrawFn) -> str:
    """Any position: 1..8 frogs per side in any order around one empty pad."""
    n = draw(st.integers(1, MAX_FROGS))
    m = draw(st.integers(1, MAX_FROGS))
    return "".join(draw(st.permutations(LEFT * n + RIGHT * m + "_")))


# --- known answers ----------------------------------------------------------------


@pytest.mark.parametrize("n", SMALL)
def test_equal_sides_take_n_times_n_plus_2_moves(n: int, facts: dict[str, Any]) -> None:
    """N = M: the solution has N(N+2) moves, as the data file lists."""
    moves = solve_moves(start_state(n))
    assert moves is not None
    assert len(moves) == facts["min_moves_equal_groups"]["values"][str(n)] == n * (n + 2)


def test_unequal_examples_from_the_data_file(facts: dict[str, Any]) -> None:
    """The data file's unequal examples (3x4, 1x6, 5x6) come out right."""
    for name, count in facts["min_moves_unequal_groups"]["examples"].items():
        n, m = (int(side) for side in name.split("x"))
        moves = solve_moves(start_state(n, m))
        assert moves is not None and len(moves) == count


@pytest.mark.parametrize("n", SMALL)
def test_every_size_takes_n_m_plus_n_plus_m_moves_with_n_m_jumps(n: int) -> None:
    """Every N, M in 1..7: N*M + N + M legal moves, N*M of them jumps, ending on the goal."""
    for m in SMALL:
        start = start_state(n, m)
        moves = solve_moves(start)
        assert moves is not None
        assert len(moves) == n * m + n + m
        assert sum(hop.jump for hop in moves) == n * m
        assert replay(start, moves)[-1] == goal_state(start) == RIGHT * m + "_" + LEFT * n


def test_the_article_first_tries() -> None:
    """The article's walk: L 2->3, L 1->2, L 0->1 (stuck), back to R 4->2, then L 3->4."""
    pushes = [event.what for event in solve("LLL_RRR") if type(event) is Push]
    assert [str(hop) for hop in pushes[:5]] == ["L 2->3", "L 1->2", "L 0->1", "R 4->2", "L 3->4"]
    tree = TryTree()
    for event in solve("LLL_RRR"):
        tree.apply(event)
    second = tree.branches(tree.branches(START)[0])[1]
    assert str(tree.hop_of(second)) == "R 4->2" and tree.status(second) == EXECUTED
    third = {str(tree.hop_of(child)): tree.status(child) for child in tree.branches(second)}
    assert third == {"L 3->4": CANCELLED, "R 5->4": EXECUTED}
    assert [str(tree.hop_of(child)) for child in tree.branches(START)] == ["L 2->3", "R 4->3"]
    assert tree.status(tree.branches(START)[1]) == UNTRIED  # the article's "never tried"


# --- moves ----------------------------------------------------------------------


def test_moves_from_the_start() -> None:
    """From LLL_RRR an L slides right or an R slides left; nothing else."""
    assert legal_moves("LLL_RRR") == [Hop("L", 2, 3), Hop("R", 4, 3)]
    assert legal_moves("LL_LRRR") == [Hop("L", 1, 2), Hop("R", 4, 2)]
    assert legal_moves("_LLLRRR") == []


def test_a_frog_jumps_only_over_the_other_side() -> None:
    """An L never jumps an L, never moves left; an R never jumps an R."""
    assert move_of("L_LR", 0) == Hop("L", 0, 1)
    assert move_of("LL_R", 0) is None
    assert move_of("LR_R", 0) == Hop("L", 0, 2)
    assert move_of("_RRL", 2) is None
    assert move_of("_LRL", 2) == Hop("R", 2, 0)
    assert move_of("RL_", 0) is None


@given(positions())
@settings(max_examples=300, deadline=None)
def test_moves_are_forward_slides_or_jumps_over_the_other_side(state: str) -> None:
    """Each frog has at most one move; moves go forward into the gap; stuck frogs say why."""
    moves = legal_moves(state)
    assert len({hop.frm for hop in moves}) == len(moves)
    for hop in moves:
        assert state[hop.frm] == hop.frog and state[hop.to] == "_"
        assert (hop.to - hop.frm) * (1 if hop.frog == LEFT else -1) in (1, 2)
        if hop.jump:
            assert state[(hop.frm + hop.to) // 2] not in (hop.frog, "_")
        assert unplay(play(state, hop), hop) == state
    for pad, frog in enumerate(state):
        reason = why_stuck(state, pad)
        if frog == "_":
            assert reason
        else:
            assert (reason == "") == (move_of(state, pad) is not None)


@given(positions())
@settings(max_examples=200, deadline=None)
def test_predecessors_invert_moves(state: str) -> None:
    """`p` is a predecessor of `s` exactly when one legal move leads from `p` to `s`."""
    for before in predecessors(state):
        assert any(play(before, hop) == state for hop in legal_moves(before))
    for hop in legal_moves(state):
        assert state in predecessors(play(state, hop))


def test_play_refuses_an_illegal_move() -> None:
    """Playing a move that is not legal raises, naming the move."""
    with pytest.raises(ValueError, match="L 0->1"):
        play("LL_R", Hop("L", 0, 1))
    assert not is_legal("LL_R", Hop("L", 0, 1))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("LLX_R", "only L, R and _"),
        ("LLRR", "exactly one empty pad"),
        ("L__R", "exactly one empty pad"),
        ("_RRR", "N must be 1 to 8"),
        ("LLLLLLLLL_R", "N must be 1 to 8"),
        ("", "exactly one empty pad"),
    ],
)
def test_malformed_states_are_refused(text: str, message: str) -> None:
    """Malformed positions raise ValueError with a clear line."""
    with pytest.raises(ValueError, match=message):
        parse_state(text)


def test_sizes_are_checked() -> None:
    """Frogs per side stay within 1..8."""
    assert start_state(2, 5) == "LL_RRRRR"
    for n, m in ((0, 3), (3, 9), (9, 9)):
        with pytest.raises(ValueError, match="must be 1 to 8"):
            start_state(n, m)


# --- the event stream ---------------------------------------------------------------


def check_stream(start: str) -> tuple[list[object], TryTree]:
    """Run the solver from `start`, checking LIFO, moves and the tree as it goes."""
    events = list(solve(start))
    pads = list(start)
    stack: list[tuple[int, Hop]] = []
    tree = TryTree()
    pushed_hop: Hop | None = None
    for event in events:
        tree.apply(event)
        if type(event) is Push:
            assert event.parent == (stack[-1][0] if stack else ROOT)
            stack.append((event.node, event.what))
            pushed_hop = event.what
        elif type(event) is Move:
            assert pads[event.frm] == event.piece and pads[event.to] == "_"
            if pushed_hop is not None:  # the Move right after a Push makes that move
                assert is_legal("".join(pads), pushed_hop)
                assert Hop(event.piece, event.frm, event.to) == pushed_hop
            else:  # any other Move cancels the newest move, before its Pop
                assert (event.piece, event.to, event.frm) == stack[-1][1]
            pads[event.to], pads[event.frm] = event.piece, "_"
            pushed_hop = None
        elif type(event) is Pop:
            assert stack.pop()[0] == event.node  # LIFO
        elif type(event) is Options:
            assert list(event.moves) == legal_moves(pads)
        assert [tree.hop[node] for node in tree.stack] == [hop for _, hop in stack]
        assert 0 < event.line <= len(PSEUDOCODE)
    assert not stack
    return events, tree


@pytest.mark.parametrize(("n", "m"), [(1, 1), (3, 3), (2, 5), (5, 2), (6, 6)])
def test_event_stream_is_lifo_and_legal(n: int, m: int) -> None:
    """Every Push has its Pop, newest first; every move is legal; the last Move reaches the goal."""
    start = start_state(n, m)
    events, _ = check_stream(start)
    answer = solution_of(events)
    assert answer is not None and answer == solve_moves(start)
    assert replay(start, answer)[-1] == goal_state(start)


@pytest.mark.parametrize(("n", "m"), [(3, 3), (4, 2), (7, 7)])
def test_tree_counts_match_the_events(n: int, m: int) -> None:
    """Executed, cancelled and never-tried nodes of the tree match what the events say."""
    events, tree = check_stream(start_state(n, m))
    kinds = [type(event) for event in events]
    pops = [event for event in events if type(event) is Pop]
    listed = sum(len(event.moves) for event in events if type(event) is Options)
    assert tree.count_status(EXECUTED) == sum(not pop.backtrack for pop in pops) == n * m + n + m
    assert tree.count_status(CANCELLED) == sum(pop.backtrack for pop in pops) == tree.cancelled
    assert tree.count_status(UNTRIED) == listed - kinds.count(Push)
    assert tree.tried == kinds.count(Push) == tree.count_status(EXECUTED) + tree.count_status(CANCELLED)
    assert tree.dead_ends == kinds.count(DeadEnd) >= tree.cancelled
    assert kinds.count(Solution) == 1 and tree.solved and len(tree.stack) == 0
    assert tree.max_depth == n * m + n + m


def test_tree_and_pads_revert_to_the_start() -> None:
    """Reverting every event, newest first, returns the tree and the pads to their start."""
    start = start_state(3, 4)
    events = list(solve(start))
    tree = TryTree()
    empty = tree.snapshot()
    pads = list(start)
    for event in events:
        tree.apply(event)
        if type(event) is Move:
            pads[event.to], pads[event.frm] = event.piece, "_"
    assert "".join(pads) == goal_state(start)
    for index, event in enumerate(reversed(events)):
        tree.revert(event)
        if type(event) is Move:
            pads[event.frm], pads[event.to] = event.piece, "_"
        if index == len(events) // 2:
            assert len(tree.stack) == sum(tree.status(node) == ON_PATH for node in tree.nodes())
    assert "".join(pads) == start
    assert tree.snapshot() == empty
    assert (tree.tried, tree.cancelled, tree.dead_ends, tree.max_depth) == (0, 0, 0, 0)
    assert not tree.solved and not tree.branches(START) and tree.count == 0 and not tree.options


def test_a_hopeless_start_ends_in_a_root_dead_end() -> None:
    """From a lost position the search cancels everything and ends on DeadEnd(ROOT)."""
    events, tree = check_stream("L_LLRRR")
    assert events[-1] == DeadEnd(ROOT, 8)
    assert solution_of(events) is None and solve_moves("L_LLRRR") is None
    assert tree.count_status(EXECUTED) == 0 and tree.count_status(UNTRIED) == 0


def test_the_goal_itself_needs_no_move() -> None:
    """Solving from the goal yields one empty Solution."""
    assert list(solve("RR_L")) == [Solution(1, (), 2)]
    assert solve_moves("RR_L") == []


@given(positions())
@settings(max_examples=150, deadline=None)
def test_events_and_plain_function_agree_with_the_solvable_set(state: str) -> None:
    """Generator, event-free function and backward search agree on every position."""
    plain = solve_moves(state)
    assert solution_of(solve(state)) == plain
    assert (plain is not None) == is_solvable(state)
    if plain is not None:
        assert replay(state, plain)[-1] == goal_state(state)


def test_playback_moves_the_frogs_of_a_solution_then_says_solved() -> None:
    """A playback is one Move per move of the solution, then a Solution; illegal moves refused."""
    moves = solve_moves("LL_RR") or []
    events = list(playback("LL_RR", moves))
    made = [Hop(e.piece, e.frm, e.to) for e in events[:-1] if type(e) is Move]
    assert made == moves and len(events) == len(moves) + 1
    assert events[-1] == Solution(1, tuple(moves), 3)
    with pytest.raises(ValueError, match="not a legal move"):
        list(playback("LL_RR", [Hop("L", 0, 2)]))


# --- solve from here ------------------------------------------------------------------


def test_solve_from_a_lost_position_says_how_far_back() -> None:
    """LLL_RRR -> LL_LRRR -> L_LLRRR -> _LLLRRR: lost, and the last good position is 2 back."""
    history = replay("LLL_RRR", [Hop("L", 2, 3), Hop("L", 1, 2), Hop("L", 0, 1)])
    assert history[-1] == "_LLLRRR"
    answer = solve_from_here(history)
    assert answer.moves is None
    assert (answer.moves_back, answer.back_state) == (2, "LL_LRRR")
    assert last_solvable(history) == 1
    assert nearest_solvable_back("_LLLRRR") == (2, "LL_LRRR")


def test_solve_from_a_good_position_continues() -> None:
    """From a position on the way, the moves continue to the goal."""
    history = replay("LLL_RRR", [Hop("L", 2, 3), Hop("R", 4, 2)])
    answer = solve_from_here(history)
    assert answer.moves is not None and answer.moves_back is None
    assert len(answer.moves) + 2 == 15
    assert replay(history[-1], answer.moves)[-1] == "RRR_LLL"


def test_solve_from_here_without_history_searches_backwards() -> None:
    """A lone lost position still reports the nearest earlier position with a solution."""
    answer = solve_from_here(["RLLLLLRLRL_RLRRRR"])
    assert answer.moves is None and answer.moves_back is not None and answer.back_state
    assert is_solvable(answer.back_state)
    assert not is_solvable("RLLLLLRLRL_RLRRRR")


def test_solvable_states_hold_the_start_and_every_step_of_the_solution() -> None:
    """The backward search's set contains each position of the solver's path."""
    start = start_state(4, 3)
    good = solvable_states(4, 3)
    assert all(position in good for position in replay(start, solve_moves(start) or []))
    assert "_LLLLRRR" not in good
