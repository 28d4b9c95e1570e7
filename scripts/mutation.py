"""Mutation testing of the reference engine, with the scenarios as the only tests.

    scripts/mutation [--seed 13] [--sample 300] [-j 2] [--fail-under 95] [--results FILE]
    scripts/mutation --list [--seed 13] [--sample 300]
    scripts/mutation --mutant ID [--mutant ID ...]

The mutants are mutmut's (its mutation operators, over ``reference_engine/``, the same set
``mutmut run`` makes: one change per mutant, inside a function or method). A seeded random
sample of them is run, each against every scenario of the suite (``--pyargs
checker.running.test_conformance``, stopping at the first failure). The suite's imports are
done once; each mutant then runs in a child forked from that process, in which the one mutated
module is served in place of its file, so the rest of the engine imports it as usual. A mutant
is **killed** when a scenario fails or errs, or is unsupported (the reference engine supports
them all), or the suite can't even import the engine; **killed
by timeout** when the suite spends much more processor time than on the unmutated engine (an
infinite loop; processor time, so that a machine busy with other work makes no survivor look
like one);
otherwise it **survived**. A survivor recorded in ``docs/mutation-equivalents.md`` (its id, its
diff and why no engine behaviour changes) is **equivalent**, and is left out of the score.

Why not ``mutmut run``: it runs all the mutants (no sample), rewrites every function of the
package into trampolines in a copy of the project, and first maps tests to functions, which
gives nothing here (every scenario goes through the same engine); run as above, a mutant costs
the scenarios' run alone.

Prints a line per mutant, then the score (killed / non-equivalent mutants) with its 95% Wilson
interval and the survivors, and writes them with their diffs to ``--results`` (by default
``docs/mutation-results.md``). Exit 0 when the score is at least ``--fail-under``, 1 when it
isn't, 2 on a usage error, 3 when the scenarios fail on the unmutated engine or a mutant can't
be run, 130 on an interrupt (Ctrl-C or SIGTERM), after writing the results of the mutants done,
marked partial.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import math
import os
import re
import select
import signal
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import libcst as cst
from mutmut.mutation.file_mutation import Mutation, create_mutations, deep_replace

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "reference_engine"
EQUIVALENTS = ROOT / "docs" / "mutation-equivalents.md"
RESULTS = ROOT / "docs" / "mutation-results.md"
#: The suite's run in each child: every scenario, stopping at the first that doesn't pass.
SUITE = ["--pyargs", "checker.running.test_conformance", "-x", "-q", "-p", "no:cacheprovider", "-p", "no:xdist"]

KILLED, TIMEOUT, SURVIVED, EQUIVALENT = "killed", "killed by timeout", "survived", "equivalent"


class _Unsupported:
    """A pytest plugin counting the scenarios the engine reports unsupported (pytest skips them)."""

    def __init__(self) -> None:
        self.skipped = 0

    def pytest_runtest_logreport(self, report: object) -> None:
        if getattr(report, "skipped", False):
            self.skipped += 1


class UsageError(Exception):
    """A wrong option or a malformed equivalents file: exit 2."""


@dataclass(frozen=True)
class Mutant:
    """One change to one function of the engine: ``reference_engine/game.py::Game.next_step::3``."""

    path: Path
    function: str
    number: int
    code: str

    @property
    def id(self) -> str:
        return f"{self.path.relative_to(ROOT).as_posix()}::{self.function}::{self.number}"

    @property
    def module(self) -> str:
        return ".".join(self.path.relative_to(ROOT).with_suffix("").parts)

    def diff(self) -> str:
        """The change as a unified diff without context, each hunk naming its line."""
        original = self.path.read_text(encoding="utf-8").splitlines()
        lines = difflib.unified_diff(original, self.code.splitlines(), n=0, lineterm="")
        return "\n".join(line for line in lines if not line.startswith(("---", "+++")))

    def line(self) -> int:
        found = re.search(r"^@@ -(\d+)", self.diff(), re.MULTILINE)
        return int(found.group(1)) if found else 0


@dataclass(frozen=True)
class _Site:
    """Where a mutant is, before its mutated source is rendered (rendering all 3,900 takes minutes)."""

    path: Path
    module: cst.Module
    mutation: Mutation
    function: str
    number: int

    @property
    def id(self) -> str:
        return f"{self.path.relative_to(ROOT).as_posix()}::{self.function}::{self.number}"

    def mutant(self) -> Mutant:
        mutated = deep_replace(self.module, self.mutation.original_node, self.mutation.mutated_node)
        assert isinstance(mutated, cst.Module)
        return Mutant(self.path, self.function, self.number, mutated.code)


def _qualified_names(module: cst.Module) -> dict[cst.CSTNode, str]:
    """Each top-level function and method of a top-level class, by its qualified name."""
    names: dict[cst.CSTNode, str] = {}
    for statement in module.body:
        if isinstance(statement, cst.FunctionDef):
            names[statement] = statement.name.value
        elif isinstance(statement, cst.ClassDef) and isinstance(statement.body, cst.IndentedBlock):
            for method in statement.body.body:
                if isinstance(method, cst.FunctionDef):
                    names[method] = f"{statement.name.value}.{method.name.value}"
    return names


def _sites(paths: Sequence[Path] | None = None) -> Iterator[_Site]:
    """Every mutant mutmut makes of the engine (of these of its files only), in a stable order (file, function,
    number). A mutant's number counts within its function, so a file's mutants are the same read alone."""
    for path in sorted(ENGINE.glob("*.py")) if paths is None else paths:
        module, mutations, _, _ = create_mutations(str(path), path.read_text(encoding="utf-8"))
        names = _qualified_names(module)
        numbers: dict[str, int] = {}
        for mutation in mutations:
            function = mutation.contained_by_top_level_function
            if function is None or function not in names:
                continue  # mutmut mutates only functions and methods
            name = names[function]
            numbers[name] = numbers.get(name, 0) + 1
            yield _Site(path, module, mutation, name, numbers[name])


def _draw(seed: int, mutant_id: str) -> str:
    return hashlib.sha256(f"{seed}:{mutant_id}".encode()).hexdigest()


def sample(seed: int, size: int) -> tuple[list[Mutant], int]:
    """A seeded random sample of the engine's mutants, and how many there are in all.

    Each mutant draws a number from its id and the seed (a hash of both); the sample is the
    ``size`` lowest. A change to one function of the engine changes only the draws of that
    function's mutants, so the rest of the sample, and its reviewed equivalents, stay."""
    sites = list(_sites())
    if size > len(sites):
        raise UsageError(f"--sample {size}: the engine has only {len(sites)} mutants")
    chosen = set(sorted(range(len(sites)), key=lambda i: _draw(seed, sites[i].id))[:size])
    return [site.mutant() for i, site in enumerate(sites) if i in chosen], len(sites)


