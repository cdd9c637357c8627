"""Is it a palindrome?  Compare the two ends, then the text between them: linear recursion beside its loop.

unwind trace palindrome.py is_palindrome "'racecar'"
"""


def is_palindrome(text):
    """True when `text` reads the same backwards."""
    if len(text) <= 1:
        return True
    if text[0] != text[-1]:
        return False
    return is_palindrome(text[1:-1])


def is_palindrome_loop(text):
    """The same test with two indices walking towards each other."""
    left, right = 0, len(text) - 1
    while left < right:
        if text[left] != text[right]:
            return False
        left += 1
        right -= 1
    return True
