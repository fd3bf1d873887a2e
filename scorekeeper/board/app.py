"""The board as a web application (Starlette): the page, `GET /state.json`, `GET /events` (Server-Sent
Events) and, with entry, `POST /hand` or `POST /round`.

Change detection: one watcher polls the file's signature (mtime, size, inode, ctime) every
POLL_SECONDS and, when it changes, reads the file once for every page watching; a save of the
same bytes (a `touch`) sends nothing. A report through the board wakes the watcher at once, and
reports that arrive while it reads share its next reading. The state (`show --json`) is made
when it is asked for, once per change.

What is refused, and how (docs/board.md, Security):
- a Host header not among the names the board was started for: 400 (OnlyHosts),
  so a page on another site cannot reach the board through a name of its own (DNS rebinding);
- a POST whose Origin is not this board's own address (`http://` + Host): 403; a POST without
  an Origin is a script's, and is taken (OWASP, Cross-Site Request Forgery Prevention: Verifying
  Origin with Standard Headers);
- a report without the entry code, or with a wrong one: 403, and wrong codes are answered
  slowly, one at a time, before any later code is judged (Guard); an address still waiting
  on a wrong code, or a report beyond MAX_QUEUED waiting: 429;
- a body that is not a form (`application/x-www-form-urlencoded`, UTF-8): 415, too large: 413,
  or not all there within BODY_SECONDS: 408 (headers that do not arrive in time: serve.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import secrets
from typing import Any, AsyncIterator, Awaitable, Callable, Dict, List, Optional, Sequence, Tuple
from urllib.parse import parse_qsl, urlsplit

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

from ..model import ScorekeeperError
from . import assets
from .source import ENTRY_CODE, PARTY, Board, Stale, View, event_data

POLL_SECONDS = 0.2     # how often the file's signature is read: a hand typed elsewhere shows within this
STOP_SECONDS = 1.0     # the longest the board waits for its watcher when it stops
PING_SECONDS = 15      # a comment down each event stream, so that proxies and phones keep it open
BODY_SECONDS = 4.0     # a report's body arrives within this, or is refused (408): a slow sender holds nothing
MAX_BODY = 64 * 1024   # a report's form: the fields of a hand, a note of MAX_TEXT characters
MAX_FIELDS = 200       # form fields in one report
# Wrong entry codes (Guard): the n-th from one address waits FIRST_WAIT * 2**(n-1) seconds, at
# most MAX_WAIT; after ALARM wrong codes in all, each waits at least ALARM_WAIT; and they are
# judged one at a time, each after the wrong ones before it have waited, so that many addresses
# guess no faster than one; at most MAX_QUEUED reports wait their turn.
FIRST_WAIT, MAX_WAIT, ALARM, ALARM_WAIT, MAX_QUEUED = 0.25, 8.0, 20, 2.0, 64
TOKEN_COOKIE = "board-token"  # a phone that has sent the right code once: HttpOnly, SameSite=Strict
TOKEN_SECONDS = 24 * 3600     # a night's party and the morning after

HEADERS = {
    # only the page's own script and style run (nothing inline), nothing is fetched from elsewhere,
    # no other site may frame the board or receive its forms
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "connect-src 'self'; img-src 'self'; form-action 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "Cross-Origin-Resource-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}


def new_code() -> str:
    """Six digits from the operating system's random source."""
    return f"{secrets.randbelow(10 ** 6):06d}"


def new_token() -> str:
    """What a phone's cookie holds once it has sent the right code: unguessable, unlike the code."""
    return secrets.token_urlsafe(24)