def named(ids: Sequence[str]) -> list[Mutant]:
    """The mutants of these ids, finding them in the files the ids name only (each takes mutmut a while)."""
    files = {ROOT / i.partition("::")[0] for i in ids}
    by_id = {site.id: site for site in _sites(sorted(f for f in files if f.parent == ENGINE and f.is_file()))}
    unknown = [i for i in ids if i not in by_id]
    if unknown:
        raise UsageError(f"--mutant {unknown[0]}: no such mutant (ids look like reference_engine/game.py::Game.x::3)")
    return [by_id[i].mutant() for i in ids]


@dataclass(frozen=True)
class Equivalent:
    diff: str
    reason: str


_ENTRY = re.compile(r"^## `(?P<id>[^`]+)`\n+```diff\n(?P<diff>.*?)\n```\n(?P<reason>.*?)(?=^## |\Z)", re.M | re.S)


def equivalents(path: Path) -> dict[str, Equivalent]:
    """The reviewed equivalent mutants: a ``## `id` `` heading, the diff, the reason."""
    if not path.exists():
        return {}
    text = path.read_text(encoding="utf-8")
    found = {m["id"]: Equivalent(m["diff"], " ".join(m["reason"].split())) for m in _ENTRY.finditer(text)}
    headings = re.findall(r"^## `([^`]+)`", text, re.M)
    missing = [h for h in headings if h not in found or not found[h].reason]
    if missing:
        raise UsageError(f"{path}: the entry of {missing[0]} needs a ```diff block and then its reason")
    return found


