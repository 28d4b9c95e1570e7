"""What a run leaves behind once its results are in: its reports, the expectations file it
writes, and its verdict against the expectations it was given.

The same whether the run was a ``turncheck`` command (whose supervising process concludes
it, even when the run was cut short) or a plain pytest session with the plugin.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from checker.judging.expectations import Expectations, Verdict, check, expectations_from, write_expectations
from checker.judging.reports import write_all, writes
from checker.judging.results import RunReport
from checker.running.options import OptionError, Selection, check_output_dir, check_output_file, read_expectations

#: The reason an expectation gets when a run writes it.
WRITTEN_REASON = "known at the time the file was written"


@dataclass(frozen=True)
class Concluded:
    """What a run left behind: its verdict against the expectations (None without them), and the files written."""

    verdict: Verdict | None
    reports: tuple[Path, ...] = ()  # --report-dir's files; none when they couldn't be written
    expectations: Path | None = None  # --write-expectations's file, once written


@dataclass(frozen=True)
class Conclusion:
    """Where the run's results go, and what they are checked against; each checked before the run."""

    selection: Selection
    report_dir: str | None = None
    expected: Expectations | None = None  # --expect, read before the run
    write_to: str | None = None  # --write-expectations
    kept: Expectations | None = None  # the file --write-expectations replaces, read before the run

    @classmethod
    def prepare(
        cls, selection: Selection, report_dir: str | None, expect: str | None, write_to: str | None
    ) -> Conclusion:
        """Check every option before the run: :class:`OptionError` names the one that can't be used."""
        problems = selection.problems()
        if problems:
            raise OptionError("\n".join(problems))
        if report_dir and write_to and writes(Path(report_dir), Path(write_to)):
            raise OptionError(
                f"--write-expectations {write_to}: --report-dir {report_dir} writes a report there, which the "
                "expectations would replace: name another file"
            )
        if report_dir:
            check_output_dir("--report-dir", report_dir)
        kept = None
        if write_to:
            check_output_file("--write-expectations", write_to)
            if Path(write_to).exists():  # its reasons are kept; one that isn't expectations is never overwritten
                kept = read_expectations("--write-expectations", write_to)
        return cls(selection, report_dir, read_expectations("--expect", expect), write_to, kept)

    def conclude(
        self, report: RunReport, deselected: Collection[str] = frozenset(), parts: Collection[str] | None = None
    ) -> Concluded:
        """Write the reports and the expectations; the verdict, when there are expectations. Each
        file is written whole or not at all; what can't be written (a full disk) raises
        :class:`NotWritten` once the rest is written, with the verdict.

        ``deselected``: the ids of scenario runs a pytest session's own selection left out (its node
        ids, ``-k``, ``--deselect``, ``--lf``), which the run's options don't tell: their entries are
        not checked, and kept. ``parts``: in a pytest session, the parts (feature files) it collected
        scenarios of, whatever its selection then kept: it may not collect them all (the files or
        folders it is given, ``--lf``, ``--shard``), and may bind an engine's own files beside the
        suite's; the entries of another part are outside it too. (None: a ``turncheck`` run, of the
        suite's parts, which its options choose among.)"""

        def selected(id: str) -> bool:
            collected = parts is None or id.split("::", 1)[0] in parts
            return collected and id not in deselected and self.selection.surely_selects(id)

        problems: dict[str, str] = {}
        reports: tuple[Path, ...] = ()
        expectations = None
        if self.report_dir:
            try:
                reports = tuple(write_all(report, Path(self.report_dir)))
            except OSError as exc:
                problems["--report-dir"] = f"--report-dir {self.report_dir}: {exc.strerror or exc}"
        if self.write_to and not report.engine.known:
            # No scenario got as far as the engine's handshake: its results are the engine's failure
            # to start, not what it passes. Written, they would replace the file's entries and reasons.
            problems["--write-expectations"] = (
                f"--write-expectations {self.write_to}: not written, as no handshake with the engine succeeded "
                "(no scenario got past it); the file is left as it was"
            )
        elif self.write_to:
            # An entry the run didn't cover stays: one outside its selection, or any, when it was cut short.
            def outside(id: str) -> bool:
                return report.partial is not None or not selected(id)

            written = expectations_from(report, WRITTEN_REASON, self.kept, outside)
            try:
                expectations = write_expectations(written, Path(self.write_to))
            except OSError as exc:
                problems["--write-expectations"] = f"--write-expectations {self.write_to}: {exc.strerror or exc}"
        verdict = check(report, self.expected, selected, parts is None) if self.expected is not None else None
        concluded = Concluded(verdict, reports, expectations)
        if problems:
            raise NotWritten(problems, concluded)
        return concluded


class NotWritten(Exception):
    """Outputs of the run that couldn't be written, by their options; the verdict and the files written stand."""

    def __init__(self, problems: dict[str, str], concluded: Concluded) -> None:
        super().__init__(f"the run's results could not be written: {'; '.join(problems.values())}")
        self.concluded = concluded
