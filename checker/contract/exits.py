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
"""

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
