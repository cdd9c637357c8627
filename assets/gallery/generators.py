"""A nested list walked by a recursive generator: each leaf is handed up the chain of `yield from`.

Each call of walk is one generator: it runs until it yields, waits (off the stack) until the next
value is asked for, then goes on where it stopped.

    unwind trace generators.py leaves "[1, [2, [3, 4]], 5]"
"""


def walk(x):
    """Every leaf of the nested list x, left to right, one at a time."""
    if isinstance(x, list):
        for item in x:
            yield from walk(item)
    else:
        yield x


def leaves(x):
    """The leaves as a list: list() asks walk for one value after another."""
    return list(walk(x))
