"""The command's output: its consoles (rich, imported when first needed), the progress of a run,
and the errors and notes it writes on stderr, each line made safe for the terminal."""

from __future__ import annotations

import functools
import os
import signal
import sys
from collections import Counter
from io import TextIOWrapper
from typing import IO, TYPE_CHECKING, Any, cast

from checker.contract.exits import EXIT_USAGE
from checker.judging.reports._text import visible
from checker.judging.results import ScenarioResult, Status

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import Console
    from rich.progress import Progress


STYLE = {
    Status.PASSED: "green",
    Status.FAILED: "red",
    Status.ERROR: "magenta",
    Status.TIMEOUT: "yellow",
    Status.UNSUPPORTED: "dim",
}


def new_console(stderr: bool = False) -> Console:
    """The command's output (or its errors' console, on stderr). Started without the stream
    (``turncheck trace DIR >&-``: Python has no ``sys.stdout``), it is closed from the start: what
    it would show is lost, and the command says so at its end. Without rich's emoji codes: a path,
    an option's value or an engine's message holding ``:b:`` would be shown with an emoji in its place."""
    return _output_class()(stderr=stderr, highlight=False, soft_wrap=True, emoji=False)


@functools.cache
def _output_class() -> type[Console]:
    """The class of :func:`new_console`'s consoles, made once. rich is imported here rather than
    with this module: a certification shows nothing before its run's child has forked, so the
    import runs alongside the run."""
    from rich.console import Console

    class Output(Console):
        """A console whose output may go away: its reader (``turncheck certify | head``), or the room
        to write it (``> /dev/full``, a disk full, an I/O error). What it would show is dropped from
        then on, and the command goes on to its end, files, verdict and exit code, where rich's own
        console would end the command at the line it couldn't write, losing the run's reports."""

        closed = False
        #: Why it was closed, where its reader didn't simply go away.
        failure: str | None = None

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.closed = (sys.stderr if self.stderr else sys.stdout) is None

        @property
        def file(self) -> IO[str]:
            """The stream, written to whole (:class:`_WholeWrites`) where it is a file descriptor's."""
            return _whole_writes(super().file)

        @file.setter
        def file(self, new_file: IO[str]) -> None:
            self._file = new_file

        def on_broken_pipe(self) -> None:
            self.quiet = self.closed = True
            _silence(sys.stderr if self.stderr else sys.stdout)

        def _check_buffer(self) -> None:
            try:
                super()._check_buffer()
            except OSError as exc:  # not a broken pipe, which rich hands to on_broken_pipe
                self.failure = exc.strerror or str(exc)
                self.on_broken_pipe()

    return Output


class _WholeWrites:
    """A standard stream whose writes are made whole or fail. Python's own leaves one cut short
    where the reader goes away in the middle of it: a table of 200 KB to ``| head -1``, the pipe
    takes 64 KB, the write returns, the rest is dropped, and nothing says so (each write is made
    again here from where it stopped, which fails with a broken pipe, as the console expects)."""

    def __init__(self, stream: TextIOWrapper) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        stream = self.stream
        stream.flush()  # what was written through the stream itself (a print) goes first
        data = memoryview(text.encode(stream.encoding, stream.errors or "strict"))
        descriptor = stream.fileno()
        while data:
            data = data[os.write(descriptor, data) :]
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _whole_writes(stream: IO[str]) -> IO[str]:
    """``stream``, made to write whole (:class:`_WholeWrites`) where it is text written to a file
    descriptor on a POSIX system (not a test's capture, nor Windows, whose line ends the stream
    itself writes)."""
    if not isinstance(stream, TextIOWrapper) or os.name != "posix":
        return stream
    try:
        stream.fileno()
    except (OSError, ValueError):  # io.UnsupportedOperation: no file descriptor (a test's capture)
        return stream
    return cast("IO[str]", _WholeWrites(stream))


class RunProgress:
    """Shows the run as it goes: a progress bar on a terminal, a line per 50 scenarios otherwise.
    The console is made when there is first something to show (``console``: made once per command)."""

    def __init__(self, console: Callable[[], Console], may_be_live: bool, title: str = "certifying") -> None:
        self.make_console = console
        self.may_be_live = may_be_live
        self.title = title
        self.counts: Counter[Status] = Counter()
        self.total = 0
        self._bar: Progress | None = None
        self._task: Any = None

    @property
    def console(self) -> Console:
        return self.make_console()

    def begin(self, total: int) -> None:
        """Start showing the run, once the number of its scenario runs is known (with ``-j N``, once
        every job has collected its share: results may come before, and are counted)."""
        self.total = total
        if self.may_be_live and self.console.is_terminal:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            self._bar = Progress(
                TextColumn(f"[bold]{self.title}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[counts]}"),
                TimeElapsedColumn(),
                console=self.console,
            )
            self._bar.start()
            self._task = self._bar.add_task("run", total=total, completed=sum(self.counts.values()), counts="")
        else:
            self.console.print(f"{self.title}: {total} scenario runs")

    def advance(self, result: ScenarioResult) -> None:
        self.counts[result.status] += 1
        done = sum(self.counts.values())
        text = " ".join(f"{self.counts[s]} {s}" for s in Status if self.counts[s])
        if self._bar is not None:
            self._bar.update(self._task, completed=done, counts=text)
        elif self.total and (done % 50 == 0 or done == self.total):
            self.console.print(f"  {done}/{self.total}: {text}")

    def stop(self) -> None:
        if self._bar is not None:
            self._bar.stop()


def _silence(stream: Any) -> None:
    """Point a stream that failed at the null device, so that nothing written there later (the
    interpreter's last flush) fails again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def printing(name: str, command: Callable[[], int]) -> int:
    """A command that writes its output with ``print``, whose output may fail (``> /dev/full``, a
    disk full): it ends with a message and exit code 2, not a traceback. Its reader going away
    (``| head``) ends it quietly, with 141 (128 + SIGPIPE) as a shell's tools end: not finished,
    it can't give its own exit code."""
    try:
        return command()
    except OSError as exc:
        _silence(sys.stdout)
        if isinstance(exc, BrokenPipeError):
            return 128 + signal.SIGPIPE
        where = f"{exc.filename}: " if exc.filename else "its output can't be written: "
        error(f"turncheck {name}: {where}{exc.strerror or exc}")
        return EXIT_USAGE


def error(message: str) -> None:
    """An error on stderr, each of its lines made safe for the terminal (it may quote a file or an engine)."""
    _stderr(f"error: {message}", "red")


def note(message: str) -> None:
    """A note on stderr, of what a command did that it wasn't told to (a file given twice checked once) or
    of how to end what it reads from the terminal."""
    _stderr(f"note: {message}", None)


def _stderr(message: str, style: str | None) -> None:
    text = "\n".join(visible(line) for line in message.split("\n"))
    new_console(stderr=True).print(text, style=style, markup=False)
