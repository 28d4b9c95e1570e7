"""The text the tool reads is UTF-8: feature files, expectations files and reports, traces,
MTG Arena's log, the durations cache.

Some editors (Notepad, Visual Studio) and Windows PowerShell's ``Out-File`` begin a UTF-8 file
with a byte order mark, U+FEFF: it is no part of the text, and is dropped (left in, it would stick
to the first line, and the Gherkin keyword or JSON or log header there would not be recognized).
A file saved as UTF-16 or UTF-32 (PowerShell's ``>`` writes UTF-16) is refused with what it seems
to be and how to convert it: read as UTF-8, it is only bytes that aren't text, or text with a NUL
between every two letters.
"""

from __future__ import annotations

import codecs

#: How much of a file's beginning tells whether it is UTF-16 without its byte order mark.
HEAD_BYTES = 64 * 1024
#: The byte order marks of the other Unicode encodings (UTF-32's first: UTF-16 little-endian's is
#: the beginning of UTF-32 little-endian's).
BYTE_ORDER_MARKS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


class NotUTF8(ValueError):
    """Bytes that aren't UTF-8 text; the message says what they seem to be."""


def other_encoding(head: bytes) -> str | None:
    """ "UTF-16" or "UTF-32" where ``head``, a file's beginning, is text in one of them (by its byte
    order mark, or as UTF-16 without one: every other byte NUL); None otherwise."""
    head = head[:HEAD_BYTES]
    found = next((name for mark, name in BYTE_ORDER_MARKS if head.startswith(mark)), None)
    even, odd = head[0::2].count(0), head[1::2].count(0)
    if found is None and max(even, odd) > len(head) // 4 and min(even, odd) < len(head) // 16:
        found = "UTF-16"  # text of one byte a character, every other byte NUL
    return found


def converted(encoding: str) -> str:
    """How to make a file of ``encoding`` UTF-8."""
    return f"convert it with iconv -f {encoding} -t UTF-8"


def in_other_encoding(head: bytes) -> str | None:
    """What a file beginning with ``head`` seems to be, where it is text in another Unicode encoding
    ("it looks like UTF-16, not UTF-8: convert it with ..."); None otherwise."""
    encoding = other_encoding(head)
    return None if encoding is None else f"it looks like {encoding}, not UTF-8: {converted(encoding)}"


def utf8_text(data: bytes) -> str:
    """``data`` as text: UTF-8, a byte order mark dropped. Raises :class:`NotUTF8` saying what it
    seems to be, where it isn't UTF-8."""
    other = in_other_encoding(data)
    if other is not None:
        raise NotUTF8(other)
    unmarked = data.removeprefix(codecs.BOM_UTF8)
    try:
        return unmarked.decode("utf-8")
    except UnicodeDecodeError as exc:
        at = exc.start + len(data) - len(unmarked)  # counted from the file's beginning
        raise NotUTF8(f"not UTF-8 text: {exc.reason} at byte {at}") from None
