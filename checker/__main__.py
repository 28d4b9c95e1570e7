"""The ``turncheck`` command (``python -m checker``), started with the garbage collector paused.

A command imports most of what it will use before its work begins: pytest, pytest-bdd, the
step definitions, the engine, hundreds of thousands of objects that live as long as the process.
The collector, run as they are made, would go through them again and again for nothing. So it
is paused while the command starts, and what the start made is frozen, out of its sight, as the
work begins (:func:`checker.running.garbage.begin_work`). At the end, what is left is frozen too:
the interpreter's last collection at exit went through the whole heap once more (about 50 ms of
every certification, in the process that gives the verdict, after the scenarios have run).

An interrupt while the command starts (Ctrl-C in its first fraction of a second, while Python
imports it) ends it as an interrupt later would, with one line and 130, not a traceback.
"""

import gc
import signal
import sys


def main() -> int:
    gc.disable()
    try:
        from checker.cli import main as turncheck
    except KeyboardInterrupt:
        print("error: interrupted while starting", file=sys.stderr)
        return 128 + signal.SIGINT
    try:
        return turncheck()
    finally:
        gc.freeze()


if __name__ == "__main__":
    sys.exit(main())
