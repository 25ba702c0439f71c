"""Every Bot API call checked against the checked-in spec (``bot_api_spec.json``): the method,
its parameters' names, types and required ones, lengths after entity parsing, HTML tags and
their nesting, callback data bytes. A call Telegram would refuse is refused here with
Telegram's description, so the test that made it fails.

``check_call(method, params, files)`` returns the parameters decoded from the wire (strings,
JSON for objects and arrays) as the method's handler wants them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from html.parser import HTMLParser
from importlib import resources
from typing import Any, Final

JSONDict = dict[str, Any]
Spec = Mapping[str, Any]


class ApiError(Exception):
    """A Bot API refusal: Telegram's error code and description."""

    def __init__(self, code: int, description: str, parameters: JSONDict | None = None) -> None:
        super().__init__(description)
        self.code = code
        self.description = description
        self.parameters = parameters  # ResponseParameters (migrate_to_chat_id …)

    def body(self) -> JSONDict:
        """The refusal as Telegram answers it."""
        found: JSONDict = {"ok": False, "error_code": self.code, "description": self.description}
        if self.parameters:
            found["parameters"] = self.parameters
        return found


def bad_request(description: str) -> ApiError:
    return ApiError(400, f"Bad Request: {description}")


@cache
def spec() -> Spec:
    """The spec file, read once."""
    text = resources.files("bot.console").joinpath("bot_api_spec.json").read_text("utf-8")
    loaded: Spec = json.loads(text)
    return loaded


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


@dataclass(frozen=True)
class _Shape:
    """A method's parameters or an object's fields, with what a check asks of them at hand."""

    where: str
    fields: Mapping[str, Spec]
    required: tuple[str, ...]
    one_of: tuple[frozenset[str], ...]


@cache
def _shape(section: str, name: str) -> _Shape | None:
    """The shape of a method (section "methods") or a type ("types"); None if not described."""
    described = spec()[section].get(name)
    if described is None or described.get("opaque"):
        return None
    fields = described["params" if section == "methods" else "fields"]
    required = tuple(field_name for field_name, field in fields.items() if field.get("required"))
    one_of = tuple(frozenset(group) for group in described.get("one_of", ()))
    return _Shape(name, fields, required, one_of)


def check_call(method: str, params: Mapping[str, Any], files: Mapping[str, Any]) -> JSONDict:
    """The parameters of a call the spec allows, decoded; ApiError for anything else."""
    shape = _shape("methods", method)
    if shape is None:
        raise ApiError(404, "Not Found: method not found")
    fields = shape.fields
    given = {**{name: None for name in files}, **params}
    values = _fields(given, shape)
    for name, value in values.items():
        formatted_by = fields[name].get("formatted_by")
        mode = values.get(formatted_by) if formatted_by else None
        # Markdown is not parsed here (the bot writes HTML): its length is left unchecked.
        if formatted_by is not None and isinstance(value, str) and mode in (None, "HTML"):
            _length(fields[name], parse_html(value)[0] if mode == "HTML" else value, name)
    return {name: value for name, value in values.items() if name not in files}


def _fields(given: Mapping[str, Any], shape: _Shape) -> JSONDict:
    """An object's or a call's fields checked against their shape, decoded."""
    where, fields = shape.where, shape.fields
    unknown = given.keys() - fields.keys()
    if unknown:
        raise bad_request(f"{where}: unknown parameter {min(unknown)!r} (Telegram ignores it)")
    missing = [name for name in shape.required if name not in given]
    if missing:
        raise bad_request(f"{where}: parameter {missing[0]!r} is required")
    if shape.one_of:
        chosen = [group for group in shape.one_of if not group.isdisjoint(given)]
        if len(chosen) != 1 or not chosen[0] <= given.keys():
            groups = " / ".join(",".join(sorted(group)) for group in shape.one_of)
            raise bad_request(f"{where}: give exactly one of {groups}")
    decoded: JSONDict = {}
    for name, value in given.items():
        field = fields[name]
        decoded[name] = value if value is None else _value(value, field["type"], f"{name}")
        if value is not None:
            _limits(field, decoded[name], name)
    return decoded


def _value(value: Any, kind: str, name: str) -> Any:
    """``value`` (a wire string or already decoded) as a value of the spec's ``kind``."""
    alternatives = kind.split(" or ")
    for alternative in alternatives:
        try:
            return _one(value, alternative, name)
        except _WrongType:
            continue
    raise bad_request(f"parameter {name!r} must be {kind}, not {str(value)[:40]!r}")


class _WrongType(Exception):
    pass


_INTEGER: Final = re.compile(r"-?\d+")


def _one(value: Any, kind: str, name: str) -> Any:
    if kind.startswith("Array of "):
        items = _json(value)
        if not isinstance(items, list):
            raise _WrongType
        return [_value(item, kind.removeprefix("Array of "), name) for item in items]
    scalar = _SCALARS.get(kind)
    return _object(value, kind, name) if scalar is None else scalar(value)


