"""Benchmark: a class session with 60 students: every answer recorded once, the projector's count, the frames.

Run:  python bench/bench_class.py                    (60 students, 3 rounds)
      python bench/bench_class.py --students 120 --rounds 1

Headless (SDL dummy driver), 1280 x 800, two processes: the app (Hanoi in exercise mode with `--class` on
127.0.0.1) runs its frames at 60 a second as its loop does (`clock.tick`), with the class session's server on
its own thread; the students are websocket clients in a second process (in a classroom the phones are other
machines).  Each round:

- the students join and get the question; the app draws `--frames` frames with them connected, idle;
- they answer within about a second (each after a random wait), as a class does when the teacher says "go";
- reported: the time from the last answer's acknowledgement to the first frame that shows all of them counted
  (the projector's count), the frame times in wall ms (mean, p99, max) over the idle and the answering frames,
  and whether the session file has exactly one line per student (nothing lost, nothing twice);
- then Enter reveals, and the time until every student's page has the counts is reported;
- before each round, the same app without a class session draws `--frames` frames: the machine's own figure
  under its load at that moment, to compare with.

Both wall time (what the class sees: it includes waiting for the GIL, shared with the server's thread, and
for a core, shared with the machine's other load) and the frame thread's own CPU time (what the session costs
the frame).  60 fps is 16.7 ms a frame.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

FRAME_BUDGET_MS = 1000 / 60


def students_process(url: str, count: int, line: Any) -> None:
    """In a process of their own (the phones are other machines): the class joins, answers, sees the reveal.

    It tells the app's process through `line`: 'ready' once every page has the question, then, after 'go',
    the moment the last answer was acknowledged, then the moment the last page got the counts.
    """
    asyncio.run(a_class(url, count, line))


async def a_class(url: str, count: int, line: Any) -> None:
    """The students' side: `count` pages."""
    import aiohttp

    async with aiohttp.ClientSession() as client:
        sockets = [await client.ws_connect(url.replace("/?", "/ws?")) for _ in range(count)]
        for number, ws in enumerate(sockets):
            await ws.send_json({"type": "join", "name": f"student {number + 1}", "lang": "ko"})
        questions = [await next_of(ws, "question") for ws in sockets]
        line.send("ready")
        loop = asyncio.get_running_loop()
        assert await loop.run_in_executor(None, line.recv) == "go"
        rng = random.Random(7)

        async def answer(ws: Any, question: dict[str, Any], wait: float, choice: str) -> float:
            await asyncio.sleep(wait)
            await ws.send_json({"type": "answer", "question": question["number"], "choice": choice})
            reply = await next_of(ws, "answer")
            assert reply["status"] == "accepted", reply
            return time.perf_counter()

        plans = [(rng.uniform(0.0, 1.0), rng.choice([k for k, _l in q["choices"]])) for q in questions]
        acks = await asyncio.gather(
            *(
                answer(ws, q, wait, choice)
                for ws, q, (wait, choice) in zip(sockets, questions, plans, strict=True)
            )
        )
        line.send(max(acks))

        async def revealed(ws: Any) -> float:
            await next_of(ws, "question")
            return time.perf_counter()

        line.send(max(await asyncio.gather(*(revealed(ws) for ws in sockets))))
        assert await loop.run_in_executor(None, line.recv) == "close"


