"""The wire client against engines that hang, flood, die or lie: each fault ends in a precise
exception, in time, with the engine's process and its children gone."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from checker.adapters.reference import ReferenceAdapter
from checker.contract.cards import POOL
from checker.contract.codec import DecodeError, decode
from checker.contract.interface import (
    CardSetup,
    EngineFailure,
    EngineTimeout,
    GameEvent,
    GameSetup,
    GameView,
    PassPriority,
    PlayerSetup,
)
from checker.contract.protocol import MAX_MESSAGE_BYTES, ProtocolError, problems
from checker.running.deadline import TimedAdapter, deadlines_possible
from checker.running.engines import START_ATTEMPTS, EngineProvider, EngineUnavailable
from checker.running.pytest_plugin import runs_scenarios
from checker.running.wire.client import EngineCrashed, WireEngine
from checker.running.wire.polling import PROCESSORS, SPIN_SECONDS
from checker.running.wire.process import (
    SPIN_MISSES,
    SPIN_PAUSE,
    STDERR_TAIL_BYTES,
    EngineProcess,
    StderrTail,
)
from checker.running.wire.server import FEATURES
from tests.fakes.processes import ended_within

FAKE = Path(__file__).parent / "fakes" / "engine.py"
SETUP = GameSetup("cr2024", (PlayerSetup("Alice"), PlayerSetup("Bob")), "Alice", phase="beginning", step="upkeep")


#: Whether the fakes of this module's tests are waited for by reading at once (see the fixture below).
SPIN = [False]


@pytest.fixture(autouse=True, params=[False, True], ids=["sleeping", "reading-at-once"])
def _waiting(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every fault is met both ways of waiting for an answer: sleeping until it comes, and reading
    the engine's output over and over for a moment first (a run with a processor free for the engine)."""
    SPIN[0] = request.param
    yield
    SPIN[0] = False


def _fake(fault: str, timeout: float = 5.0, max_message: int = MAX_MESSAGE_BYTES) -> WireEngine:
    return WireEngine([sys.executable, str(FAKE), fault], timeout=timeout, max_message=max_message, spin=SPIN[0])


def _pids(text: str) -> list[int]:
    """The process ids a fake engine wrote on its stderr (its own, and any child's)."""
    return [int(p) for p in re.findall(r"(?:as pid|started child) (\d+)", text)]


def test_an_engine_that_stops_reading_its_input_times_out_the_request() -> None:
    """A request too long for the pipe, to an engine that no longer reads: the write has a deadline too."""
    engine = _fake("deaf", timeout=1.0)
    library = tuple(CardSetup(f"card{i}", POOL["Grizzly Bears"]) for i in range(2000))
    big = GameSetup("cr2024", (PlayerSetup("Alice", library=library), PlayerSetup("Bob")), "Alice")
    started = time.monotonic()
    with pytest.raises(EngineTimeout, match="did not read the start request within 1 s"):
        engine.start(big)
    assert time.monotonic() - started < 5
    assert not engine.alive


def test_an_answer_over_the_size_limit_is_a_protocol_error_naming_its_size() -> None:
    engine = _fake("huge:view:1")
    engine.start(SETUP)
    with pytest.raises(
        ProtocolError, match=r"answer to the view request is (at least )?[\d,]+ bytes long, over the limit"
    ):
        engine.view()
    assert not engine.alive
    with pytest.raises(
        ProtocolError, match=r"answer to the hello request is [\d,]+ bytes long, over the limit of 300 "
    ):
        _fake("honest", max_message=300)  # the limit can be set lower (or higher)


def test_a_flood_on_stderr_is_kept_as_a_bounded_tail() -> None:
    engine = _fake("stderr-flood:start:1")
    with pytest.raises(EngineCrashed) as crash:
        engine.start(SETUP)
    message = str(crash.value)
    assert "exit code 5" in message and "more bytes cut" in message
    assert len(message) < STDERR_TAIL_BYTES + 2000


