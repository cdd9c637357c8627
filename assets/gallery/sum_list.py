"""The sum of a list, as linear recursion beside its loop.

unwind trace sum_list.py sum_list "[3, 1, 4, 1, 5]"
"""


def sum_list(items):
    """The first item plus the sum of the rest; the empty list sums to 0."""
    if not items:
        return 0
    return items[0] + sum_list(items[1:])


def sum_loop(items):
    """The same sum with a running total."""
    total = 0
    for item in items:
        total += item
    return total
