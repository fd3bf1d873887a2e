"""Where the board listens and under which names, its address as a QR code, and the server run."""

from __future__ import annotations

import ipaddress
import socket
from typing import Any, NamedTuple, Optional, Tuple

from ..model import ScorekeeperError

DEFAULT_PORT = 8765
LOCAL_NAMES = ("127.0.0.1", "localhost")
EVERY_INTERFACE = "0.0.0.0"


class Place(NamedTuple):
    """Where the board listens (`bind`, `port`), the address it prints, and the host names it
    answers to (a request under any other Host is refused)."""

    bind: str
    port: int
    address: str
    hosts: Tuple[str, ...]

    @property
    def url(self) -> str:
        return f"http://{self.address}:{self.port}/"


def place(host: Optional[str], port: int) -> Place:
    """No --host: this machine only (127.0.0.1, also called localhost). --host 0.0.0.0: every
    interface, and the address printed is the machine's own on the local network; --host
    ADDRESS: that address only. The names answered are the local ones, the address printed,
    and with --host the machine's own name (`vm`, `vm.local`)."""
    if not 0 <= port <= 65535:
        raise ScorekeeperError(f"--port must be 1 to 65535 (0: any free port), got {port}", usage=True)
    if host is None:
        return Place("127.0.0.1", port, "127.0.0.1", LOCAL_NAMES)
    host = host.strip()
    try:
        parsed = ipaddress.ip_address(host)
    except ValueError:
        raise ScorekeeperError(f"--host must be an IP address of this machine, such as 192.168.1.20, or "
                               f"0.0.0.0 for every interface; got {host!r}", usage=True) from None
    if parsed.version != 4:
        raise ScorekeeperError(f"--host takes an IPv4 address (192.168.1.20, or 0.0.0.0), got {host}",
                               usage=True)
    address = network_address() if host == EVERY_INTERFACE else host
    name = socket.gethostname()
    names = [*LOCAL_NAMES, address, *( [name, f"{name}.local"] if name else [])]
    return Place(host, port, address, tuple(dict.fromkeys(n.lower() for n in names)))


def network_address() -> str:
    """This machine's address on the local network: the one a packet to the outside would
    leave from (a UDP socket is connected, nothing is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, nothing is sent
            address: str = probe.getsockname()[0]
        except OSError:
            address = ""
    if not address or address.startswith("127.") or address == EVERY_INTERFACE:
        try:
            address = socket.gethostbyname(socket.gethostname())
        except OSError:
            address = "127.0.0.1"
    return address


def listen(spot: Place) -> Tuple[socket.socket, Place]:
    """The listening socket, taken before anything is printed (a port in use is one clear
    error); with --port 0, the place with the port the system chose."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # an answer's headers and body leave at once (Linux gives accepted connections this
        # option): otherwise each request waits 40 ms for the client's delayed acknowledgement
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind((spot.bind, spot.port))
        sock.listen(128)
    except OSError as err:
        sock.close()
        hint = f" (is another board running? try --port {spot.port + 1})" if spot.port else ""
        raise ScorekeeperError(f"cannot serve on {spot.bind}:{spot.port}: {err.strerror or err}{hint}") from None
    sock.set_inheritable(True)
    return sock, spot._replace(port=sock.getsockname()[1])


def qr_text(url: str, colour: bool) -> str:
    """The address as a QR code in half-block characters, two rows of modules a line. On a
    colour terminal it is drawn black on white, right on a dark or a light background alike;
    without colour, light modules are drawn (as segno draws for a dark terminal)."""
    import segno

    rows = [list(row) for row in segno.make(url, error="m").matrix_iter(border=2)]
    if len(rows) % 2:
        rows.append([0] * len(rows[0]))
    lines = []
    for top, bottom in zip(rows[0::2], rows[1::2]):
        if colour:  # black ink on a white ground: a dark module is drawn
            chars = "".join(" ▄▀█"[top_bit * 2 + bottom_bit] for top_bit, bottom_bit in zip(top, bottom))
            lines.append(f"\033[30;107m{chars}\033[0m")
        else:  # a light module is drawn
            chars = "".join("█▀▄ "[top_bit * 2 + bottom_bit] for top_bit, bottom_bit in zip(top, bottom))
            lines.append(chars)
    return "\n".join(lines)


HEADER_SECONDS = 4.0  # a request's headers arrive within this after the connection (or the last answer)


def impatient() -> Any:
    """uvicorn's HTTP/1.1 protocol (h11), but a connection whose request headers do not arrive
    within HEADER_SECONDS is closed: a slow sender (600 connections sending a byte now and then)
    holds nothing for long. uvicorn closes only idle keep-alive connections by itself."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class Impatient(H11Protocol):
        _timer: Any = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._expect_headers()

        def _expect_headers(self) -> None:
            self._waiting_since = self.cycle  # the request before: a new one replaces it
            self._timer = self.loop.call_later(HEADER_SECONDS, self._late)

        def _stop_timer(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def handle_events(self) -> None:
            super().handle_events()
            if self._timer is not None and self.cycle is not self._waiting_since:
                self._stop_timer()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._stop_timer()
            if not self.transport.is_closing():
                self._expect_headers()

        def connection_lost(self, exc: Optional[Exception]) -> None:
            self._stop_timer()
            super().connection_lost(exc)

        def _late(self) -> None:
            self._timer = None
            if self.cycle is self._waiting_since and not self.transport.is_closing():
                self.transport.close()

    return Impatient


def run(app: Any, sock: socket.socket) -> None:
    """Serve until Ctrl-C (or SIGTERM): uvicorn, quiet but for errors, on the socket taken."""
    import uvicorn

    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on", http=impatient(),
                            timeout_graceful_shutdown=2, server_header=False, proxy_headers=False)
    uvicorn.Server(config).run(sockets=[sock])
