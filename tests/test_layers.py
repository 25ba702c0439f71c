"""The floors hold: imports point down, never round, and the product never reaches into tests.

Read from the source (every ``import``/``from … import`` in every module, ``TYPE_CHECKING``
blocks included: a circle of types is still a circle), so a move that breaks a floor fails
here before a reviewer has to notice it.
"""

from __future__ import annotations

import ast
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
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = (
        module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    )
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
