"""The ``turncheck`` command (``python -m checker``), started with the garbage collector paused.

A command imports most of what it will use before its work begins: pytest, pytest-bdd, the
step definitions, the engine, hundreds of thousands of objects that live as long as the process.
The collector, run as they are made, would go through them again and again for nothing. So it
is paused while the command starts, and what the start made is frozen, out of its sight, as the
work begins (:func:`checker.running.garbage.begin_work`). At the end, what is left is frozen too:
the interpreter's last collection at exit went through the whole heap once more (about 50 ms of
every certification, in the process that gives the verdict, after the scenarios have run).

A command started with its standard error closed (``turncheck certify 2>&-``) has nowhere to
say anything but its exit code: its errors go to the null device, and the run goes on to its
reports and verdict. Without a stderr, pytest's session failed at its start (exit 3, no report),
and the first file the command opened would have taken descriptor 2, there for anything written
to "stderr" to land in.

An interrupt while the command starts (Ctrl-C in its first fraction of a second, while Python
imports it) ends it as an interrupt later would, with one line and 130, not a traceback.
"""

import gc
import os
import signal
import sys


def main() -> int:
    gc.disable()
    _keep_stderr()
    try:
        from checker.cli import main as turncheck
    except KeyboardInterrupt:
        print("error: interrupted while starting", file=sys.stderr)
        return 128 + signal.SIGINT
    try:
        return turncheck()
    finally:
        gc.freeze()


def _keep_stderr() -> None:
    """Descriptor 2, and ``sys.stderr``, on the null device where the command started without them."""
    if sys.stderr is not None:
        return
    found = os.open(os.devnull, os.O_WRONLY)
    if found != 2:  # a lower descriptor was closed too (stdin, stdout): it is left closed
        os.dup2(found, 2)
        os.close(found)
    sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)  # noqa: SIM115 (for the process)


if __name__ == "__main__":
    sys.exit(main())
