"""Choosing among legal actions as players think: by the words and coordinates of their
sentences, not by an index.

A person answering a decision types what they mean — a destination square and a facing
(``12,7 N``), a name (``adler``), a word (``attack``) — and :func:`match` finds the legal
actions whose labels (:class:`~aerodrome.engine.capabilities.ChoiceLabel`, said as one sentence by
:func:`spoken`) hold every word typed. A number still chooses by the list's numbering.
:func:`group` lays a long list out by the labels' paths: a heading per group
(``Spad 1 …``), and the choices of the innermost group on one line (``to 15,2  1 facing N
· 2 facing S · 3 facing W``).

Nothing here knows a ruleset: it reads labels. The terminal (:mod:`aerodrome.ui.cli.prompt`)
and any other front end (the browser table) can use it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from aerodrome.engine.capabilities import ChoiceLabel

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
#: The choices of one innermost group share a line when it stays this short.
LINE_WIDTH = 80

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
def spoken(label: ChoiceLabel) -> str:
    """A choice label as one sentence (its path, then its text): what matching reads."""
    return " ".join((*label.path, label.text)) if label.path else label.text


@dataclass(frozen=True)
class Line:
    """One line of a laid-out list.

    - a heading (``items`` empty): a group of the choices after it (``header``: its name);
    - choices: ``items`` holds ``(number, text)`` pairs, said after ``header`` (the innermost
      group they share, if any): ``to 15,2  1 facing N · 2 facing E``.

    ``indent`` is the depth of the line's group (0: outermost).
    """

    header: str
    items: tuple[tuple[int, str], ...]
    indent: int = 0

    def texts(self) -> list[tuple[int, str]]:
        """The choices of the line with their text (the line's header before it)."""
        if not self.header:
            return list(self.items)
        return [(n, f"{self.header} {text}") for n, text in self.items]


def group(numbered: Sequence[tuple[int, ChoiceLabel]], *, merge: bool = True) -> list[Line]:
    """``(number, label)`` choices laid out in few lines, in their order, by their labels'
    paths: a group of several choices gets a heading line (indented by its depth) and its
    choices under it; choices sharing their whole path share a line when their texts are
    alike and the line stays short (:func:`_alike`; unless not ``merge``: a line per choice,
    each saying the innermost group); a choice alone in its group says its remaining path on
    its line."""
    lines: list[Line] = []
    _lay_out(list(numbered), 0, merge, lines)
    return lines


def _alike(header: str, items: Sequence[tuple[int, str]]) -> bool:
    """Whether choices may share a line: texts of as many words each (``facing N``,
    ``facing E``) making a short line (:data:`LINE_WIDTH`)."""
    sizes = {len(text.split()) for _, text in items}
    return len(sizes) == 1 and len(header) + sum(len(t) + 6 for _, t in items) <= LINE_WIDTH


def _lay_out(
    numbered: list[tuple[int, ChoiceLabel]], depth: int, merge: bool, lines: list[Line]
) -> None:
    i = 0
    while i < len(numbered):
        label = numbered[i][1]
        if len(label.path) <= depth:  # a choice of this level
            lines.append(Line("", ((numbered[i][0], label.text),), depth))
            i += 1
            continue
        key = label.path[depth]
        j = i + 1
        while (
            j < len(numbered)
            and len(numbered[j][1].path) > depth
            and numbered[j][1].path[depth] == key
        ):
            j += 1
        run = numbered[i:j]
        if len(run) == 1:
            n, only = run[0]
            lines.append(Line(" ".join(only.path[depth:]), ((n, only.text),), depth))
        elif all(len(lab.path) == depth + 1 for _, lab in run):  # the innermost group
            items = tuple((n, lab.text) for n, lab in run)
            if not merge:
                lines.extend(Line(key, (item,), depth) for item in items)
            elif _alike(key, items):
                lines.append(Line(key, items, depth))
            else:
                lines.append(Line(key, (), depth))
                lines.extend(Line("", (item,), depth + 1) for item in items)
        else:
            lines.append(Line(key, (), depth))
            _lay_out(run, depth + 1, merge, lines)
        i = j
