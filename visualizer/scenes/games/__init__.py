"""Bigger games against the computer: m,n,k, gomoku and Connect Four with a depth-limited engine."""