def test_the_stderr_tail_cuts_long_lines_and_keeps_the_last_ones() -> None:
    tail = StderrTail()
    tail.feed(b"first\n" + b"y" * 5000 + b"\nmiddle\n")
    for i in range(100):
        tail.feed(f"line {i}\n".encode())
    tail.feed(b"z" * 3000)  # a line not yet ended is shown too, cut
    text = tail.text()
    assert "line 99" in text and "first" not in text
    assert text.endswith("[... 1,976 more bytes cut]")
    assert len(text) < STDERR_TAIL_BYTES + 2000


def test_a_dying_engine_whose_child_holds_its_pipes_is_a_crash_and_the_child_is_killed() -> None:
    engine = _fake("orphan:start:1")
    started = time.monotonic()
    with pytest.raises(EngineCrashed, match="exited during the start request") as crash:
        engine.start(SETUP)
    assert time.monotonic() - started < 3
    pids = _pids(str(crash.value))
    assert len(pids) == 2, crash.value
    engine.close()
    assert all(ended_within(pid, 5) for pid in pids)


def _children_running(word: str) -> list[int]:
    """This process's live children whose command line has ``word``."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            command = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == os.getpid() and fields[0] not in {"Z", "X"} and word.encode() in command:
            found.append(int(stat.parent.name))
    return found


@pytest.mark.parametrize("fault", ["no-effects", "lie-protocol"])
def test_a_failed_handshake_leaves_no_process(fault: str) -> None:
    with pytest.raises(EngineFailure) as bad:
        _fake(fault)
    if fault == "no-effects":
        assert "'effects' is a required property" in str(bad.value)
    assert _children_running(fault) == []


def test_an_engine_that_supports_no_edition_says_so() -> None:
    with pytest.raises(EngineFailure, match=r"supports none of the editions \(cr2008, cr2024, mirage\)"):
        _fake("no-editions")


def test_a_view_with_a_name_outside_the_vocabulary_is_a_protocol_error_without_validation() -> None:
    engine = _fake("bad-phase:view:1")
    assert not engine.validate
    engine.start(SETUP)
    with pytest.raises(ProtocolError, match=r"\$\.view\.phase: 'teatime' is not one of"):
        engine.view()


def test_an_answer_without_its_line_end_times_out_saying_so() -> None:
    engine = _fake("no-line-end:view:1", timeout=1.0)
    engine.start(SETUP)
    with pytest.raises(EngineTimeout, match=r"did not answer the view request \(it wrote [\d,]+ bytes but no line end"):
        engine.view()


def test_an_answer_without_its_line_end_then_an_exit_is_a_crash_quoting_what_it_wrote() -> None:
    engine = _fake("no-line-end-exit:view:1")
    engine.start(SETUP)
    with pytest.raises(EngineCrashed) as crash:
        engine.view()
    said = str(crash.value)
    assert said.startswith("the engine closed its output during the view request (it wrote ")
    assert 'bytes but no line end, which ends each message: "{\\"id\\": ' in said, said


@pytest.mark.parametrize(
    ("fault", "said"),
    [
        ("wrong-type:view:1", 'answered the view request with an answer of type "events", not "view" (or an error)'),
        ("misspelt:view:1", "GameView needs 'turn_number' (it has 'turn_numbr': a misspelling?)"),
    ],
)
def test_an_answer_of_the_wrong_kind_or_misspelt_is_said_so(fault: str, said: str) -> None:
    engine = _fake(fault)
    engine.start(SETUP)
    with pytest.raises(ProtocolError, match=re.escape(said)):
        engine.view()


OK_FIELDS = "(did you mean 'events'? its fields: events, id, passed, type, view, view_changes)"


@pytest.mark.parametrize(
    ("fault", "said"),
    [
        (
            "evnts:view:1",
            'view answer to the view request has the field "evnts", which the protocol doesn\'t '
            "define (its fields: id, type, view)",
        ),
        (
            "evnts:start:1",
            f'ok answer to the start request has the field "evnts", which the protocol doesn\'t define {OK_FIELDS}',
        ),
        (
            "evnts:start:1 --state",
            f'ok answer to the start request has the field "evnts", which the protocol doesn\'t define {OK_FIELDS}',
        ),
        (
            "evnts:perform:1 --state",
            f'ok answer to the perform request has the field "evnts", which the protocol doesn\'t define {OK_FIELDS}',
        ),
        (
            "evnts:hello:1",
            'hello answer to the hello request has the field "evnts", which the protocol doesn\'t '
            "define (its fields: editions, effects, features, id, name, protocol, type, version)",
        ),
    ],
)
def test_a_field_the_protocol_doesnt_define_is_a_protocol_error_naming_it(fault: str, said: str) -> None:
    """Without --validate-messages it was ignored: a misspelt optional field was lost without a word
    (read from its text, an answer to an action skipped it; read as JSON, no one looked)."""
    with pytest.raises(ProtocolError, match=re.escape(f"the engine's {said}")):
        engine = WireEngine([sys.executable, str(FAKE), *fault.split()], spin=SPIN[0])
        engine.start(SETUP)
        engine.perform(PassPriority("Alice"))
        engine.view()


def test_an_engine_taking_up_features_or_not_is_read_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """The plain form and the features keep working, and the answers to actions are still read
    from their text (none read as JSON)."""
    reference = ReferenceAdapter()
    reference.start(SETUP)
    reference.perform(PassPriority("Alice"))
    read_as_json: list[str] = []
    monkeypatch.setattr(WireEngine, "_state_read", lambda self, kind, line: read_as_json.append(kind))
    for fault in (["honest"], ["honest", "--state"]):
        engine = WireEngine([sys.executable, str(FAKE), *fault], spin=SPIN[0])
        try:
            engine.start(SETUP)
            engine.perform(PassPriority("Alice"))
            assert (engine.view(), engine.events()) == (reference.view(), list(reference.events()))
            assert engine.features == frozenset(FEATURES if "--state" in fault else ())
        finally:
            engine.close()
    assert read_as_json == ["start", "perform"]  # the plain engine's, and none of the other's


def test_an_error_answer_with_a_field_the_protocol_doesnt_define_in_its_error_is_said_so() -> None:
    """A misspelt reason ('reson') was lost: the refusal had none, and a scenario checking it was unsupported."""
    error = {"kind": "illegal_action", "message": "not now", "reson": "timing"}
    with pytest.raises(ProtocolError, match=re.escape("error answer has in its 'error' the field \"reson\", which")):
        WireEngine._raise_if_error({"id": 1, "type": "error", "error": error})


@pytest.mark.parametrize(
    ("error", "said"),
    [
        ("boom", "an error answer needs an object 'error' with a string 'message', got \"boom\""),
        ({"kind": "internal"}, "an error answer needs an object 'error' with a string 'message', got {\"kind\""),
        ({"kind": "oops", "message": "m"}, "an error answer's kind is one of illegal_action, internal,"),
    ],
)
def test_a_malformed_error_answer_is_a_protocol_error_naming_what_is_wrong(error: object, said: str) -> None:
    """Not the engine's own internal error ("None"), nor an AttributeError of the client's."""
    with pytest.raises(ProtocolError, match=re.escape(said)):
        WireEngine._raise_if_error({"id": 1, "type": "error", "error": error})


def test_a_handshake_answered_with_a_malformed_error_is_a_protocol_error() -> None:
    """The handshake reads an error answer's kind (a strict engine's refusal of features) by the same check."""
    with pytest.raises(ProtocolError, match="an error answer needs an object 'error' with a string 'message'"):
        _fake("bad-error:hello:1")


def test_a_handshake_answered_with_another_type_is_said_so() -> None:
    with pytest.raises(
        ProtocolError, match=re.escape('answered the hello request with an answer of type "events", not "hello"')
    ):
        _fake("wrong-type:hello:1")


def test_an_event_kind_outside_the_vocabulary_is_given_with_the_closest() -> None:
    with pytest.raises(DecodeError, match=r"'step_begun' is not one of the 59 allowed; the closest: step_began,"):
        decode(tuple[GameEvent, ...], [{"kind": "step_begun", "turn": 1}])
    found = problems("response_events", {"id": 1, "type": "events", "events": [{"kind": "step_begun", "turn": 1}]})
    assert found == [
        "events/0/kind: 'step_begun' is not one of the 59 allowed; the closest: step_began, step_ended, turn_began"
    ]


def test_closing_an_engine_that_refuses_bye_raises_nothing() -> None:
    engine = _fake("refuse-bye")
    engine.start(SETUP)
    engine.close()
    assert not engine.alive


def test_an_engine_that_dies_at_every_start_is_given_up_with_its_exit_and_stderr() -> None:
    provider = EngineProvider(f"{sys.executable} {FAKE} crash:hello:1", timeout=5.0)
    for _ in range(START_ATTEMPTS):
        with pytest.raises(EngineCrashed, match="exit code 3"):
            provider.get()
    started = time.monotonic()
    for _ in range(5):
        with pytest.raises(EngineUnavailable) as given_up:
            provider.get()
    assert time.monotonic() - started < 0.5  # at once, without starting it again
    message = str(given_up.value)
    assert str(FAKE) in message and "exit code 3" in message and "crashing on hello #1" in message


def test_a_good_handshake_resets_the_count_of_failed_starts() -> None:
    provider = EngineProvider(f"{sys.executable} {FAKE} honest", timeout=5.0)
    provider._failed_starts = START_ATTEMPTS - 1
    try:
        assert provider.get().capabilities().name == "reference-engine"
        assert provider._failed_starts == 0
    finally:
        provider.close()


def _started_early() -> tuple[EngineProvider, EngineProcess]:
    provider = EngineProvider(f"{sys.executable} {FAKE} honest", timeout=5.0)
    provider.start_early()
    assert provider._early is not None
    return provider, provider._early


def test_an_engine_started_early_is_greeted_at_the_first_scenario() -> None:
    """The process starts alongside the collection; the first scenario's adapter is that process."""
    provider, early = _started_early()
    try:
        assert early.exit_code is None
        engine = provider.get()
        assert isinstance(engine, WireEngine) and engine._process is early
        assert engine.capabilities().name == "reference-engine" and provider._early is None
    finally:
        provider.close()


