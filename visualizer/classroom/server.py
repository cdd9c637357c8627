"""The class session's web server: aiohttp on its own asyncio loop, in a daemon thread beside the frame loop.

The frame loop never waits on it: `ask`, `reveal`, `close` and `stop` are posted to the server's loop
(`call_soon_threadsafe`), and what the projector shows is read from `snapshot`, a frozen value the server
replaces after each change. The server owns the `Session` alone.

What it serves, all from memory (no file of the machine is reachable; no request path reaches the files):
`/` the page, `/words` its words in a language, `/still` the open question's picture, `/ws` the live page.
Every request and websocket needs the room code (`?code=`). Guards: a cap on open connections, a deadline for
a connection to make a request (a slowloris holds no slot for long), small request bodies, small websocket
messages, bounded names; malformed messages are dropped without a word.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import secrets
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from solvers.classroom import AnswerRow, append_answer
from solvers.i18n import LANGUAGES, assets_folder
from visualizer.classroom.session import Question, Session, Snapshot, clean_language, room_code
from visualizer.classroom.words import page_words

MAX_CONNECTIONS = 400
"""Open connections at most (websockets and page loads together); more are closed at once."""
REQUEST_SECONDS = 10.0
"""A connection must have made its request by then (a slow client is closed: slowloris)."""
MAX_BODY = 4 * 1024
"""The largest request body read (the page sends none: everything goes over the websocket)."""
MAX_MESSAGE = 4 * 1024
"""The largest websocket message read."""
HEARTBEAT_SECONDS = 20.0
"""Pings on each websocket; a page that stops answering is dropped."""


def lan_address() -> str:
    """This machine's address on the school network (the one a route out would use), else 127.0.0.1."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(
            ("192.0.2.1", 9)
        )  # a documentation address: nothing is sent, the route is only looked up
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def quiet_aiohttp() -> None:
    """aiohttp's own log stays off the teacher's terminal: it writes a traceback for every malformed request
    (a header line too long, a TLS hello on the plain port), and the client's 400 is the whole answer."""
    log = logging.getLogger("aiohttp")
    if not any(isinstance(handler, logging.NullHandler) for handler in log.handlers):
        log.addHandler(logging.NullHandler())
    log.propagate = False


def finish_tasks(loop: asyncio.AbstractEventLoop, rounds: int = 3) -> None:
    """Let closed connections' callbacks run, then cancel and await what is left, before the loop closes.

    A connection aborted at the end schedules aiohttp's own clean-up as a task; a loop closed under it says
    "Task was destroyed but it is pending!" (as `asyncio.run` does, every task ends first).
    """
    for _ in range(rounds):
        loop.run_until_complete(asyncio.sleep(0))
        pending = asyncio.all_tasks(loop)
        if not pending:
            break
        for task in pending:
            task.cancel()
        loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
    loop.run_until_complete(loop.shutdown_asyncgens())


def page_html() -> bytes:
    """The page, read once from the assets."""
    return (assets_folder() / "classroom" / "page.html").read_bytes()


PAGE_FONT = "NotoSansCJKsc-Regular-subset.otf"
"""The app's own Hangul and Chinese font, served to a page whose machine has none (a lab PC's browser
asks for it only when no font it has draws the text: see the page's font list)."""


def page_font() -> bytes:
    """The font a page falls back on, read once from the assets."""
    return (assets_folder() / "fonts" / PAGE_FONT).read_bytes()


@dataclass(frozen=True)
class Still:
    """The open question's picture as raw RGB, encoded to PNG on the server's thread."""

    number: int
    size: tuple[int, int]
    rgb: bytes


