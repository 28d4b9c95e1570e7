"""Every command example of the README runs, so that an example that breaks fails CI.

The commands are read from the README's fenced ``sh`` blocks and from the ``run:`` steps of its
GitHub Actions example. Each runs as written, except where :data:`ADJUSTED` says how and why
it runs otherwise (a placeholder that needs a real engine, a run of the whole suite cut down to
one part of the turn, an output put in a temporary directory) or why it can't run in a test at
all. An adjustment whose command is no longer in the README fails too, so the list stays reviewed.

The commands of the section on installing the suite elsewhere run in a temporary directory
standing for an engine's repository, in order, in one shell; the others run from this
checkout, each on its own, with ``.venv/bin`` first on the PATH.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
ELSEWHERE = "### Installing the suite in an engine's repository"
SMALL = "--edition cr2024 --part untap"  # one part of the turn, where a command would run the whole suite
#: Written into the engine repository's new virtual environment: a .pth file naming this checkout's packages.
PTH = (
    "import pathlib, sys, sysconfig; pathlib.Path(sysconfig.get_paths()['purelib'], 'deps.pth').write_text(sys.argv[1])"
)
ENGINE = "checker.adapters.reference:ReferenceAdapter"  # a real adapter, found by its import path
WIRE_ENGINE = f"{sys.executable} {ROOT / 'tests' / 'fakes' / 'engine.py'} honest"  # a real process on the wire


@dataclass(frozen=True)
class Adjusted:
    why: str
    replace: tuple[tuple[str, str], ...] = ()
    append: str = ""
    skip: bool = False

    def apply(self, command: str) -> str:
        for old, new in self.replace:
            assert old in command, f"{old!r} is no longer in the README command {command!r}"
            command = command.replace(old, new)
        return f"{command} {self.append}".strip()


ADJUSTED: dict[str, Adjusted] = {
    "scripts/certify": Adjusted("certifies the whole suite", append=SMALL),
    "scripts/test": Adjusted("runs this very test suite: CI runs it as .ci/run", skip=True),
    ".venv/bin/turncheck certify": Adjusted("certifies the whole suite", append=SMALL),
    ".venv/bin/turncheck certify --engine mypackage.adapter:MyAdapter": Adjusted(
        "a placeholder adapter", replace=(("mypackage.adapter:MyAdapter", ENGINE),), append=SMALL
    ),
    '.venv/bin/turncheck certify --engine "java -jar my-engine.jar --serve"': Adjusted(
        "a placeholder engine command: a real engine process speaking the protocol instead",
        replace=(("java -jar my-engine.jar --serve", WIRE_ENGINE),),
        append=SMALL,
    ),
    "pytest --pyargs checker.running.test_conformance --engine mypackage.adapter:MyAdapter --edition cr2024 -n 4": (
        Adjusted(
            "a placeholder adapter; 2 processes on this 2-core machine",
            replace=(("mypackage.adapter:MyAdapter", ENGINE), ("-n 4", "-n 2")),
            append="--part untap",
        )
    ),
    "pytest --pyargs checker.running.test_conformance --engine reference --cucumberjson=cucumber.json "
    "--report-dir reports/": Adjusted(
        "the whole suite, and its outputs belong in a temporary directory",
        replace=(("cucumber.json", "{tmp}/cucumber.json"), ("reports/", "{tmp}/reports/")),
        append=SMALL,
    ),
    ".venv/bin/coverage run -m pytest tests/test_features.py && .venv/bin/coverage report": Adjusted(
        "runs every scenario; its data file belongs in a temporary directory",
        replace=(("tests/test_features.py", f"tests/test_features.py {SMALL} -p no:cacheprovider"),),
    ),
    ".venv/bin/python scripts/mutation.py": Adjusted(
        "the documented mutation run: 300 mutants, each a run of every scenario (about fifteen minutes); "
        "tests/test_mutation.py runs two",
        skip=True,
    ),
    ".venv/bin/python benchmarks/certify.py": Adjusted(
        "a benchmark: it times seven variants of a certification nine times over (minutes); it measures, never checks",
        skip=True,
    ),
    ".venv/bin/python benchmarks/instructions.py HEAD~1": Adjusted(
        "a benchmark: two certifications under valgrind (minutes, and valgrind may be missing); it measures, never "
        "checks",
        skip=True,
    ),
    ".venv/bin/python benchmarks/adapters.py": Adjusted(
        "a benchmark: 200 turns three times over; a few turns show it runs", append="--turns 5 --repeat 1"
    ),
    ".venv/bin/python benchmarks/round_trip.py": Adjusted(
        "a benchmark: 5,000 requests three ways, two of them waiting on a process that a busy machine may keep "
        "waiting; a hundred show it runs",
        append="--calls 100",
    ),
    ".venv/bin/python benchmarks/site.py": Adjusted(
        "a benchmark: five rounds of loads in the browser; one round shows it runs", append="--repeat 1"
    ),
    ".venv/bin/python benchmarks/supervision.py": Adjusted(
        "a benchmark of whole certifications; one round of one part shows it runs", append="--repeat 1 --part untap"
    ),
    ".venv/bin/turncheck certify --part combat --record-traces traces/": Adjusted(
        "its traces belong in a temporary directory", replace=(("traces/", "{tmp}/traces/"),)
    ),
    ".venv/bin/turncheck trace traces/": Adjusted(
        "checks the traces the command before it recorded: this test records a part's own first",
        replace=(
            (
                ".venv/bin/turncheck trace traces/",
                f".venv/bin/turncheck certify {SMALL} --record-traces {{tmp}}/traces/ > /dev/null && "
                ".venv/bin/turncheck trace {tmp}/traces/",
            ),
        ),
    ),
    ".venv/bin/turncheck import arena Player.log --out arena-traces/": Adjusted(
        "a log of this project's own (tests/data/arena), its traces in a temporary directory",
        replace=(("Player.log", "tests/data/arena/game.log"), ("arena-traces/", "{tmp}/arena-traces/")),
    ),
    ".venv/bin/turncheck trace arena-traces/": Adjusted(
        "checks the traces the command before it imported: this test imports them first",
        replace=(
            (
                ".venv/bin/turncheck trace arena-traces/",
                ".venv/bin/turncheck import arena tests/data/arena/game.log --out {tmp}/arena-traces/ > /dev/null && "
                ".venv/bin/turncheck trace {tmp}/arena-traces/",
            ),
        ),
    ),
    ".venv/bin/turncheck import phase --games 20 --seed 1 --out phase-traces/": Adjusted(
        "needs the .[phase] extra, which scripts/certify-phase installs; it runs the recorder's tests "
        "(tests/test_phase_importer.py)",
        skip=True,
    ),
    ".venv/bin/turncheck site --out site/ docs/engines/*-report.json --traces docs/engines/phase-rs-traces/": (
        Adjusted("its output belongs in a temporary directory", replace=(("--out site/", "--out {tmp}/site/"),))
    ),
    ".venv/bin/turncheck certify --engine checker.adapters.phase_rs:PhaseAdapter --report-dir phase-run/ "
    "--record-traces phase-traces/": Adjusted(
        "needs the .[phase] extra, which scripts/certify-phase installs; the command after it records a faulty "
        "engine's failing runs in its stead (so does tests/test_site_traces.py)",
        skip=True,
    ),
    ".venv/bin/turncheck site --out site/ phase-run/report.json docs/engines/reference-report.json "
    "--traces phase-traces/": Adjusted(
        "shows the failing runs the command before it recorded: this test records a faulty engine's first "
        "(it fails some scenarios, so certify exits 1), all in a temporary directory",
        replace=(
            (
                ".venv/bin/turncheck site --out site/ phase-run/",
                ".venv/bin/turncheck certify --engine tests.fakes.adapters:ActivePlayerOnlyPriority --part upkeep "
                "--report-dir {tmp}/phase-run/ --record-traces {tmp}/phase-traces/ > /dev/null || [ $? -eq 1 ]; "
                ".venv/bin/turncheck site --out {tmp}/site/ {tmp}/phase-run/",
            ),
            ("--traces phase-traces/", "--traces {tmp}/phase-traces/"),
        ),
    ),
    ".venv/bin/turncheck explore --engine reference --games 1000 --seed 0": Adjusted(
        "a thousand games per edition take minutes; a few show it runs", replace=(("--games 1000", "--games 3"),)
    ),
    ".venv/bin/turncheck explore --engine mypackage.adapter:MyAdapter --edition cr2024 --against reference "
    "--report-dir explore-reports/": Adjusted(
        "a placeholder adapter, a hundred games, and its reports belong in a temporary directory",
        replace=(("mypackage.adapter:MyAdapter", ENGINE), ("explore-reports/", "{tmp}/explore-reports/")),
        append="--games 3",
    ),
    "turncheck explore --engine mypackage.adapter:MyAdapter --games 4000 --seed 1 --shard ${{ matrix.shard }}/4 "
    "--report-dir shard-${{ matrix.shard }}": Adjusted(
        "a placeholder adapter, the matrix's shard, thousands of games, and a report in a temporary directory",
        replace=(
            ("mypackage.adapter:MyAdapter", ENGINE),
            ("--games 4000", "--games 8 --edition mirage --max-decisions 20"),
            ("--shard ${{ matrix.shard }}/4", "--shard 2/4"),
            ("shard-${{ matrix.shard }}", "{tmp}/shard-2"),
        ),
    ),
    "turncheck explore --merge shard-1/explore-report.json shard-2/explore-report.json shard-3/explore-report.json "
    "shard-4/explore-report.json --report-dir explore-report": Adjusted(
        "merges the shard reports of the matrix's jobs: this test explores the four shards first",
        replace=(
            *((f"shard-{k}/", f"{{tmp}}/shard-{k}/") for k in range(1, 5)),
            ("--report-dir explore-report", "--report-dir {tmp}/explore-report"),
            (
                "turncheck explore --merge",
                "for k in 1 2 3 4; do turncheck explore --games 8 --edition mirage --max-decisions 20 --seed 1 "
                "--shard $k/4 --report-dir {tmp}/shard-$k > /dev/null; done; turncheck explore --merge",
            ),
        ),
    ),
    # The section on installing the suite elsewhere, in a temporary engine repository.
    "pip install /path/to/mtg-turn-conformance": Adjusted(
        "the path of a clone", replace=(("/path/to/mtg-turn-conformance", str(ROOT)),)
    ),
    "pip wheel --no-deps -w dist /path/to/mtg-turn-conformance": Adjusted(
        "the path of a clone", replace=(("/path/to/mtg-turn-conformance", str(ROOT)),)
    ),
    "turncheck certify --engine mypackage.adapter:MyAdapter --edition cr2024": Adjusted(
        "a placeholder adapter, and a whole edition", replace=(("mypackage.adapter:MyAdapter", ENGINE),), append=SMALL
    ),
    "turncheck certify --engine mypackage.adapter:MyAdapter --edition cr2024 --write-expectations "
    "conformance/expectations.json": Adjusted(
        "a placeholder adapter, and a whole edition", replace=(("mypackage.adapter:MyAdapter", ENGINE),), append=SMALL
    ),
    'pip install "mtg-turn-conformance @ git+https://github.com/OWNER/mtg-turn-conformance@main"': Adjusted(
        "a placeholder URL, and no network in tests: the suite is installed from this clone above", skip=True
    ),
    "pip install -e .": Adjusted("installs the engine's own package: the placeholder engine has none", skip=True),
    "turncheck certify --engine mypackage.adapter:MyAdapter --edition cr2024 --expect conformance/expectations.json "
    "--report-dir conformance-reports": Adjusted(
        "a placeholder adapter, and a whole edition", replace=(("mypackage.adapter:MyAdapter", ENGINE),), append=SMALL
    ),
}


def _without_comment(line: str) -> str:
    return re.sub(r"\s+#.*$", "", line).strip() if not line.lstrip().startswith("#") else ""


def readme_commands() -> list[tuple[str, bool]]:
    """Each command of the README, in order, with whether it belongs to the section on installing elsewhere."""
    commands: list[tuple[str, bool]] = []
    section = ""
    lines = iter(README.read_text(encoding="utf-8").splitlines())
    for line in lines:
        if line.startswith("#"):
            section = line
        fence = re.fullmatch(r"```(\w+)", line.strip())
        if fence is None or fence[1] not in {"sh", "yaml"}:
            continue
        body = []
        for inner in lines:
            if inner.strip() == "```":
                break
            body.append(inner)
        if fence[1] == "yaml":
            body = [m[1] for text in body if (m := re.match(r"\s*(?:- )?run: (.+)$", text))]
        for text in body:
            command = _without_comment(text)
            if command:
                commands.append((command, section == ELSEWHERE))
    return commands


def test_the_readme_has_command_examples_and_every_adjustment_is_still_needed() -> None:
    commands = [c for c, _ in readme_commands()]
    assert "scripts/certify" in commands and "scripts/test" in commands
    assert set(ADJUSTED) <= set(commands), f"adjusted but not in the README: {set(ADJUSTED) - set(commands)}"
    assert all(a.why for a in ADJUSTED.values())


def _environment(tmp_path: Path, bin_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "COV_"))}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    env["COVERAGE_FILE"] = str(tmp_path / ".coverage")
    env["GITHUB_STEP_SUMMARY"] = str(tmp_path / "step-summary.md")
    env["CI"] = "true"
    return env


def _planned(command: str, tmp_path: Path) -> str | None:
    adjusted = ADJUSTED.get(command)
    if adjusted is None:
        return command
    return None if adjusted.skip else adjusted.apply(command).replace("{tmp}", str(tmp_path))


@pytest.mark.parametrize(
    "command",
    [c for c, elsewhere in readme_commands() if not elsewhere and not ADJUSTED.get(c, Adjusted("")).skip],
    ids=lambda command: command[:60],
)
def test_a_readme_command_runs_in_this_checkout(command: str, tmp_path: Path) -> None:
    planned = _planned(command, tmp_path)
    assert planned is not None
    done = subprocess.run(
        ["bash", "-c", f"set -euo pipefail; {planned}"],
        cwd=ROOT,
        env=_environment(tmp_path, ROOT / ".venv" / "bin"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, (
        f"README command {command!r} (run as {planned!r}) failed:\n{done.stdout}\n{done.stderr}"
    )


def test_the_readme_commands_install_and_gate_the_suite_in_an_engines_repository(tmp_path: Path) -> None:
    """The section on installing elsewhere, in order, in one shell, in a fresh directory.

    Its virtual environment sees this checkout's installed dependencies (a ``.pth`` file), so that
    installing the suite from the clone builds and installs the suite itself, not its dependencies
    again."""
    engine_repo = tmp_path / "engine"
    engine_repo.mkdir()
    script = ["set -euo pipefail", "trap 'echo \"README command failed: $BASH_COMMAND\" >&2' ERR"]
    ran = []
    for command, elsewhere in readme_commands():
        planned = _planned(command, tmp_path) if elsewhere else None
        if planned is not None:
            script.append(planned)
            ran.append(command)
            if command.startswith("python3 -m venv"):
                deps = sysconfig.get_paths()["purelib"]
                script.append(f"python -c {PTH!r} {deps!r}")
    assert any(c.startswith("pip install /path/to") for c in ran) and any("--expect" in c for c in ran)
    env = _environment(tmp_path, ROOT / ".venv" / "bin")
    done = subprocess.run(
        ["bash", "-c", "\n".join(script)], cwd=engine_repo, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, f"{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    installed = list((engine_repo / ".venv").rglob("checker/features/untap.feature"))
    assert installed, (
        "the suite, with its scenarios, is installed into the engine's environment, not linked to the clone"
    )
    assert (engine_repo / "conformance" / "expectations.json").is_file()
    assert (engine_repo / "conformance-reports" / "report.schema.json").is_file()
    assert "cr2024" in (tmp_path / "step-summary.md").read_text(encoding="utf-8")


def _github_anchor(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


MARKDOWN = [README, *sorted((ROOT / "docs").rglob("*.md"))]


@pytest.mark.parametrize("document", MARKDOWN, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_of_the_docs_reaches_a_file_of_this_repository(document: Path) -> None:
    """A link to a file (and to a heading of a Markdown file) that a reader of the repository can open."""
    broken = []
    text = document.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r"`(\.\./[^`\s]*)`", text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):
            continue  # a web address
        path, _, anchor = target.partition("#")
        file = (document.parent / path).resolve() if path else document
        if not file.is_relative_to(ROOT) or not file.exists():
            broken.append(f"{target}: no such file in the repository")
        elif anchor and file.suffix == ".md":
            headings = re.findall(r"^#+ (.+)$", file.read_text(encoding="utf-8"), flags=re.MULTILINE)
            if anchor not in {_github_anchor(h) for h in headings}:
                broken.append(f"{target}: no such heading")
    assert not broken, f"{document.relative_to(ROOT)}: {broken}"


def test_the_readmes_trace_example_is_what_the_checker_says_of_the_trace_it_names(tmp_path: Path) -> None:
    """The README's `turncheck trace white-knight.jsonl --edition cr2008`, on the recorded trace it names."""
    text = README.read_text(encoding="utf-8")
    named = re.search(r"\(`white-knight\.jsonl` is\s+`traces/([^`]+)`", text)
    assert named is not None, "the README no longer says which recorded trace white-knight.jsonl is"
    shown = text.partition("$ turncheck trace white-knight.jsonl --edition cr2008\n")[2].partition("```")[0]
    assert shown, "the README's example of turncheck trace is gone"
    scenario = "White Knight's first strike makes two combat damage steps and kills its blocker first"
    env = _environment(tmp_path, ROOT / ".venv" / "bin")
    record = ["turncheck", "certify", "--part", "combat", "--edition", "cr2024", "-k", scenario]
    recorded = subprocess.run(
        [*record, "--record-traces", "traces/"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    assert recorded.returncode == 0, recorded.stdout + recorded.stderr
    (tmp_path / "traces" / named[1]).rename(tmp_path / "white-knight.jsonl")
    checked = subprocess.run(
        ["turncheck", "trace", "white-knight.jsonl", "--edition", "cr2008"],
        cwd=tmp_path,
        env={**env, "COLUMNS": "200"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert checked.returncode == 1 and checked.stdout == shown, checked.stdout + checked.stderr