def test_an_engine_started_early_and_never_used_is_stopped() -> None:
    provider, early = _started_early()
    provider.close()
    assert early.exit_code is not None and provider._early is None


def test_an_engine_that_cant_be_started_early_fails_at_its_first_start_as_before() -> None:
    provider = EngineProvider("/no/such/engine --serve", timeout=5.0)
    provider.start_early()
    assert provider._early is None
    with pytest.raises(EngineCrashed, match="cannot start engine"):
        provider.get()
    assert provider._failed_starts == 1


class _Hanging(ReferenceAdapter):
    def view(self) -> GameView:
        time.sleep(3600)
        raise AssertionError("not reached")


@pytest.mark.skipif(not deadlines_possible(), reason="no interval timer on this platform or thread")
def test_an_in_process_adapter_call_has_the_same_deadline() -> None:
    adapter = TimedAdapter(_Hanging(), 0.3)
    adapter.start(SETUP)
    started = time.monotonic()
    with pytest.raises(EngineTimeout, match=re.escape("did not return from view within 0.3 s")):
        adapter.view()
    assert time.monotonic() - started < 2
    assert adapter.events()  # the timer is disarmed after each call


class _Slow(ReferenceAdapter):
    def view(self) -> GameView:
        time.sleep(3)
        return super().view()


