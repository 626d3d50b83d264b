"""What every page of the site shares: the templates (Jinja2, autoescape on), rendering with
the browser's CSRF token, the error page (JSON under /api/), and reading forms within bounds."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from undercity.web import security
from undercity.web.cards import LANG_COOKIE, LANGS, site_lang
from undercity.web.dungeon_map import dungeon_svg
from undercity.web.storage import Storage
from undercity.web.symbols import with_symbols

MAX_QUERY = 1000  # characters of a search or a card name
FORM_LIMITS = {"max_files": 1, "max_fields": 20, "max_part_size": security.MAX_BODY}

_env = Environment(loader=PackageLoader("undercity.web", "templates"),
                   autoescape=select_autoescape(default=True, default_for_string=True))
_env.filters["symbols"] = with_symbols
_env.globals["dungeon_svg"] = dungeon_svg
_env.globals["LANGS"] = LANGS


def card_url(name: str, lang: str | None = None) -> str:
    return "/card/" + quote(name, safe="") + (f"?lang={quote(lang)}" if lang else "")


_env.globals["card_url"] = card_url


class WebError(Exception):
    """A user's mistake, answered with ``status`` and a page (or JSON under /api/) naming it."""

    def __init__(self, status: int, message: str, *, suggestions: list[str] | None = None,
                 problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.status, self.message = status, message
        self.suggestions = suggestions or []
        self.problems = problems or []


def storage_of(request: Request) -> Storage:
    return request.app.state.storage


def card_db() -> Any:
    from undercity.carddb import get_db

    return get_db()


def render(request: Request, template: str, status: int = 200, **ctx: Any) -> HTMLResponse:
    ctx.setdefault("lang", chosen_lang(request))
    html = _env.get_template(template).render(request=request, csrf=security.csrf_token(request), **ctx)
    response = HTMLResponse(html, status_code=status)
    new = getattr(request.state, "new_csrf", None)
    if new:
        response.set_cookie(security.CSRF_COOKIE, new, httponly=True, samesite="strict", path="/")
    return response


def chosen_lang(request: Request) -> str:
    return site_lang(request.query_params.get("lang")) or site_lang(request.cookies.get(LANG_COOKIE)) or "en"


def is_api(request: Request) -> bool:
    return request.url.path.startswith("/api/")


async def error_page(request: Request, exc: Exception) -> Response:
    if isinstance(exc, WebError):
        status, message, suggestions, problems = exc.status, exc.message, exc.suggestions, exc.problems
    elif isinstance(exc, HTTPException):
        status = exc.status_code
        message = {404: f"no page at {request.url.path[:200]}", 405: "this page does not take that method"}.get(
            status, str(exc.detail))
        suggestions, problems = [], []
    else:  # pragma: no cover - a bug: say so without a traceback in the page
        status, message, suggestions, problems = 500, "internal error (the server log has the details)", [], []
    if is_api(request):
        return JSONResponse({"error": message, "suggestions": suggestions, "problems": problems}, status_code=status)
    return render(request, "error.html", status=status, status_code=status, message=message,
                  suggestions=suggestions, problems=problems)


async def read_form(request: Request) -> Any:
    """The posted form, after its CSRF token is checked: 403 for a forged post, nothing changed."""
    try:
        form = await request.form(**FORM_LIMITS)
    except security.BodyTooLarge:
        raise
    except Exception as e:  # malformed multipart or too many fields/parts (starlette's own limits)
        raise WebError(400, f"the form could not be read: {getattr(e, 'detail', None) or e}") from None
    if not security.csrf_ok(request, form):
        raise WebError(403, "this form's security token is missing or does not match this browser's "
                            "(reload the page and send it again)")
    return form


def text_field(form: Any, key: str, limit: int, default: str = "") -> str:
    value = form.get(key)
    if value is None:
        return default
    if not isinstance(value, str):
        raise WebError(400, f"the field {key!r} should be text, not a file")
    if len(value) > limit:
        raise WebError(413, f"the field {key!r} is longer than {limit:,} characters")
    return value


async def upload_text(form: Any, key: str) -> tuple[str, str] | None:
    """(file name, text) of an uploaded UTF-8 file, or None when no file was sent."""
    up = form.get(key)
    if not isinstance(up, UploadFile) or not up.filename:
        return None
    data = await up.read(security.MAX_BODY + 1)
    if len(data) > security.MAX_BODY:
        raise WebError(413, f"{up.filename}: larger than {security.MAX_BODY // 1024} KB")
    try:
        return up.filename, data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise WebError(400, f"{up.filename[:200]}: not a UTF-8 text file (decklists are text, an MTG Arena "
                            "export or MTGO .dek XML; collections are CSV)") from None


def int_param(value: str | None, what: str, default: int, low: int, high: int) -> int:
    if value is None or value == "":
        return default
    if not value.strip().isdigit() or len(value) > 9 or not low <= int(value) <= high:
        raise WebError(400, f"{what} must be a whole number from {low:,} to {high:,}, not {value[:30]!r}")
    return int(value)

