"""Merge sort: split the list in halves, sort each half the same way, merge the two sorted halves.

unwind trace merge_sort.py merge_sort "[5, 2, 8, 1, 9, 3, 7, 4]"
"""


def merge_sort(items):
    """A sorted copy of `items`."""
    if len(items) <= 1:
        return items
    middle = len(items) // 2
    left = merge_sort(items[:middle])
    right = merge_sort(items[middle:])
    return merge(left, right)


def merge(left, right):
    """Two sorted lists as one sorted list: always take the smaller front item."""
    merged = []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            merged.append(left[i])
            i += 1
        else:
            merged.append(right[j])
            j += 1
    return merged + left[i:] + right[j:]