@pytest.mark.skipif(not deadlines_possible(), reason="no interval timer on this platform or thread")
def test_a_sigalrm_handler_put_in_place_between_calls_doesnt_lift_the_deadline() -> None:
    adapter = TimedAdapter(_Slow(), 0.3)
    adapter.start(SETUP)
    previous = signal.signal(signal.SIGALRM, signal.SIG_IGN)  # as an engine's own code might
    try:
        with pytest.raises(EngineTimeout, match="did not return from view"):
            adapter.view()
    finally:
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.skipif(not deadlines_possible(), reason="no interval timer on this platform or thread")
def test_a_sigalrm_between_adapter_calls_goes_to_the_handler_found_before() -> None:
    received: list[int] = []
    previous = signal.signal(signal.SIGALRM, lambda signum, frame: received.append(signum))
    try:
        adapter = TimedAdapter(ReferenceAdapter(), 5.0)
        adapter.start(SETUP)
        adapter.view()
        signal.raise_signal(signal.SIGALRM)
        assert received == [signal.SIGALRM]
    finally:
        signal.signal(signal.SIGALRM, previous)


def test_the_provider_gives_in_process_adapters_the_request_timeout() -> None:
    adapter = EngineProvider("reference", timeout=7.0).get()
    assert isinstance(adapter, TimedAdapter) and adapter.timeout == 7.0


