"""Fibonacci numbers, naive and memoized: the same recursion, 177 calls against 11 for fib(10).

Trace them side by side in Unwind:  unwind trace fibonacci.py fib 10
                  or headless:      python -m solvers trace fibonacci.py fib_memo 10 --json
"""

from functools import cache


def fib(n):
    """The n-th Fibonacci number, straight from the definition: fib(n - 2) is worked out again and again."""
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@cache
def fib_memo(n):
    """The same function, remembered: a second call with the same n is answered from the cache."""
    if n < 2:
        return n
    return fib_memo(n - 1) + fib_memo(n - 2)


def fib_dict(n, memo):
    """Memoized by hand: `memo` is a dict passed along (call it with {})."""
    if n in memo:
        return memo[n]
    if n < 2:
        memo[n] = n
    else:
        memo[n] = fib_dict(n - 1, memo) + fib_dict(n - 2, memo)
    return memo[n]


def fib_loop(n):
    """The loop: two numbers walk up together, no recursion at all."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