async def next_of(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of `kind` on `ws`."""
    while True:
        message = await ws.receive_json(timeout=60)
        if message["type"] == kind:
            return dict(message)


def one_round(students: int, frames: int) -> dict[str, Any]:
    """One session: join, idle frames, the answers, the count on the projector, the reveal."""
    import pygame

    from visualizer.app import App
    from visualizer.options import Options

    app = App(Options(demo="hanoi", exercise=True, class_session=True, bind="127.0.0.1", speed=500))
    classroom = app.classroom
    assert classroom is not None

    cpu: list[float] = []

    def frame() -> float:
        """One frame at the loop's pace; its wall time in ms (its CPU time goes to `cpu`)."""
        dt = min(app.clock.tick(60) / 1000, 0.1)
        started, started_cpu = time.perf_counter(), time.thread_time()
        app.frame(dt)
        cpu.append((time.thread_time() - started_cpu) * 1000)
        return (time.perf_counter() - started) * 1000

    while classroom.number < 1:
        frame()
    ours, theirs = multiprocessing.get_context("spawn").Pipe()
    process = multiprocessing.get_context("spawn").Process(
        target=students_process, args=(classroom.url or "", students, theirs), daemon=True
    )
    process.start()
    while not ours.poll():
        frame()
    assert ours.recv() == "ready"
    while classroom.shown.joined < students:
        frame()
    cpu.clear()
    idle = [frame() for _ in range(frames)]
    idle_cpu = list(cpu)
    cpu.clear()
    ours.send("go")
    busy: list[float] = []
    acknowledged: float | None = None
    while acknowledged is None or classroom.shown.answered < students:
        busy.append(frame())
        if acknowledged is None and ours.poll():
            acknowledged = float(ours.recv())
    shown = time.perf_counter()
    busy_cpu = list(cpu)
    latency_ms = (shown - acknowledged) * 1000
    revealing = time.perf_counter()
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    )
    while not ours.poll():
        frame()
    reveal_ms = (float(ours.recv()) - revealing) * 1000
    ours.send("close")
    process.join(30)
    path = classroom.server.record_to
    assert path is not None
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    app.finish()
    pygame.display.quit()
    return {
        "latency_ms": latency_ms,
        "reveal_ms": reveal_ms,
        "idle": idle,
        "busy": busy,
        "idle_cpu": idle_cpu,
        "busy_cpu": busy_cpu,
        "rows": len(rows),
        "distinct": len({row["student"] for row in rows}),
    }


def without_a_class(frames: int) -> tuple[list[float], list[float]]:
    """The same app and demo with no class session: `frames` frames' wall and CPU ms."""
    import pygame

    from visualizer.app import App
    from visualizer.options import Options

    app = App(Options(demo="hanoi", exercise=True, speed=500))
    for _ in range(30):
        app.frame(1 / 60)
    wall, cpu = [], []
    for _ in range(frames):
        dt = min(app.clock.tick(60) / 1000, 0.1)
        started, started_cpu = time.perf_counter(), time.thread_time()
        app.frame(dt)
        cpu.append((time.thread_time() - started_cpu) * 1000)
        wall.append((time.perf_counter() - started) * 1000)
    app.finish()
    pygame.display.quit()
    return wall, cpu


def summary(times: list[float]) -> str:
    """mean / p99 (max) in ms."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"{statistics.fmean(ordered):5.1f} / {p99:5.1f} ({ordered[-1]:5.1f}) over {len(ordered)} frames"


def main(argv: list[str] | None = None) -> int:
    """Run the rounds and print one block per round."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--students", type=int, default=60)
    parser.add_argument("--frames", type=int, default=300, help="idle frames with the class connected")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as home:
        os.environ["XDG_DATA_HOME"] = str(Path(home) / "data")  # the session files go here, not to the user's
        from solvers.exercise.results import remember_name

        remember_name("bench")  # no name prompt
        print(f"{args.students} students, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        for number in range(1, args.rounds + 1):
            alone, alone_cpu = without_a_class(args.frames)
            result = one_round(args.students, args.frames)
            once = "once each" if result["rows"] == result["distinct"] == args.students else "WRONG"
            worst = max(p99(result["idle_cpu"]), p99(result["busy_cpu"]))
            print(f"round {number}:")
            print(f"  recorded       {result['rows']} lines, {result['distinct']} students: {once}")
            print(f"  count shown    {result['latency_ms']:.1f} ms after the last answer was acknowledged")
            print(f"  reveal         {result['reveal_ms']:.1f} ms from Enter to every page's counts")
            print(f"  no class       {summary(alone)}  (wall ms: mean / p99 (max))")
            print(f"                 {summary(alone_cpu)}  (the frame thread's CPU ms)")
            print(f"  idle frames    {summary(result['idle'])}")
            print(f"                 {summary(result['idle_cpu'])}  (the frame thread's CPU ms)")
            print(f"  answer frames  {summary(result['busy'])}")
            print(f"                 {summary(result['busy_cpu'])}")
            print(f"  frame CPU within 16.7 ms at p99: {'yes' if worst <= FRAME_BUDGET_MS else 'NO'}")
    return 0


def p99(times: list[float]) -> float:
    """The 99th percentile."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


if __name__ == "__main__":
    sys.exit(main())