class Live:
    """The file's current view, a version that counts its changes, and the pages waiting for one."""

    def __init__(self, board: Board):
        self.board = board
        self.version = 0
        self.view: View = View("", {})
        self.event = ""
        self._signature: Any = "never read"
        self._content: Optional[bytes] = None
        self._state: Tuple[int, str] = (-1, "")
        self._changed = asyncio.Event()
        self._poked = asyncio.Event()
        self._reading = asyncio.Lock()
        self._stopping = False

    async def refresh(self, force: bool = False) -> None:
        """Read the file again if its signature changed (or `force`); if its bytes changed, make
        the view anew and wake every page."""
        async with self._reading:
            signature = self.board.signature()  # taken before reading: a save after it is seen next time
            if signature == self._signature and not force:
                return
            content = await run_in_threadpool(self.board.content)
            self._signature = signature
            if content == self._content and not force:
                return
            self.view = await run_in_threadpool(self.board.view)
            self._content = content
            self.version += 1
            self.event = event_data(self.version, self.view)  # once, for every page watching
            self._changed.set()
            self._changed = asyncio.Event()

    async def state(self) -> Optional[str]:
        """`show --json` of the current view, made when first asked for (None: the file's error)."""
        version, view = self.version, self.view
        if view.replayed is None:
            return None
        if self._state[0] != version:
            self._state = (version, await run_in_threadpool(self.board.state, view))
        return self._state[1]

    async def after(self, version: int) -> Tuple[int, str]:
        """The event of the view once it is newer than `version`."""
        while self.version <= version:
            await self._changed.wait()
        return self.version, self.event

    def stop(self) -> None:
        self._stopping = True
        self._poked.set()

    def poke(self) -> None:
        """Look at the file now (the board has just written it), not at the next poll."""
        self._poked.set()

    async def watch(self) -> None:
        """Until `stop`: a cancellation alone may be swallowed while a read runs in its thread
        (anyio shields it) or as a wait times out (asyncio.wait_for on Python 3.11)."""
        while not self._stopping:
            self._poked.clear()
            try:
                await self.refresh()
            except Exception:  # a failure to read is shown as the file's error; never end the watch
                pass
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._poked.wait(), POLL_SECONDS)


class Guard:
    """The entry code, and how wrong ones are slowed.

    Every code is judged in its turn, one at a time (`judge`), and a wrong one holds the turn
    while it waits: slowing only the answers would let a guesser send a thousand codes at once
    and the right one among them be taken at once. An address whose wrong code is still
    waiting is told to wait (429) rather than queued again, and at most MAX_QUEUED codes wait
    for their turn: the rest are told to come back (429), so that a guesser cannot pile up
    work. A right code with nobody guessing is judged at once."""

    def __init__(self, code: Optional[str], notify: Callable[[str], None],
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep):
        self.code = code
        self.notify = notify
        self.sleep = sleep  # passed in: a test counts the waits instead of reading a clock
        self.wrong: Dict[str, int] = {}
        self.wrong_in_all = 0
        self.waiting: Dict[str, int] = {}  # addresses with a wrong code still being waited on
        self.queued = 0
        self._one_at_a_time = asyncio.Lock()  # fair: codes are judged in the order they came

    def wait_for(self, client: str) -> float:
        """How long the next answer to a wrong code from `client` waits."""
        n = self.wrong.get(client, 0)
        wait = min(FIRST_WAIT * 2.0 ** max(n - 1, 0), MAX_WAIT)
        return max(wait, ALARM_WAIT) if self.wrong_in_all > ALARM else wait

    def right(self, given: Sequence[str]) -> bool:
        return (self.code is not None and len(given) == 1
                and hmac.compare_digest(given[0].strip().encode(), self.code.encode()))

    async def judge(self, client: str, given: Sequence[str]) -> int:
        """200 for the right code; 403 for a missing or wrong one, answered after its wait;
        429 when `client` is still waiting on a wrong code, or too many codes wait their turn."""
        if self.waiting.get(client) or self.queued >= MAX_QUEUED:
            return 429
        self.queued += 1
        try:
            async with self._one_at_a_time:
                if self.right(given):
                    return 200
                await self._refuse(client)
                return 403
        finally:
            self.queued -= 1

    async def _refuse(self, client: str) -> None:
        self.wrong[client] = self.wrong.get(client, 0) + 1
        self.wrong_in_all += 1
        wait = self.wait_for(client)
        self.notify(f"a wrong entry code from {client} ({self.wrong[client]} from there, "
                    f"{self.wrong_in_all} in all)")
        self.waiting[client] = self.waiting.get(client, 0) + 1
        try:
            await self.sleep(wait)
        finally:
            self.waiting[client] -= 1