class Gate(asyncio.Protocol):
    """A connection in front of aiohttp's handler: refused past the cap, closed without a request in time."""

    def __init__(self, server: ClassServer, inner: asyncio.Protocol) -> None:
        self.server, self.inner = server, inner
        self.transport: asyncio.Transport | None = None
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Count it in, or close it at once when too many are open."""
        assert isinstance(transport, asyncio.Transport)
        if len(self.server.gates) >= MAX_CONNECTIONS:
            transport.abort()
            return
        self.transport = transport
        self.server.gates.add(self)
        loop = asyncio.get_running_loop()
        self.timer = loop.call_later(self.server.request_seconds, self.expire)
        self.inner.connection_made(transport)

    def expire(self) -> None:
        """No request came in time: close."""
        if self.transport is not None and self.transport not in self.server.served:
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        """To aiohttp."""
        if self.transport is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        """To aiohttp."""
        return self.inner.eof_received() if self.transport is not None else None

    def pause_writing(self) -> None:
        """To aiohttp."""
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        """To aiohttp."""
        self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        """Count it out."""
        if self.transport is None:
            return
        if self.timer is not None:
            self.timer.cancel()
        self.server.gates.discard(self)
        self.server.served.discard(self.transport)
        self.inner.connection_lost(exc)


@dataclass(eq=False)
class Page:
    """One open page: its websocket and, once joined, the student's token and language."""

    socket: web.WebSocketResponse
    token: str | None = None
    lang: str = "en"


