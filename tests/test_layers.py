"""The floors hold: imports point down, never round, and the product never reaches into tests.

Read from the source (every ``import``/``from … import`` in every module, function-level ones
and ``TYPE_CHECKING`` blocks included: a circle of types is still a circle), so a move that
breaks a floor fails here before a reviewer has to notice it. bot/'s floors are the one list
in ``bot/floors.toml``; ``docs/architecture.md`` draws the same list (checked below).
"""

from __future__ import annotations

import ast
import re
import textwrap
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ("bot", "scoring", "storage")
COMPOSITION_ROOT = "bot.app"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(*packages: str) -> Iterator[Path]:
    for package in packages:
        yield from sorted((ROOT / package).rglob("*.py"))


@cache
def imports_of(path: Path) -> frozenset[str]:
    """Every module ``path`` names in an import, resolved to an absolute dotted name."""
    package = (
        module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    )
    return imports_in(path.read_text(encoding="utf-8"), package)


def imports_in(text: str, package: str) -> frozenset[str]:
    """Every module a module's ``text`` names in an import (``package`` anchors the relative
    ones): at any depth, so a function's or a TYPE_CHECKING block's import counts too."""
    tree = ast.parse(text)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            # ``from bot import handlers`` names the module bot.handlers
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return frozenset(found)


def product_modules() -> dict[str, Path]:
    return {module_name(path): path for path in modules(*PRODUCT)}


def test_only_the_composition_root_imports_the_handlers() -> None:
    offenders = [
        f"{name} imports {target}"
        for name, path in product_modules().items()
        if not name.startswith(("bot.handlers", COMPOSITION_ROOT))
        for target in imports_of(path)
        if target == "bot.handlers" or target.startswith("bot.handlers.")
    ]
    assert not offenders, "\n".join(offenders)


@pytest.mark.parametrize(
    ("package", "forbidden"), [("scoring", ("bot", "storage")), ("storage", ("bot", "telegram"))]
)
def test_the_lower_packages_import_nothing_above_them(
    package: str, forbidden: tuple[str, ...]
) -> None:
    offenders = [
        f"{module_name(path)} imports {target}"
        for path in modules(package)
        for target in imports_of(path)
        if target.split(".")[0] in forbidden
    ]
    assert not offenders, "\n".join(offenders)


@pytest.mark.parametrize("package", [*PRODUCT, "benchmarks"])
def test_no_product_or_benchmark_module_imports_the_tests(package: str) -> None:
    offenders = [
        f"{module_name(path)} imports {target}"
        for path in modules(package)
        for target in imports_of(path)
        if target.split(".")[0] == "tests"
    ]
    assert not offenders, "\n".join(offenders)


