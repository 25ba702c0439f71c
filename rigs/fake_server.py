"""A stand-in Bot API HTTP server on 127.0.0.1, for the end-to-end tests and the benchmark.

The real PTB application points its ``base_url`` at it (TELEGRAM_API_BASE_URL) and polls
it: ``getUpdates`` long-polls a queue the test fills with ``push``; every other method is
answered by ``LocalBotApi``, which keeps what the bot sent. No network beyond loopback.

``faults`` (a ``FaultPlan``) makes it misbehave as Telegram does on a bad day, on any method:
flood control (429 with ``retry_after``), a 5xx, or a connection dropped before answering.
Updates are served as a broken or hostile server might send them too: ``push`` takes a
``RawUpdate`` (JSON text as given: nested thousands deep) and any dict (ids past 64 bits, lone
surrogates: getUpdates' answer escapes what is not ASCII, see ``updates_json``).
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final, Literal

import tornado.http1connection
import tornado.httpserver
import tornado.web

from bot.console.api_spec import check_call
from bot.console.local_api import (
    ApiError,
    LocalBotApi,
    RawUpdate,
    Sent,
    UpdateMaker,
    updates_json,
)

TOKEN: Final = "123456:LOCAL-TEST-TOKEN"
_NOT_BY_DEFAULT: Final = frozenset({"chat_member", "message_reaction", "message_reaction_count"})
FaultKind = Literal["429", "500", "502", "drop", "400"]  # 400: a refusal, never retried


@dataclass
class FaultPlan:
    """Which calls fail: ``queue`` serves given faults to a method's next calls first; ``rate``
    fails each call of a method ("*": every method) with that chance, of a random kind.
    ``injected`` counts what was served, by method and kind."""

    rate: dict[str, float] = field(default_factory=dict)
    kinds: tuple[FaultKind, ...] = ("429", "500", "502", "drop")
    retry_after: int = 1
    seed: int = 0
    queue: dict[str, list[FaultKind]] = field(default_factory=dict)
    injected: Counter[tuple[str, str]] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)

    def next(self, method: str) -> FaultKind | None:
        queued = self.queue.get(method)
        fault: FaultKind | None = queued.pop(0) if queued else None
        chance = self.rate.get(method, self.rate.get("*", 0.0))
        if fault is None and chance and self._random.random() < chance:
            fault = self._random.choice(self.kinds)
        if fault is not None:
            self.injected[(method, fault)] += 1
        return fault


class FakeBotApiServer:
    """Serves ``/bot<TOKEN>/<method>``; ``push`` queues updates, ``sent`` is what came back."""

    def __init__(self, api: LocalBotApi | None = None, token: str = TOKEN) -> None:
        self.api = api or LocalBotApi()
        self.updates = UpdateMaker(self.api)
        self.token = token
        self.port = 0
        self._queue: list[dict[str, Any] | RawUpdate] = []
        # What getUpdates delivers, as Telegram remembers the last allowed_updates it was given
        # (by default every kind but chat_member and the reaction updates).
        self.allowed_updates: frozenset[str] | None = None
        self._arrived = asyncio.Event()
        self._progress = asyncio.Event()
        self._server: tornado.httpserver.HTTPServer | None = None
        self.faults = FaultPlan()
        self.confirmed = 0  # the highest getUpdates offset seen: updates below it are gone
        self.polls = 0  # getUpdates calls so far (a bot that polls is up)
        previous = self.api.on_sent
        self.api.on_sent = lambda sent: self._on_sent(sent, previous)

    @property
    def base_url(self) -> str:
        """What TELEGRAM_API_BASE_URL should be (PTB appends the token)."""
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def sent(self) -> list[Sent]:
        return self.api.sent

    async def start(self) -> None:
        app = tornado.web.Application([(r"/bot([^/]+)/(\w+)", _MethodHandler, {"server": self})])
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        sock.listen(128)
        sock.setblocking(False)
        self.port = sock.getsockname()[1]
        self._server = tornado.httpserver.HTTPServer(app)
        self._server.add_sockets([sock])

    async def stop(self) -> None:
        if self._server is not None:
            self._server.stop()
            await self._server.close_all_connections()
            self._server = None

    def push(self, update: Any) -> Any:
        """Queue an update (a dict, or a ``RawUpdate``) for the bot's next getUpdates;
        returns it."""
        self._queue.append(update)
        self._arrived.set()
        return update

    async def wait_sent(self, count: int, timeout: float = 15.0) -> list[Sent]:
        """Wait until the bot has sent at least ``count`` things in all; returns them all."""
        async with asyncio.timeout(timeout):
            while len(self.api.sent) < count:
                self._progress.clear()
                await self._progress.wait()
        return self.api.sent

    async def get_updates(
        self, offset: int | None, timeout: float, allowed: list[str] | None = None
    ) -> list[dict[str, Any] | RawUpdate]:
        self.polls += 1
        if allowed:  # an empty list keeps the previous choice, as Telegram does
            self.allowed_updates = frozenset(allowed)
        if offset is not None:
            self.confirmed = max(self.confirmed, offset)
            self._queue = [u for u in self._queue if _update_id(u) >= offset]
        self._queue = [u for u in self._queue if self._delivered(u)]
        if not self._queue and timeout > 0:
            self._arrived.clear()
            try:
                await asyncio.wait_for(self._arrived.wait(), timeout)
            except TimeoutError:
                return []
        return list(self._queue[:100])

    def checked(self, method: str, params: dict[str, str], files: dict[str, Any]) -> dict[str, Any]:
        """A call checked against the Bot API spec (as ``LocalBotApi.call`` checks the rest)."""
        try:
            return check_call(method, params, files)
        except ApiError as refusal:
            self.api.spec_refusals.append((method, refusal))
            self.api.refusals.append((method, refusal))
            raise

    def _delivered(self, update: dict[str, Any] | RawUpdate) -> bool:
        if isinstance(update, RawUpdate):
            return True
        kinds = set(update) - {"update_id"}
        if self.allowed_updates is None:
            return not kinds & _NOT_BY_DEFAULT
        return bool(kinds & self.allowed_updates)

    def _on_sent(self, sent: Sent, previous: Any) -> None:
        self._progress.set()
        if previous is not None:
            previous(sent)


class _MethodHandler(tornado.web.RequestHandler):
    def initialize(self, server: FakeBotApiServer) -> None:
        self.server = server
        self.gone = False

    def on_connection_close(self) -> None:
        # A client that stopped polling (the bot shut down) gets no answer to its long poll.
        self.gone = True

    async def get(self, token: str, method: str) -> None:
        await self.post(token, method)

    async def post(self, token: str, method: str) -> None:
        if token != self.server.token:
            return self._reply(401, {"ok": False, "error_code": 401, "description": "Unauthorized"})
        fault = self.server.faults.next(method)
        if fault is not None:
            return self._fail(fault)
        params = {key: values[-1].decode() for key, values in self.request.body_arguments.items()}
        params.update(
            {key: values[-1].decode() for key, values in self.request.query_arguments.items()}
        )
        files = {
            key: (f[-1].filename, f[-1].body, f[-1].content_type)
            for key, f in self.request.files.items()
        }
        try:
            if method == "getUpdates":  # long-polled here, checked against the spec all the same
                checked = self.server.checked(method, params, files)
                try:
                    updates = await self.server.get_updates(
                        checked.get("offset"),
                        float(checked.get("timeout", 0)),
                        checked.get("allowed_updates"),
                    )
                except asyncio.CancelledError:
                    if self.gone:  # the poller hung up (the bot stopped): nobody to answer
                        return None
                    raise
                return self._reply_text(200, updates_json(updates))
            else:
                result: Any = self.server.api.call(method, params, files)
        except ApiError as error:
            return self._reply(error.code, error.body())
        self._reply(200, {"ok": True, "result": result})

    def _fail(self, fault: FaultKind) -> None:
        """Telegram on a bad day; the call itself is not carried out."""
        if fault == "drop":
            self.gone = True
            connection = self.request.connection
            assert isinstance(connection, tornado.http1connection.HTTP1Connection)
            connection.close()
            return
        if fault == "429":
            after = self.server.faults.retry_after
            return self._reply(
                429,
                {
                    "ok": False,
                    "error_code": 429,
                    "description": f"Too Many Requests: retry after {after}",
                    "parameters": {"retry_after": after},
                },
            )
        self._reply(
            int(fault), {"ok": False, "error_code": int(fault), "description": "Bad Gateway"}
        )

    def _reply(self, status: int, body: dict[str, Any]) -> None:
        self._reply_text(status, json.dumps(body, ensure_ascii=False))

    def _reply_text(self, status: int, text: str) -> None:
        if self.gone:
            return
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(text)


def _update_id(update: dict[str, Any] | RawUpdate) -> int:
    return update.update_id if isinstance(update, RawUpdate) else int(update["update_id"])
