"""Errors that the command line turns into one line on stderr and exit status 2."""


class BadInput(ValueError):
    """The user's input is outside what a computation accepts.

    The message is one line that says what was wrong and, where it helps, what
    would be accepted (a range, a bound, a format).
    """


class TooLarge(BadInput):
    """A requested size would not finish in reasonable time; the message offers a bound."""


class MissingExtra(RuntimeError):
    """An optional dependency is needed; the message names the pip extra that installs it."""

    def __init__(self, feature: str, extra: str, module: str):
        super().__init__(
            f"{feature} needs the optional package {module!r}: "
            f"install it with  pip install 'exactcube[{extra}]'"
        )
        self.extra = extra
        self.module = module
