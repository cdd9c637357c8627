"""Every ordering of a list: choose the first item, then order the rest the same way.

The call tree is a decision tree: level k chooses the k-th item, so 4 items
make 4 * 3 * 2 * 1 = 24 leaves, one per ordering.

    unwind trace permutations.py permutations "[1, 2, 3]"
"""


def permutations(rest, chosen=()):
    """All orderings of `rest`, each after the items already `chosen`."""
    if not rest:
        return [chosen]
    found = []
    for i, item in enumerate(rest):
        others = rest[:i] + rest[i + 1 :]
        found += permutations(others, (*chosen, item))
    return found
