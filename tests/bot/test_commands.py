"""One declaration per command (bot.commands): handler, menu line, help mention and plain-text
verbs are tied to the declarations beside the handlers; a missing one fails here."""

from __future__ import annotations

from pathlib import Path

import pytest
from telegram.ext import CommandHandler

from bot.app import DECLARED_COMMANDS, build_application
from bot.commands import Command, checked_commands, declared_verbs, menu
from bot.config import Config
from bot.grammar import TEXT_VERBS
from bot.i18n import CATALOG, HELP, LANGS

MENU = [c for c in DECLARED_COMMANDS if c.in_menu]


def test_every_declared_command_has_its_registered_handler(tmp_path: Path) -> None:
    app = build_application(
        Config(token="123:TEST", database_path=str(tmp_path / "m.db")), rate_limiter=None
    )
    registered = {
        name
        for handler in app.handlers[0]
        if isinstance(handler, CommandHandler)
        for name in handler.commands
    }
    assert registered == {c.name for c in DECLARED_COMMANDS}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("command", MENU, ids=[c.name for c in MENU])
def test_every_menu_command_has_its_menu_line_and_a_help_mention(
    command: Command, lang: str
) -> None:
    assert f"menu_{command.name}" in CATALOG, "add menu_<name> to bot/i18n.py's CATALOG"
    line = dict(menu(DECLARED_COMMANDS, lang))[command.name]
    assert line.strip()
    if command.name != "help":  # /help's own line is its menu line
        assert f"/{command.name}" in HELP[lang], f"/help ({lang}) omits /{command.name}"


def test_the_grammar_verbs_are_the_declared_verbs() -> None:
    """The grammar's floor holds TEXT_VERBS (it reads lines below every handler); each of its
    verbs runs a declared command and each declared verb is there."""
    assert dict(TEXT_VERBS) == dict(declared_verbs(DECLARED_COMMANDS))


def test_no_menu_line_is_left_without_its_command() -> None:
    names = {c.name for c in MENU}
    orphans = [k for k in CATALOG if k.startswith("menu_") and k[len("menu_") :] not in names]
    assert orphans == []


async def _noop(*_: object) -> None:
    return None


@pytest.mark.parametrize(
    "commands",
    [
        pytest.param((Command("a", _noop), Command("a", _noop)), id="one-name-twice"),
        pytest.param(
            (Command("a", _noop, verbs=("胡",)), Command("b", _noop, verbs=("胡",))),
            id="one-verb-twice",
        ),
    ],
)
def test_two_declarations_of_one_name_or_verb_are_refused(commands: tuple[Command, ...]) -> None:
    with pytest.raises(ValueError, match="one name or one verb"):
        checked_commands(commands)
