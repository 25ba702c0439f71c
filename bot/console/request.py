"""PTB's request interface over the in-process Bot API: no network, same JSON both ways."""

from __future__ import annotations

import json

from telegram._utils.defaultvalue import DEFAULT_NONE
from telegram._utils.types import ODVInput
from telegram.request import BaseRequest, RequestData

from bot.console.local_api import ApiError, LocalBotApi


class ConsoleRequest(BaseRequest):
    """PTB's request interface, answered by a ``LocalBotApi`` instead of the network."""

    def __init__(self, api: LocalBotApi) -> None:
        self.api = api

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    @property
    def read_timeout(self) -> float | None:
        return None

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: ODVInput[float] = DEFAULT_NONE,
        write_timeout: ODVInput[float] = DEFAULT_NONE,
        connect_timeout: ODVInput[float] = DEFAULT_NONE,
        pool_timeout: ODVInput[float] = DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        api_method = url.rstrip("/").rsplit("/", 1)[-1]
        params = request_data.json_parameters if request_data else {}
        files = request_data.multipart_data if request_data else {}
        try:
            result = self.api.call(api_method, params, files)
        except ApiError as error:
            return error.code, json.dumps(error.body()).encode()
        return 200, json.dumps({"ok": True, "result": result}, ensure_ascii=False).encode()
