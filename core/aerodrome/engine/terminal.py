"""Text that may reach a terminal: which characters are unsafe there, how to refuse them in
what a user gives and how to escape them in what is printed.

A string from a file (a flyer id, a crew name, a setup name, a squadron name) could hold
escape sequences: ``ESC [ 2 J`` clears the screen, ``ESC ] 8 ; ; URL`` (OSC 8) makes a
link, a C1 control (``\\x9b``) starts the same sequences in one byte, and a bidi override
such as U+202E (RIGHT-TO-LEFT OVERRIDE) makes ``exe.txt`` read as ``txt.exe``. So:

- at input, every string of a user file (keys and values) is refused if it holds one
  (:func:`find_unsafe`, used by :func:`aerodrome.engine.specs.read_mapping`), and a name never
  holds one, nor a line break (:data:`NAME_PATTERN`, for msgspec name types);
- at output, every text is escaped (:func:`escape`: ``\\x1b``, ``\\u202e``) before it
  reaches the terminal (``aerodrome.ui.cli.output``), so a string that came another way
  (a results file, a plugin) cannot send a sequence either.
"""

from __future__ import annotations

import re

#: Bidirectional-text controls: ALM, LRM, RLM, the embeddings and overrides (LRE, RLE, PDF,
#: LRO, RLO) and the isolates (LRI, RLI, FSI, PDI).
BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
#: C0 controls but tab, line feed and carriage return; DEL; C1 controls; bidi controls.
_UNSAFE_IN_TEXT = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f{BIDI}]")
#: What is escaped on output: the same and carriage return (it rewrites the line shown).
_UNSAFE_ON_SCREEN = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{BIDI}]")
#: A name (of a seat, a flyer, a squadron, a pilot): no control character at all, no line
#: break, no bidi control. For ``msgspec.Meta(pattern=NAME_PATTERN)``.
NAME_PATTERN = f"^[^\x00-\x1f\x7f-\x9f{BIDI}]*$"
_UNSAFE_IN_NAME = re.compile(f"[\x00-\x1f\x7f-\x9f{BIDI}]")


def _code(char: str) -> str:
    n = ord(char)
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}"


def escape(text: str) -> str:
    """``text`` with every character unsafe on a terminal written as an escape (``\\x1b``,
    ``\\u202e``); tabs and line breaks are kept."""
    return _UNSAFE_ON_SCREEN.sub(lambda m: _code(m.group()), text)


#: What JSON output escapes beyond what every JSON encoder does (C0 controls): DEL, C1
#: controls and bidi controls, legal raw in a JSON string but not on a terminal.
_UNSAFE_IN_JSON = re.compile(f"[\x7f-\x9f{BIDI}]")


def escape_json(text: str) -> str:
    """The JSON document ``text`` with DEL, C1 and bidi controls written as ``\\u`` escapes
    (they can only stand inside its strings, where the escape means the same character)."""
    return _UNSAFE_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def find_unsafe(text: str) -> str | None:
    """The first character of ``text`` (a text of a file) unsafe on a terminal, or None."""
    m = _UNSAFE_IN_TEXT.search(text)
    return None if m is None else m.group()


def find_unsafe_in_name(name: str) -> str | None:
    """The first character of ``name`` that a name may not hold (any control, a line break,
    a bidi control), or None."""
    m = _UNSAFE_IN_NAME.search(name)
    return None if m is None else m.group()


def describe(char: str) -> str:
    """``U+202E`` for a character, as an error message names it."""
    return f"U+{ord(char):04X}"


def check_name(name: str, where: str) -> str:
    """``name`` if it holds no control or bidi character; else a ``ValueError`` naming
    ``where`` (an option or a field) and the character."""
    bad = find_unsafe_in_name(name)
    if bad is not None:
        raise ValueError(
            f"{where}: '{escape(name)}' holds the control character {describe(bad)}; "
            "names are shown on terminals"
        )
    return name
