"""Exercises: a student performs each step of an algorithm and is graded by the solver's own events."""
