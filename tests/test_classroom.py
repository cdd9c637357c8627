"""The class session: its state machine, its server against hostile clients, the launcher's line, the results.

All traffic is to 127.0.0.1. No test waits on speed: the server's deadlines are its own timers, and every
wait below is for a message or a close that must come (with a generous ceiling so a stuck server fails).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from cli_runner import run
from conftest import default_sigint

from solvers.classroom import AnswerRow, append_answer, read_table, table_text
from solvers.exercise.hanoi import move_words
from solvers.exercise.results import ANONYMOUS
from solvers.i18n import speaking
from visualizer.classroom.server import MAX_CONNECTIONS, ClassServer
from visualizer.classroom.session import (
    ACCEPTED,
    CHANGED,
    CLOSED,
    NAME_LIMIT,
    NONE,
    SAME,
    UNKNOWN,
    Question,
    Session,
)

ROOT = Path(__file__).resolve().parents[1]
WAIT = 20.0
"""The ceiling for anything that must happen (a message, a close); never a pause."""


def two_choices(number: int = 1) -> Question:
    """Choices 1 and 2, where 2 is right."""
    return Question(number, {"en": "Which move?", "ko": "어느 수?"}, (("1", "A→B"), ("2", "A→C")), "2")


def new_session(rows: list[AnswerRow]) -> Session:
    """A session whose clock stands still and whose records go to `rows`."""
    return Session("ROOM1", lambda: 10.0, rows.append)


# --- the state machine ---------------------------------------------------------------------


def test_one_answer_per_student_changeable_until_the_reveal_and_every_change_recorded_once() -> None:
    rows: list[AnswerRow] = []
    session = new_session(rows)
    ann, bo = session.join("Ann", "ko"), session.join("Bo", "zh_CN")
    session.ask(two_choices())
    assert session.answer(ann, 1, "1") == ACCEPTED
    assert session.answer(ann, 1, "1") == SAME
    assert session.answer(ann, 1, "2") == CHANGED
    assert session.answer(bo, 1, "2") == ACCEPTED
    assert session.reveal() == (("1", 0), ("2", 2))
    assert session.answer(bo, 1, "1") == CLOSED
    assert [(row.name, row.answer, row.correct) for row in rows] == [
        ("Ann", "A→B", False),
        ("Ann", "A→C", True),
        ("Bo", "A→C", True),
    ]
    assert session.snapshot().answered == 2


def test_answers_to_another_question_unknown_choices_and_strangers_are_refused() -> None:
    rows: list[AnswerRow] = []
    session = new_session(rows)
    token = session.join("Ann", "en")
    assert session.answer(token, 1, "1") == CLOSED  # nothing asked yet
    session.ask(two_choices(number=3))
    assert session.answer(token, 2, "1") == CLOSED
    assert session.answer(token, 3, "9") == UNKNOWN
    assert session.answer(token, 3, ["1"]) == UNKNOWN
    assert session.answer("not-a-token", 3, "1") == UNKNOWN
    assert session.answer(None, 3, "1") == UNKNOWN
    assert rows == []


def test_names_are_bounded_printable_and_languages_known() -> None:
    session = new_session([])
    token = session.join("x" * 10_000 + "\n\x00", "klingon")
    assert token is not None, "the room has space"
    student = session.students[token]
    assert student.name == "x" * NAME_LIMIT
    assert student.lang == "en"
    anonymous = session.join({"a": 1}, None)
    assert anonymous is not None and session.students[anonymous].name == ANONYMOUS
    assert session.join("Ann again", "ko", token) == token  # a page that reconnects keeps its place
    assert session.students[token].lang == "ko"


def test_a_question_of_several_answers_keeps_them_in_choice_order() -> None:
    rows: list[AnswerRow] = []
    session = new_session(rows)
    token = session.join("Ann", "en")
    choices = (("1", "a"), ("2", "b"), ("3", "c"))
    session.ask(Question(1, {"en": "Which?"}, choices, "1,3", multiple=True))
    assert session.answer(token, 1, "3,1") == ACCEPTED
    assert session.answer(token, 1, "1,3") == SAME
    assert rows[0].correct is True
    bo = session.join("Bo", "ko")
    assert session.answer(bo, 1, "") == ACCEPTED  # 'none of them' is an answer of its own
    assert rows[1].correct is False
    assert session.reveal() == (("1", 1), ("2", 0), ("3", 1), (NONE, 1))


# --- the results file ------------------------------------------------------------------------


def test_results_take_each_students_last_answer_and_survive_a_cut_last_line(tmp_path: Path) -> None:
    path = tmp_path / "class-x.csv"
    for student, name, answer, correct in [
        (1, "Ann", "A→B", False),
        (1, "Ann", "A→C", True),
        (2, "민수", "A→B", False),
    ]:
        append_answer(path, AnswerRow("ROOM1", student, name, 1, "Which move?", answer, correct, 2.5))
    append_answer(path, AnswerRow("ROOM1", 2, "민수", 2, "Which disk?", "disk 1", True, 1.0))
    with path.open("a", encoding="utf-8") as handle:
        handle.write('2026-01-01,ROOM1,3,"Cut')  # a crash in the middle of a line
    table = read_table(path)
    assert table.cells[(1, 1)] == ("A→C", "true")
    assert table.right(1) == 1 and table.right(2) == 1
    text = table_text(table)
    assert "Ann (#1)" in text and "민수 (#2)" in text and "Q2: Which disk?" in text


def test_the_table_lines_up_in_a_terminal_whatever_the_script_of_the_names(tmp_path: Path) -> None:
    from solvers.messages import columns

    path = tmp_path / "class-z.csv"
    for student, name in [(1, "김민수"), (2, "Ann"), (3, "王小明")]:
        append_answer(path, AnswerRow("ROOM1", student, name, 1, "Which move?", "A→C", True, 2.0))
    rows = table_text(read_table(path)).splitlines()[1:4]
    starts = {columns(row[: row.index("A→C")]) for row in rows}
    assert len(starts) == 1  # the answers' column starts at the same terminal column on every row


def test_class_results_command_prints_the_table_and_says_when_there_is_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "class", "results")[0] == 2  # no session held yet: one line, exit 2
    path = tmp_path / "class-y.csv"
    append_answer(path, AnswerRow("ROOM1", 1, "Ann", 1, "Which move?", "A→C", True, 2.0))
    assert run(capsys, "class", "results", str(path))[0] == 0
    assert run(capsys, "class", "results", str(tmp_path / "missing.csv"))[0] == 2


# --- the server ----------------------------------------------------------------------------------


@contextlib.contextmanager
def serving(folder: Path, deadline: float) -> Iterator[ClassServer]:
    """A server on 127.0.0.1 recording into `folder`, with a request deadline of `deadline` s."""
    started = ClassServer("127.0.0.1", 0, record_to=folder / "class.csv", request_seconds=deadline)
    started.start()
    assert started.wait_ready(WAIT), started.error
    try:
        yield started
    finally:
        started.stop()


@pytest.fixture
def server(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> Iterator[ClassServer]:
    """A server with a short request deadline; afterwards, no error logged where a terminal would show it."""
    caplog.set_level(logging.DEBUG)
    with serving(tmp_path, 0.3) as started:
        yield started
    logged = (
        caplog.get_records("setup") + caplog.get_records("call") + caplog.records
    )  # (records: teardown's)
    assert not [record for record in logged if record.levelno >= logging.ERROR and reaches_the_root(record)]


def reaches_the_root(record: logging.LogRecord) -> bool:
    """Whether a record goes up to the root logger's handlers (the terminal): no logger on its way stops it.

    pytest 9.2 also captures from loggers that do not propagate, so the capture alone cannot tell.
    """
    name = record.name
    while name:
        if not logging.getLogger(name).propagate:
            return False
        name = name.rpartition(".")[0]
    return True


def base(server: ClassServer) -> str:
    """http://127.0.0.1:PORT"""
    assert server.url is not None
    return server.url.split("/?")[0]


