"""One declaration per command, beside its handler: a handlers module's ``COMMANDS`` tuple.

``bot.app`` registers every declared command in one loop; the menu Telegram shows is derived
from the declarations (the description is the catalog's ``menu_<name>``), and so is the check
of ``bot.grammar.TEXT_VERBS``: the plain-text verbs (胡 甲 自摸 → /hu) sit on the grammar's
floor, below every handler, and ``tests/bot/test_commands.py`` fails when a declared verb is
missing there or a verb there names no declared command.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from bot.context import UpdateHandler
from bot.i18n import t


@dataclass(frozen=True)
class Command:
    """``/name``: its handler, the words that run it without the slash, whether it works in a
    group only, and whether Telegram's menu lists it (``menu_<name>`` in the catalog)."""

    name: str
    handler: UpdateHandler
    verbs: tuple[str, ...] = ()
    group_only: bool = False
    in_menu: bool = True


def checked_commands(commands: Iterable[Command]) -> tuple[Command, ...]:
    """The declarations, refused at startup when two claim one name or one verb."""
    found = tuple(commands)
    names = [command.name for command in found]
    verbs = [verb for command in found for verb in command.verbs]
    if len(set(names)) != len(names) or len(set(verbs)) != len(verbs):
        raise ValueError("two commands declare one name or one verb")
    return found


def menu(commands: Sequence[Command], lang: str) -> list[tuple[str, str]]:
    """(name, description) for Telegram's command menu, in declaration order."""
    return [(c.name, t(f"menu_{c.name}", lang)) for c in commands if c.in_menu]


def declared_verbs(commands: Sequence[Command]) -> Mapping[str, str]:
    """verb → command, as the declarations give them."""
    return {verb: command.name for command in commands for verb in command.verbs}