def error(message: str, status: int) -> PlainTextResponse:
    return PlainTextResponse(f"error: {message}\n", status_code=status)


def same_origin(request: Request) -> bool:
    """The page that sent a POST is this board's own (or no page sent it: a script)."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    host = request.headers.get("host", "")
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    return parts.scheme == "http" and parts.netloc.lower() == host.lower() and not parts.path.strip("/")


async def read_form(request: Request) -> List[Tuple[str, str]]:
    """The fields of an `application/x-www-form-urlencoded` body, in order, blank ones kept."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        raise _Refused(415, "a report is a form (application/x-www-form-urlencoded): FIELD=VALUE&...&code=NNNNNN")
    try:
        body = await asyncio.wait_for(_body(request), BODY_SECONDS)
    except asyncio.TimeoutError:
        raise _Refused(408, f"the report did not arrive within {BODY_SECONDS:g} seconds") from None
    except ClientDisconnect:  # the phone went away mid-upload: nobody hears the answer, nothing is logged
        raise _Refused(400, "the report was cut off") from None
    try:
        text = body.decode("utf-8")  # `curl -d note=café` sends the letters as they are
        return parse_qsl(text, keep_blank_values=True, strict_parsing=False, encoding="utf-8",
                         errors="strict", max_num_fields=MAX_FIELDS)
    except UnicodeDecodeError:
        raise _Refused(400, "the form is not valid UTF-8 text") from None
    except ValueError:
        raise _Refused(413, f"a report may have at most {MAX_FIELDS} fields") from None


async def _body(request: Request) -> bytes:
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise _Refused(413, f"a report may be at most {MAX_BODY // 1024} KB")
    return bytes(body)


