"""The wire protocol's two ends: :mod:`.client` drives an engine process as an adapter,
:mod:`.server` serves any Python adapter over stdin and stdout. The messages themselves are
defined in :mod:`checker.contract.protocol`.
"""