class ClassServer:
    """The session's server: started from the frame loop, run on its own thread, stopped with the app."""

    def __init__(
        self,
        bind: str | None = None,
        port: int = 0,
        *,
        room: str | None = None,
        record_to: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        request_seconds: float = REQUEST_SECONDS,
    ) -> None:
        self.bind = bind or lan_address()
        self.port = port
        self.room = room or room_code()
        self.record_to = record_to
        self.request_seconds = request_seconds
        self.session = Session(self.room, clock, self._record)
        self.snapshot = Snapshot()
        self.url: str | None = None
        """Set once the server listens; the frame loop reads it."""
        self.qr: tuple[bytes, ...] = ()
        """The QR code of `url`: its rows of modules (1 dark), made here off the frame; set before `url`."""
        self.error: str | None = None
        """Set when the server could not start (the address is taken, not this machine's)."""
        self.notify: Callable[[], None] = lambda: None
        """Called on the server's thread after the counts change (the app wakes its frame loop)."""
        self.gates: set[Gate] = set()
        self.served: set[asyncio.BaseTransport] = set()
        self.pages: set[Page] = set()
        self.stills: dict[int, asyncio.Future[bytes]] = {}
        self._words: dict[str, bytes] = {}
        self._sending: set[asyncio.Future[None]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._thread: threading.Thread | None = None

    # --- the frame loop's side -----------------------------------------------------------

    def start(self) -> None:
        """Start the server's thread; `url` (or `error`) is set when it is up."""
        self._thread = threading.Thread(target=self._run, name="unwind-class", daemon=True)
        self._thread.start()

    def wait_ready(self, timeout: float = 10.0) -> bool:
        """For scripts and tests only (the frame loop polls `url`): wait until up or failed."""
        deadline = time.monotonic() + timeout
        while self.url is None and self.error is None and time.monotonic() < deadline:
            time.sleep(0.01)
        return self.url is not None

    def ask(self, question: Question, still: Still | None = None) -> None:
        """Pose `question` to the class (with its picture, if any)."""
        self._post(self._ask, question, still)

    def reveal(self) -> None:
        """Close the open question and show everyone the counts."""
        self._post(self._reveal)

    def close(self) -> None:
        """No question open any more."""
        self._post(self._close)

    def stop(self, timeout: float = 5.0) -> None:
        """End the session: pages are told, connections closed, the thread ends."""
        loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop has ended already
                loop.call_soon_threadsafe(stopping.set)
        if self._thread is not None:
            self._thread.join(timeout)

    def _post(self, action: Callable[..., None], *args: Any) -> None:
        """Run `action(*args)` on the server's loop, soon."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # stopping
                loop.call_soon_threadsafe(action, *args)

    # --- the server's thread ---------------------------------------------------------------

    def _run(self) -> None:
        """The thread: its own loop, serving until stopped."""
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        except OSError as error:
            self.error = error.strerror or str(error)
        finally:
            finish_tasks(loop)
            loop.close()

    async def _serve(self) -> None:
        """Listen, publish the address, serve until `stop`."""
        self._stopping = asyncio.Event()
        quiet_aiohttp()
        self._words = {code: json.dumps(page_words(code)).encode() for code in LANGUAGES}
        self._page = page_html()
        self._font = page_font()
        app = web.Application(client_max_size=MAX_BODY, middlewares=[self._guard])
        app.router.add_get("/", self._page_handler)
        app.router.add_get("/words", self._words_handler)
        app.router.add_get("/still", self._still_handler)
        app.router.add_get("/font", self._font_handler)
        app.router.add_get("/ws", self._socket_handler)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        handler = runner.server
        assert handler is not None
        loop = asyncio.get_running_loop()
        try:
            listener = await loop.create_server(
                lambda: Gate(self, handler()), self.bind, self.port, backlog=1024
            )
        except OSError:
            await runner.cleanup()
            raise
        port = listener.sockets[0].getsockname()[1]
        host = f"[{self.bind}]" if ":" in self.bind else self.bind
        url = f"http://{host}:{port}/?code={self.room}"
        self.qr = qr_modules(url)
        self.url = url
        await self._stopping.wait()
        for page in list(self.pages):
            await self._send(page, {"type": "ended"})
            await page.socket.close()
        listener.close()
        for gate in list(self.gates):
            if gate.transport is not None:
                gate.transport.abort()
        await runner.cleanup()

    @web.middleware
    async def _guard(self, request: web.Request, handler: Callable[[web.Request], Any]) -> web.StreamResponse:
        """The room code on every request; each request closes its connection (a websocket stays)."""
        if request.transport is not None:
            self.served.add(request.transport)
        if not secrets.compare_digest(request.query.get("code", ""), self.room):
            return web.Response(status=403, text="wrong room code\n", headers={"Connection": "close"})
        response: web.StreamResponse = await handler(request)
        if not isinstance(response, web.WebSocketResponse):
            response.force_close()
        return response

    async def _page_handler(self, request: web.Request) -> web.Response:
        """The page."""
        return web.Response(body=self._page, content_type="text/html", charset="utf-8", headers=NO_STORE)

    async def _words_handler(self, request: web.Request) -> web.Response:
        """The page's words in `?lang=`."""
        words = self._words[clean_language(request.query.get("lang"))]
        return web.Response(body=words, content_type="application/json", charset="utf-8")

    async def _font_handler(self, request: web.Request) -> web.Response:
        """The Hangul and Chinese font, for a browser that has none (kept for the session's length)."""
        return web.Response(body=self._font, content_type="font/otf", headers=FONT_CACHE)

    async def _still_handler(self, request: web.Request) -> web.Response:
        """The picture of question `?q=` (while it is the open one)."""
        question = self.session.question
        future = self.stills.get(question.number) if question is not None else None
        if future is None or request.query.get("q") != str(question.number if question else ""):
            raise web.HTTPNotFound()
        return web.Response(body=await future, content_type="image/png", headers=NO_STORE)

    async def _socket_handler(self, request: web.Request) -> web.WebSocketResponse:
        """One live page: joins, answers; it hears questions and reveals."""
        socket_ = web.WebSocketResponse(heartbeat=HEARTBEAT_SECONDS, max_msg_size=MAX_MESSAGE)
        await socket_.prepare(request)
        page = Page(socket_)
        self.pages.add(page)
        try:
            async for message in socket_:
                if message.type != WSMsgType.TEXT:
                    continue
                await self._take(page, message.data)
        finally:
            self.pages.discard(page)
        return socket_

    async def _take(self, page: Page, data: str) -> None:
        """One message from a page; a malformed one is dropped."""
        try:
            message = json.loads(data)
        except ValueError:
            return
        if not isinstance(message, dict):
            return
        kind = message.get("type")
        if kind == "join":
            await self._join(page, message)
        elif kind == "answer" and page.token is not None:
            status = self.session.answer(page.token, message.get("question"), message.get("choice"))
            self._publish()  # before the reply: whoever hears the reply finds the counts up to date
            await self._send(page, {"type": "answer", "status": status, "answer": self._answer_of(page)})

    async def _join(self, page: Page, message: dict[str, Any]) -> None:
        """A student joins (or rejoins) and hears the current question at once."""
        token = self.session.join(message.get("name"), message.get("lang"), message.get("token"))
        if token is None:
            await self._send(page, {"type": "full"})
            return
        page.token, page.lang = token, self.session.students[token].lang
        self._publish()
        await self._send(page, {"type": "joined", "token": token, "name": self.session.students[token].name})
        await self._send(page, self._current(page))

    def _current(self, page: Page) -> dict[str, Any]:
        """What a page shows now: the open question (with its counts once revealed), or wait."""
        question = self.session.question
        if question is None:
            return {"type": "wait"}
        message = {
            "type": "question",
            "number": question.number,
            "text": question.text(page.lang),
            "choices": [list(choice) for choice in question.choices_in(page.lang)],
            "multiple": question.multiple,
            "still": question.number in self.stills,
            "targets": [[t.choice, t.x, t.y, t.w, t.h] for t in question.targets],
            "answer": self._answer_of(page),
        }
        if self.session.revealed:
            message["counts"] = [list(count) for count in self.session.counts()]
            message["expected"] = question.expected
            message["explanation"] = question.explanation(page.lang)
        return message

    def _answer_of(self, page: Page) -> str | None:
        """The page's student's kept answer to the open question."""
        return self.session.answers.get(page.token) if page.token is not None else None

    def _ask(self, question: Question, still: Still | None) -> None:
        """On the loop: the new question to everyone."""
        self.session.ask(question)
        self.stills = {}
        if still is not None:
            loop = asyncio.get_running_loop()
            self.stills[question.number] = loop.run_in_executor(None, encode_png, still)
        self._broadcast()

    def _reveal(self) -> None:
        """On the loop: close the question, show the counts."""
        if self.session.reveal() is not None:
            self._broadcast()

    def _close(self) -> None:
        """On the loop: no question."""
        self.session.close()
        self.stills = {}
        self._broadcast()

    def _broadcast(self) -> None:
        """Every joined page hears what it shows now."""
        for page in list(self.pages):
            if page.token is not None:
                sending = asyncio.ensure_future(self._send(page, self._current(page)))
                self._sending.add(sending)
                sending.add_done_callback(self._sending.discard)
        self._publish()

    def _publish(self) -> None:
        """A new snapshot for the projector."""
        snapshot = self.session.snapshot()
        if snapshot != self.snapshot:
            self.snapshot = snapshot
            self.notify()

    async def _send(self, page: Page, message: dict[str, Any]) -> None:
        """Send to one page; a page gone is forgotten."""
        try:
            await page.socket.send_str(json.dumps(message))
        except (ConnectionError, RuntimeError):
            self.pages.discard(page)

    def _record(self, row: AnswerRow) -> None:
        """Append an accepted answer to the session file (when there is one)."""
        if self.record_to is not None:
            append_answer(self.record_to, row)


NO_STORE = {"Cache-Control": "no-store"}
FONT_CACHE = {"Cache-Control": "private, max-age=86400"}


def qr_modules(text: str) -> tuple[bytes, ...]:
    """`text` as a QR code (segno, error correction M): its rows of modules, 1 for dark."""
    import segno

    return tuple(bytes(row) for row in segno.make(text, error="m", micro=False).matrix)


def encode_png(still: Still) -> bytes:
    """The still as PNG bytes (Pillow, off the frame)."""
    from PIL import Image

    out = io.BytesIO()
    Image.frombytes("RGB", still.size, still.rgb).save(out, format="PNG", optimize=False)
    return out.getvalue()
