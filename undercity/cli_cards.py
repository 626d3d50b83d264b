"""The ``undercity card`` and ``undercity deck check`` commands (registered in :mod:`undercity.cli`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from undercity.errors import UndercityError, UnknownCardError

console = Console(highlight=False, soft_wrap=True)


def _err(message: str) -> None:
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"error: {message}", markup=False)


def _out(text: str = "") -> None:
    console.print(text, markup=False)


def _pt(power: str | None, toughness: str | None, loyalty: str | None = None) -> str | None:
    if power is not None or toughness is not None:
        return f"{power}/{toughness}"
    if loyalty is not None:
        return f"Loyalty: {loyalty}"
    return None


def _set_line(page: Any) -> str | None:
    """``Set: CLB #142 (rare)``; for a card of the April 2022 corpus, its printings."""
    if page.set:
        number = f" #{page.number}" if page.number else ""
        rarity = f" ({page.rarity})" if page.rarity else ""
        return f"Set: {page.set}{number}{rarity}"
    if page.printings:
        shown = page.printings[-8:]
        more = f"… ({len(page.printings)} sets) " if len(page.printings) > len(shown) else ""
        return f"Printings: {more}{', '.join(shown)}"
    return None


def _printed_lines(page: Any) -> list[str]:
    """The card as printed in the language shown, marked as such: the English Oracle text
    above is the authority (as the seed pages say of their translations)."""
    printed = page.printed
    if printed is None:
        return []
    lines = ["", f"Printed text ({page.lang}) — as printed on the card; the Oracle text above is the "
                 "authoritative English wording"]
    if printed.empty:
        lines.append(f"  (no printed text in {page.lang} in the card data)")
        return lines
    parts = printed.faces or [(None, printed)]
    if printed.faces:
        lines.append(f"  {printed.name}")
    for face, pt in parts:
        if face is not None:
            lines.append(f"  [{face}]")
        elif pt.name:
            lines.append(f"  {pt.name}")
        if pt.type_line:
            lines.append(f"  {pt.type_line}")
        if pt.text:
            lines.extend(f"  {ln}" for ln in pt.text.split("\n"))
    if not printed.has_text:
        lines.append(f"  (no printed rules text in {page.lang} in the card data)")
    return lines


def render_page(page: Any) -> list[str]:
    """A card page as text lines, in the order of the seed card pages: name (and the name in
    the language shown), cost, type line, Oracle text, P/T, set, the printed text in the language
    shown, legalities (with their date), rulings, and whether Undercity implements the card."""
    lines = [page.name]
    if page.lang != "en":
        printed = page.printed_name or f"(no {page.lang} name in the card data)"
        lines.append(f"{page.lang}: {printed}")
    faces = page.faces or [{"name": page.name, "mana_cost": page.mana_cost, "type_line": page.type_line,
                            "oracle_text": page.oracle_text, "power": page.power, "toughness": page.toughness,
                            "loyalty": page.loyalty}]
    for i, face in enumerate(faces):
        if page.faces:
            lines.append("")
            lines.append(face["name"])
        if face["mana_cost"]:
            lines.append(face["mana_cost"])
        lines.append(face["type_line"])
        if i == 0 and page.lang != "en" and page.printed_type_line and not page.faces:
            lines.append(f"{page.lang}: {page.printed_type_line}")
        if face["oracle_text"]:
            lines.extend(face["oracle_text"].split("\n"))
        pt = _pt(face["power"], face["toughness"], face["loyalty"])
        if pt:
            lines.append(pt)
    set_line = _set_line(page)
    if set_line:
        lines.append("" if page.faces else set_line)
        if page.faces:
            lines.append(set_line)
    lines.extend(_printed_lines(page))
    lines.append("")
    when = f"as of {page.legalities_as_of}" if page.legalities_as_of else "undated"
    source = f"; {page.legalities_source}" if page.legalities_source else ""
    if set(page.legalities.values()) == {"unknown"}:
        lines.append("Legality (the card data has no legalities for this card)")
    else:
        lines.append(f"Legality ({when}{source})")
    width = max(len(f) for f in page.legalities)
    lines.extend(f"  {fmt.ljust(width)}  {status}" for fmt, status in page.legalities.items())
    lines.append("")
    lines.append("Rulings")
    if page.rulings:
        lines.extend(f"  {r['date']}  {r['text']}" for r in page.rulings)
    else:
        lines.append("  (none)")
    lines.append("")
    why = f": {page.not_implemented_reason}" if page.not_implemented_reason else ""
    lines.append("Undercity: " + ("implemented" if page.implemented else
                                  f"not implemented{why} (`undercity cards --coverage` lists what is missing)"))
    return lines


