"""The ``undercity serve`` command (registered in :mod:`undercity.cli`)."""

from __future__ import annotations

import errno
import socket

import typer

from undercity.errors import UndercityError

#: The names a browser uses for this machine; a server on a loopback address answers only them.
LOOPBACK_HOSTS = ("127.0.0.1", "localhost")


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (default: this machine only; "
                                                         "0.0.0.0 lets others on the network join by link)."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
) -> None:
    """Serve the card site and the play table in a browser (docs/web.md)."""
    try:
        import uvicorn

        from undercity.web.app import create_app
    except ImportError as e:
        raise UndercityError(f"the web site needs the web extra ({e.name} is missing): "
                             ".venv/bin/pip install -e '.[web]'") from None
    if not 0 < port < 65536:
        raise UndercityError(f"--port {port}: a port is a number from 1 to 65535")
    # Bind first, so a port in use or a bad address is a clear error rather than a server log.
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        raise UndercityError(f"--host {host!r}: not an address of this machine (e.g. 127.0.0.1 or 0.0.0.0)") from None
    family, _, _, _, addr = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(addr)
    except OSError as e:
        sock.close()
        why = "is in use (another server?): choose another with --port" if e.errno == errno.EADDRINUSE else \
            f"can't be used: {e.strerror}"
        raise UndercityError(f"{host}:{port} {why}") from None
    from undercity.carddb import get_db
    from undercity.web.storage import data_dir

    get_db()  # built on first use (a few seconds), before the first page asks for it
    # IPv6 hosts aren't checked: Starlette's host check can't read "[::1]:8000".
    loopback = host == "localhost" or host.startswith("127.")
    app = create_app(allowed_hosts=[*LOOPBACK_HOSTS, host] if loopback else None)
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"Undercity is at http://{shown}:{port}/  (data: {data_dir()}; Ctrl-C stops it)")
    config = uvicorn.Config(app, log_level="warning", ws_max_size=64 * 1024)  # table messages are tiny
    uvicorn.Server(config).run(sockets=[sock])
