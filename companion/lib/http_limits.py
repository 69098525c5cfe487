"""The limits on a request's head that uvicorn's fast parser (httptools) does not have.

httptools reads a header of any size and any number of headers, and gathers a long
header's pieces by joining them again and again (quadratic work on the event loop
that serves every stream of the worker): 8 connections sending ~85 MB headers killed
every worker. uvicorn also waits for a head forever once a connection is open:
2,100 half-sent heads took every file the workers could open. gunicorn's own limits
(``limit_request_line``, ``limit_request_fields``, ``limit_request_field_size``)
apply to its own parser only, never to uvicorn's, so they are set here:

- a head (request line and headers) of at most :data:`HEAD_LIMIT` bytes and
  :data:`MAX_HEADERS` headers, else 431 and the connection is closed, and the
  parser is never handed more than that;
- a head deadline: a connection that has not finished its head :data:`HEAD_SECONDS`
  after it opened (or after it began the next request) is closed;
- at most :data:`CONNECTIONS_PER_ADDRESS` open connections per peer address in one
  worker (a reverse proxy, one of ``forwarded_allow_ips``, is exempt: its own
  ``limit_conn`` counts the clients); more are closed at once, before they cost a
  parser or a timer. A club venue (60 phones and 3 TVs behind one address, a few
  connections each) stays far below it.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import re
from collections import Counter

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

HEAD_LIMIT = 16 * 1024
MAX_HEADERS = 100
HEAD_SECONDS = float(os.environ.get("HEAD_TIMEOUT", "10"))
CONNECTIONS_PER_ADDRESS = int(os.environ.get("CONNECTIONS_PER_ADDRESS", "256"))

_open: Counter = Counter()  # peer address -> open connections in this worker


def peer_key(host: str) -> str:
    """An IPv6 peer counts by its /64 (one home or phone has a whole /64); IPv4 as it is."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if ip.version == 4:
        return str(ip)
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ipaddress.ip_network((ip, 64), strict=False).network_address)


# A share link, an invite and a password-reset link are the secret in their address: whoever reads
# the access log could open them. The log keeps the page, not the secret.
SECRET_IN_PATH = re.compile(r"^(/(?:s|i|t)/)[^/?]+|^(/reset/)[^/?]+/[^/?]+")


def without_secrets(path: str) -> str:
    return SECRET_IN_PATH.sub(lambda found: (found.group(1) or found.group(2)) + "…", path)


class SecretsOutOfAccessLog(logging.Filter):
    """For uvicorn's access log: the path of its record with the token in it replaced by "…"."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple) and len(record.args) >= 3 and isinstance(record.args[2], str):
            args = list(record.args)
            args[2] = without_secrets(args[2])
            record.args = tuple(args)
        return True


def _answer(status: int, reason: bytes) -> bytes:
    return b"HTTP/1.1 %d %s\r\ncontent-length: 0\r\nconnection: close\r\n\r\n" % (status, reason)


class LimitedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a bounded head, a head deadline and a per-address connection cap."""

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._in_head = True
        self._head_bytes = 0
        self._headers = 0
        self._head_timer = None
        self._counted = None
        host = self.client[0] if self.client else None
        if host is not None and not self._trusted(host):
            self._counted = peer_key(host)
            _open[self._counted] += 1
            if _open[self._counted] > CONNECTIONS_PER_ADDRESS:
                self.logger.warning("Too many connections from %s: closed.", self._counted)
                self.transport.write(_answer(429, b"Too Many Requests"))
                self.transport.close()
                return
        self._arm_head_timer()

    def _trusted(self, host: str) -> bool:
        trusted = self.config.forwarded_allow_ips or []
        if isinstance(trusted, str):
            trusted = [entry.strip() for entry in trusted.split(",")]
        if "*" in trusted:
            return False  # every peer claims to be a proxy: count them all
        return host in trusted

    def connection_lost(self, exc) -> None:
        self._disarm_head_timer()
        if self._counted is not None:
            _open[self._counted] -= 1
            if _open[self._counted] <= 0:
                del _open[self._counted]
            self._counted = None
        super().connection_lost(exc)

    # --- the head deadline ---------------------------------------------------------------------
    def _arm_head_timer(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(HEAD_SECONDS, self._head_too_slow)

    def _disarm_head_timer(self) -> None:
        if getattr(self, "_head_timer", None) is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self._in_head and not self.transport.is_closing():
            self.transport.write(_answer(408, b"Request Timeout"))
            self.transport.close()

    # --- the head's size -----------------------------------------------------------------------
    def data_received(self, data: bytes) -> None:
        if self.transport.is_closing():
            return
        if self._in_head:
            self._arm_head_timer()
            if self._head_bytes + len(data) > HEAD_LIMIT:
                # The parser sees no more than a whole head may hold: the head ends within it, or it is refused.
                fits = HEAD_LIMIT - self._head_bytes
                self._head_bytes = HEAD_LIMIT
                super().data_received(data[:fits])
                if self.transport.is_closing():
                    return
                if self._in_head:
                    self._refuse_head()
                    return
                data = data[fits:]
            else:
                self._head_bytes += len(data)
        super().data_received(data)

    def _refuse_head(self) -> None:
        self.logger.warning(
            "Request head larger than %d bytes or %d headers: refused.", HEAD_LIMIT, MAX_HEADERS
        )
        self._disarm_head_timer()
        self.transport.write(_answer(431, b"Request Header Fields Too Large"))
        self.transport.close()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._headers = 0

    def on_header(self, name: bytes, value: bytes) -> None:
        self._headers += 1
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        if self._headers > MAX_HEADERS:
            self._in_head = True  # what follows is not read: the connection closes
            self._refuse_head()
            return
        self._in_head = False
        self._head_bytes = 0
        self._disarm_head_timer()
        super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        if self.cycle is not None and not self.transport.is_closing():
            super().on_body(body)

    def on_message_complete(self) -> None:
        if self.cycle is not None and not self.transport.is_closing():
            super().on_message_complete()
        self._in_head = True  # the next bytes begin the next request's head