async def receive(ws: aiohttp.ClientWebSocketResponse, kind: str) -> dict[str, Any]:
    """The next message of `kind` (others on the way are skipped)."""
    while True:
        message = await ws.receive_json(timeout=WAIT)
        if message["type"] == kind:
            return message


async def joined(
    client: aiohttp.ClientSession, server: ClassServer, name: str
) -> aiohttp.ClientWebSocketResponse:
    """A page that joined as `name`."""
    ws = await client.ws_connect(f"{base(server)}/ws?code={server.room}")
    await ws.send_json({"type": "join", "name": name, "lang": "en"})
    await receive(ws, "joined")
    return ws


def records(server: ClassServer) -> list[str]:
    """The lines of the session file after its header."""
    assert server.record_to is not None
    if not server.record_to.exists():
        return []
    return server.record_to.read_text(encoding="utf-8").splitlines()[1:]


def test_the_catalogs_are_loaded_on_the_servers_thread_before_it_listens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The frame that first sends a step in every language reads no catalog: the server loaded them."""
    from solvers import i18n

    monkeypatch.setattr(i18n, "_loaded", {})
    with serving(tmp_path, WAIT):
        monkeypatch.setattr(
            i18n, "catalog_in", lambda code: pytest.fail(f"the frame loaded {code}'s catalog")
        )
        for code in ("ko", "zh_CN"):
            with speaking(code):
                assert i18n._("none") == i18n.catalog_of(code).gettext("none") != "none"


def test_wrong_code_is_refused_everywhere_and_no_path_reaches_a_file(server: ClassServer) -> None:
    async def probe() -> None:
        async with aiohttp.ClientSession() as client:
            for path in ["/", "/words?lang=ko", "/ws", "/still?q=1", "/?code=" + server.room.lower()]:
                async with client.get(base(server) + path) as reply:
                    assert reply.status == 403, path
            for path in ["/../../etc/passwd", "/assets/classroom/page.html", "/%2e%2e/pyproject.toml"]:
                async with client.get(f"{base(server)}{path}?code={server.room}") as reply:
                    assert reply.status == 404, path
            async with client.get(server.url or "") as reply:
                assert reply.status == 200 and b"<html" in await reply.read()

    asyncio.run(probe())


def test_malformed_and_oversized_messages_are_dropped_and_the_session_goes_on(server: ClassServer) -> None:
    async def play() -> None:
        async with aiohttp.ClientSession() as client:
            rude = await client.ws_connect(f"{base(server)}/ws?code={server.room}")
            for junk in [
                "not json",
                "[1, 2]",
                '{"type": "answer", "question": 1, "choice": "1"}',
                "{}",
                "null",
            ]:
                await rude.send_str(junk)
            await rude.send_str(json.dumps({"type": "join", "name": {"x": 1}, "lang": 5}))
            assert (await receive(rude, "joined"))["name"] == ANONYMOUS
            await rude.send_str(json.dumps({"type": "answer", "question": "1", "choice": {"a": 1}}))
            await rude.send_str("x" * (1 << 20))  # past the message limit: that page is closed
            ends = (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR)
            while (await rude.receive(timeout=WAIT)).type not in ends:
                pass  # the 'wait' sent on joining
            async with client.post(server.url or "", data=b"\0" * (10 * 2**20)) as reply:
                assert reply.status in (405, 413)
            ann = await joined(client, server, "Ann")
            server.ask(two_choices())
            await receive(ann, "question")
            await ann.send_json({"type": "answer", "question": 1, "choice": "2"})
            assert (await receive(ann, "answer"))["status"] == ACCEPTED

    asyncio.run(play())
    assert len(records(server)) == 1


def test_answers_after_the_reveal_are_refused_and_nothing_is_recorded_twice(server: ClassServer) -> None:
    async def play() -> None:
        async with aiohttp.ClientSession() as client:
            ann, bo = await joined(client, server, "Ann"), await joined(client, server, "Bo")
            server.ask(two_choices())
            for page in (ann, bo):
                await receive(page, "question")
            for page, choice in ((ann, "2"), (ann, "2"), (bo, "1")):
                await page.send_json({"type": "answer", "question": 1, "choice": choice})
                await receive(page, "answer")
            server.reveal()
            shown = await receive(ann, "question")
            assert shown["counts"] == [["1", 1], ["2", 1]] and shown["expected"] == "2"
            await bo.send_json({"type": "answer", "question": 1, "choice": "2"})
            assert (await receive(bo, "answer"))["status"] == CLOSED
            late = await joined(client, server, "Late")  # a latecomer sees the current question, revealed
            assert (await receive(late, "question"))["counts"] == [["1", 1], ["2", 1]]

    asyncio.run(play())
    assert len(records(server)) == 2
    assert server.snapshot.records == 2


def test_a_thousand_connections_are_capped_and_a_student_still_gets_in(tmp_path: Path) -> None:
    with serving(
        tmp_path, WAIT * 2
    ) as server:  # no deadline frees a slot: only the cap closes the extra ones
        crowd_of_a_thousand(server)


def crowd_of_a_thousand(server: ClassServer) -> None:
    """1,000 idle connections: those past the cap are closed at once; a student then joins and answers."""
    crowd = []
    try:
        for _ in range(1000):
            crowd.append(
                socket.create_connection(("127.0.0.1", int(base(server).rsplit(":", 1)[1])), timeout=WAIT)
            )
        for extra in crowd[-50:]:  # past the cap, connections are closed at once
            with contextlib.suppress(ConnectionResetError):
                assert extra.recv(1) == b""
        assert len(server.gates) == MAX_CONNECTIONS
    finally:
        for sock in crowd:
            sock.close()
    assert len(server.gates) <= MAX_CONNECTIONS

    async def play() -> None:
        async with aiohttp.ClientSession() as client:
            ann = await joined(client, server, "Ann")
            server.ask(two_choices())
            await receive(ann, "question")
            await ann.send_json({"type": "answer", "question": 1, "choice": "1"})
            assert (await receive(ann, "answer"))["status"] == ACCEPTED

    asyncio.run(play())


@pytest.mark.parametrize(
    "junk",
    [
        b"GARBAGE\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + b"a" * 20_000 + b"\r\n\r\n",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(100),  # a TLS hello on the plain port
        b"GET /ws?code=ROOM HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
    ],
    ids=["bad request line", "header line too long", "TLS hello", "websocket without its key"],
)
def test_malformed_requests_get_a_400_and_no_traceback(server: ClassServer, junk: bytes) -> None:
    port = int(base(server).rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as rude:
        rude.sendall(junk.replace(b"ROOM", server.room.encode()))
        assert rude.recv(12)[9:12] in (b"400", b"403")
    # (the fixture checks that nothing was logged as an error: aiohttp logs these with a traceback)


def test_a_slow_client_that_never_finishes_its_request_is_closed(server: ClassServer) -> None:
    port = int(base(server).rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as slow:
        slow.sendall(b"GET /?code=" + server.room.encode() + b" HTTP/1.1\r\nHost: x\r\nX-a: ")
        with contextlib.suppress(ConnectionResetError):  # the server's deadline closed it
            assert slow.recv(1) == b""
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as quick:
        quick.sendall(f"GET /?code={server.room} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        assert quick.recv(12).startswith(b"HTTP/1.1 200")


# --- the launcher ------------------------------------------------------------------------------


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_unwind_class_prints_one_line_and_a_script_joins_and_answers(tmp_path: Path) -> None:
    port = free_port()
    command = [sys.executable, "-m", "visualizer", "hanoi", "--exercise", "--class", "--bind", "127.0.0.1"]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    app = subprocess.Popen(
        [*command, "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
        preexec_fn=default_sigint,  # it ends by Ctrl-C, which a background pytest passes on ignored
    )
    try:
        assert app.stdout is not None
        line = app.stdout.readline().strip()
        room = line.rsplit("code=", 1)[-1]
        assert line == f"class session: http://127.0.0.1:{port}/?code={room}"

        async def play() -> dict[str, Any]:
            async with aiohttp.ClientSession() as client:
                ws = await client.ws_connect(f"http://127.0.0.1:{port}/ws?code={room}")
                await ws.send_json({"type": "join", "name": "Script", "lang": "ko"})
                question = await receive(ws, "question")
                await ws.send_json({"type": "answer", "question": question["number"], "choice": "1"})
                return {"question": question, "answer": await receive(ws, "answer")}

        seen = asyncio.run(play())
        with speaking("ko"):  # the script joined in Korean: the choices come in the catalog's Korean
            labels = [move_words(1, 0, 1), move_words(1, 0, 2)]
        assert labels[0] != "disk 1: A→B"
        assert seen["question"]["choices"] == [["1", labels[0]], ["2", labels[1]]]
        assert seen["answer"]["status"] == ACCEPTED
    finally:
        app.send_signal(signal.SIGINT)
        _out, err = app.communicate(timeout=60)
    assert "Traceback" not in err
    files = list((Path(os.environ["XDG_DATA_HOME"]) / "unwind" / "results" / "class").glob("class-*.csv"))
    assert len(files) == 1 and "Script" in files[0].read_text(encoding="utf-8")


def test_bind_and_port_are_checked_on_the_command_line() -> None:
    from visualizer.__main__ import main

    for words in (
        ["hanoi", "--class", "--bind", "not-an-address"],
        ["hanoi", "--class", "--port", "70000"],
        ["hanoi", "--port", "8000"],
        ["--class"],
    ):
        with pytest.raises(SystemExit) as stopped:
            main(words)
        assert stopped.value.code == 2
