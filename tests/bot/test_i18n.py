"""The catalog: both languages say the same things with the same values."""

from __future__ import annotations

import re
import string

import pytest

from bot.i18n import CATALOG, HELP, t


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(CATALOG), ids=sorted(CATALOG))
def test_both_languages_take_the_same_values(key: str) -> None:
    zh, en = CATALOG[key]
    assert _fields(zh) == _fields(en)


def test_values_are_escaped_unless_marked_html() -> None:
    assert t("joined", "zh", name="<b>x</b>&", seat="东") == "&lt;b&gt;x&lt;/b&gt;&amp; 坐东位"


def test_help_names_the_same_commands_in_both_languages() -> None:
    def commands(text: str) -> set[str]:
        return set(re.findall(r"/([a-z]+)", text))

    assert commands(HELP["zh"]) == commands(HELP["en"])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_help_says_the_slash_may_go(lang: str) -> None:
    assert "胡 " in HELP[lang].splitlines()[-1]
