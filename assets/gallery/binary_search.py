"""Binary search in a sorted list: look in the middle, then search only the half that can hold it.

unwind trace binary_search.py binary_search "[1, 3, 4, 6, 8, 9, 11, 14, 17]" 11
"""


def binary_search(items, target, low=0, high=None):
    """The index of `target` in the sorted `items`, or -1: the interval [low, high] halves each call."""
    if high is None:
        high = len(items) - 1
    if low > high:
        return -1
    middle = (low + high) // 2
    if items[middle] == target:
        return middle
    if items[middle] < target:
        return binary_search(items, target, middle + 1, high)
    return binary_search(items, target, low, middle - 1)


def binary_search_loop(items, target):
    """The same search as a loop: the interval shrinks in place of the calls."""
    low, high = 0, len(items) - 1
    while low <= high:
        middle = (low + high) // 2
        if items[middle] == target:
            return middle
        if items[middle] < target:
            low = middle + 1
        else:
            high = middle - 1
    return -1