def import_graph() -> dict[str, set[str]]:
    """Module → the product modules it imports (a package's import names its ``__init__``)."""
    known = product_modules()
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        graph[name] = {target for target in imports_of(path) if target in known and target != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_circles_types_included() -> None:
    # A package's __init__ re-exporting its own modules is not a circle of design.
    graph = {
        name: {t for t in targets if not (name.startswith(t + ".") and is_package(t))}
        for name, targets in import_graph().items()
    }
    assert circles(graph) == []


def is_package(name: str) -> bool:
    return (ROOT / name.replace(".", "/") / "__init__.py").exists()


def test_the_circle_finder_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


# --- bot/'s floors: rooms (a folder of bot/, or a module at its root) import down, never round

FLOORS_FILE = ROOT / "bot" / "floors.toml"
ARCHITECTURE = ROOT / "docs" / "architecture.md"
BLOCK = re.compile(r"<!-- floors: begin -->\n```\n(.*?)```\n<!-- floors: end -->", re.S)


@cache
def floors() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(name, rooms) top first, as ``bot/floors.toml`` lists them."""
    listed = tomllib.loads(FLOORS_FILE.read_text(encoding="utf-8"))["floor"]
    return tuple((floor["name"], tuple(floor["rooms"])) for floor in listed)


def floor_of() -> dict[str, int]:
    """Room → its floor's height (the bottom floor is 0)."""
    listed = floors()
    return {room: len(listed) - 1 - at for at, (_, rooms) in enumerate(listed) for room in rooms}


def room_of(module: str) -> str | None:
    """bot.handlers.tap → bot.handlers, bot.app → bot.app; None outside bot/."""
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "bot" else None


def room_graph(graph: dict[str, set[str]]) -> dict[str, dict[str, list[str]]]:
    """Room → the rooms it imports → the module imports that make each arrow."""
    rooms: dict[str, dict[str, list[str]]] = {}
    for module, targets in graph.items():
        source = room_of(module)
        if source is None:
            continue
        arrows = rooms.setdefault(source, {})
        for target in targets:
            aimed = room_of(target)
            # the package's own __init__ ("bot") is its name, not a room above anyone
            if aimed is not None and aimed not in (source, "bot"):
                arrows.setdefault(aimed, []).append(f"{module} imports {target}")
    return rooms


def up_the_floors(graph: dict[str, set[str]], height: dict[str, int]) -> list[str]:
    """Every import that runs from a room to a room on a floor above it."""
    return [
        because
        for source, arrows in sorted(room_graph(graph).items())
        for target, reasons in sorted(arrows.items())
        if height[target] > height[source]
        for because in sorted(reasons)
    ]


def test_every_room_of_bot_is_on_one_floor() -> None:
    listed = [room for _, rooms in floors() for room in rooms]
    present = {room_of(name) for name in product_modules() if name.startswith("bot")}
    assert sorted(listed) == sorted(set(listed)), "a room on two floors"
    assert sorted(present - set(listed)) == [], "rooms on no floor: add them to bot/floors.toml"
    assert sorted(set(listed) - present) == [], "floors name rooms that are gone"


def test_no_room_imports_a_room_on_a_floor_above_it() -> None:
    assert up_the_floors(import_graph(), floor_of()) == []


def test_no_rooms_import_each_other_round_a_circle() -> None:
    rooms = {room: set(arrows) for room, arrows in room_graph(import_graph()).items()}
    assert circles(rooms) == []


PLANTED = [
    pytest.param("bot.text_limits", "from bot.handlers.hands import undo\n", id="module-level"),
    pytest.param(
        "bot.table.seated",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bot.app import ANY_APP\n",
        id="type-checking",
    ),
    pytest.param(
        "bot.transport.inbox",
        "def later():\n    from bot.recording import writes\n    return writes\n",
        id="function-level",
    ),
    pytest.param("bot.replies.hand", "from ..webapp import links\n", id="relative"),
]


@pytest.mark.parametrize(("module", "text"), PLANTED)
def test_the_floors_test_catches_a_planted_back_import(module: str, text: str) -> None:
    """The module's imports as the tree has them plus the planted text's (the tree is not
    touched): the floors test names the planted import."""
    graph = import_graph()
    assert module in graph
    known = product_modules()
    planted = {t for t in imports_in(text, module.rpartition(".")[0]) if t in known}
    assert planted, "the planted text names a module of the product"
    graph = {**graph, module: graph[module] | planted}
    offenders = up_the_floors(graph, floor_of())
    assert offenders and all(line.startswith(f"{module} imports ") for line in offenders)


def test_the_circle_test_catches_a_planted_room_circle() -> None:
    graph = import_graph()
    graph = {**graph, "bot.table.seated": graph["bot.table.seated"] | {"bot.replies.hand"}}
    rooms = {room: set(arrows) for room, arrows in room_graph(graph).items()}
    assert ["bot.replies", "bot.table"] in circles(rooms)


def drawn_floors() -> str:
    """The floors as docs/architecture.md draws them: one line a floor, top first."""
    width = max(len(name) for name, _ in floors()) + 2
    lines = []
    for name, rooms in floors():
        paths = []
        for room in rooms:
            folder = ROOT / room.replace(".", "/")
            path = room.replace(".", "/")
            if room == "bot":
                paths.append("bot/__init__.py")
            else:
                paths.append(f"{path}/" if folder.is_dir() else f"{path}.py")
        lines.extend(
            textwrap.wrap(
                " · ".join(paths),
                width=100,
                initial_indent=f"{name:<{width}}",
                subsequent_indent=" " * width,
                break_on_hyphens=False,
            )
        )
    return "\n".join(lines) + "\n"


def test_the_architecture_doc_draws_the_floors_list() -> None:
    found = BLOCK.search(ARCHITECTURE.read_text(encoding="utf-8"))
    assert found is not None, "docs/architecture.md lost its floors block markers"
    assert found.group(1) == drawn_floors(), "paste this block:\n" + drawn_floors()
