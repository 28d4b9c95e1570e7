"""Adapters of the engines the project certifies itself, one module (or a few, split by
concern) per engine.

May import :mod:`checker.contract` and their own engine; never the suite's runner, so that
an adapter is written exactly as a third party would write one.
"""
