"""Turning the interface's dataclasses into JSON values and back.

Each type gets its converters built once, from its type hints and from its definition in the
protocol schema (``GameView`` from ``game_view``, ``PassPriority`` from ``action_pass_priority``):
a decoder checks shapes and, always, what the schema says of each value that is cheap to check
— the names of the vocabulary (phases, steps, decisions, event kinds, editions), the bounds
of numbers, and the fields of each object, at every level (a field a dataclass doesn't have is
refused, naming the closest it has: ignored, a misspelt optional field would read as absent) —
and raises :class:`DecodeError` naming the path. The rest of the schema (an event's detail keys
by kind, for one) is checked only when messages are validated in full. Where it can, msgspec
checks and builds the value in C (``msgspec.convert``, against a mirror of the type that says
those checks in its terms); what it refuses is decoded the codec's own way, which says what is
wrong (:func:`.decoding._fast`).

Actions carry a ``type`` tag (``pass_priority``, ``cast_spell``, ...) so that one field can
hold any of them.

A view can also travel as its changes since the last one (the protocol's ``view_changes``):
:func:`changes` writes them from the JSON texts of two views (:func:`texts`), :func:`decode_changes`
applies them to the view decoded before, decoding only what changed.

A message the wire reads often (an answer to an action: its events and view) can be read straight
from its text into these types (:func:`message_reader`), with the same checks; whatever that read
doesn't take in every respect is read as JSON and decoded as above, which says what is wrong. Such
a reader reads each field's text once, and gives the value it read for the same text again.
A start request can be read with its lists of cards left as their text (:func:`raw_reader`), which
decoding reads only the first time it meets that text.

Its modules, each importing only those before it: :mod:`.shapes` (what the codec knows of a type:
hints, schema definition, bounds, action tags; the error), :mod:`.encoding`, :mod:`.mirrors`
(the types msgspec checks values against), :mod:`.decoding`, :mod:`.view_changes` (views as their changes)
and :mod:`.messages` (messages read from their text). Besides each other they import msgspec and
``checker.contract``'s interface, protocol and documents, nothing else of the project. The codec's
API is what this module exports; a name with a leading underscore is the package's own, which its
modules share with each other (:func:`.shapes._hints`, :func:`.shapes._once_per_type`), and no
other module of the checker imports (``tests/test_layout.py``; a test of the codec may).
"""

from checker.contract.codec.decoding import decode
from checker.contract.codec.encoding import encode, encode_text
from checker.contract.codec.messages import Changes, Reader, apply_changes, message_reader, raw_reader
from checker.contract.codec.shapes import ACTION_TYPES, JSON, DecodeError
from checker.contract.codec.view_changes import Texts, Written, changes, decode_changes, texts, whole

__all__ = [
    "ACTION_TYPES",
    "JSON",
    "Changes",
    "DecodeError",
    "Reader",
    "Texts",
    "Written",
    "apply_changes",
    "changes",
    "decode",
    "decode_changes",
    "encode",
    "encode_text",
    "message_reader",
    "raw_reader",
    "texts",
    "whole",
]
