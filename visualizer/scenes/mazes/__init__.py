"""Mazes on every shape: carve, solve, the shared-state bug, two generators, the walking game."""
