"""Finding the engine to certify from a command-line word."""

from __future__ import annotations

import importlib

from checker.interface import EngineAdapter


class EngineNotFound(ValueError):
    pass


def load_engine(spec: str) -> EngineAdapter:
    """``reference`` for the reference engine, or ``package.module:ClassName`` for an adapter."""
    if spec == "reference":
        from checker.adapters.reference import ReferenceAdapter

        return ReferenceAdapter()
    module_name, _, attr = spec.partition(":")
    if not attr:
        raise EngineNotFound(f"engine {spec!r}: use 'reference' or 'package.module:AdapterClass'")
    try:
        factory = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as exc:
        raise EngineNotFound(f"engine {spec!r}: {exc}") from exc
    try:
        engine = factory()
    except Exception as exc:  # the adapter's own failure, reported as such
        raise EngineNotFound(f"engine {spec!r} could not be created: {type(exc).__name__}: {exc}") from exc
    if not isinstance(engine, EngineAdapter):
        raise EngineNotFound(f"engine {spec!r} does not implement checker.interface.EngineAdapter")
    return engine
