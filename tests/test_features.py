"""Every scenario of features/, against the engine chosen with --engine (default: reference)."""

from checker.running.test_conformance import *  # noqa: F403
