"""Figures in the knowledge base come from the scoring tables, never from copied text.

A placeholder is ``{ruleset-id:spec}``:

- ``{hangzhou:七对爆头}`` — the value of that row (the name exactly as the seed writes it);
- ``{huzhou-platform:放冲（有财神）/others}`` — what each of the two others pays on that row;
- ``{hangzhou:@multiplier}`` — the ruleset's money multiplier (Hangzhou's ×8);
- ``{hangzhou:@room/初级场}`` — a room's 底分; ``…/min`` and ``…/max`` its entry limits.
"""

from __future__ import annotations

import re

from scoring import rulesets

PLACEHOLDER = re.compile(r"\{([a-z-]+):([^{}]+)\}")


class PlaceholderError(ValueError):
    """A placeholder that names no ruleset, row or room."""


def lookup(ruleset_id: str, spec: str) -> int:
    """The number a placeholder stands for; ``PlaceholderError`` if there is none."""
    if ruleset_id not in rulesets.RULESETS:
        raise PlaceholderError(f"unknown ruleset {ruleset_id!r}")
    rules = rulesets.RULESETS[ruleset_id]
    if spec == "@multiplier":
        return rules.multiplier
    if spec.startswith("@room/"):
        name, _, limit = spec.removeprefix("@room/").partition("/")
        try:
            room = rules.room(name)
        except KeyError:
            raise PlaceholderError(f"{ruleset_id} has no room {name!r}") from None
        figure = {"": room.base, "min": room.min_entry, "max": room.max_entry}.get(limit)
        if figure is None:
            raise PlaceholderError(f"room {name!r} has no figure {limit!r}")
        return figure
    name, _, part = spec.partition("/")
    try:
        row = rules.row(name)
    except KeyError:
        raise PlaceholderError(f"{ruleset_id} has no row {name!r}") from None
    if part == "":
        return row.value
    if part == "others" and row.others is not None:
        return row.others
    raise PlaceholderError(f"{ruleset_id}:{name} has no figure {part!r}")


def format_number(value: int) -> str:
    """Thousands separated as the seeds write them (1,000 and 80,000)."""
    return f"{value:,}"


def resolve_text(text: str, source: str = "") -> str:
    """``text`` with every placeholder replaced by its figure."""

    def replace(match: re.Match[str]) -> str:
        try:
            return format_number(lookup(match.group(1), match.group(2)))
        except PlaceholderError as error:
            raise PlaceholderError(f"{source}: {match.group(0)}: {error}") from None

    return PLACEHOLDER.sub(replace, text)
