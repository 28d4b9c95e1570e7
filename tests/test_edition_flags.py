"""Every rule an edition switches on or off is pinned down by a scenario.

For each boolean flag of each edition class of ``reference_engine/editions.py`` (found by
introspection, so a new flag is picked up without touching this file), the flag is flipped,
and each numeric constant is moved by one up and down; the edition's scenarios then run
against the changed reference engine, and at least one must fail. A change no scenario can
observe is listed in :data:`UNOBSERVABLE` with the reason, reviewed like any other code; a new
flag without a scenario fails here.

Each change runs in its own process (a fresh pytest session of the suite, with the edition
replaced in ``EDITIONS``), stopping at the first failing scenario, and the feature files most
likely to observe it (:data:`LIKELY_PARTS`) run first. The processes are forked from one that
has imported pytest, its plugins and the engine (:data:`_SESSIONS`): a session then costs its
scenarios, not a new interpreter's imports, which took three quarters of its time.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

from reference_engine.editions import EDITIONS, Edition

ROOT = Path(__file__).resolve().parents[1]

#: Changes no scenario can observe, each with the reason: ``edition.flag=value``.
UNOBSERVABLE: dict[str, str] = {
    "mirage.mana_empties_after_steps=true": (
        "Mirage's turn has phases without steps: the pools empty as each phase ends either way"
    ),
    "mirage.first_turn_skips_draw_step=true": (
        "the flag skips the draw *step*; Mirage has a draw phase, whose draw the starting player gives up either way"
    ),
    "mirage.combat_damage_uses_stack=true": (
        "Mirage's attack, declared from the main phase, deals its damage as it resolves "
        "(combat.py's _mirage_attack); only the combat damage step consults the flag"
    ),
    "mirage.has_day_night=true": (
        "the untap step's check (CR 730.2) only changes a day or night the game already has, which "
        "comes from daybound, nightbound and such effects (CR 730.1); no Mirage-era card has any"
    ),
    "mirage.legend_rule_all_go=true": (
        "Mirage's own legend rule isn't modelled: a Mirage game with a legendary card is refused, "
        "so no Mirage scenario has one; with the flag the engine would apply the 2008 rule instead"
    ),
    "cr2008.has_day_night=true": (
        "the untap step's check (CR 730.2) only changes a day or night the game already has, which "
        "comes from daybound, nightbound and such effects (CR 730.1); no card of the 2008 era has any"
    ),
    "mirage.planeswalker_uniqueness_rule=true": "Mirage has no planeswalkers (a card type of 2007)",
    "mirage.precombat_main_actions=true": "Mirage has one main phase and none of the Sagas, schemes or Attractions",
    "cr2008.precombat_main_actions=true": "no card of the 2008 era is a Saga, a scheme or an Attraction",
    "cr2008.active_player_effects_resolve_first=true": (
        "only Mirage's phase effects, processed without the stack, consult it; under the CR the stack orders "
        "triggers (APNAP, CR 603.3b), pinned by the upkeep scenario of Juzam Djinn and Sun Totem"
    ),
    "cr2024.active_player_effects_resolve_first=true": (
        "only Mirage's phase effects, processed without the stack, consult it; under the CR the stack orders "
        "triggers (APNAP, CR 603.3b), pinned by the upkeep scenario of Juzam Djinn and Sun Totem"
    ),
    "mirage.phasing_out_removes_damage=true": (
        "not yet settled: no Mirage ruling of the inventory says whether damage stays on a permanent that "
        "phases out; a scenario needs one to cite (issue #13)"
    ),
    "mirage.poison_counters_to_lose=9": (
        "not yet settled: no Mirage source of the inventory states the poison rule; a scenario needs one to cite"
    ),
    "mirage.poison_counters_to_lose=11": (
        "not yet settled: no Mirage source of the inventory states the poison rule; a scenario needs one to cite"
    ),
    "cr2024.legend_rule_all_go=true": (
        "today's legend rule (CR 704.5j, the controller keeps one) isn't modelled: a cr2024 game with a legendary "
        "card is refused, so no cr2024 scenario has one; with the flag the engine would apply the 2008 rule"
    ),
    "mirage.phased_out_tokens_cease_to_exist=true": (
        "not yet settled: no source of the rulings inventory says what became of a phased-out token "
        "under the Mirage rules; a scenario needs a Mirage ruling to cite (issue #13)"
    ),
}

#: The feature files (parts of the turn) to try first for a flag, before the whole edition.
LIKELY_PARTS: dict[str, tuple[str, ...]] = {
    "mana_empties_after_steps": ("mana_burn_and_life",),
    "mana_burn": ("mana_burn_and_life",),
    "life_checked_at_end_of_phase": ("mana_burn_and_life",),
    "empty_library_loses_at_once": ("draw",),
    "first_turn_skips_draw_step": ("starting",),
    "active_player_effects_resolve_first": ("upkeep", "beginning_of_turn"),
    "combat_damage_uses_stack": ("combat_damage",),
    "attacks_from_main_phase": ("combat",),
    "additional_draws_trigger": ("draw",),
    "has_day_night": ("day_and_night",),
    "phasing_out_removes_damage": ("phasing",),
    "five_part_phases": ("beginning_of_turn", "untap"),
    "mana_between_turns": ("beginning_of_turn",),
    "legend_rule_all_go": ("state_based_permanents",),
    "planeswalker_uniqueness_rule": ("state_based_permanents",),
    "phased_out_tokens_cease_to_exist": ("phasing",),
    "precombat_main_actions": ("precombat_main_actions",),
    "opening_hand_size": ("starting",),
    "maximum_hand_size": ("ending",),
    "poison_counters_to_lose": ("state_based_permanents",),
}

#: Run in a process of its own: import pytest, the plugins its sessions load (whose asserts are
#: therefore not rewritten, which no exit code depends on: pytest's warning of it is left out) and
#: the engine once; then, for each line read, ``[[edition, flag, value], pytest arguments, output
#: path]``, fork a child that replaces the edition in EDITIONS by a subclass with the one attribute
#: changed and runs the pytest session, its stdout and stderr in ``<output path>.out`` and ``.err``,
#: and answer with the child's exit code (minus the signal's number if a signal ended it).
_SESSIONS = """
import json, os, sys, traceback
import hypothesis, pytest, pytest_bdd
import checker.running.pytest_plugin
from reference_engine.editions import EDITIONS

