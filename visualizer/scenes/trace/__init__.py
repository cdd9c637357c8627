""" "Your code": trace any Python function, its calls, lines and returns, step by step."""
