"""Unwind's data files (fonts, thumbnails, sprites, puzzles), installed as `unwind_assets`."""
