"""The exit codes of every ``turncheck`` command, which a CI runner reads as the verdict.

Each command's ``--help`` says what they mean for it; they mean the same in all:

- :data:`EXIT_OK` (0): what was asked was done and holds (the scenarios passed, no violation);
- :data:`EXIT_FAILED` (1): the engine or the game broke the rules (a scenario failed, a trace or
  an explored game has a violation, the results differ from the expectations), or the run can't
  vouch for its verdict;
- :data:`EXIT_USAGE` (2): a usage error, or input that can't be used (a file that can't be read,
  nothing selected, a report that couldn't be written);
- :data:`EXIT_INTERNAL` (3): a bug of the suite's own;
- 128 + N: interrupted by signal N (:func:`checker.contract.interrupts.exit_code`).

:func:`ended` says how a child process of a run ended, from its exit code; :func:`not_all_written`,
what a run's verdict becomes when its reports couldn't all be written.
"""

import signal

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


def ended(exit_code: int | None) -> str:
    """How a child process ended, from its exit code as ``subprocess`` and ``multiprocessing`` give it
    (negative: the signal that killed it): "was killed by SIGKILL", "exited with code 0"."""
    if exit_code is not None and exit_code < 0:
        return f"was killed by {signal.Signals(-exit_code).name}"
    return f"exited with code {exit_code}"


def not_all_written(code: int) -> int:
    """The exit code of a run whose verdict is ``code`` but whose reports couldn't all be written (a
    full disk, a report's name taken by a directory): what failed stays failed (the CI must see the
    failure), and what would have passed is a usage error, 2: the run didn't leave all it was asked to."""
    return EXIT_USAGE if code == EXIT_OK else code
