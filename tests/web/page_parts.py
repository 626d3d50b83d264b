"""What the web tests read off the site: the CSRF token a client holds, an error page's message."""

from __future__ import annotations

import re

from starlette.testclient import TestClient


def csrf(client: TestClient) -> str:
    token = client.cookies.get("csrf")
    assert token, "the site sets a csrf cookie on its first page"
    return token


def message(html: str) -> str:
    """The error message of an error page, unescaped enough to compare."""
    m = re.search(r'<p class="message">(.*?)</p>', html, re.S)
    assert m, html[:500]
    return m.group(1).replace("&#39;", "'").replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">") \
        .replace("&amp;", "&")
