"""Judging a run: the results, the reports made of them, the expectations gate and the diff.

May import :mod:`checker.contract` only: a report can be read, compared and gated without
an engine or a test runner.
"""
