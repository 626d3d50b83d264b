"""Mana and other card symbols ({2}{B}, {W/U}, {T} …) drawn as inline SVG, escaped text around
them: nothing is fetched from elsewhere, so pages work offline."""

from __future__ import annotations

import re

from markupsafe import Markup, escape

_SYMBOL = re.compile(r"\{([^{}]{1,8})\}")
#: Fill colors of the five colors and of colorless/generic symbols (CR 105.1, 107.4).
FILL = {"W": "#f8f6d8", "U": "#c1d7e9", "B": "#bab1ab", "R": "#e49977", "G": "#a3c095", "C": "#cac5c0"}
_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless",
          "T": "tap", "Q": "untap", "S": "snow", "E": "energy", "X": "X", "P": "Phyrexian"}


def _fill(part: str) -> str:
    return FILL.get(part, FILL["C"])


def symbol_svg(code: str) -> Markup:
    """One symbol as a 1em inline SVG with its code as title (for screen readers and copying)."""
    code = code.upper()
    title = "{" + code + "}"
    parts = code.split("/")
    label = {"T": "\u21b7", "Q": "\u21b6"}.get(code, code)
    head = (f'<svg class="ms" viewBox="0 0 32 32" role="img" aria-label="{escape(title)}">'
            f"<title>{escape(title)}</title>")
    if len(parts) == 2 and parts[1] != "P":
        # hybrid (CR 107.4e): the two halves in the two colors
        a, b = parts
        shapes = (f'<path d="M16 1 A15 15 0 0 0 16 31 Z" fill="{_fill(a)}"/>'
                  f'<path d="M16 1 A15 15 0 0 1 16 31 Z" fill="{_fill(b)}"/>'
                  '<circle cx="16" cy="16" r="15" fill="none" stroke="#444" stroke-width="1.2"/>')
        size = 11
    else:
        base = parts[0]
        shapes = f'<circle cx="16" cy="16" r="15" fill="{_fill(base)}" stroke="#444" stroke-width="1.2"/>'
        size = 17 if len(label) == 1 else 12
    text = (f'<text x="16" y="{16 + size * 0.36:.1f}" text-anchor="middle" font-family="sans-serif" '
            f'font-weight="bold" font-size="{size}" fill="#111">{escape(label)}</text>')
    return Markup(head + shapes + text + "</svg>")


def with_symbols(text: str | None) -> Markup:
    """``text`` escaped, each ``{…}`` symbol drawn; newlines become line breaks."""
    if not text:
        return Markup("")
    out: list[str] = []
    pos = 0
    for m in _SYMBOL.finditer(text):
        out.append(str(escape(text[pos:m.start()])))
        out.append(str(symbol_svg(m.group(1))))
        pos = m.end()
    out.append(str(escape(text[pos:])))
    return Markup("".join(out).replace("\n", "<br>"))
