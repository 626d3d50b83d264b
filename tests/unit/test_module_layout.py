"""The code is organised by rule concept (issue 11 §2): no module is named after a set or a
color, and the rules never import the card pool."""

from __future__ import annotations

import ast
import gzip
import json
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "undercity"

#: The colors (CR 105.1) and colorlessness (CR 105.2c).
COLOR_WORDS = frozenset({"white", "blue", "black", "red", "green", "colorless"})


@cache
def set_codes() -> frozenset[str]:
    """Every set code in the shipped card data: the sets of the Oracle data (CLB, AFR, AFC, …)
    and every printing in the corpus, lower-cased."""
    codes: set[str] = set()
    oracle = json.loads((PACKAGE / "data" / "oracle.json").read_text(encoding="utf-8"))
    codes.update(c["set"] for c in oracle.values() if c.get("set"))
    with gzip.open(PACKAGE / "data" / "all-cards.json.gz", "rt", encoding="utf-8") as f:
        corpus = json.load(f)["cards"]
    for c in corpus.values():
        codes.update(c.get("printings") or ())
        if c.get("set"):
            codes.add(c["set"])
    return frozenset(code.lower() for code in codes)


def module_paths() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def name_words(path: Path) -> list[str]:
    """The words of a module's name and of its packages' names ("clb_green" -> clb, green)."""
    rel = path.relative_to(PACKAGE).with_suffix("")
    words = []
    for part in rel.parts:
        words.append(part)
        words += part.split("_")
    return words


def bad_name(path: Path) -> str | None:
    codes = set_codes()
    for w in name_words(path):
        if w.lower() in codes:
            return f"set code {w.upper()}"
        if w.lower() in COLOR_WORDS:
            return f"color word {w!r}"
    return None


def test_the_set_codes_are_read() -> None:
    assert {"clb", "afr", "afc"} <= set_codes()


def test_a_set_or_color_named_module_is_caught() -> None:
    assert bad_name(PACKAGE / "engine" / "effects_clb_green.py") == "set code CLB"
    assert bad_name(PACKAGE / "cards" / "pool" / "white_cards.py") == "color word 'white'"
    assert bad_name(PACKAGE / "cards" / "language" / "afr" / "x.py") == "set code AFR"
    assert bad_name(PACKAGE / "engine" / "dungeons.py") is None


def test_no_module_is_named_after_a_set_or_a_color() -> None:
    bad = [f"{p.relative_to(PACKAGE.parent)}: {why}" for p in module_paths() if (why := bad_name(p))]
    assert not bad, "modules are named by rule concept, never by set or color:\n" + "\n".join(bad)


def pool_imports(path: Path) -> list[str]:
    """Where ``path`` imports the card pool (``undercity.cards.pool``), at any depth."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "undercity.cards.pool" or node.module.startswith("undercity.cards.pool."):
                out.append(f"line {node.lineno}: from {node.module} import …")
            elif node.module == "undercity.cards" and any(a.name == "pool" for a in node.names):
                out.append(f"line {node.lineno}: from undercity.cards import pool")
        elif isinstance(node, ast.Import):
            out += [f"line {node.lineno}: import {a.name}" for a in node.names
                    if a.name == "undercity.cards.pool" or a.name.startswith("undercity.cards.pool.")]
    return sorted(out)


def test_a_pool_import_is_caught(tmp_path: Path) -> None:
    f = tmp_path / "m.py"
    f.write_text("def f():\n    from undercity.cards.pool.core import X\n\nfrom undercity.cards import pool\n")
    assert pool_imports(f) == ["line 2: from undercity.cards.pool.core import …",
                               "line 4: from undercity.cards import pool"]


def test_no_rules_module_imports_the_card_pool() -> None:
    """The rules (``undercity/engine``) are independent of which cards exist: rules data such as
    the dungeons (CR 309) lives in ``undercity/cards/dungeons.py``, not in the pool."""
    bad = [f"{p.relative_to(PACKAGE.parent)} {where}" for p in sorted((PACKAGE / "engine").rglob("*.py"))
           for where in pool_imports(p)]
    assert not bad, "rules modules must not import the card pool:\n" + "\n".join(bad)


def hook_lists(path: Path) -> list[str]:
    """Module-level lists of functions other modules append to (``X: list[Callable…] = []``),
    or names of the old hook pattern (``…_HOOKS``, ``…_WATCHERS``, ``…_RESTRICTIONS``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            ann = ast.unparse(node.annotation)
            if ann.startswith("list[") and "Callable" in ann:
                out.append(f"line {node.lineno}: {node.target.id}: {ann}")
                continue
            names = [node.target.id]
        elif isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        else:
            continue
        out += [f"line {node.lineno}: {n}" for n in names if n.endswith(("HOOKS", "WATCHERS", "RESTRICTIONS"))]
    return out


def test_a_hook_list_is_caught(tmp_path: Path) -> None:
    f = tmp_path / "m.py"
    f.write_text("from collections.abc import Callable\n\nMANA_HOOKS: list[Callable[[int], int]] = []\n"
                 "BLOCK_RESTRICTIONS = []\nHANDLERS: dict[type, Callable[..., None]] = {}\n")
    assert hook_lists(f) == ["line 3: MANA_HOOKS: list[Callable[[int], int]]", "line 4: BLOCK_RESTRICTIONS"]


def test_the_rules_have_no_hook_lists() -> None:
    """The engine asks the concept module directly where a rule applies, or the effect is a
    continuous effect of the layer system (issue 11 §2); registries keyed by type (``@handles``,
    ``@effects.counts``, ``@resolve.checks``) are the typed alternative."""
    bad = [f"{p.relative_to(PACKAGE.parent)} {where}" for p in sorted((PACKAGE / "engine").rglob("*.py"))
           for where in hook_lists(p)]
    assert not bad, "hook lists in the rules:\n" + "\n".join(bad)