class _MutatedSource(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves one module's mutated source in place of its file (and never its cached bytecode)."""

    def __init__(self, mutant: Mutant) -> None:
        self.mutant = mutant

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.mutant.module:
            return None
        spec = importlib.util.spec_from_loader(fullname, self, origin=str(self.mutant.path))
        if spec is not None:
            spec.has_location = True
        return spec

    def exec_module(self, module: ModuleType) -> None:
        exec(compile(self.mutant.code, str(self.mutant.path), "exec"), module.__dict__)


def _run_suite_in_child(mutant: Mutant | None) -> int:
    """Fork a child that runs the suite (against the mutant, if any); its pid."""
    pid = os.fork()
    if pid:
        return pid
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.setpgid(0, 0)
        if mutant is not None:
            sys.meta_path.insert(0, _MutatedSource(mutant))
        import pytest

        # The reference engine supports every scenario: a mutant that makes one unsupported (a set-up it
        # refuses) is caught as surely as one that fails it.
        unsupported = _Unsupported()
        code = int(pytest.main(SUITE, plugins=[unsupported]))
        if code == 0 and unsupported.skipped:
            code = 1
    except BaseException:
        code = 3
    os._exit(code)


def _verdict(status: int) -> str | None:
    """What a child's wait status says of its mutant; None when the tool itself went wrong."""
    if os.WIFSIGNALED(status):
        return KILLED  # the engine crashed the interpreter
    code = os.WEXITSTATUS(status)
    if code == 0:
        return SURVIVED
    if code in (1, 2, 3):  # a scenario failed or erred; the suite couldn't import the engine
        return KILLED
    return None  # 4 (usage) or 5 (no scenarios): the suite didn't run


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGKILL)


