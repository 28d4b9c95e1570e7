"""A fake engine for testing the runner: the reference engine over the real wire, with one fault.

    python tests/fakes/engine.py FAULT [--once MARKER] [--state]

FAULT is one of:
  honest                       no fault
  crash:<request type>:<n>     die (exit code 3, a message on stderr) at the n-th request of that type
  killed:<request type>:<n>    be killed by SIGKILL at the n-th request of that type
  hang:<request type>:<n>      stop answering at the n-th request of that type
  garbage:<request type>:<n>   answer it with a line that isn't JSON
  deep:<request type>:<n>      answer it with JSON nested 200,000 deep
  wrong-id:<request type>:<n>  answer it with another request's id
  wrong-type:<request type>:<n>  answer it with an events answer (of the right id)
  bad-error:<request type>:<n>  answer it with an error answer whose error is a string
  misspelt:<request type>:<n>  answer it with a view whose turn_number is spelt turn_numbr
  evnts:<request type>:<n>     answer it with a field the protocol doesn't define, evnts (events misspelt)
  no-line-end:<request type>:<n>  answer it without the line's end, then hang
  no-line-end-exit:<request type>:<n>  answer it without the line's end, then exit (code 0)
  lie-protocol                 claim protocol version 2 in the handshake
  lie-editions                 claim an edition that doesn't exist
  no-mana-burn                 a rules bug: mana burn never costs life
  hostile:<request type>:<n>   write markup and quotes on stderr, then die there
  slow-start:<seconds>         start up slowly: wait that long before reading any request
  deaf                         answer hello, then never read its input again
  huge:<request type>:<n>      answer it with a view of 50,000 permanents (about 10 MB on one line)
  stderr-flood:<request type>:<n>  write one 20 MB line on stderr, then die there
  orphan:<request type>:<n>    start a child that holds its pipes open, then die there
  no-effects                   leave effects out of its hello
  no-editions                  claim no edition in its hello
  bad-phase:<request type>:<n> answer a view whose phase is "teatime"
  refuse-bye                   answer bye with an unsupported error
  refuse-hello                 answer hello with an unsupported error (as an engine of another protocol would)
  strict-v1                    answer a hello that offers features with an invalid_request error
  strict-v1-claims             as strict-v1, and a perform with then_pass likewise, yet list every feature in the
                               answer to the hello that offers none
  changes-first                (with --state) send the view of each start's answer as view_changes
  changes-unagreed             (with --state) take up state_in_answers and then_pass only, yet send views
                               as view_changes
  pass-unasked:<request type>:<n>  (with --state) say in its answer that Bob passed priority after the action, unasked
  pass-late:<request type>:<n>  (with --state) say in an answer with a pass asked for (then_pass) that the pass
                               came after all the answer's events
  pass-early:<request type>:<n>  (with --state) say in an answer with a pass asked for (then_pass) that the pass
                               came before all the answer's events
  pass-other:<request type>:<n>  (with --state) say in an answer with a pass asked for (then_pass) that Alice
                               made it
Every fault writes the fake's process id on stderr as it starts.
With --once MARKER the fault happens only if the file MARKER doesn't exist yet (it is then
created), so that a restarted engine behaves and only one scenario is hit.
Without --state the fake takes up no feature the suite offers in hello (it speaks protocol 1's
plain form); with it, it takes up every feature the suite's server does (``state_in_answers``,
``then_pass``, ``view_changes``), and the faults on a
view (huge, bad-phase) hit the view (or its changes) an answer to start or perform carries.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from checker.adapters.reference import ReferenceAdapter
from checker.running.wire.server import FEATURES, Session, answer


def main(argv: list[str]) -> int:
    fault, once = argv[0], None
    if "--once" in argv:
        once = Path(argv[argv.index("--once") + 1])
    kind, _, rest = fault.partition(":")
    target, _, nth = rest.partition(":")
    seen: dict[str, int] = {}
    if kind == "no-mana-burn":
        from reference_engine.editions import CR2008, Mirage

        Mirage.mana_burn = CR2008.mana_burn = False
    session = Session(ReferenceAdapter(), features=FEATURES if "--state" in argv else ())
    print(f"fake engine with fault {fault!r} starting as pid {os.getpid()}", file=sys.stderr, flush=True)
    if kind == "slow-start":
        time.sleep(float(target))
    for line in sys.stdin:
        request = json.loads(line)
        rtype = request.get("type")
        seen[rtype] = seen.get(rtype, 0) + 1
        response, going_on = answer(session, line)
        if kind == "changes-first" and rtype == "start" and "view" in response:
            response["view_changes"] = response.pop("view")
        if kind == "strict-v1-claims" and rtype == "hello" and "features" not in request:
            response["features"] = list(FEATURES)
        if kind.startswith("strict-v1") and ("features" in request or "then_pass" in request):
            response = {
                "id": request["id"],
                "type": "error",
                "error": {"kind": "invalid_request", "message": "features?"},
            }
        hit = rtype == target and str(seen[rtype]) == (nth or "1") and _armed(once)
        if kind == "hostile" and hit:
            print("<script>alert('pwned')</script> & \"quotes\" <b>bold</b>", file=sys.stderr, flush=True)
            return 4
        if kind == "killed" and hit:
            os.kill(os.getpid(), signal.SIGKILL)
        if kind == "crash" and hit:
            print(f"fake engine: crashing on {rtype} #{seen[rtype]}", file=sys.stderr, flush=True)
            return 3
        if kind == "hang" and hit:
            print(f"fake engine: hanging on {rtype} #{seen[rtype]}", file=sys.stderr, flush=True)
            time.sleep(3600)
        if kind == "garbage" and hit:
            sys.stdout.write("this is not JSON\n")
            sys.stdout.flush()
            continue
        if kind == "deep" and hit:
            sys.stdout.write("[" * 200_000 + "]" * 200_000 + "\n")
            sys.stdout.flush()
            continue
        if kind == "wrong-id" and hit:
            response["id"] = request["id"] + 1
        if kind == "bad-error" and hit:
            response = {"id": request["id"], "type": "error", "error": "boom"}
        if kind == "wrong-type" and hit:
            response = {"id": request["id"], "type": "events", "events": []}
        if kind == "evnts" and hit:
            response["evnts"] = []
        if kind == "misspelt" and hit and "view" in response:
            response["view"]["turn_numbr"] = response["view"].pop("turn_number")
        if kind == "no-line-end" and hit:
            sys.stdout.write(json.dumps(response))
            sys.stdout.flush()
            time.sleep(3600)
        if kind == "no-line-end-exit" and hit:
            sys.stdout.write(json.dumps(response))
            return 0
        if kind == "stderr-flood" and hit:
            sys.stderr.write("x" * 20_000_000 + "\n")
            sys.stderr.flush()
            return 5
        if kind == "orphan" and hit:
            child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
            print(f"fake engine: started child {child.pid}, dying on {rtype}", file=sys.stderr, flush=True)
            return 6
        if kind == "huge" and hit and "view" in response:
            response["view"]["battlefield"] = [_permanent(i) for i in range(50_000)]
        if kind == "bad-phase" and hit and (view := response.get("view", response.get("view_changes"))) is not None:
            view["phase"] = "teatime"
        if kind == "pass-unasked" and hit and "events" in response:
            response["passed"] = {"player": "Bob", "events": 0}
        if kind == "pass-late" and hit and "passed" in response:
            response["passed"]["events"] = len(response["events"])
        if kind == "pass-early" and hit and "passed" in response:
            response["passed"]["events"] = 0
        if kind == "pass-other" and hit and "passed" in response:
            response["passed"]["player"] = "Alice"
        if rtype == "hello" and kind == "refuse-hello" and _armed(once):
            response = {"id": request["id"], "type": "error", "error": {"kind": "unsupported", "message": "not now"}}
        if rtype == "bye" and kind == "refuse-bye":
            response = {"id": request["id"], "type": "error", "error": {"kind": "unsupported", "message": "no bye"}}
        if rtype == "hello" and kind == "changes-unagreed":
            response["features"] = ["state_in_answers", "then_pass"]
        if rtype == "hello" and kind == "no-effects":
            del response["effects"]
        if rtype == "hello" and kind == "no-editions":
            response["editions"] = []
        if rtype == "hello" and kind == "lie-protocol":
            response["protocol"] = 2
        if rtype == "hello" and kind == "lie-editions":
            response["editions"] = [*response["editions"], "alpha"]
        sys.stdout.write(json.dumps(response) + "\n")
        sys.stdout.flush()
        if not going_on:
            break
        if kind == "deaf":
            time.sleep(3600)
    return 0


def _permanent(i: int) -> dict[str, object]:
    return {
        "id": f"p{i}",
        "name": "Grizzly Bears",
        "controller": "Alice",
        "owner": "Alice",
        "tapped": False,
        "damage": 0,
        "phased_out": False,
        "summoning_sick": False,
        "power": 2,
        "toughness": 2,
    }


def _armed(once: Path | None) -> bool:
    if once is None:
        return True
    if once.exists():
        return False
    once.touch()
    return True


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
