"""The one contract every /api/ route keeps: one error shape, bounded bodies, and what every
response of the server carries (security headers, compression, ETags).

A route or the guard raises ``ApiError``; the middleware answers every failure of an /api/
route — its own, aiohttp's (no such route, a body over the server's cap) and a bug's — as
``{"error": "<code>", "message": "<text in the viewer's language>"}`` with its status (429 also
``retry_after`` and a ``Retry-After`` header), never a traceback. GET answers carry a weak
ETag of their JSON and are 304 for a matching ``If-None-Match``; pages, scripts, styles and JSON
go out gzipped to a client that takes it.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final

from aiohttp import hdrs, web
from aiohttp.typedefs import Middleware

from bot.i18n import plain, t
from bot.webapp.viewer import VIEWER

log = logging.getLogger(__name__)

API_PREFIX: Final = "/api/"
MAX_DEPTH: Final = 32  # nesting of a request's JSON: a hand is 3 deep
USER_LANG: Final = web.RequestKey("user_lang", str)  # initData's language, before the chat's
# The page may be framed by Telegram's web clients only; scripts are its own and Telegram's.
CONTENT_SECURITY_POLICY: Final = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self' https://telegram.org",
        "style-src 'self'",
        "img-src 'self' blob: data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'self' https://web.telegram.org https://*.telegram.org",
    )
)
SECURITY_HEADERS: Final = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # ?start= carries the chat's token
}
COMPRESSED: Final = frozenset(
    ("text/html", "text/css", "text/javascript", "application/javascript", "application/json")
)
COMPRESS_FROM: Final = 512  # bytes: a smaller body gains less than its gzip header costs
# aiohttp's own refusals of an /api/ request, as the contract's codes
_HTTP_CODES: Final = {
    400: "bad_request",
    404: "not_found",
    405: "method",
    413: "too_large",
}
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class ApiError(Exception):
    """An /api/ answer other than 200: the status, a code word for the page and either a
    text already in the viewer's language or the catalog key (``webapp_error_<code>``)."""

    def __init__(
        self,
        status: int,
        code: str,
        *,
        text: str | None = None,
        retry_after: int | None = None,
        **params: object,
    ) -> None:
        super().__init__(code)
        self.status = status
        self.code = code
        self.text = text
        self.retry_after = retry_after
        self.params = params

    def message(self, lang: str) -> str:
        if self.text is not None:
            return self.text
        return plain(t(f"webapp_error_{self.code}", lang, **self.params), limit=None)


def request_lang(request: web.Request) -> str:
    """The language to refuse in: the chat's once the guard knows it, else the user's."""
    viewer = request.get(VIEWER)
    if viewer is not None:
        return viewer.language
    known = request.get(USER_LANG)
    if known is not None:
        return known
    accepted = request.headers.get(hdrs.ACCEPT_LANGUAGE, "")
    return "en" if accepted.lower().startswith("en") else "zh"


def error_response(request: web.Request, error: ApiError) -> web.Response:
    body: dict[str, Any] = {"error": error.code, "message": error.message(request_lang(request))}
    headers = {"Cache-Control": "no-store"}
    if error.retry_after is not None:
        body["retry_after"] = error.retry_after
        headers[hdrs.RETRY_AFTER] = str(error.retry_after)
    return web.json_response(body, status=error.status, headers=headers, dumps=_dumps)


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


@web.middleware
async def api_contract(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every /api/ failure in the one shape; a GET's JSON with its ETag (304 when unchanged)."""
    if not request.path.startswith(API_PREFIX):
        return await handler(request)
    try:
        response = await handler(request)
    except ApiError as error:
        return error_response(request, error)
    except web.HTTPException as error:
        if error.status < 400:
            raise
        code = _HTTP_CODES.get(error.status, "bad_request" if error.status < 500 else "internal")
        return error_response(request, ApiError(error.status, code))
    except Exception:
        log.exception("%s %s failed", request.method, request.path)
        return error_response(request, ApiError(500, "internal"))
    if request.method == hdrs.METH_GET and isinstance(response, web.Response):
        return _with_etag(request, response)
    return response


def _with_etag(request: web.Request, response: web.Response) -> web.Response:
    """A JSON answer with a weak ETag of its bytes; 304 when the page has them already."""
    if response.status != 200 or response.content_type != "application/json":
        return response
    body = response.body
    if not isinstance(body, bytes):
        return response
    tag = hashlib.blake2b(body, digest_size=12).hexdigest()
    etag = f'W/"{tag}"'
    headers = {hdrs.ETAG: etag, hdrs.CACHE_CONTROL: "private, no-cache"}
    sent = request.if_none_match
    if sent is not None and any(found.value in (tag, "*") for found in sent):
        return web.Response(status=304, headers=headers)
    response.headers.update(headers)
    return response


@web.middleware
async def compressed(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Pages, scripts, styles and JSON gzipped for a client that accepts it."""
    response = await handler(request)
    if not isinstance(response, web.FileResponse | web.Response) or response.status != 200:
        return response
    content_type = (
        _file_type(request.path)
        if isinstance(response, web.FileResponse)
        else response.content_type
    )
    if content_type not in COMPRESSED:
        return response
    if isinstance(response, web.Response):
        body = response.body
        if not isinstance(body, bytes) or len(body) < COMPRESS_FROM:
            return response
    if "gzip" in request.headers.get(hdrs.ACCEPT_ENCODING, "").lower():
        response.enable_compression(web.ContentCoding.gzip)
    response.headers[hdrs.VARY] = hdrs.ACCEPT_ENCODING
    return response


def _file_type(path: str) -> str:
    """The content type a static file goes out with (aiohttp guesses it the same way)."""
    suffix = path.rpartition(".")[2] if "." in path.rpartition("/")[2] else "html"
    return {
        "html": "text/html",
        "css": "text/css",
        "js": "text/javascript",
        "json": "application/json",
    }.get(suffix, "")


async def secure_headers(request: web.Request, response: web.StreamResponse) -> None:
    """Every response: the CSP (Telegram's clients may frame the page), nosniff, no referrer."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)


async def read_json(request: web.Request, max_bytes: int) -> dict[str, Any]:
    """The request's JSON object: 413 past ``max_bytes``, 400 for anything else than an
    object of at most MAX_DEPTH levels (deeper would only be a way to exhaust the parser)."""
    body = b""
    # read(n) returns what has arrived, up to n: read on until the end or past the cap.
    while chunk := await request.content.read(max_bytes + 1 - len(body)):
        body += chunk
        if len(body) > max_bytes:
            raise ApiError(413, "too_large")
    try:
        text = body.decode()
    except UnicodeDecodeError:
        raise ApiError(400, "body") from None
    if _depth(text) > MAX_DEPTH:
        raise ApiError(400, "body")
    try:
        found = json.loads(text)
    except ValueError:
        raise ApiError(400, "body") from None
    if not isinstance(found, dict):
        raise ApiError(400, "body")
    return found


def _depth(text: str) -> int:
    """How deep ``text``'s brackets nest outside strings (the deepest point)."""
    deepest = depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def install(app: web.Application) -> None:
    """The headers on every response of ``app``."""
    app.on_response_prepare.append(secure_headers)


def middlewares(*inner: Middleware) -> list[Middleware]:
    """The server's middlewares, outermost first: compression, the contract, then ``inner``."""
    return [compressed, api_contract, *inner]