def card(
    name: list[str] = typer.Argument(None, help="A card name in English or any printed language (quotes optional)."),
    search: str = typer.Option(None, "--search", "-s",
                               help='Search with Scryfall-style terms, e.g. "o:initiative t:creature c:b".'),
    as_json: bool = typer.Option(False, "--json", help="Print JSON for machines."),
    lang: str = typer.Option(None, "--lang", help="Show the printed name and type line in this language "
                                                  "(fr, de, es, it, ja, ko, pt-BR, ru, zh-Hans, zh-Hant) and, "
                                                  "for zh-Hans and fr, the printed rules text."),
    limit: int = typer.Option(None, "--limit", help="Show at most this many search results."),
) -> None:
    """Show a card's page (cost, type, text, legalities, rulings), or search the card database."""
    from undercity.carddb import canonical_lang, get_db

    try:
        if lang is not None:
            lang = canonical_lang(lang)
        db = get_db()
        if search is not None:
            _search(db, search if not name else " ".join([search, *name]), as_json, lang, limit)
            return
        if not name:
            raise UndercityError('give a card name (undercity card "Ravenloft Adventurer") or --search TERMS')
        query = " ".join(name)
        if not query.strip():
            raise UndercityError('a card name is needed, not an empty one (undercity card "Ravenloft Adventurer")')
        try:
            page = db.page(query, lang)
        except UnknownCardError as e:
            if as_json:
                typer.echo(json.dumps({"error": "unknown card", "name": query, "suggestions": e.suggestions},
                                      ensure_ascii=False))
            _err(str(e))
            raise typer.Exit(2) from None
    except UndercityError as e:
        _err(str(e))
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(page.to_json(), ensure_ascii=False, indent=2))
    else:
        for line in render_page(page):
            _out(line)


def _search(db: Any, query: str, as_json: bool, lang: str | None, limit: int | None) -> None:
    rows = db.search(query)
    total = len(rows)
    if limit is not None:
        rows = rows[:max(limit, 0)]
    printed = db.printed_names([r["name"] for r in rows], lang) if lang and lang != "en" else {}
    if as_json:
        for r in rows:
            if lang:
                r["printed_name"] = printed.get(r["name"]) if lang != "en" else r["name"]
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    if not rows:
        _out(f"no cards match {query!r}")
        return
    table = Table(show_edge=False, pad_edge=False, header_style="bold")
    table.add_column("Name", no_wrap=True)
    if printed or (lang and lang != "en"):
        table.add_column(lang or "", no_wrap=True)
    table.add_column("Cost", no_wrap=True)
    table.add_column("Type")
    table.add_column("P/T")
    table.add_column("Set")
    table.add_column("Impl.")
    for r in rows:
        cells = [r["name"]]
        if printed or (lang and lang != "en"):
            cells.append(printed.get(r["name"], ""))
        cells += [r["mana_cost"] or "", r["type_line"], _pt(r["power"], r["toughness"], r["loyalty"]) or "",
                  r["set"] or (r["printings"][-1] if r["printings"] else ""), "yes" if r["implemented"] else ""]
        table.add_row(*cells)
    console.print(table)
    shown = f"{len(rows)} of {total}" if len(rows) < total else str(total)
    _out(f"{shown} card{'s' if total != 1 else ''}")


deck_app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                       help="Decklists: check one against a format's deck construction rules.")


@deck_app.command("check")
def deck_check(
    file: Path = typer.Argument(..., help="A decklist (plain text, MTG Arena export or MTGO .dek), or a bundled "
                                          "deck's name (party-time, mind-flayarrrs, …)."),
    format: str = typer.Option("constructed", "--format", "-f",  # noqa: A002
                               help="constructed | commander | a format of the legality data (modern, legacy…)."),
) -> None:
    """Report every problem of a decklist at once (exit 1 if there is any); cards whose legality
    in the format the card data doesn't know are warnings."""
    from undercity.decks import check_deck, load_deck

    try:
        if file.is_dir():
            raise UndercityError(f"{file} is a directory: give a decklist file in it")
        # A file of that name first; else a bundled deck of that name, or an error naming them all.
        deck = load_deck(f"./{file}" if file.is_file() and not file.is_absolute() else str(file), check=False)
        problems, warnings = check_deck(deck, format)
    except UndercityError as e:
        _err(str(e))
        raise typer.Exit(2) from None
    cards = len(deck.main) + len(deck.commanders)
    for w in warnings:
        _out(f"  warning: {w}")
    if not problems:
        _out(f"{file}: OK ({cards} cards, {len(deck.sideboard)} in the sideboard; format {format})"
             + (f", {len(warnings)} warning{'s' if len(warnings) != 1 else ''}" if warnings else ""))
        return
    _out(f"{file}: {len(problems)} problem{'s' if len(problems) != 1 else ''} (format {format})")
    for p in problems:
        _out(f"  {p}")
    raise typer.Exit(1)
