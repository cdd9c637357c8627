"""Towers of Hanoi: disks on three pegs in step with the call stack and the call tree."""