def _integer(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and _INTEGER.fullmatch(value):
        return int(value)
    raise _WrongType


def _float(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        raise _WrongType from None


def _boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if value in ("true", "false"):
        return bool(value == "true")
    raise _WrongType


def _string(value: Any) -> str:
    if not isinstance(value, str):
        raise _WrongType
    return value


def _upload(value: Any) -> None:
    raise _WrongType  # an upload comes as a file part, never as a value


_SCALARS: Final[Mapping[str, Callable[[Any], Any]]] = {
    "Integer": _integer,
    "Float": _float,
    "Boolean": _boolean,
    "String": _string,
    "InputFile": _upload,
}


def _object(value: Any, kind: str, name: str) -> Any:
    if kind not in spec()["types"]:
        raise AssertionError(f"bot_api_spec.json names type {kind!r} without describing it")
    found = _json(value)
    if not isinstance(found, dict):
        raise _WrongType
    shape = _shape("types", kind)
    return found if shape is None else _fields(found, shape)


def _json(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    try:
        return json.loads(value)
    except ValueError:
        raise _WrongType from None


def _limits(field: Spec, value: Any, name: str) -> None:
    if "enum" in field and value not in field["enum"]:
        raise bad_request(f"parameter {name!r}: {value!r} is not one of {field['enum']}")
    if "pattern" in field and not re.fullmatch(field["pattern"], value):
        raise bad_request(f"parameter {name!r}: {value!r} does not match {field['pattern']}")
    if "range" in field:
        low, high = field["range"]
        if value < low or (high is not None and value > high):
            raise bad_request(f"parameter {name!r}: {value} is out of {low}-{high}")
    if "items" in field:
        low, high = field["items"]
        if not low <= len(value) <= high:
            raise bad_request(f"parameter {name!r}: {len(value)} items, not {low}-{high}")
    if "bytes" in field:
        _bounded(field, len(value.encode()), len(value.encode()), field["bytes"], name)
    if "length" in field and "formatted_by" not in field:
        _length(field, value, name)


def _length(field: Spec, text: str, name: str) -> None:
    """A text's length in UTF-16 units; its minimum counts it trimmed, as Telegram trims."""
    _bounded(field, utf16_len(text.strip()), utf16_len(text), field["length"], name)


def _bounded(field: Spec, shortest: int, size: int, bounds: list[int], name: str) -> None:
    refusals = field.get("refusals", {})
    low, high = bounds
    if shortest < low:
        raise bad_request(refusals.get("short", f"parameter {name!r} is shorter than {low}"))
    if size > high:
        raise bad_request(refusals.get("long", f"parameter {name!r} is longer than {high}"))


@dataclass(frozen=True)
class _HtmlRules:
    tags: Mapping[str, str]  # tag → entity kind
    attributes: Mapping[str, Mapping[str, str | None]]  # tag → attribute → value (None: any)
    contain_nothing: frozenset[str]
    allowed_inside: frozenset[tuple[str, str]]  # (parent, child) exceptions to the above
    not_inside_itself: frozenset[str]


@cache
def _html_rules() -> _HtmlRules:
    html = spec()["html"]
    nesting = html["nesting"]
    return _HtmlRules(
        html["tags"],
        html["required_attributes"],
        frozenset(nesting["contain_nothing"]),
        frozenset((parent, child) for parent, child in nesting["except"]),
        frozenset(nesting["not_inside_itself"]),
    )


class _HtmlToEntities(HTMLParser):
    """Telegram's HTML parse mode: the visible text and its entities (UTF-16 offsets); the
    spec's tags, their required attributes and nesting."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self._parts: list[str] = []
        self._units = 0  # UTF-16 units of the text so far: where the next entity starts
        self.entities: list[JSONDict] = []
        self._open: list[tuple[str, int, JSONDict]] = []
        self._kinds: list[str] = []  # the entity kinds open, outermost first
        self._opened = 0
        self._rules = _html_rules()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        rules = self._rules
        kind = rules.tags.get(tag)
        if kind is None:
            raise _unparsable(f'unsupported start tag "{tag}"')
        given = dict(attrs) if attrs else {}
        for attribute, wanted in rules.attributes.get(tag, {}).items():
            if not given.get(attribute) or wanted not in (None, given[attribute]):
                raise _unparsable(f'tag "{tag}" must have attribute {attribute}')
        self._check_nesting(kind)
        extra: JSONDict = {"url": given.get("href") or ""} if kind == "text_link" else {}
        self._opened += 1
        self._open.append((tag, self._units, {"type": kind, **extra, "_order": self._opened}))
        self._kinds.append(kind)

    def _check_nesting(self, kind: str) -> None:
        if not self._kinds:
            return
        rules, parent = self._rules, self._kinds[-1]
        if parent in rules.contain_nothing and (parent, kind) not in rules.allowed_inside:
            raise _unparsable(f"{kind} can't be inside {parent}")
        if kind in rules.not_inside_itself and kind in self._kinds:
            raise _unparsable(f"{kind} can't be nested")

    def handle_endtag(self, tag: str) -> None:
        if not self._open or self._open[-1][0] != tag:
            raise _unparsable(f'unexpected end tag "{tag}"')
        _, start, entity = self._open.pop()
        self._kinds.pop()
        length = self._units - start
        if length:
            self.entities.append({**entity, "offset": start, "length": length})

    def handle_data(self, data: str) -> None:
        self._parts.append(data)
        self._units += len(data.encode("utf-16-le")) >> 1  # utf16_len, inlined: called often

    def result(self) -> tuple[str, list[JSONDict]]:
        if self._open:
            raise _unparsable(f'unclosed tag "{self._open[-1][0]}"')
        ordered = sorted(self.entities, key=lambda e: (e["offset"], -e["length"], e["_order"]))
        return "".join(self._parts), [
            {k: v for k, v in e.items() if k != "_order"} for e in ordered
        ]


def _unparsable(why: str) -> ApiError:
    return bad_request(f"can't parse entities: {why}")


def parse_html(text: str) -> tuple[str, list[JSONDict]]:
    """Telegram's HTML parse mode: the text as shown and its entities (fresh copies)."""
    shown, entities = _parsed(text)
    return shown, [dict(entity) for entity in entities]


@lru_cache(maxsize=16)
def _parsed(text: str) -> tuple[str, tuple[JSONDict, ...]]:
    """The check and the method's handler parse the same text: once is enough."""
    parser = _HtmlToEntities()
    parser.feed(text)
    parser.close()
    shown, entities = parser.result()
    return shown, tuple(entities)