class _Refused(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


class OnlyHosts:
    """Answers a request only under the host names the board was started for (as Starlette's
    TrustedHostMiddleware does, with the command line's kind of error): 400 otherwise."""

    def __init__(self, app: Any, hosts: Sequence[str]):
        self.app = app
        self.hosts = {h.lower() for h in hosts}

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            given = dict(scope.get("headers", [])).get(b"host", b"").decode("latin-1")
            name = given.rsplit(":", 1)[0] if given.rsplit(":", 1)[-1].isdigit() else given
            if name.lower() not in self.hosts:
                answer = error(f"this board answers to {', '.join(sorted(self.hosts))}, not to the host "
                               f"name {name[:100]!r}", 400)
                await answer(scope, receive, send)
                return
        await self.app(scope, receive, send)


class SecurityHeaders:
    """Adds HEADERS to every response (pure ASGI: the event stream is not buffered)."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()
                         if k.lower().encode() not in present]
                message = {**message, "headers": list(message.get("headers", [])) + extra}
            await send(message)

        await self.app(scope, receive, with_headers)


def make_app(board: Board, hosts: Sequence[str], code: Optional[str] = None,
             notify: Callable[[str], None] = lambda line: None, token: Optional[str] = None,
             address: str = "", sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> Starlette:
    """The board's application: `hosts` the names it answers to; `code` the entry code (None:
    no reports taken); `token` what a phone's cookie holds once it has sent the right code
    (made here if not given); `address` the board's own address, for the QR codes of the
    phones' pages; `notify` gets a line for the host's terminal on each report and each wrong
    code; `sleep` makes a wrong code wait (a test's own counts the waits)."""
    from sse_starlette.sse import EventSourceResponse

    if code is not None and not token:
        token = new_token()
    if address:
        board.address = address
    live = Live(board)
    guard = Guard(code, notify, sleep)
    writing = asyncio.Lock()  # the board's own reports one at a time; the file lock serialises the rest
    report_path = "/round" if board.kind == PARTY else "/hand"

    def let_in(request: Request) -> bool:
        given = request.cookies.get(TOKEN_COOKIE, "")
        return bool(token and given) and hmac.compare_digest(given.encode(), str(token).encode())

    async def index(request: Request) -> Response:
        await live.refresh()
        return HTMLResponse(assets.television(f"{board.name}: scorekeeper board", board.kind, live.view.board))

    async def entry(request: Request) -> Response:
        await live.refresh()
        if board.kind == PARTY:
            return phone_page(request, "?", "which table are you at?")
        heading = live.view.phones.get("", {}).get("heading", board.name)
        return phone_page(request, "", heading)

    async def table_page(request: Request) -> Response:
        number = request.path_params["number"]
        if board.kind != PARTY:
            return error(f"a sitting has no tables: its phone page is /entry, not /table/{number}", 404)
        await live.refresh()
        heading = live.view.phones.get(str(number), {}).get("heading", f"table {number}")
        return phone_page(request, str(number), heading)

    def phone_page(request: Request, table: str, heading: str) -> Response:
        title = f"{board.name}: {heading}"
        return HTMLResponse(assets.phone(title, board.kind, table, heading, let_in(request)))

    async def favicon(request: Request) -> Response:
        return Response(assets.FAVICON, media_type="image/svg+xml",
                        headers={"Cache-Control": "max-age=86400"})

    async def css(request: Request) -> Response:
        return Response(assets.CSS, media_type="text/css; charset=utf-8")

    async def js(request: Request) -> Response:
        return Response(assets.JS, media_type="text/javascript; charset=utf-8")

    async def state(request: Request) -> Response:
        await live.refresh()
        text = await live.state()
        if text is None:
            return error(live.view.error or "the file cannot be read", 503)
        return Response(text + "\n", media_type="application/json; charset=utf-8")

    async def events(request: Request) -> Response:
        await live.refresh()

        async def stream() -> AsyncIterator[Dict[str, str]]:
            seen = -1
            while True:
                seen, data = await live.after(seen)
                yield {"data": data, "id": str(seen)}

        return EventSourceResponse(stream(), ping=PING_SECONDS, headers={"X-Accel-Buffering": "no"})

    async def report(request: Request) -> Response:
        if not same_origin(request):
            return error("a report from another site's page is refused (its Origin is not this board)", 403)
        if code is None:
            return error("this board takes no reports (start it with --entry)", 403)
        try:
            pairs = await read_form(request)
        except _Refused as refused:
            return error(refused.message, refused.status)
        client = request.client.host if request.client else "?"
        known = let_in(request)
        judged = 200 if known else await guard.judge(client, [v for n, v in pairs if n == ENTRY_CODE])
        if judged == 429:
            return error("a wrong entry code from here is still being answered, or too many "
                         "reports are waiting: wait a few seconds and send it again", 429)
        if judged == 403:
            return error("the entry code is missing or wrong (the host has it: code: NNNNNN)", 403)
        answer = await log(client, [(name, value) for name, value in pairs if name != ENTRY_CODE])
        if token and not known:  # the right code: from now on this phone goes past the guessing queue
            answer.set_cookie(TOKEN_COOKIE, str(token), max_age=TOKEN_SECONDS, httponly=True, samesite="strict")
        return answer

    async def log(client: str, fields: List[Tuple[str, str]]) -> Response:
        async with writing:
            try:
                text = await run_in_threadpool(board.report, fields)
            except Stale as err:
                return error(board.public(str(err)), 409)
            except ScorekeeperError as err:
                return error(board.public(str(err)), 400)
        if board.confirm:  # a report awaiting confirmation changes the page, not the file
            await live.refresh(force=True)
        live.poke()  # the watcher reads it at once; reports arriving meanwhile share one reading
        notify(f"{client}: {text.splitlines()[0]}")
        return PlainTextResponse(text + "\n")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await live.refresh(force=True)
        watcher = asyncio.create_task(live.watch())
        try:
            yield
        finally:  # ends promptly whatever the watcher is doing: it stops at its next look
            live.stop()
            watcher.cancel()
            await asyncio.wait({watcher}, timeout=STOP_SECONDS)

    routes = [Route("/", index), Route("/entry", entry), Route("/table/{number:int}", table_page),
              Route("/favicon.ico", favicon), Route("/board.css", css), Route("/board.js", js),
              Route("/state.json", state), Route("/events", events),
              Route(report_path, report, methods=["POST"])]
    middleware = [Middleware(SecurityHeaders), Middleware(OnlyHosts, hosts=list(hosts))]
    return Starlette(routes=routes, middleware=middleware, lifespan=lifespan)

