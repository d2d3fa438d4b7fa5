"""A sample for tests/test_function_lengths.py: each function whose name holds
lines_N is N lines long, and no other function is found."""
import functools


def lines_1(): return 1


def lines_3_signature(a,
                      b):
    return a + b


@functools.lru_cache(maxsize=None)
def lines_8_strings():
    """A docstring { with a brace."""
    text = """a string that looks like code:
def not_a_function():
    return 0
"""
    other = '}'
    return text + other


def lines_7_nested():
    def nested():
        return 1
    class Inner:
        def method(self):
            return 2
    return nested() + Inner().method()


def lines_2_comment_after():
    return 1
    # a comment after the last statement is not part of it


class Thing:
    """Methods are functions of their own."""

    def lines_2_method(self):
        return 1

    @staticmethod
    async def lines_4_async(x):
        y = [i for i in range(x)
             if i % 2]
        return y

    class Nested:
        def lines_1_in_nested_class(self): return 0


if __name__ == "__main__":
    def lines_2_under_if():
        pass
    lines_2_under_if()
