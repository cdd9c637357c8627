"""The texture chart measures a few mazes a frame, agrees with the CLI's figures, and shows its bars."""

from __future__ import annotations

import pygame
from ui import count_colour, press

from solvers.mazes import generators as gen
from solvers.mazes.texture import PUBLISHED_DEAD_ENDS, TextureSampler, mean_texture
from visualizer.scenes.mazes import chart
from visualizer.scenes.mazes.model import TEXTURE


def test_the_sampler_measures_round_robin_and_matches_mean_texture() -> None:
    sampler = chart.sampler_for("square")
    assert sampler.step(3) == 3 and sorted(sampler.found) == sorted(list(gen.ALGORITHMS)[:3])
    small = TextureSampler(sampler.graph, ("backtracker", "prim"), samples=5, seed=2)
    while not small.done:
        small.step(3)
    assert small.step(3) == 0
    assert small.mean("prim") == mean_texture(sampler.graph, "prim", 5, seed=2)


def test_the_chart_fills_in_a_few_mazes_a_frame_and_draws_its_bars(app, open_demo) -> None:
    shell = open_demo("mazes")
    demo = shell.demo
    demo.set_shape("square")  # Buck's figures are for square grids
    press(app, pygame.K_e, "e")
    assert demo.mode == TEXTURE and demo.sampler is not None
    sampler = demo.sampler
    measured = sum(len(found) for found in sampler.found.values())
    assert 0 < measured <= chart.SAMPLES_PER_FRAME  # one frame: never the whole chart at once
    app.frame(1 / 60)
    assert sum(len(f) for f in sampler.found.values()) == measured + chart.SAMPLES_PER_FRAME
    assert not demo.at_rest(shell.run)
    frames = 0
    while not sampler.done:
        app.frame(1 / 60)
        frames += 1
    assert frames * chart.SAMPLES_PER_FRAME >= chart.SAMPLES * len(gen.ALGORITHMS) - 2 * measured
    assert demo.at_rest(shell.run)
    dead = {name: sampler.mean(name).dead_ends for name in PUBLISHED_DEAD_ENDS}  # type: ignore[union-attr]
    for name, published in PUBLISHED_DEAD_ENDS.items():
        assert abs(dead[name] - published) < 0.04, (name, dead[name], published)
    app.frame(1 / 60)
    stage = shell.layout(app.surface.get_size()).stage
    assert count_colour(app.surface, stage, chart.BAR) > 200
    assert count_colour(app.surface, stage, chart.MARK, step=1) > 20


def test_a_hex_chart_marks_no_square_grid_figures(app, open_demo) -> None:
    """Buck's dead-end shares are for square grids: over hex results they would mislead."""
    shell = open_demo("mazes")
    demo = shell.demo
    demo.set_shape("hex")
    press(app, pygame.K_e, "e")
    assert demo.mode == TEXTURE and demo.sampler is not None and demo.sampler.graph.shape == "hex"
    app.frame(1 / 60)
    stage = shell.layout(app.surface.get_size()).stage
    assert count_colour(app.surface, stage, chart.BAR) > 0
    assert count_colour(app.surface, stage, chart.MARK, step=1) == 0
    assert not any("Buck" in line for line in chart.chart_words(demo.sampler))
    demo.set_shape("square")
    press(app, pygame.K_e, "e")
    app.frame(1 / 60)
    assert count_colour(app.surface, stage, chart.MARK, step=1) > 20
