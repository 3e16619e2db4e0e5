"""Choosing among legal actions as players think: by the words and coordinates of their
sentences, not by an index.

A person answering a decision types what they mean — a destination square and a facing
(``12,7 N``), a name (``adler``), a word (``attack``) — and :func:`match` finds the legal
actions whose sentences (:meth:`aerodrome.ruleset.Ruleset.action_text`) hold every word typed.
A number still chooses by the list's numbering. :func:`group` lays a long list out in few
lines: actions that differ only in their last word share a line (``15,2 facing  1 N  2 S
3 W``), and the words every action of a run begins with are said once, as a header.

Nothing here knows a ruleset: it reads sentences. The terminal (:mod:`aerodrome.cli.prompt`)
and any other front end can use it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

#: Compass words and their abbreviations: a facing can be typed either way.
COMPASS = {
    "north": "n",
    "northeast": "ne",
    "north-east": "ne",
    "east": "e",
    "southeast": "se",
    "south-east": "se",
    "south": "s",
    "southwest": "sw",
    "south-west": "sw",
    "west": "w",
    "northwest": "nw",
    "north-west": "nw",
}
#: A word typed is matched as the beginning of a longer word only from this many letters on
#: (``lo`` finds ``low``; ``n`` is only ever ``N``); a choice holding the typed words whole
#: goes before one holding them as beginnings (``ne`` is ``NE`` before it is ``net``).
PREFIX_LETTERS = 2
#: At most this many words in the example query shown in a prompt.
EXAMPLE_WORDS = 5

_PAIR = re.compile(r"(-?\d+)\s*[,;]\s*(-?\d+)")
_LEADING_PAIR = re.compile(r"^\s*\(?\s*(-?\d+)\s+(-?\d+)\s*\)?(?=\s|$)")
_STRIP = "()[]{}:;,!?\"'“”‘’"


def words(text: str) -> list[str]:
    """The words of ``text`` as matching sees them: lower case, coordinates joined
    (``12, 7`` is ``12,7``), brackets and trailing punctuation dropped, compass words
    abbreviated; a word with a slash also counts as its parts (``pilot/bombardier``)."""
    out: list[str] = []
    for raw in _PAIR.sub(r"\1,\2", text.lower()).split():
        word = raw.strip(_STRIP).rstrip(".")
        if not word:
            continue
        word = COMPASS.get(word, word)
        out.append(word)
        if "/" in word:
            out.extend(part for part in word.split("/") if part)
    return out


def query_words(query: str) -> list[str]:
    """The words of a typed query; two numbers at its start are a coordinate (``12 7 N`` is
    ``12,7 N``)."""
    return words(_LEADING_PAIR.sub(r"\1,\2", query))


def _fits(typed: str, word: str) -> bool:
    if typed == word:
        return True
    return typed.isalpha() and len(typed) >= PREFIX_LETTERS and word.startswith(typed)


@dataclass(frozen=True)
class Match:
    """What a query found among the choices: ``found`` (indices into the choices), and
    ``unknown``: the typed words that are in no choice at all."""

    found: tuple[int, ...]
    unknown: tuple[str, ...] = ()


def _in_order(typed: Sequence[str], text: Sequence[str]) -> bool:
    """Whether the typed words come in ``text`` in the order typed."""
    k = 0
    for word in text:
        if k < len(typed) and _fits(typed[k], word):
            k += 1
    return k == len(typed)


def _plainest(
    found: Sequence[int], split: dict[int, list[str]], typed: Sequence[str]
) -> tuple[int, ...]:
    """Of choices that all hold the typed words, those saying them in the order typed; and of
    those, the one whose words every other one holds and more ("Intercept" before "Intercept
    and ram": the extra words were not typed)."""
    ordered = [i for i in found if _in_order(typed, split[i])]
    if ordered:
        found = ordered
    sets = {i: set(split[i]) for i in found}
    plain = [i for i in found if all(sets[i] < sets[j] for j in found if j != i)]
    return (plain[0],) if len(found) > 1 and len(plain) == 1 else tuple(found)


def match(query: str, texts: Sequence[str], among: Sequence[int] | None = None) -> Match:
    """The choices (indices into ``texts``, from ``among`` if given) that ``query`` means:
    the one whose whole sentence it is, else every one holding all its words (see
    :func:`_plainest` for how several are told apart)."""
    typed = query_words(query)
    pool = range(len(texts)) if among is None else among
    if not typed:
        return Match(())
    split = {i: words(texts[i]) for i in pool}
    whole = [i for i in pool if split[i] == typed]
    if len(whole) == 1:
        return Match((whole[0],))
    whole_words = tuple(i for i in pool if all(t in split[i] for t in typed))
    if whole_words:
        return Match(_plainest(whole_words, split, typed))
    found = tuple(i for i in pool if all(any(_fits(t, w) for w in split[i]) for t in typed))
    if found:
        return Match(_plainest(found, split, typed))
    everywhere = [words(t) for t in texts]
    unknown = tuple(t for t in typed if not any(_fits(t, w) for ws in everywhere for w in ws))
    return Match((), unknown)


def example(texts: Sequence[str], index: int = 0, limit: int = EXAMPLE_WORDS) -> str | None:
    """A short query that picks ``texts[index]`` alone (its rarest words first, words before
    numbers, kept in the sentence's order), or ``None`` when no few words do. Never a bare
    number: that would choose by the list's numbering. Names go before codes (``adler``
    before ``e3``) when both pick it alike."""
    if not texts:
        return None
    split = [set(words(t)) for t in texts]
    own = words(texts[index])
    counts = {w: sum(1 for s in split if w in s) for w in set(own)}
    chosen: list[str] = []
    for word in sorted(
        dict.fromkeys(own), key=lambda w: (counts[w], w.isdigit(), not w.isalpha(), own.index(w))
    ):
        if len(chosen) == limit:
            return None
        chosen.append(word)
        ordered = sorted(chosen, key=own.index)
        query = " ".join(ordered)
        if not query.isdigit() and match(query, texts).found == (index,):
            return " ".join(w.upper() if w in COMPASS.values() else w for w in ordered)
    return None


# -- laying a list out -----------------------------------------------------------------------
@dataclass(frozen=True)
class Line:
    """One line of a laid-out list.

    - a header (``items`` empty): the words the choices after it begin with, said once;
    - a choice: ``items`` holds one ``(number, sentence)``;
    - alternatives: choices whose sentences are ``header`` and one more word each;
      ``items`` holds ``(number, word)`` pairs.

    ``indent`` is 1 for the choices under a header.
    """

    header: str
    items: tuple[tuple[int, str], ...]
    indent: int = 0

    def texts(self) -> list[tuple[int, str]]:
        """The choices of the line with their sentences (without the header above them)."""
        if not self.header:
            return list(self.items)
        return [(n, f"{self.header} {word}") for n, word in self.items]


def _subject(text: str) -> str:
    """What a sentence is about: the part before its first ``": "``, else its first word."""
    head, sep, _ = text.partition(": ")
    return head if sep else text.split(" ", 1)[0]


def _common_words(texts: Sequence[str]) -> int:
    """How many leading words (split on spaces) every text shares, leaving each at least one."""
    split = [t.split(" ") for t in texts]
    n = 0
    shortest = min(len(s) for s in split) - 1
    while n < shortest and all(s[n] == split[0][n] for s in split):
        n += 1
    return n


def _runs(numbered: Sequence[tuple[int, str]], indent: int, merge: bool) -> list[Line]:
    """Lines of choices: consecutive ones differing only in their last word share a line
    (when ``merge``)."""
    lines: list[Line] = []
    i = 0
    while i < len(numbered):
        head = numbered[i][1].rpartition(" ")[0]
        j = i + 1
        if head and merge:
            while j < len(numbered) and numbered[j][1].rpartition(" ")[0] == head:
                j += 1
        if j - i > 1:
            items = tuple((n, t.rpartition(" ")[2]) for n, t in numbered[i:j])
            lines.append(Line(head, items, indent))
        else:
            lines.append(Line("", (numbered[i],), indent))
        i = j
    return lines


def group(numbered: Sequence[tuple[int, str]], *, merge: bool = True) -> list[Line]:
    """``(number, sentence)`` choices laid out in few lines, in their order: a run of three or
    more about the same subject is headed by the words they all begin with; choices that
    differ in their last word only share a line (unless not ``merge``: a line per choice)."""
    lines: list[Line] = []
    i = 0
    while i < len(numbered):
        subject = _subject(numbered[i][1])
        j = i + 1
        while j < len(numbered) and _subject(numbered[j][1]) == subject:
            j += 1
        run = numbered[i:j]
        shared = _common_words([t for _, t in run]) if len(run) >= 3 else 0
        if shared:
            split = [(n, t.split(" ")) for n, t in run]
            lines.append(Line(" ".join(split[0][1][:shared]), ()))
            lines.extend(_runs([(n, " ".join(w[shared:])) for n, w in split], 1, merge))
        else:
            lines.extend(_runs(run, 0, merge))
        i = j
    return lines
