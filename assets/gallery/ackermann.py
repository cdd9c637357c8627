"""The Ackermann function: tiny arguments, enormous depth.

ackermann(2, 3) is 9 after 44 calls, 10 deep; ackermann(3, 3) is 61 after
2,432 calls, 63 deep; ackermann(3, 6) would go 509 deep and ackermann(3, 9)
4,093, past any sensible stack: the tracer stops it safely at its depth cap.

    unwind trace ackermann.py ackermann 2 3
    python -m solvers trace ackermann.py ackermann 3 6 --depth 200
"""


def ackermann(m, n):
    """A(m, n): each step either counts down m, or needs a whole A(m, n - 1) to know its n."""
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))