for line in sys.stdin:
    (edition, flag, value), arguments, output = json.loads(line)
    child = os.fork()
    if child == 0:
        try:
            for fd, name in ((1, output + ".out"), (2, output + ".err")):
                os.dup2(os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), fd)
            os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
            original = EDITIONS[edition]
            EDITIONS[edition] = type(original.__name__, (original,), {flag: value})
            code = int(pytest.main([*arguments, "-W", "ignore::pytest.PytestAssertRewriteWarning"]))
        except BaseException:
            traceback.print_exc()
            code = 3
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    print(os.waitstatus_to_exitcode(os.waitpid(child, 0)[1]), flush=True)
"""


class Change(NamedTuple):
    edition: str
    flag: str
    value: int | bool

    def __str__(self) -> str:
        return f"{self.edition}.{self.flag}={json.dumps(self.value)}"


def changes_of(edition: type[Edition]) -> list[Change]:
    """Each boolean flag flipped, each numeric constant moved by one either way."""
    changes = []
    for flag in sorted(vars(Edition)):
        value = getattr(edition, flag)
        if flag.startswith("_"):
            continue
        if isinstance(value, bool):
            changes.append(Change(edition.name, flag, not value))
        elif isinstance(value, int):
            changes += [Change(edition.name, flag, value - 1), Change(edition.name, flag, value + 1)]
    return changes


CHANGES = [change for edition in EDITIONS.values() for change in changes_of(edition)]


#: The seconds a session may take.
TIMEOUT = 300


class Sessions:
    """The :data:`_SESSIONS` process: each session it runs is a child forked from it."""

    def __init__(self, outputs: Path) -> None:
        self.outputs = outputs
        self.process = self._start()

    @staticmethod
    def _start() -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, "-c", _SESSIONS],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            start_new_session=True,  # its process group: the children it forks too
        )

    def run(self, change: Change, arguments: list[str]) -> subprocess.CompletedProcess[str]:
        """The session's exit code and output, as if it had run in a process started for it."""
        requests, answers = self.process.stdin, self.process.stdout
        assert requests is not None and answers is not None
        output = self.outputs / str(change)
        requests.write(json.dumps([list(change), arguments, str(output)]) + "\n")
        requests.flush()
        if not select.select([answers], [], [], TIMEOUT)[0]:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
            self.process = self._start()
            pytest.fail(f"{change}: the session didn't end in {TIMEOUT} s")
        answer = answers.readline()
        assert answer, f"{change}: the process that forks the sessions ended (exit {self.process.wait()})"
        stdout, stderr = (Path(f"{output}.{name}").read_text(encoding="utf-8") for name in ("out", "err"))
        return subprocess.CompletedProcess(arguments, int(answer), stdout, stderr)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        assert self.process.wait(timeout=60) == 0


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sessions]:
    sessions = Sessions(tmp_path_factory.mktemp("sessions"))
    yield sessions
    sessions.close()


def scenarios_fail(sessions: Sessions, change: Change, parts: tuple[str, ...]) -> bool:
    """Whether a scenario of the edition (of these parts, or all) fails under the change."""
    selection = [f"--part={part}" for part in parts]
    pytest_args = ["-x", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", f"--edition={change.edition}"]
    result = sessions.run(change, [*pytest_args, *selection, str(ROOT / "tests" / "test_features.py")])
    if result.returncode == 0 and " skipped" in result.stdout.rstrip().rsplit("\n", 1)[-1]:
        return True  # a scenario the reference engine no longer supports is observed too
    if result.returncode not in (0, 1):
        pytest.fail(f"{change}: the scenarios didn't run (exit {result.returncode}):\n{result.stdout}{result.stderr}")
    return result.returncode == 1


def test_changes_are_found() -> None:
    flags = {change.flag for change in CHANGES}
    assert {"mana_burn", "poison_counters_to_lose", "maximum_hand_size"} <= flags
    assert len(CHANGES) >= 3 * len(flags)


def test_the_table_names_only_real_changes() -> None:
    assert set(UNOBSERVABLE) <= {str(change) for change in CHANGES}
    assert set(LIKELY_PARTS) <= {change.flag for change in CHANGES}
    assert all(reason.strip() for reason in UNOBSERVABLE.values())


@pytest.mark.parametrize("change", [c for c in CHANGES if str(c) not in UNOBSERVABLE], ids=str)
def test_a_scenario_observes_the_change(sessions: Sessions, change: Change) -> None:
    likely = LIKELY_PARTS.get(change.flag, ())
    observed = bool(likely) and scenarios_fail(sessions, change, likely)
    assert observed or scenarios_fail(sessions, change, ()), (
        f"no scenario of {change.edition} fails when {change.flag} is {change.value}: write one that pins the rule, "
        "or list the change in UNOBSERVABLE with the reason no scenario can observe it"
    )
