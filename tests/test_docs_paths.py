"""Every file, folder and Python name the docs point to exists: a reader who follows
``docs/developing.md`` or the README to ``bot/transport/inbox.py`` or
``bot.handlers.hands.score_claims`` finds it there. Moving code without its map fails here."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted([ROOT / "README.md", *ROOT.glob("docs/*.md")])
TOP = ("bot", "scoring", "storage", "tests", "rigs", "benchmarks", "docs", "deploy")
# A code span that names something of the project: a path (bot/app.py, docs/), or a dotted
# Python name (bot.app, storage.export.COLUMNS_BEFORE_TRAILER), or a path then a name
# (scoring/analysis/decompose.real_readings).
_NAMED = re.compile(rf"`((?:{'|'.join(TOP)})[/.][A-Za-z0-9_./-]*)`")


def named_in(doc: Path) -> list[str]:
    return sorted(set(_NAMED.findall(doc.read_text(encoding="utf-8"))))


def _resolves(dotted: str) -> bool:
    """Whether ``a.b.c`` is a module, or a module and attributes of it."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False


def exists(name: str) -> bool:
    """A path of the checkout, a dotted name that imports, or a ``.py`` path then names."""
    name = name.rstrip(".")
    if "/" not in name:
        return (ROOT / name).exists() or _resolves(name)
    if (ROOT / name).exists():
        return True
    module, dot, attributes = name.partition(".")
    if dot and not attributes.startswith(("py", "md", "sql", "json", "txt", "service")):
        return (ROOT / f"{module}.py").exists() and _resolves(
            f"{module.replace('/', '.')}.{attributes}"
        )
    return False


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: doc.relative_to(ROOT).as_posix())
def test_every_path_and_name_the_docs_give_exists(doc: Path) -> None:
    missing = [name for name in named_in(doc) if not exists(name)]
    assert not missing, f"{doc.name} names what is not there: {missing}"


def test_a_moved_file_is_caught() -> None:
    assert exists("bot/transport/inbox.py") and exists("bot.transport.inbox.Inbox")
    assert not exists("bot/inbox.py") and not exists("bot.transport.inbox.Outbox")