def _cpu_seconds(pid: int) -> float | None:
    """The processor time a running child has used so far (Linux's ``/proc``); None where it can't be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _overdue(pid: int, started: float, now: float, timeout: float) -> bool:
    """Whether a child has spent more than ``timeout`` seconds of processor time (of the clock where that can't
    be read), or ten times that by the clock (a child that waits forever without computing)."""
    spent = _cpu_seconds(pid)
    return (spent if spent is not None else now - started) > timeout or now - started > 10 * timeout


def run(mutants: Sequence[Mutant], jobs: int, timeout: float, *, quiet: bool = False) -> tuple[dict[str, str], bool]:
    """Each mutant's verdict, by id, running up to ``jobs`` children at once; and whether an interrupt (Ctrl-C,
    SIGTERM) cut the run short, leaving the verdicts of the mutants done by then. ``timeout`` is in seconds of
    processor time (see :func:`_overdue`)."""
    verdicts: dict[str, str] = {}
    waiting = list(reversed(mutants))
    running: dict[int, tuple[Mutant, float]] = {}
    try:
        while waiting or running:
            while waiting and len(running) < jobs:
                mutant = waiting.pop()
                running[_run_suite_in_child(mutant)] = (mutant, time.monotonic())
            pid, status = os.waitpid(-1, os.WNOHANG)
            if not pid:
                now = time.monotonic()
                for late, (mutant, started) in list(running.items()):
                    if _overdue(late, started, now, timeout):
                        _kill(late)
                        os.waitpid(late, 0)
                        del running[late]
                        verdicts[mutant.id] = TIMEOUT
                        _progress(len(verdicts), len(mutants), TIMEOUT, mutant, quiet)
                select.select([], [], [], 0.05)
                continue
            mutant, _ = running.pop(pid)
            verdict = _verdict(status)
            if verdict is None:
                raise RuntimeError(f"{mutant.id}: the suite didn't run (wait status {status})")
            verdicts[mutant.id] = verdict
            _progress(len(verdicts), len(mutants), verdict, mutant, quiet)
    except KeyboardInterrupt:
        return verdicts, True
    finally:
        for pid in running:
            _kill(pid)
            os.waitpid(pid, 0)
    return verdicts, False


def _progress(done: int, total: int, verdict: str, mutant: Mutant, quiet: bool) -> None:
    if not quiet:
        print(f"[{done}/{total}] {verdict:<17} {mutant.id}", flush=True)


def wilson(killed: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if not total:
        return 0.0, 1.0
    p = killed / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    margin = z / (1 + z * z / total) * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total))
    return max(0.0, centre - margin), min(1.0, centre + margin)


@dataclass
class Score:
    mutants: list[Mutant]
    verdicts: dict[str, str]
    known: dict[str, Equivalent]

    def __post_init__(self) -> None:
        for mutant in self.mutants:
            entry = self.known.get(mutant.id)
            if self.verdicts[mutant.id] == SURVIVED and entry and entry.diff.strip() == mutant.diff().strip():
                self.verdicts[mutant.id] = EQUIVALENT

    def count(self, *verdicts: str) -> int:
        return sum(v in verdicts for v in self.verdicts.values())

    @property
    def killed(self) -> int:
        return self.count(KILLED, TIMEOUT)

    @property
    def counted(self) -> int:
        return len(self.verdicts) - self.count(EQUIVALENT)

    def percent(self) -> float:
        return 100 * self.killed / self.counted if self.counted else 0.0

    def summary(self) -> str:
        low, high = wilson(self.killed, self.counted)
        return (
            f"{self.killed} of {self.counted} non-equivalent mutants killed: {self.percent():.1f}% "
            f"(95% CI {100 * low:.1f}-{100 * high:.1f}%); {self.count(TIMEOUT)} of them by timeout, "
            f"{self.count(EQUIVALENT)} equivalent, {self.count(SURVIVED)} survived"
        )

    def stale(self) -> list[str]:
        """Equivalents recorded for a sampled mutant whose diff is no longer the one reviewed."""
        return [m.id for m in self.mutants if m.id in self.known and self.known[m.id].diff.strip() != m.diff().strip()]


def results_markdown(score: Score, seed: int, sampled: int, total: int) -> str:
    partial = len(score.mutants) < sampled
    lines = [
        "# Mutation testing of the reference engine",
        "",
        f"Generated by `scripts/mutation.py --seed {seed} --sample {sampled}` ([mutation.md](mutation.md)): "
        f"{sampled} of the engine's {total} mutants.",
        "",
        *([f"**Partial: the run was interrupted after {len(score.mutants)} of the {sampled} mutants.**", ""] * partial),
        f"**{score.summary()}.**",
        "",
        "| file | mutants | killed | equivalent | survived |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    by_file: dict[str, list[str]] = {}
    for mutant in score.mutants:
        by_file.setdefault(mutant.path.name, []).append(score.verdicts[mutant.id])
    for name, verdicts in sorted(by_file.items()):
        killed = sum(v in (KILLED, TIMEOUT) for v in verdicts)
        lines.append(
            f"| `{name}` | {len(verdicts)} | {killed} | {verdicts.count(EQUIVALENT)} | {verdicts.count(SURVIVED)} |"
        )
    for title, verdict in (("Survivors", SURVIVED), ("Equivalent (see mutation-equivalents.md)", EQUIVALENT)):
        chosen = [m for m in score.mutants if score.verdicts[m.id] == verdict]
        lines += ["", f"## {title}: {len(chosen)}", ""]
        for mutant in chosen:
            lines += [f"### `{mutant.id}` (line {mutant.line()})", "", "```diff", mutant.diff(), "```", ""]
    killed_by_timeout = [m.id for m in score.mutants if score.verdicts[m.id] == TIMEOUT]
    lines += ["", f"## Killed by timeout: {len(killed_by_timeout)}", ""]
    lines += [f"- `{i}`" for i in killed_by_timeout]
    return "\n".join(lines).rstrip() + "\n"


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="scripts/mutation", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=13, help="the sample's random seed (default 13)")
    parser.add_argument("--sample", type=int, default=300, help="how many mutants to run (default 300)")
    parser.add_argument("--mutant", action="append", default=[], help="run this mutant (repeatable), no sample")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="mutants run side by side (default 2)")
    parser.add_argument("--fail-under", type=float, default=95.0, help="the least score to exit 0 (default 95)")
    parser.add_argument("--list", action="store_true", help="list the sample's mutant ids and stop")
    parser.add_argument("--results", type=Path, default=None, help=f"write the results here (default {RESULTS})")
    parser.add_argument("--no-results", action="store_true", help="write no results file")
    parser.add_argument("--equivalents", type=Path, default=EQUIVALENTS, help="the reviewed equivalent mutants")
    arguments = parser.parse_args(argv)
    if arguments.sample < 1 or arguments.jobs < 1:
        parser.error("--sample and --jobs must be at least 1")
    return arguments


def main(argv: Sequence[str] | None = None) -> int:
    arguments = _arguments(argv)
    os.chdir(ROOT)  # mutmut reads its configuration, [tool.mutmut] of pyproject.toml, from here
    try:
        known = equivalents(arguments.equivalents)
        if arguments.mutant:
            mutants, total = named(arguments.mutant), 0
        else:
            mutants, total = sample(arguments.seed, arguments.sample)
    except (UsageError, OSError) as error:
        print(f"scripts/mutation: {error}", file=sys.stderr)
        return 2
    if arguments.list:
        print("\n".join(m.id for m in mutants))
        return 0
    # Imported, and the feature files parsed, once here (pytest-bdd keeps what it parsed by path), so that each forked
    # child only binds and runs the scenarios; the engine must not be imported, or the children would use it instead
    # of the mutant.
    from pytest_bdd.feature import get_features

    from checker.running.collect import feature_files
    from checker.running.pytest_plugin import pytest_addoption

    del pytest_addoption
    get_features([str(path) for path in feature_files(None)])
    if any(name.split(".")[0] == ENGINE.name for name in sys.modules):
        print("scripts/mutation: the engine was imported before the mutants could replace it", file=sys.stderr)
        return 3
    started = time.monotonic()
    pid = _run_suite_in_child(None)
    _, status, usage = os.wait4(pid, 0)
    seconds, cpu = time.monotonic() - started, usage.ru_utime + usage.ru_stime
    if _verdict(status) != SURVIVED:
        print("scripts/mutation: the scenarios don't all pass on the unmutated engine", file=sys.stderr)
        return 3
    timeout = max(30.0, 5 * cpu)
    print(
        f"the unmutated engine passes every scenario in {seconds:.1f}s ({cpu:.1f}s of processor time); "
        f"timeout per mutant {timeout:.0f}s of processor time"
    )
    signal.signal(signal.SIGTERM, _interrupt)  # as Ctrl-C: the children are ended too
    sampled = len(mutants)
    try:
        verdicts, interrupted = run(mutants, arguments.jobs, timeout)
    except RuntimeError as error:
        print(f"scripts/mutation: {error}", file=sys.stderr)
        return 3
    try:  # read again: the survivors of a long run may be reviewed while it runs
        known = equivalents(arguments.equivalents)
    except (UsageError, OSError) as error:
        print(f"scripts/mutation: {error}", file=sys.stderr)
        return 2
    if interrupted:
        print(f"scripts/mutation: interrupted after {len(verdicts)} of {sampled} mutants; the results are partial")
        mutants = [m for m in mutants if m.id in verdicts]
    score = Score(mutants, verdicts, known)
    for stale in score.stale():
        print(f"{arguments.equivalents}: the diff of {stale} has changed since it was reviewed: review it again")
    for mutant in mutants:
        if score.verdicts[mutant.id] == SURVIVED:
            print(f"survived: {mutant.id}\n{mutant.diff()}")
    print(score.summary())
    if not arguments.mutant and not arguments.no_results:
        results = arguments.results or RESULTS
        results.write_text(results_markdown(score, arguments.seed, sampled, total), encoding="utf-8")
        print(f"results written to {results}")
    if interrupted:
        return 130
    return 0 if score.percent() >= arguments.fail_under else 1


if __name__ == "__main__":
    sys.exit(main())
