"""Judging a run: the results, the reports made of them, the expectations gate, the diff and the
comparison of several engines.

May import :mod:`checker.contract` only: a report can be read, compared and gated without
an engine or a test runner.
"""
