"""The wire protocol: JSON lines between the suite and an engine in another process.

``schemas/protocol.schema.json`` defines every message; ``docs/protocol.md`` walks an
implementer through it. :mod:`.client` drives an engine process as an adapter,
:mod:`.server` serves any Python adapter over stdin and stdout.
"""

PROTOCOL_VERSION = 1