ECHO = "import sys, time\nfor line in sys.stdin:\n    time.sleep({delay})\n    print(line.strip(), flush=True)\n"


@pytest.mark.skipif(PROCESSORS < 2, reason="a process reads at once only with a processor free for the engine")
def test_an_engine_slow_to_answer_is_waited_for_sleeping_after_a_few_late_answers() -> None:
    engine = EngineProcess([sys.executable, "-c", ECHO.format(delay=4 * SPIN_SECONDS)], spin=True)
    try:
        answers = [engine.exchange(f'{{"id":{i}}}\n'.encode(), "view", 5.0) for i in range(SPIN_MISSES)]
        assert answers == [f'{{"id":{i}}}'.encode() for i in range(SPIN_MISSES)]
        assert engine._spin_pause == SPIN_PAUSE  # the next exchanges sleep at once
        assert engine.exchange(b'{"id":99}\n', "view", 5.0) == b'{"id":99}'
        assert engine._spin_pause == SPIN_PAUSE - 1
    finally:
        engine.stop()


def test_sessions_side_by_side_leave_no_processor_to_read_at_once() -> None:
    assert EngineProvider("engine --serve", sessions=1).spin == (PROCESSORS >= 2)
    assert not EngineProvider("engine --serve", sessions=PROCESSORS).spin


def test_an_engine_is_started_early_only_where_the_scenarios_run() -> None:
    """pytest-xdist's controller runs none: its workers start their engines."""
    plain = SimpleNamespace(option=SimpleNamespace())
    controller = SimpleNamespace(option=SimpleNamespace(numprocesses=2))
    worker = SimpleNamespace(option=SimpleNamespace(numprocesses=2), workerinput={"workercount": 2})
    assert runs_scenarios(plain) and runs_scenarios(worker)  # type: ignore[arg-type]
    assert not runs_scenarios(controller)  # type: ignore[arg-type]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's parent-death signal")
def test_an_engine_dies_with_the_process_that_started_it_though_it_ignores_the_end_of_its_input() -> None:
    """A session of the run killed from outside (SIGKILL, the OOM killer) can't stop its engine,
    which runs in a session of its own: the engine is killed with it, not left running."""
    stubborn = "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(300)"
    session = (
        "import sys, time; from checker.running.wire.process import EngineProcess; "
        f"engine = EngineProcess([sys.executable, '-c', {stubborn!r}]); "
        "print(engine._process.pid, flush=True); time.sleep(300)"
    )
    with subprocess.Popen(
        [sys.executable, "-c", session], stdout=subprocess.PIPE, text=True, cwd=Path(__file__).resolve().parents[1]
    ) as run:
        assert run.stdout is not None
        engine = int(run.stdout.readline())
        run.kill()
    assert ended_within(engine, 10)
