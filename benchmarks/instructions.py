"""Benchmark: the instructions a whole certification takes, of the working tree against revisions.

    python benchmarks/instructions.py [REV ...] [--engine reference] [--part NAME ...]

Counts, with valgrind's callgrind, the machine instructions every process of ``turncheck certify
--engine reference`` executes (the command, its forked session), once on the working tree's
code and once on each revision's (checked out into a temporary git worktree), side by side, and
prints each count and its ratio to the working tree's. The revisions run at the same time, one
per processor.

Why: on a machine shared with other work the wall clock of a certification moves by 15% or more
from one run to the next, more than most changes to the code. An instruction count doesn't move
with the machine's load: the same code on the same input counts the same, to a few parts in a
thousand. It is not a time: it leaves out what the kernel does (system calls, page faults), the
processor's caches and how many instructions run per cycle; a change that trades instructions
for system calls shows here as a gain it isn't. Read it beside ``benchmarks/certify.py``.

Each run parses the feature files itself (``TURNCHECK_NO_CACHE=1``: the user's cache, which the
revisions would share, is neither read nor written) and finds Python's bytecode cached in a
directory of its own, filled by a run without valgrind before it (compiling the modules would
otherwise be most of the count). A run takes about 50 times as long as without valgrind: minutes.

Needs ``valgrind`` on the PATH and ``git``. Speed is measured here, never asserted in the tests.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: What callgrind says of each process it followed, at its end.
COLLECTED = re.compile(rb"==\d+== Collected : (\d+)")


def instructions(tree: Path, bytecode: Path, certify: list[str]) -> int:
    """The instructions of every process of one certification on ``tree``'s code."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(tree), os.environ.get("PYTHONPATH")])),
        "PYTHONPYCACHEPREFIX": str(bytecode),
        "TURNCHECK_NO_CACHE": "1",
    }
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    run = [sys.executable, "-m", "checker", "certify", "--plain", *certify]
    # A run without valgrind first, to compile the bytecode: compiling is most of a run's instructions.
    subprocess.run(run, cwd=tree, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    command = ["valgrind", "--tool=callgrind", "--trace-children=yes", "--callgrind-out-file=/dev/null", *run]
    done = subprocess.run(command, cwd=tree, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode != 0:
        raise SystemExit(
            f"the certification on {tree} failed (exit {done.returncode}):\n{done.stderr.decode()[-2000:]}"
        )
    return sum(int(n) for n in COLLECTED.findall(done.stderr))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n\n")[0])
    parser.add_argument("revisions", nargs="*", metavar="REV", help="git revisions to count against (default HEAD)")
    parser.add_argument("--engine", default="reference", help="the engine certified (default reference)")
    parser.add_argument("--part", action="append", default=[], metavar="NAME", help="only this part (repeatable)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not on the PATH: it counts the instructions", file=sys.stderr)
        return 2
    certify = ["--engine", args.engine, *(a for part in args.part for a in ("--part", part))]
    revisions = args.revisions or ["HEAD"]
    with tempfile.TemporaryDirectory(prefix="instructions-") as scratch:
        trees = {"working tree": ROOT}
        try:
            for rev in revisions:
                tree = Path(scratch) / f"rev{len(trees)}"
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), rev], check=True
                )
                trees[rev] = tree
            print(f"counting the instructions of a certification ({' '.join(certify)}) on {len(trees)} trees...")
            runs = [(tree, Path(scratch) / f"bytecode-{i}") for i, tree in enumerate(trees.values())]
            with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
                found = [pool.submit(instructions, tree, bytecode, certify) for tree, bytecode in runs]
                counts = {name: count.result() for name, count in zip(trees, found, strict=True)}
        finally:
            for tree in list(trees.values())[1:]:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
    mine = counts["working tree"]
    for name, count in counts.items():
        print(f"  {name:<14} {count / 1e6:>10,.0f} million instructions   {count / mine:.3f} of the working tree's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
