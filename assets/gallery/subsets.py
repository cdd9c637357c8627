"""Every subset of a list: for each item, a choice between leaving it out and taking it.

The call tree is a decision tree of depth len(items), with 2 ** len(items) leaves.

    unwind trace subsets.py subsets "['a', 'b', 'c']"
"""


def subsets(items, i=0, chosen=()):
    """All subsets of items[i:], each added to the items already `chosen`."""
    if i == len(items):
        return [chosen]
    without = subsets(items, i + 1, chosen)
    with_it = subsets(items, i + 1, (*chosen, items[i]))
    return without + with_it
