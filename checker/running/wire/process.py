"""An engine's process and its three pipes, driven by one selector loop with deadlines.

Every exchange writes one request line and reads one answer line before a deadline, while
draining the engine's stderr, so that an engine that stops reading its input, stops writing,
floods its output or its stderr, or dies while its children hold the pipes open, ends the
exchange at its deadline or sooner, in the caller's thread (no reader threads, no queue).

Where a processor is free for the engine (``spin``: not on a machine with one processor, whose
engine couldn't run meanwhile, nor with sessions side by side that need every processor), an
answer is waited for by reading the engine's output over and over for a moment before sleeping
(:mod:`checker.running.wire.polling`), and the engine is told so in its environment. An engine
slow to answer is then waited for by sleeping only, its answers tried that way again now and
then (:data:`SPIN_MISSES`, :data:`SPIN_PAUSE`).

The engine starts in a session of its own, and every process of that session (its children
too) is killed when it is stopped; on Linux it is killed too if the process that started it dies.
POSIX only: selectors over pipes and process groups.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import signal
import subprocess
import time
from collections import deque
from collections.abc import Sequence

from checker.contract.exits import ended
from checker.contract.interface import EngineFailure, EngineTimeout
from checker.contract.interrupts import with_its_parent
from checker.contract.protocol import MAX_MESSAGE_BYTES, QUOTED, ProtocolError, quoted
from checker.running.wire.polling import PROCESSOR_FREE, PROCESSORS, SPIN_SECONDS

#: The stderr kept for reports: its last lines, each cut to STDERR_LINE_BYTES, STDERR_TAIL_BYTES in all.
STDERR_TAIL_BYTES = 8192
STDERR_LINE_BYTES = 1024
STDERR_LINES = 30
#: How often a wait looks whether the engine's process has ended (its children may hold its pipes).
_TICK = 0.05
_CHUNK = 1 << 16
#: Answers later than SPIN_SECONDS (less one for each in time) after which exchanges only sleep,
#: and for how many exchanges, before the next tries again.
SPIN_MISSES = 8
SPIN_PAUSE = 32


class EngineCrashed(EngineFailure):
    """The engine process ended (or closed its output) in the middle of a session."""


class StderrTail:
    """The last lines an engine wrote on stderr, bounded in bytes whatever the engine writes."""

    def __init__(self) -> None:
        self._lines: deque[str] = deque()
        self._size = 0
        self._partial = bytearray()
        self._cut = 0  # bytes of the current line dropped past STDERR_LINE_BYTES

    def feed(self, data: bytes) -> None:
        *complete, rest = data.split(b"\n")
        for piece in complete:
            self._take(piece)
            self._end_line()
        self._take(rest)

    def _take(self, piece: bytes) -> None:
        room = STDERR_LINE_BYTES - len(self._partial)
        self._partial += piece[: max(room, 0)]
        self._cut += max(len(piece) - max(room, 0), 0)

    def _current(self) -> str:
        """The line being written, as kept: cut, and marked as cut."""
        line = self._partial.decode("utf-8", "replace").rstrip("\r")
        return line + (f" [... {self._cut:,} more bytes cut]" if self._cut else "")

    def _end_line(self) -> None:
        line = self._current()
        self._partial, self._cut = bytearray(), 0
        self._lines.append(line)
        self._size += len(line)
        while len(self._lines) > STDERR_LINES or (self._size > STDERR_TAIL_BYTES and len(self._lines) > 1):
            self._size -= len(self._lines.popleft())

    def text(self) -> str:
        ended = list(self._lines)
        return "\n".join([*ended, self._current()] if self._partial or self._cut else ended)


class EngineProcess:
    """A started engine: one request line in, one answer line out, each exchange with a deadline."""

    def __init__(self, command: Sequence[str], max_message: int = MAX_MESSAGE_BYTES, spin: bool = False) -> None:
        """``spin``: wait for quick answers by reading the output over and over (see the module's
        docstring); only where a processor is free for the engine."""
        self.command = list(command)
        self._spin = spin and PROCESSORS > 1
        self.max_message = max_message
        self.stderr = StderrTail()
        environment = {k: v for k, v in os.environ.items() if k != PROCESSOR_FREE}
        if self._spin:
            environment[PROCESSOR_FREE] = "1"
        try:
            self._process = subprocess.Popen(
                self.command,
                env=environment,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                start_new_session=True,
                # In a session of its own (stopped as a group), the engine is out of reach of what stops
                # the session's; killed, not asked, as one that ignores the end of its input would linger.
                preexec_fn=with_its_parent(signal.SIGKILL),
            )
        except (OSError, ValueError) as exc:
            raise EngineCrashed(f"cannot start engine {self.command!r}: {exc}") from exc
        stdin, stdout, stderr = self._process.stdin, self._process.stdout, self._process.stderr
        assert stdin is not None and stdout is not None and stderr is not None
        self._stdin, self._stdout, self._stderr = stdin.fileno(), stdout.fileno(), stderr.fileno()
        for fd in (self._stdin, self._stdout, self._stderr):
            os.set_blocking(fd, False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._stdout, selectors.EVENT_READ)
        self._selector.register(self._stderr, selectors.EVENT_READ)
        self._answer = bytearray()
        self._stdout_open = True
        self._spin_pause = 0  # exchanges left that only sleep
        self._spin_misses = 0

    @property
    def exit_code(self) -> int | None:
        return self._process.poll()

    def exchange(self, line: bytes, kind: str, timeout: float) -> bytes:
        """Send one line and return the next line the engine writes, within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        unsent = self._write(memoryview(line))
        if not unsent and (answer := self._quick_answer(kind)) is not None:
            return answer
        if unsent:
            self._selector.register(self._stdin, selectors.EVENT_WRITE)
        try:
            while unsent or (answer := self._complete_answer(kind)) is None:
                left = deadline - time.monotonic()
                if left <= 0:
                    what = f"did not read the {kind} request" if unsent else f"did not answer the {kind} request"
                    if not unsent:
                        what += self._unended()
                    raise EngineTimeout(f"the engine {what} within {timeout:g} s{self.note()}")
                for key, _ in self._selector.select(min(left, _TICK)):
                    if key.fd == self._stdin:
                        unsent = self._write(unsent)
                        if not unsent:
                            self._selector.unregister(self._stdin)
                    else:
                        self._read(key.fd)
                if self._process.poll() is not None or not self._stdout_open:
                    return self._last_words(kind)
            return answer
        finally:
            if unsent:
                self._selector.unregister(self._stdin)

    def _quick_answer(self, kind: str) -> bytes | None:
        """The answer if it comes within SPIN_SECONDS, read without sleeping; None otherwise. After
        SPIN_MISSES more late answers than answers in time, SPIN_PAUSE exchanges sleep at once."""
        if not self._spin or self._spin_pause:
            self._spin_pause = max(0, self._spin_pause - 1)
            return None
        until = time.perf_counter() + SPIN_SECONDS
        while self._stdout_open and time.perf_counter() < until:
            if self._read(self._stdout) and (answer := self._complete_answer(kind)) is not None:
                self._spin_misses = max(0, self._spin_misses - 1)
                return answer
        self._spin_misses += 1
        if self._spin_misses >= SPIN_MISSES:
            self._spin_pause, self._spin_misses = SPIN_PAUSE, 0
        return None

    def _write(self, unsent: memoryview) -> memoryview:
        try:
            return unsent[os.write(self._stdin, unsent) :]
        except BlockingIOError:
            return unsent
        except OSError as exc:  # a closed pipe: the engine doesn't read any more
            with contextlib.suppress(subprocess.TimeoutExpired):  # it may be exiting: then say so
                self._process.wait(timeout=0.2)
            if self._process.poll() is not None:
                raise EngineCrashed(f"the engine exited before it read the request{self.exit_note()}") from exc
            raise EngineCrashed(f"the engine stopped reading its input ({exc}){self.exit_note()}") from exc

    def _read(self, fd: int) -> bool:
        """Read what a pipe holds; False once there is nothing more to read now."""
        try:
            data = os.read(fd, _CHUNK)
        except BlockingIOError:
            return False
        if not data:
            self._selector.unregister(fd)
            if fd == self._stdout:
                self._stdout_open = False
        elif fd == self._stderr:
            self.stderr.feed(data)
        else:
            self._answer += data
        return bool(data)

    def _last_words(self, kind: str) -> bytes:
        """The engine ended (or closed its output): its answer if it wrote one whole, else a crash."""
        while self._stdout_open and b"\n" not in self._answer and self._read(self._stdout):
            self._complete_answer(kind)  # a flood is cut at the limit, even here
        if (answer := self._complete_answer(kind)) is not None:
            return answer
        how = "closed its output" if not self._stdout_open else "exited"
        until = time.monotonic() + 0.2  # let it finish exiting, and read its stderr (its children may hold it)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.wait(timeout=0.2)
        while self._stderr in self._selector.get_map() and (left := until - time.monotonic()) > 0:
            for _ in self._selector.select(left):
                self._read(self._stderr)
        raise EngineCrashed(f"the engine {how} during the {kind} request{self._unended()}{self.exit_note()}")

    def _unended(self) -> str:
        """What the engine wrote of an answer it never ended with a line end (a common slip), if anything."""
        if not self._answer:
            return ""
        start = self._answer[:QUOTED].decode("utf-8", "replace")  # no more is quoted
        return f" (it wrote {len(self._answer):,} bytes but no line end, which ends each message: {quoted(start)})"

    def _complete_answer(self, kind: str) -> bytes | None:
        end = self._answer.find(b"\n")
        size = len(self._answer) if end < 0 else end
        if size > self.max_message:
            raise ProtocolError(
                f"the engine's answer to the {kind} request is {'at least ' if end < 0 else ''}{size:,} bytes long, "
                f"over the limit of {self.max_message:,} bytes (--max-message-bytes)"
            )
        if end < 0:
            return None
        answer = bytes(self._answer[:end])
        del self._answer[: end + 1]
        return answer

    def stop(self, grace: float = 0.0) -> None:
        """End the engine and every process it started; wait ``grace`` seconds for it to exit first."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.wait(timeout=grace)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._process.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):  # a process that survives SIGKILL
            self._process.wait(timeout=5)
        if self._selector.get_map() is not None:
            self._selector.close()
            for pipe in (self._process.stdin, self._process.stdout, self._process.stderr):
                if pipe is not None:
                    with contextlib.suppress(OSError):
                        pipe.close()

    def note(self) -> str:
        tail = self.stderr.text()
        return f"\n--- engine stderr (last lines) ---\n{tail}" if tail else ""

    def exit_note(self) -> str:
        """How the process ended, if it has ("exit code 1", "was killed by SIGKILL"), and its stderr's tail."""
        code = self._process.poll()
        if code is None:
            return self.note()
        return (f" (exit code {code})" if code >= 0 else f" ({ended(code)})") + self.note()
