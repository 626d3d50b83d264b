"""Oracle text → the parsed form (:mod:`undercity.cards.text.ast`), by composition.

A recursive-descent parser over the tokens of one ability (:func:`normalize.tokens`): an
ability is a keyword line, a triggered ability (trigger word, event, optional intervening
"if", effects), an activated ability (costs, colon, effects, "activate only …"), a static
ability or a spell's effects; effects are sentences of clauses, each a verb with its
objects, quantities and durations. Nothing matches a whole line.

Each rule returns a node, or None after restoring the position. The parser remembers the
furthest token it failed on: when an ability doesn't parse, that position names the first
phrase it could not read (:class:`ParseFailure`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache, wraps
from typing import Any, TypeVar

from undercity.cards.language.cast_timing import AND_ONLY as CAST_ONLY_ALSO
from undercity.cards.language.cast_timing import WHEN as CAST_ONLY_WHEN
from undercity.cards.language.counters import KEYWORD_COUNTERS
from undercity.cards.language.stack_targets import STACK_OBJECTS
from undercity.cards.text import ast as A
from undercity.cards.text.normalize import normalise, paragraphs, tokens

N = TypeVar("N")

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10, "x": None}
#: Oracle text spells numbers up to twenty in words ("Each opponent mills fourteen cards").
NUMBERS |= {"eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
            "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20}

#: Ordinal numbers in words ("the twelfth hour counter").
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
            "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
            "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20}

#: Card types and the nouns that head object descriptions (CR 205.2a), singular and plural.
TYPE_WORDS = {
    "creature", "creatures", "artifact", "artifacts", "enchantment", "enchantments", "land", "lands",
    "planeswalker", "planeswalkers", "permanent", "permanents", "instant", "instants", "sorcery", "sorceries",
    "battle", "battles", "player", "players", "opponent", "opponents", "spell", "spells", "card", "cards",
}
#: "If you would roll one or more dice, instead roll that many dice plus one and ignore the lowest
#: roll" (CR 614.1a, 706.6).
ROLL_ADVANTAGE_WORDS = "if you would roll one or more dice, instead roll that many dice plus one and ignore the lowest roll"
COLORS = ("white", "blue", "black", "red", "green", "colorless", "multicolored", "monocolored")
#: "Prevent all combat damage that would be dealt this turn" (CR 615.1) and its narrower form.
_FOGS = ("prevent all combat damage that would be dealt this turn",
         "prevent all combat damage that would be dealt to you and creatures you control this turn")
QUALS = {"other", "tapped", "untapped", "attacking", "blocking", "nontoken", "legendary", "nonlegendary", "basic",
         "nonbasic", "snow", "enchanted", "equipped", "historic", "commander", "goaded", "nonattacking", *COLORS}

#: Keyword abilities without a parameter (CR 702), as they appear in keyword lines.
PLAIN_KEYWORDS = {
    "flying", "reach", "menace", "first strike", "double strike", "trample", "deathtouch", "lifelink", "vigilance",
    "haste", "defender", "flash", "hexproof", "indestructible", "shroud", "fear", "intimidate", "prowess",
    "changeling", "myriad", "cascade", "rebound", "convoke", "delve", "flanking", "horsemanship", "shadow",
    "persist", "undying", "wither", "infect", "exalted", "extort", "evolve", "unleash", "riot", "mentor",
    "ascend", "storm", "split second", "sunburst", "phasing", "banding", "devoid", "ingest", "skulk",
    "melee", "partner", "improvise", "afterlife", "jump-start", "training", "decayed", "daybound", "nightbound",
    "living weapon", "battle cry", "soulbond", "provoke", "demonstrate", "retrace", "epic", "gravestorm",
    "haunt", "conspire", "cipher", "dethrone", "assist", "fuse", "aftermath", "friends forever",
    "choose a background", "plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk", "desertwalk",
    "compleated", "enlist", "read ahead", "ravenous", "totem armor", "undaunted", "hideaway", "sneak", "exploit",
}
#: Keyword abilities followed by a cost (CR 702: equip, ward, cycling, kicker, …).
COST_KEYWORDS = {
    "equip", "ward", "cycling", "kicker", "flashback", "ninjutsu", "unearth", "madness", "morph", "megamorph",
    "evoke", "dash", "embalm", "eternalize", "escape", "foretell", "buyback", "echo", "entwine", "overload",
    "transmute", "bestow", "emerge", "surge", "spectacle", "prowl", "outlast", "scavenge", "reconfigure",
    "blitz", "disturb", "encore", "channel", "transfigure", "fortify", "replicate", "multikicker", "suspend",
    "level up", "cumulative upkeep", "plainscycling", "islandcycling", "swampcycling", "mountaincycling",
    "forestcycling", "landcycling", "basic landcycling", "mutate", "recover", "aura swap", "miracle",
    "squad", "craft", "boast", "commander ninjutsu", "casualty", "backup", "toxic",
}
#: Keyword abilities followed by a number (CR 702).
NUMBER_KEYWORDS = {"annihilator", "afflict", "bushido", "rampage", "absorb", "bloodthirst", "fading", "vanishing",
                   "frenzy", "modular", "graft", "amplify", "dredge", "renown", "fabricate", "crew", "tribute",
                   "poisonous", "devour", "soulshift", "afterlife", "backup", "toxic", "casualty", "training"}

#: Protection an effect grants (CR 702.16): "gains protection from white until end of turn",
#: "… from the color of your choice …", "tokens with protection from black".
PROTECTION_GRANTS = tuple(f"protection from {q}" for q in (
    "white", "blue", "black", "red", "green", "artifacts", "creatures", "the color of your choice"))

#: Ability words (CR 207.2c) are read as any short phrase before an em dash; these words
#: begin something else.
_NOT_ABILITY_WORD = {"choose", "ward", "equip", "•"}

#: The card types after which a capitalised subtype is a qualifier ("Goblin creature").
_PERMANENT_HEADS = frozenset({"creature", "creatures", "artifact", "artifacts", "enchantment", "enchantments",
                              "land", "lands", "permanent", "permanents", "planeswalker", "planeswalkers"})

STEPS = ("upkeep", "draw step", "end step", "combat", "precombat main phase", "postcombat main phase")

#: Where "return ~" takes a card from its owner's graveyard (CR 113.6m).
_FROM_YOUR_GRAVEYARD = ("from your graveyard to the battlefield", "from your graveyard to the battlefield tapped",
                        "from your graveyard to your hand")
#: What a cost change is multiplied by: "… cost {1} less to cast for each …" (CR 601.2f, 903.8).
_COST_CHANGE_PER = ("time you've cast a commander from the command zone this game",
                    "time you've cast your commander from the command zone this game")
#: Where "put [cards]" puts them (CR 400.3).
_PUT_TO = ("onto the battlefield tapped", "onto the battlefield", "into your hand", "into their hand",
           "onto the battlefield under your control", "onto the battlefield attached to it",
           "on the bottom of your library")


@dataclass(frozen=True, slots=True)
class ParseFailure:
    """An ability the grammar could not read: ``phrase`` starts at the first token it could
    not read (``at``)."""

    text: str
    phrase: str
    at: int


@cache
def _verb_forms(lemma: str) -> frozenset[str]:
    third = lemma[:-1] + "ies" if lemma.endswith("y") else lemma + "s"
    return frozenset({lemma, lemma + "s", lemma + "es", third})


@cache
def _phrase_index(phrases: tuple[str, ...]) -> dict[str, list[tuple[tuple[str, ...], str]]]:
    """First word -> the phrases starting with it, longest first (for :meth:`Parser.one_of`)."""
    index: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for p in sorted(set(phrases), key=lambda s: (-len(s.split()), s)):
        words = tuple(p.split())
        index.setdefault(words[0], []).append((words, p))
    return index


def rule(fn: Callable[..., N | None]) -> Callable[..., N | None]:
    """Restore the position when a rule fails (PEG-style ordered choice with backtracking)."""

    @wraps(fn)
    def wrapped(self: Parser, *args: Any) -> N | None:
        start = self.i
        out = fn(self, *args)
        if out is None:
            self.i = start
        return out

    return wrapped


@cache
def _subtypes() -> frozenset[str]:
    from undercity.cards.language.continuous import (
        ARTIFACT_SUBTYPES,
        ENCHANTMENT_SUBTYPES,
        PLANESWALKER_SUBTYPES,
    )
    from undercity.cards.oracle import load_oracle
    from undercity.cards.text.creature_types import CREATURE_TYPES

    # CR 205.3g-h: a token's subtype ("Whenever you sacrifice a Clue") is a subtype though no card has it.
    out: set[str] = set(CREATURE_TYPES) | ARTIFACT_SUBTYPES | ENCHANTMENT_SUBTYPES | PLANESWALKER_SUBTYPES
    for oc in load_oracle().values():
        out.update(oc.subtypes)
        for f in oc.faces:
            out.update(f.subtypes)
    return frozenset(out)


EXTRA_SUBTYPES: set[str] = set()  # filled by callers reading a larger corpus (coverage --all)

_IRREGULAR_PLURALS = {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf", "Werewolves": "Werewolf",
                      "Mice": "Mouse", "Octopi": "Octopus", "Fungi": "Fungus", "Sphinxes": "Sphinx",
                      "Foxes": "Fox", "Oxen": "Ox", "Leeches": "Leech", "Allies": "Ally", "Faeries": "Faerie"}


def subtype_of(word: str) -> str | None:
    """The subtype a (capitalised, possibly plural) word names, or None."""
    return _subtype_of(word, len(EXTRA_SUBTYPES))


@cache
def _subtype_of(word: str, _extra: int) -> str | None:
    known = _subtypes() | EXTRA_SUBTYPES
    if word in known:
        return word
    if word in _IRREGULAR_PLURALS and _IRREGULAR_PLURALS[word] in known:
        return _IRREGULAR_PLURALS[word]
    if word.endswith("s") and word[:-1] in known:
        return word[:-1]
    if word.endswith("es") and word[:-2] in known:
        return word[:-2]
    return None


def _bracketed_loyalty(tok: str) -> bool:
    """A loyalty cost as printed since 2018, "[+1]", "[−2]", "[0]" (CR 606.4)."""
    inner = tok[1:-1]
    return tok[:1] == "[" and tok[-1:] == "]" and (inner == "0" or inner[:1] in "+−-" and inner[1:].isdigit())


def _plural(head: str) -> bool:
    """"creatures", "Goblins", "Elves" — a head word in its plural form."""
    if head in TYPE_WORDS:
        return head.endswith("s") and head not in ("sorcery",)
    st = subtype_of(head)
    return st is not None and st != head


class Parser:
    """The grammar, over the tokens of one ability."""

    def __init__(self, toks: list[str], *, spell: bool = False, text: str = "") -> None:
        self.text = text
        self.toks = toks
        self.low = [t.lower() for t in toks]
        self.i = 0
        self.far = 0
        self.spell = spell

    # ------------------------------------------------------------------ token helpers

    def peek(self, k: int = 0) -> str:
        j = self.i + k
        return self.low[j] if j < len(self.low) else ""

    def raw(self, k: int = 0) -> str:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else ""

    def miss(self) -> None:
        self.far = max(self.far, self.i)

    def at(self, *words: str) -> bool:
        n = len(words)
        if self.low[self.i:self.i + n] == list(words):
            return True
        self.miss()
        return False

    def eat(self, *words: str) -> bool:
        if self.at(*words):
            self.i += len(words)
            return True
        return False

    def eat_phrase(self, phrase: str) -> bool:
        return self.eat(*phrase.split())

    def one_of(self, *phrases: str) -> str | None:
        """Consume the longest of ``phrases`` here; return it."""
        for words, phrase in _phrase_index(phrases).get(self.peek(), ()):
            n = len(words)
            if tuple(self.low[self.i:self.i + n]) == words:
                self.i += n
                return phrase
        self.miss()
        return None

    def done(self) -> bool:
        if self.i >= len(self.toks):
            return True
        self.miss()
        return False

    # ------------------------------------------------------------------ quantities

    @rule
    def num(self) -> A.Num | None:
        w = self.peek()
        if w in NUMBERS:
            self.i += 1
            return A.Num(self.raw(-1), NUMBERS[w])
        if w.isdigit():
            self.i += 1
            return A.Num(w, int(w))
        if w == "that" and self.peek(1) == "many":
            self.i += 2
            return A.Num(" ".join(self.toks[self.i - 2:self.i]), None)  # the trigger event's number
        self.miss()
        return None

    def die_result(self) -> str | None:
        """"the result", "that result", "the other result" (CR 706.4)."""
        return self.one_of(*A.DIE_RESULTS)

    # ------------------------------------------------------------------ nouns and references

    def head(self) -> str | None:
        w, r = self.peek(), self.raw()
        if w in TYPE_WORDS and w not in ("card", "cards", "spell", "spells"):
            self.i += 1
            return w
        if r[:1].isupper() and subtype_of(r):
            self.i += 1
            return r
        self.miss()
        return None

    def qual(self) -> str | None:
        w = self.peek()
        if self.peek(1) in _PERMANENT_HEADS and self.raw()[:1].isupper() and subtype_of(self.raw()):
            # "target Assembly-Worker creature", "a Goblin creature": a subtype and a card type,
            # both of which it has (CR 205.3a).
            self.i += 1
            return self.raw(-1)
        if w == "attacking" and self.at("attacking", "or", "blocking"):
            self.i += 3
            return "attacking or blocking"  # "target attacking or blocking creature" (CR 506.4)
        if w in QUALS or (w.startswith("non") and len(w) > 3 and (
                w[3:].lstrip("-") in TYPE_WORDS or w[3:] in COLORS
                or subtype_of(self.raw()[3:].lstrip("-").capitalize() if "-" not in w else self.raw()[4:]))):
            self.i += 1
            return self.raw(-1) if "-" in w else w
        self.miss()
        return None

    _SUFFIXES = ("with the same name as this creature", "you control", "you don't control", "an opponent controls", "your opponents control",
                 "that aren't enchanted",
                 "you own", "you don't own", "in your graveyard", "from your graveyard", "from a graveyard",
                 "in a graveyard", "from your hand", "in your hand", "that's attacking", "that's blocking",
                 "that player controls", "defending player controls", "target player controls",
                 "target opponent controls", "with flying", "without flying", "an opponent owns",
                 "from an opponent's graveyard", "in an opponent's graveyard", "you both own and control",
                 "blocking it", "blocked by ~", "blocking ~", "attacking you", "attacking that player", "you controlled",
                 "on the battlefield", "in your party", "from among them", "of the chosen type", "of the chosen color",
                 "chosen this way",
                 "that share a land type", "that aren't of the chosen type",
                 "that shares a creature type with this creature", "in your opponents' graveyards", "attached to it",
                 "that could be attached to enchanted creature",
                 "with power less than this creature's power", "that share a creature type with it",
                 "with power less than ~'s power",
                 "in the chosen player's graveyard", "in target player's graveyard", "in their graveyard",
                 "in target opponent's hand", "that shares a creature type with it",
                 "that shares a creature type with your commander",
                 "whose controller was dealt combat damage by ~ this turn", "of that type",
                 "put into a graveyard this way", "put into graveyards this way",
                 "that entered the battlefield this turn", "in all graveyards")

    @rule
    def suffix(self) -> str | None:
        s = self.one_of(*self._SUFFIXES)
        if s:
            return s
        start = self.i
        if self.eat("from") and self.one_of("a", "an") and self.peek() in TYPE_WORDS:
            # "ability from an artifact or enchantment source" (CR 113.7): its source's card types
            self.i += 1
            while self.peek() == "or" and self.peek(1) in TYPE_WORDS:
                self.i += 2
            if self.eat("source"):
                return " ".join(self.toks[start:self.i])
        self.i = start
        if self.eat("with") and self.raw() == "{X}" and self.eat("{x}", "in", "its", "mana", "cost"):
            return " ".join(self.toks[start:self.i])  # "target spell with {X} in its mana cost" (CR 107.3)
        self.i = start
        if self.eat("with", "mana", "value", "less", "than", "or", "equal", "to", "the", "number", "of", "cards", "in",
                    "its", "controller's", "graveyard"):
            return " ".join(self.toks[start:self.i])  # Drown in the Loch
        if self.eat("with"):
            what = self.one_of("power", "toughness", "mana value", "power or toughness")
            if what == "mana value" and self.raw() == "X" and self.peek(1) != "or":
                self.i += 1  # "each nonland permanent with mana value X": the X of the cost (CR 107.3)
                return " ".join(self.toks[start:self.i])
            if what and self.num() is not None and self.one_of("or greater", "or less"):
                return " ".join(self.toks[start:self.i])
            self.i = start + 1
            if self.one_of("power greater than or equal to", "mana value less than or equal to",
                           "mana value equal to") and self.die_result():
                return " ".join(self.toks[start:self.i])  # a die roll's result (CR 706.4)
            self.i = start + 1
            if self.eat("mana", "value", "less", "than", "or", "equal", "to", "that", "creature's", "power"):
                return " ".join(self.toks[start:self.i])  # the creature a trigger names (CR 608.2h)
            self.i = start + 1
            if self.eat("power", "less", "than", "or", "equal", "to", "the", "tapped", "creature's", "power"):
                return " ".join(self.toks[start:self.i])  # the creature an earlier sentence tapped (CR 608.2h)
        self.i = start
        if self.eat("with") and self.raw().isalpha() and self.peek(1) == "counters" and self.peek(2) == "on":
            # "creatures with slime counters on them" (CR 122.1): one or more such counters
            self.i += 2
            if self.eat("on", "them"):
                return " ".join(self.toks[start:self.i])
        self.i = start
        if self.eat("that") and self.one_of("was", "were") and self.eat("put", "there", "from") \
                and self.one_of("the battlefield", "their library", "your library") and self.eat("this", "turn"):
            # "card in an opponent's graveyard that was put there from their library this turn"
            # (CR 400.7: the zone the card in the graveyard came from)
            return " ".join(self.toks[start:self.i])
        self.i = start
        if self.eat("that's") and self.one_of("a", "an") and (kinds := self._subtype_list()):
            # "each creature card in your graveyard that's a Cleric, Rogue, Warrior, and/or
            # Wizard": any of them (CR 115.1, 205.3)
            return f"that's {self.low[start + 1]} {kinds}"
        self.i = start
        if self.eat("that", "had") and self.one_of("a", "an") and self.one_of(*KEYWORD_COUNTERS) \
                and self.eat("counter", "put", "on", "it", "this", "way"):
            # "each creature that had a double strike counter put on it this way": those the
            # sentence's counters went on (CR 608.2c)
            return " ".join(self.toks[start:self.i])
        self.i = start
        return None

    def _subtype_list(self) -> str | None:
        """"Cleric, Rogue, Warrior, and/or Wizard", "Elf or Warrior", "Zombie": subtypes, the
        last after "or" or "and/or" (as written)."""
        words: list[str] = []
        start = self.i
        while subtype_of(self.raw()) is not None:
            words.append(self.raw())
            self.i += 1
            if self.at(",", "and", "/", "or") or self.at("and", "/", "or"):
                self.i += 4 if self.peek() == "," else 3
                words.append(("," if self.toks[self.i - 4] == "," else "") + " and/or")
            elif self.at(",", "or") or self.at("or"):
                self.i += 2 if self.peek() == "," else 1
                words.append(("," if self.toks[self.i - 2] == "," else "") + " or")
            elif self.at(",") and subtype_of(self.raw(1)) is not None:
                self.i += 1
                words.append(",")
            else:
                break
        if not words or words[-1].endswith(("or", ",")) or (len(words) > 1 and "or" not in words[-2]):
            self.i = start
            return None
        out = ""
        for w in words:
            out += w if w.startswith((",", " ")) else (" " if out else "") + w
        return out

    @rule
    def noun(self) -> A.Noun | None:
        quals: list[str] = []
        while (q := self.qual()) is not None:
            quals.append(q)
            if q == "attacking" and self.eat("or", "blocking"):
                quals[-1] = "attacking or blocking"  # "an attacking or blocking creature" (CR 506.4)
            if self.peek() == "," and self.peek(1).startswith("non"):
                quals[-1] += ","  # "nonartifact, nonblack creature": a list of qualities (it renders back)
                self.i += 1
        heads: list[str] = []
        conj = "or"
        h = self.head()
        if h is not None:
            heads.append(h)
            first, closed = self.i, False  # a list closed by "or" / "and" before its last head
            while True:
                mark = self.i
                if self.eat(","):
                    if (h2 := self.head()) is not None:
                        heads.append(h2)
                        continue
                    if self.peek() in ("or", "and"):
                        conj = self.peek()
                        self.i += 1
                        if conj == "and" and self.eat("/", "or"):
                            conj = "and/or"  # "Crabs, Oozes, and/or Horrors": any of them (CR 115.1)
                        if (h2 := self.head()) is not None:
                            heads.append(h2)
                            closed = True
                            break
                    self.i = mark
                    break
                if len(heads) == 1 and self.at("and", "/", "or"):
                    self.i += 3  # "artifacts and/or enchantments": either or both (CR 115.1)
                    if (h2 := self.head()) is not None:
                        heads.append(h2)
                        conj = "and/or"
                        closed = True
                        break
                    self.i = mark
                    break
                if len(heads) == 1 and self.peek() in ("or", "and") and self.peek(1) != "":
                    c = self.peek()
                    self.i += 1
                    if (h2 := self.head()) is not None:
                        heads.append(h2)
                        conj, closed = c, True
                        continue
                    self.i = mark
                break
            if len(heads) > 1 and not closed:
                # "you control a Mountain, creatures you control have …": a list ends with "or"
                # or "and" before its last head; without it the comma ends the noun
                del heads[1:]
                self.i = first
        kind = ""
        if len(heads) > 1 and self.peek() == "creature" and self.peek(1) in ("card", "cards") \
                and all(h not in TYPE_WORDS for h in heads):
            kind = "creature"  # "Cleric, Rogue, Warrior, or Wizard creature card" (CR 205.3a)
            self.i += 1
        card = ""
        if not heads and not quals and (on_stack := self.one_of(*STACK_OBJECTS)) is not None:
            card = on_stack.replace(" ,", ",")  # "spell, activated ability, or triggered ability" (CR 115.1)
        elif not heads and not quals and self.eat("spell", "or", "permanent"):
            card = "spell or permanent"  # a spell on the stack or a permanent (CR 115.1)
        elif self.peek() in ("card", "cards", "spell", "spells"):
            card = self.peek()
            self.i += 1
        if not heads and not card:
            return None
        if card == "card" and heads and self.peek() == "or":
            # "target Dragon creature card or Ugin planeswalker card from your graveyard": either
            # description (CR 115.1); where they are is said once, after both.
            mark = self.i
            self.i += 1
            alt = self.noun()
            if alt is not None and alt.card == "card" and alt.heads and not isinstance(alt, A.EitherNoun):
                return A.EitherNoun(tuple(quals), tuple(heads), conj, card, alt.suffix, kind, replace(alt, suffix=()))
            self.i = mark
        suffix: list[str] = []
        while (s := self.suffix()) is not None:
            suffix.append(s)
        return A.Noun(tuple(quals), tuple(heads), conj, card, tuple(suffix), kind)

    _SELF_NOUNS = ("creature", "artifact", "enchantment", "land", "permanent", "spell", "card", "equipment",
                   "aura", "vehicle", "planeswalker", "saga", "class", "token")

    @rule
    def self_ref(self) -> A.SelfRef | None:
        if self.eat("~"):
            return A.SelfRef("~")
        if self.peek() == "this" and self.peek(1) in self._SELF_NOUNS:
            self.i += 2
            return A.SelfRef(f"this {self.toks[self.i - 1]}")
        self.miss()
        return None

    _WORD_REFS = ("you", "it", "them", "they", "that creature", "that player", "that card", "that permanent",
                  "that spell's controller",
                  "those creatures", "those cards", "defending player", "its controller", "its owner",
                  "enchanted creature", "equipped creature", "enchanted permanent", "enchanted land",
                  "enchanted player", "that spell", "the chosen player", "your opponents", "that land",
                  "that token", "the creature", "each of them", "the top card of your library", "the chosen cards",
                  "the player to your right", "the attacking player", "the exiled card")

    @rule
    def target_ref(self) -> A.TargetRef | None:
        if self.eat("any", "target"):
            return A.TargetRef(None)
        up_to = self.eat("up", "to")
        count = self.num() if self.peek() not in ("a", "an") else None
        another = self.eat("another")
        # "up to one other target creature"
        other = "other" if count is not None and not another and self.eat("other") else ""
        if not self.eat("target"):
            return None
        n = self.noun()
        if n is None:
            return None
        return A.TargetRef(n, count, up_to, another, other)

    @rule
    def ref(self) -> A.Node | None:
        """An object or player reference."""
        for fn in (self.self_ref, self.target_ref):
            r = fn()
            if r is not None:
                return r
        if self.peek() in ("each", "all"):
            det = self.peek()
            self.i += 1
            n = self.noun()
            if n is not None:
                return A.EachRef(det, n)
            return None
        if self.peek() in ("a", "an", "another"):
            det = self.peek()
            self.i += 1
            n = self.noun()
            if n is not None:
                return A.DescRef(det, n)
            return None
        mark = self.i
        if self.eat("up", "to") and (n := self.num()) is not None and n.value is not None \
                and (cards := self.noun()) is not None and cards.card == "cards":
            return A.DescRef(f"up to {n.render()}", cards)  # "up to two creature cards put into graveyards this way"
        self.i = mark
        if self.eat("the", "owner", "of"):
            t = self.target_ref()
            return A.OwnerOf(t) if t is not None else None  # CR 108.3
        w = self.one_of(*self._WORD_REFS)
        if w:
            return A.WordRef(w)
        if self.peek() == "enchanted" and self.raw(1) in ("Plains", "Island", "Swamp", "Mountain", "Forest"):
            self.i += 2  # "enchanted Forest" (an Aura with "Enchant Forest", CR 303.4)
            return A.WordRef(f"enchanted {self.raw(-1)}")
        return None

    def each_and(self, first: A.Node) -> A.Node:
        """``first`` and any further "and each …" / "and all …" groups after it (one
        :class:`~A.EachAnd`), or ``first`` alone."""
        if not isinstance(first, A.EachRef):
            return first
        parts = [first]
        while self.peek() == "and" and self.peek(1) == first.det:
            mark = self.i
            self.i += 2
            n = self.noun()
            if n is None:
                self.i = mark
                break
            if not n.suffix and parts[-1].noun.heads == ("opponent",) and self.eat("they", "control"):
                n = replace(n, suffix=("they control",))  # "each opponent and each creature they control"
            parts.append(A.EachRef(first.det, n))
        return A.EachAnd(tuple(parts)) if len(parts) > 1 else first

    # ------------------------------------------------------------------ effects

    def verb(self, *lemmas: str) -> str | None:
        """A verb in its base or third-person form ("draw"/"draws")."""
        w = self.peek()
        for lemma in lemmas:
            if w in _verb_forms(lemma):
                self.i += 1
                return w
        self.miss()
        return None

    @rule
    def duration(self) -> A.Duration | None:
        d = self.one_of("until end of turn", "until your next turn", "this turn",
                        "for as long as ~ remains tapped", "until ~ leaves the battlefield")
        return A.Duration(d) if d else None

    def keyword_list(self) -> tuple[str, ...] | None:
        """"flying", "flying and haste", "vigilance, trample, and haste"."""
        kws: list[str] = []
        while True:
            k = self.one_of(*PLAIN_KEYWORDS) or self.one_of(*PROTECTION_GRANTS)
            if k is None:
                return tuple(kws) if kws else None
            kws.append(k)
            if self.at(",", "and"):
                self.i += 2
            elif self.peek() == "," and self.peek(1) in {w.split()[0] for w in PLAIN_KEYWORDS}:
                self.i += 1
            elif self.peek() == "and" and self.peek(1) in {w.split()[0] for w in PLAIN_KEYWORDS}:
                self.i += 1
            else:
                return tuple(kws)

    @rule
    def modify(self, what: A.Node, durations: bool = True) -> A.Modify | None:
        pt_verb = pt = kw_verb = ""
        kws: tuple[str, ...] = ()
        v = self.verb("get")
        if v:
            tok = self.raw()
            if "/" not in tok:
                return None
            pt_verb, pt = v, tok
            self.i += 1
            if self.peek() == "and" and self.peek(1) in ("gain", "gains", "has", "have"):
                self.i += 1
                kw_verb = self.peek()
                self.i += 1
                k = self.keyword_list()
                if k is None:
                    return None
                kws = k
        else:
            kv = self.verb("gain", "have")
            if kv is None and self.peek() in ("has",):
                kv = "has"
                self.i += 1
            if kv is None:
                return None
            kw_verb = kv
            if kv in ("gain", "gains") and self.eat("all", "activated", "abilities", "of") and (
                    (of := self.target_ref()) is not None and (dur := self.duration()) is not None):
                return A.GainAbilitiesOf(what, kv, of, dur)  # CR 613.1f: layer 6
            k = self.keyword_list()
            if k is None and kv in ("gain", "gains") and self.peek() == '"' and (q := self.quoted()) is not None:
                # 'it gains "When this Equipment enters the battlefield, …"' (CR 113.1a)
                return A.Modify(what, "", "", kw_verb, (), self.duration() if durations else None, quoted=(q,))
            if k is None:
                return None
            kws = k
        loses: tuple[str, ...] = ()
        if pt and self.peek() == "and" and self.peek(1) == "loses":
            mark = self.i
            self.i += 2
            loses = self.keyword_list() or ()  # "gets +10/+10 and loses flying" (CR 613.1f)
            if not loses:
                self.i = mark
        dur = self.duration() if durations else None
        return A.Modify(what, pt_verb, pt, kw_verb, kws, dur, loses)

    @rule
    def becomes(self, what: A.Node, duration_first: bool = False) -> A.Becomes | None:
        """"~ becomes a 2/2 Assembly-Worker artifact creature until end of turn" (CR 611.2a):
        an animated permanent's P/T, colors, types and abilities."""
        v = self.verb("become")
        article = self.one_of("a", "an")
        if v is None or article is None or "/" not in self.raw():
            return None
        pt = self.raw()
        self.i += 1
        colors: list[str] = []
        while self.peek() in COLORS[:5]:
            colors.append(self.peek())
            self.i += 1
            if self.peek() == "and" and self.peek(1) in COLORS[:5]:
                self.i += 1
        kinds: list[str] = []
        while self.peek() not in ("creature", "", ".", ",", "with", "until"):
            if len(kinds) > 3:
                return None
            kinds.append(self.raw())
            self.i += 1
        if not self.eat("creature"):
            return None
        kws: tuple[str, ...] = ()
        quoted = None
        all_types = False
        if self.eat("with"):
            if self.eat("all", "creature", "types"):
                all_types = True
            elif (k := self.keyword_list()) is not None:
                kws = k
                if self.at("and", '"'):  # "with menace and "Whenever this creature attacks, …""
                    self.i += 1
                    if (quoted := self.quoted()) is None:
                        return None
            elif self.at("ward") and self.raw(1).startswith("{"):
                kws = (f"ward {self.raw(1)}",)  # CR 702.21a: "with ward {3}"
                self.i += 2
            elif (quoted := self.quoted()) is None:
                return None
        dur = None if duration_first else self.duration()
        if not duration_first and dur is None:
            return None
        also = ""
        if self.at("and", "can't"):
            self.i += 1
            also = self.one_of("can't be blocked this turn") or ""
            if not also:
                self.i -= 1
        duration = A.Duration("until end of turn") if duration_first else dur
        still = ""
        if quoted is not None and self.at("it's", "still", "a", "land"):  # the quote's period ends it
            self.i += 4
            still = " ".join(self.toks[self.i - 4:self.i])
        return A.Becomes(what, v, article, pt, tuple(colors), tuple(kinds), kws, quoted, all_types, duration,
                         duration_first, also, still)

    _LIBRARIES = ("your library", "target player's library", "target opponent's library", "that player's library",
                  "their library", "its owner's library", "each player's library", "each opponent's library")
    #: Where cards looked at (or a permanent) are put (CR 401.4).
    _TAKE_PLACES = ("into your hand", "into your graveyard", "onto the battlefield", "onto the battlefield tapped",
                    "on top of your library", "into that player's graveyard", "into their graveyard",
                    "on the bottom of your library", "on top of their library", "into exile")
    _REST_PLACES = ("on the bottom of your library in any order", "on the bottom of your library in a random order",
                    "on the bottom of your library", "into your graveyard", "back on top of your library in any order",
                    "on top of your library in any order", "back in any order", "into exile",
                    "on the bottom of that library in any order", "on the bottom of that library in a random order",
                    "on top of their library in any order", "back on top of their library in any order",
                    "into that player's graveyard", "into their graveyard")
    _LIBRARY_PLACES = ("on top of its owner's library", "on the bottom of its owner's library", "on top of your library",
                       "on top of their owners' libraries", "on the bottom of their owners' libraries",
                       "second from the top of its owner's library", "third from the top of its owner's library")

    @rule
    def several(self, who: A.Node | None, v: str) -> A.RevealSeveral | None:
        """"[reveal] a creature card, … and/or a land card from among them [and put those cards]
        into your hand" (CR 401.5): two or more kinds of card, one of each at most."""
        items: list[tuple[str, A.Noun]] = []
        joins: list[str] = []
        while True:
            det = self.one_of("a", "an")
            n = self.noun() if det else None
            if det is None or n is None:
                return None
            items.append((det, n))
            if self.eat(",", "and", "/", "or"):
                joins.append(", and/or ")
            elif self.eat("and", "/", "or"):
                joins.append(" and/or ")
            elif self.peek() == "," and self.peek(1) in ("a", "an") and self.eat(","):
                joins.append(", ")
            else:
                break
        if len(items) < 2 or not joins or "and/or" not in joins[-1]:
            return None
        if v.startswith("reveal"):
            if not self.eat("and", "put"):
                return None
            ref = self.one_of("those cards", "the revealed cards", "them")
            if ref is None or not self.eat("into", "your", "hand"):
                return None
            return A.RevealSeveral(who, v, tuple(items), tuple(joins), ref)
        return A.RevealSeveral(who, v, tuple(items), tuple(joins)) if self.eat("into", "your", "hand") else None

    @rule
    def library_top(self, who: A.Node | None) -> A.Node | None:
        """"look at the top three cards of your library" (CR 401.5); "put one of them into your
        hand and the rest on the bottom of your library in any order", "put the rest on the bottom
        of your library in a random order", "put target creature on top of its owner's library"
        (CR 401.4)."""
        start = self.i
        if (v := self.verb("mill")) and self.eat("that", "many") and (c := self.one_of("cards")):
            return A.PlayerCount(who, v, A.Num("that many", None), c)  # the trigger event's number
        self.i = start
        if (v := self.verb("exile")) and self.eat("the", "top") and (n := self.num()) is not None and self.eat(
                "cards", "of") and (lib := self.one_of(*self._LIBRARIES)):
            return A.TopCards(who, v, n, lib)
        self.i = start
        if (v := self.verb("exile")) and self.eat("cards", "equal", "to") and (eq := self.one_of("its power")) \
                and self.eat("from", "the", "top", "of") and (lib := self.one_of(*self._LIBRARIES)):
            return A.TopCardsEqual(who, v, eq, lib)  # counted as it resolves (CR 608.2h)
        self.i = start
        if (v := self.verb("exile")) and self.eat("the", "top", "card", "of") and (lib := self.one_of(
                "each opponent's library", "each player's library", "their library")):
            return A.TopCards(who, v, A.Num("", 1), lib)  # one card of each of those libraries (CR 401.1)
        self.i = start
        if (v := self.verb("play")) and (w := self.one_of("those cards", "them", "that card", "it")) and (
                self.at(".") or self.at(",", "and", "you", "may", "spend")):
            return A.ObjectAction(who, v, A.WordRef(w))  # "Until the end of your next turn, you may play those cards."
        self.i = start
        if (v := self.verb("play", "cast")) and (w := self.one_of("those cards", "that card")) and (
                d := self.one_of("for as long as they remain exiled", "for as long as it remains exiled")):
            return A.ObjectAction(who, v, A.WordRef(w), d)  # CR 611.2b: while they stay in exile
        self.i = start
        if (v := self.verb("look")) and self.eat("at", "and", "cast", "that", "card") and (
                d := self.one_of("for as long as it remains exiled")):
            # "You may look at and cast that card for as long as it remains exiled" (CR 406.3, 611.2b)
            return A.ObjectAction(who, f"{v} at and cast", A.WordRef("that card"), d)
        self.i = start
        if (v := self.verb("look")) and self.eat("at", "that", "card") and self.peek() in ("and", "."):
            return A.Phrase(who, f"{v} at that card")  # a card exiled face down (CR 406.3)
        self.i = start
        if (v := self.verb("cast") if who is None else self.one_of("may cast")) and self.eat("it") and (
                d := self.one_of("if it's a creature spell")):
            return A.ObjectAction(who, v, A.WordRef("it"), d)  # a permission for creature spells only
        self.i = start
        if (v := self.verb("play")) and self.eat("the", "exiled", "card", "without", "paying", "its", "mana", "cost"):
            cond = self.at_least_condition() if self.eat("if") else None  # CR 607.2a, 118.9
            if cond is not None or self.at("."):
                return A.PlayExiledFree(who, v, cond)
        self.i = start
        if (v := self.verb("play")) and self.eat("cards", "this", "way", "without", "paying", "their", "mana", "costs"):
            return A.Phrase(who, f"{v} cards this way without paying their mana costs")  # CR 118.9
        self.i = start
        if (v := self.verb("play")) and self.eat("an", "additional", "land", "this", "turn"):
            return A.Phrase(who, f"{v} an additional land this turn")  # CR 305.2a
        self.i = start
        if (v := self.verb("play")) and self.eat("cards", "exiled", "this", "way") and (
                d := self.one_of("until the end of your next turn", "this turn")):
            return A.ObjectAction(who, v, A.WordRef("cards exiled this way"), d)
        self.i = start
        if (v := self.verb("exile", "reveal")) and self.eat("cards", "from", "the", "top", "of") and (
                owner := self.one_of("your", "their")) and self.eat("library", "until") and (
                until := self.one_of("you exile", "they exile", "you reveal", "they reveal")):
            mark = self.i
            if (what := self.ref()) is not None:
                return A.ExileUntil(who, v, owner, until, what)
            self.i = mark
            if (n := self.num()) is not None and n.value is None and (noun := self.noun()) is not None \
                    and noun.card == "cards":
                return A.ExileUntil(who, v, owner, until, A.SeveralCards(n, noun))  # "until you reveal X creature cards"
        self.i = start
        if (v := self.verb("exile")) and self.eat("that", "many", "cards", "from", "the", "top", "of", "your", "library"):
            return A.Phrase(who, f"{v} that many cards from the top of your library")  # the event's number
        self.i = start
        if (v := self.verb("cast")) and self.eat("spells", "from", "among") and (
                w := self.one_of("those exiled cards", "them", "those cards")):
            if self.eat("for", "as", "long", "as", "they", "remain", "exiled"):  # CR 611.2b
                w += " for as long as they remain exiled"
            return A.Phrase(who, f"{v} spells from among {w}")  # CR 601.2: spells, not lands
        self.i = start
        if (v := self.verb("cast")) and self.eat("that", "card", "without", "paying", "its", "mana", "cost"):
            return A.Phrase(who, f"{v} that card without paying its mana cost")  # CR 118.9
        self.i = start
        if (v := self.verb("cast")) and self.eat("the", "copy"):
            # "You may cast the copy [without paying its mana cost]": the copy of a card an
            # earlier instruction made (CR 707.12, 608.2g; 118.9)
            free = self.eat("without", "paying", "its", "mana", "cost")
            if self.peek() == ".":
                return A.Phrase(who, f"{v} the copy" + (" without paying its mana cost" if free else ""))
        self.i = start
        if (v := self.verb("cast")) and (t := self.target_ref()) is not None and self.eat(
                "without", "paying", "its", "mana", "cost"):
            return A.ObjectAction(who, v, t, "without paying its mana cost")  # CR 608.2g, 118.9
        self.i = start
        if (v := self.verb("cast")) and (w := self.one_of("that card", "it")) and self.peek() in ("and", "."):
            return A.Phrase(who, f"{v} {w}")  # a permission to cast it, paying its costs (CR 601.2)
        self.i = start
        if (v := self.verb("spend") if who is None else self.one_of("may spend")) and self.eat(
                "mana", "as", "though", "it", "were", "mana", "of", "any") and (kind := self.one_of("color", "type")) \
                and self.eat("to", "cast") and (what := self.one_of("it", "that spell", "those spells")):
            # "[you may] spend mana as though it were mana of any color to cast it" (CR 609.4b)
            return A.Phrase(who, f"{v} mana as though it were mana of any {kind} to cast {what}")
        self.i = start
        if (v := self.verb("spend") if who is None else self.one_of("may spend")) and (
                color := self.one_of(*COLORS[:5])) and self.eat("mana", "as") and (
                though := self.one_of("though", "thought")) and self.eat(
                "it", "were", "mana", "of", "any", "color", "to", "activate", "those", "abilities"):
            # "You may spend blue mana as though it were mana of any color to activate those
            # abilities" (CR 609.4b) — the Oracle text of Grell Philosopher in the set data spells
            # "though" as "thought"; the words read are kept so the text renders back as printed.
            return A.Phrase(who, f"{v} {color} mana as {though} it were mana of any color to activate those abilities")
        self.i = start
        if (v := self.verb("cast")) and self.peek() in ("a", "an") and (what := self.ref()) is not None and (
                how := self.one_of("without paying its mana cost")):
            return A.ObjectAction(who, v, what, how)  # "cast an instant … from your hand without paying …"
        self.i = start
        if (v := self.verb("put")) and self.eat("the", "exiled", "cards", "that", "weren't", "cast", "this", "way") and (
                to := self.one_of("on the bottom of that library in a random order",
                                  "on the bottom of their library in a random order")):
            return A.ObjectAction(who, v, A.WordRef("the exiled cards that weren't cast this way"), to)
        self.i = start
        if (v := self.verb("reveal", "put")) and (several := self.several(who, v)) is not None:
            return several
        self.i = start
        if (v := self.verb("exile")) and self.eat("one"):
            of = " of them" if self.eat("of", "them") else ""
            if self.eat("face", "down"):
                return A.Phrase(who, f"{v} one{of} face down")  # of the cards looked at (CR 406.3)
        self.i = start
        if (v := self.verb("reveal")) and self.eat("the", "top") and (n := self.num()) is not None \
                and self.eat("cards", "of") and (lib := self.one_of("your library")):
            return A.RevealTop(who, v, n, lib)  # CR 701.20a
        self.i = start
        if (v := self.verb("put")) and self.eat("one", "pile") and (to := self.one_of("into your hand")) \
                and self.eat("and", "the", "other") and (other := self.one_of("into your graveyard")):
            return A.PutPiles(who, v, to, other)  # CR 700.3
        self.i = start
        if who is not None and (v := self.verb("separate")) and (what := self.one_of("those cards")) \
                and self.eat("into", "two", "piles"):
            return A.SeparatePiles(who, v, what)  # CR 700.3
        self.i = start
        if (v := self.verb("look")) and self.eat("at", "the", "top"):
            n = None
            if not self.eat("card", "of"):
                n = self.num()
                if n is None or not self.eat("cards", "of"):
                    return None
            lib = self.one_of(*self._LIBRARIES)
            return A.LookTop(who, v, n, lib) if lib else None
        self.i = start
        if not (v := self.verb("put")):
            return None
        mark = self.i
        if self.eat("the", "rest") and (to := self.one_of(*self._REST_PLACES)):
            return A.ObjectAction(who, v, A.WordRef("the rest"), to)
        self.i = mark
        if (among := self.put_any_among(who, v)) is not None:
            return among
        self.i = mark
        any_number = self.eat("any", "number")
        n = None if any_number else self.num()
        if (any_number or n is not None) and (of := self.one_of("of them", "of those cards")):
            to = self.one_of(*self._TAKE_PLACES)
            if to is None:
                return None
            mark = self.i
            if self.eat("and") and (rest := self.one_of("the rest", "the other")) and (
                    rest_to := self.one_of(*self._REST_PLACES)):
                return A.PutAmong(who, v, n, of, to, rest, rest_to)
            self.i = mark
            return A.PutAmong(who, v, n, of, to)
        if n is not None and (card := self.one_of("card", "cards")) and self.eat("from", "your", "hand") and (
                to := self.one_of("on top of your library in any order", "on top of your library",
                                  "on the bottom of your library in any order", "on the bottom of your library")):
            return A.PutFromHand(who, v, n, card, to)
        self.i = mark
        if self.eat("that", "card") and (to := self.one_of(*self._TAKE_PLACES)) and self.eat("and", "the", "rest") \
                and (rest_to := self.one_of(*self._REST_PLACES)):
            return A.PutAndRest(who, v, to, rest_to)  # after "… until you reveal a creature card" (CR 401.4)
        self.i = mark
        if (what := self.ref()) is not None and (to := self.one_of(*self._LIBRARY_PLACES, *self._REST_PLACES)):
            return A.ObjectAction(who, v, what, to)
        self.i = mark
        if (what := self.ref()) is not None and self.eat("into", "its", "owner's", "library", "just", "beneath", "the",
                                                         "top", "x", "cards", "of", "that", "library"):
            # Underdark Rift (CR 401.4): a place in the library, X of a "where X is"
            return A.ObjectAction(who, v, what, "into its owner's library just beneath the top X cards of that library")
        return None

    @rule
    def cast_any_number(self, who: A.Node | None) -> A.CastAnyNumber | None:
        """"[you may] cast any number of spells from among those [nonland] cards [with total mana
        value X or less] without paying their mana costs", "cast any number of cards exiled with ~
        without paying their mana costs" (CR 608.2g, 118.9; 607.2a: the cards a linked ability
        exiled)."""
        v = self.one_of("may cast") if isinstance(who, A.WordRef) and who.words == "you" else self.verb("cast")
        if v is None or not self.eat("any", "number", "of"):
            return None
        what = self.one_of("spells from among", "cards")
        among = self.one_of("exiled with ~") if what == "cards" else self.one_of(
            "those cards", "those nonland cards", "cards exiled with ~") if what else None
        if among is None:
            return None
        bound = ""
        if self.at("with", "total", "mana", "value", "x", "or", "less"):
            bound = " ".join(self.toks[self.i:self.i + 7])  # "X" as written
            self.i += 7
        if not self.eat("without", "paying", "their", "mana", "costs"):
            return None
        return A.CastAnyNumber(who, v, what, among, bound)

    @rule
    def amount(self) -> A.Amount | None:
        """"the number of cards in your hand", "the total mana value of those cards" (CR 107.1)."""
        if self.eat("the", "number", "of"):
            n = self.noun()
            return A.Amount(noun=n) if n is not None else None
        w = self.one_of("the total mana value of those cards", "the toughness of the creature you sacrificed this way",
                        "the power of the creature you sacrificed this way")
        return A.Amount(w) if w else None

    @rule
    def predicate(self, who: A.Node | None) -> A.Node | None:
        """A verb phrase, with ``who`` its subject (None: the imperative, "you")."""
        if who is not None and (w := self.one_of(*A.UNTAP_NEXT)):
            return A.Phrase(who, w)  # CR 502.3, 611.2a
        self.i = self._start
        if who is None and (w := self.one_of(*_FOGS)):
            return A.Phrase(None, w)  # a prevention effect until end of turn (CR 615.1, 611.2a)
        self.i = self._start
        if isinstance(who, A.EachRef) and self.eat("choose", "a", "party", "from", "among", "creatures", "they",
                                                   "control", ",", "then", "sacrifices", "the", "rest"):
            # CR 700.8d names this one instruction (Stick Together).
            return A.Phrase(who, "choose a party from among creatures they control, then sacrifices the rest")
        self.i = self._start
        if who is None and self.eat("choose", "a", "creature", "type"):
            return A.Phrase(None, "choose a creature type")  # as it resolves (CR 608.2d)
        self.i = self._start
        if (v := self.verb("discard")) and self.eat("all", "the", "cards", "in", "your", "hand"):
            return A.Phrase(who, f"{v} all the cards in your hand")  # CR 701.9a
        self.i = self._start
        if who is not None and (v := self.verb("become")) and self.peek() in COLORS[:5]:
            colors = [self.peek()]
            self.i += 1
            while self.peek() == "and" and self.peek(1) in COLORS[:5]:
                colors.append(self.peek(1))
                self.i += 2
            if (d := self.duration()) is not None:
                return A.BecomesColor(who, v, tuple(colors), d)  # CR 105.3, 611.2a (layer 5)
        self.i = self._start
        if (v := self.verb("get")) and self.eat("an", "emblem", "with") and (q := self.quoted()) is not None:
            return A.GetEmblem(who, v, q)  # CR 114.2
        self.i = self._start
        if (v := self.verb("draw")) and (n := self.num()) and self.one_of("card", "cards"):
            if n.value == 1 and self.eat("for", "each", "card", "discarded", "this", "way"):
                return A.ForEach(A.Draw(who, v, n), "card discarded this way")  # CR 701.9a
            mark = self.i
            if self.eat("for", "each") and (each := self.noun()) is not None:
                return A.DrawForEach(who, v, n, each)  # "draw a card for each creature you control"
            self.i = mark
            return A.Draw(who, v, n)
        self.i = self._start
        if (v := self.verb("draw")) and self.eat("cards", "equal", "to", "the", "greatest", "power", "among") \
                and (n := self.noun()) is not None:
            return A.DrawEqual(who, v, n)  # counted as it resolves (CR 608.2h)
        self.i = self._start
        if (v := self.verb("draw")) and self.eat("cards", "equal", "to") and (
                tail := self.one_of("the sacrificed creature's power", "the sacrificed creature's toughness")):
            return A.DrawEqual(who, v, None, tail)  # its last known information (CR 608.2h)
        self.i = self._start
        if (v := self.verb("draw", "discard")) and self.eat("cards", "equal", "to") and (
                tail := self.one_of("that creature's power", "that creature's toughness", "its power")):
            return A.DrawEqual(who, v, None, tail)  # "that creature": the object "it" names (CR 608.2h)
        self.i = self._start
        if (v := self.verb("draw")) and self.eat("cards", "equal", "to") and (r := self.die_result()):
            return A.DrawResult(who, v, r)  # CR 706.4
        self.i = self._start
        if who is not None and (v := self.one_of("has", "have")) and self.eat("base", "power", "and", "toughness") \
                and "/" in (pt := self.raw()) and pt[0].isdigit():
            self.i += 1
            if (d := self.duration()) is not None:
                return A.BasePT(who, v, pt, d)  # CR 613.4b
        self.i = self._start
        if (v := self.verb("lose")) and (frac := self.one_of("half", "a third of")) and (
                whose := self.one_of("their", "your")) and self.eat("life", ",", "rounded") and (
                rounded := self.one_of("up", "down")):
            return A.LifeFraction(who, v, frac, whose, rounded)  # CR 107.1a
        self.i = self._start
        if v := self.verb("gain", "lose"):
            if (n := self.num()) is not None and self.eat("life"):
                mark = self.i
                if self.eat("for", "each") and (each := self.noun()) is not None:
                    return A.LifeForEach(who, v, n, each)  # "loses 1 life for each card in their graveyard"
                self.i = mark
                return A.LifeChange(who, v, n)
            if self.eat("life", "equal", "to"):
                tail = self.one_of("its power", "its toughness", "that creature's power", "the damage dealt",
                                   "its mana value", "the number of cards in your hand", "their total mana value",
                                   "that permanent's mana value", "that creature's mana value",
                                   "the sacrificed creature's power", "the sacrificed creature's toughness",
                                   "that creature's toughness", "its power plus its toughness", "~'s power")
                if tail:
                    return A.LifeChange(who, v, None, "equal to " + tail)
        self.i = self._start
        if who is not None and (v := self.verb("deal")) and (
                (n := self.num()) or self.eat("that", "much") and (n := A.Num("that much", None))) \
                and self.eat("damage", "to"):
            # "it deals that much damage to the chosen player" (the damage the trigger recorded)
            to = self.ref() or (A.WordRef("itself") if self.eat("itself") else None)
            if to is not None and isinstance(to, A.TargetRef) and self.at("and") and self.peek(2) == "damage":
                mark = self.i
                self.i += 1
                n2 = self.num()
                if n2 is not None and n2.value is not None and self.eat("damage", "to", "each", "of", "up", "to") and (
                        count := self.num()) is not None and count.value and self.eat("other", "targets"):
                    return A.DamageToOthers(A.Damage(who, v, n, to), n2, count)  # CR 115.3
                self.i = mark
            if to is not None:
                return A.Damage(who, v, n, self.each_and(to))
        self.i = self._start
        if who is not None and (v := self.verb("deal")) and (n := self.num()) and self.eat(
                "damage", "divided", "as", "you", "choose", "among"):
            among = self.one_of("any number of", "one or two", "one , two , or three")
            if among is not None and self.eat("targets"):
                return A.DamageDivided(who, v, n, among, None)
            if among is not None and self.eat("target") and (noun := self.noun()) is not None:
                return A.DamageDivided(who, v, n, among, noun)
        self.i = self._start
        if who is not None and (v := self.verb("deal")) and self.eat("damage", "equal", "to"):
            amount = self.one_of("its power", "~'s power", "this creature's power", "that spell's mana value",
                                 *A.DIE_RESULTS)
            if amount and self.eat("to") and (to := self.ref()) is not None:
                return A.DamageEqual(who, v, amount, to)
        self.i = self._start
        if who is not None and (v := self.verb("deal")) and self.eat("damage", "to") and (to := self.ref()) is not None \
                and self.eat("equal", "to") and (amount := self.one_of(*A.DIE_RESULTS)):
            return A.DamageToEqual(who, v, amount, to)  # "deals damage to that player equal to the result"
        self.i = self._start
        if (v := self.verb("exile")) and self.peek(1) in ("player's", "opponent's") and self.peek(2) == "graveyard":
            word, player = self.peek(), A.Noun((), (self.peek(1)[:-2],))
            owner: A.Node = A.TargetRef(player) if word == "target" else A.EachRef("each", player)
            if word in ("target", "each"):
                self.i += 2
            if word in ("target", "each") and self.eat("graveyard"):
                return A.ObjectAction(who, v, A.GraveyardOf(owner))
        self.i = self._start
        if who is not None and (v := self.verb("exile")) and self.eat("a", "card", "from", "their", "hand"):
            return A.Phrase(who, f"{v} a card from their hand")  # the player chooses it (CR 406.3)
        self.i = self._start
        if v := self.verb("destroy", "exile", "tap", "untap", "sacrifice", "counter", "goad", "regenerate"):
            what = self.ref()
            if what is None and v == "tap" and self.eat("up", "to", "one"):
                n = self.noun()  # "for each opponent, tap up to one untapped creature you control" (CR 701.26a)
                what = A.DescRef("up to one", n) if n is not None else None
            if what is None and v == "exile" and self.eat("any", "number", "of"):
                n = self.noun()  # "exile any number of non-Angel creatures you control until ~ leaves …"
                what = A.AnyNumberOf(n) if n is not None and self.peek() == "until" else None
            if what is not None and v.startswith("counter") and self.at("unless", "its", "controller", "pays") \
                    and self.raw(4).startswith("{"):
                self.i += 5  # "counter target spell unless its controller pays {3}" (CR 701.6a, 118.12)
                return A.ObjectAction(who, v, what, f"unless its controller pays {self.raw(-1)}")
            if isinstance(what, A.SelfRef) and v == "exile" and self.at("with") and self.peek(2) == "time":
                mark = self.i
                self.i += 1
                n = self.num()  # "Exile ~ with three time counters on it" (CR 122.1)
                if n is not None and n.value and self.one_of("time counters on it", "time counter on it"):
                    return A.ObjectAction(who, v, what, " ".join(self.toks[mark:self.i]))
                self.i = mark
            if what is not None and v == "exile" and self.peek() == "until":
                mark = self.i
                self.i += 1
                src = self.self_ref()
                if src is not None and self.eat("leaves", "the", "battlefield"):
                    # "exile target creature until ~ leaves the battlefield" (CR 610.3)
                    return A.ObjectAction(who, v, what, f"until {src.render()} leaves the battlefield")
                self.i = mark
            if what is not None:
                return A.ObjectAction(who, v, self.each_and(what))
        self.i = self._start
        if who is None and (v := self.verb("change")) and self.eat("a", "target", "of") and (
                what := self.target_ref()) is not None and self.eat("to") and (to := self.self_ref()) is not None:
            return A.ChangeTarget(v, what, to)  # CR 115.7b
        self.i = self._start
        if who is None and (v := self.verb("exchange")) and self.eat("control", "of") and (
                first := self.ref()) is not None and self.eat("and") and (second := self.ref()) is not None:
            return A.ExchangeControl(v, first, second)  # CR 701.12a-b
        self.i = self._start
        if who is not None and (v := self.verb("fight")) and (other := self.ref()) is not None:
            return A.Fight(who, v, other)  # CR 701.14a
        self.i = self._start
        if (v := self.verb("gain")) and self.eat("control", "of") and (what := self.ref()) is not None:
            dur = self.one_of("until end of turn", "for as long as you control ~",
                              "for as long as ~ remains on the battlefield") or ""
            return A.GainControl(who, v, what, dur)  # CR 613.1b
        self.i = self._start
        if who is None and (v := self.verb("choose")) and (t := self.target_ref()) is not None:
            return A.ObjectAction(who, v, t)  # "Choose two target creature cards in your graveyard." (CR 115.1)
        self.i = self._start
        if who is None and self.peek() == "each" and (each := self.ref()) is not None and self.eat_phrase(
                "deals damage to itself equal to its power"):
            return A.DamageToItself(each)  # "Each tapped creature deals damage to itself equal to its power"
        self.i = self._start
        if who is None and (v := self.verb("double")) and self.eat("its", "power") and (d := self.duration()):
            return A.DoublePower(v, d)  # "double its power until end of turn" (CR 701.10b)
        self.i = self._start
        if who is None and (v := self.verb("attach")) and (it := self.one_of("~", "it")) and self.eat("to") \
                and (to := A.WordRef(w) if (w := self.one_of("another one of your opponents chosen at random"))
                     else self.ref()) is not None:
            return A.AttachSelf(v, to, "" if it == "~" else it)  # CR 701.3a
        self.i = self._start
        if (v := self.verb("cast")) and self.eat("it", "this", "turn"):
            return A.ObjectAction(who, v, A.WordRef("it"), "this turn")  # a permission for this turn (CR 611.2a)
        self.i = self._start
        if (v := self.verb("play")) and (what := self.ref()) is not None and self.eat("this", "turn"):
            return A.ObjectAction(who, v, what, "this turn")
        self.i = self._start
        if (v := self.verb("return")) and self.eat("up", "to", "one") and (first := self.noun()) is not None \
                and first.card == "card" and not first.suffix and self.eat("and", "up", "to", "one") \
                and (second := self.noun()) is not None and second.card == "card" and (to := self.one_of("to your hand")):
            return A.ReturnUpToOneEach(who, v, (first, second), to)  # chosen as it resolves (CR 608.2d)
        self.i = self._start
        if (v := self.verb("return")) and self.eat("any", "number", "of") and (t := self.target_ref()) is not None \
                and self.eat("to", "the", "battlefield", "attached", "to") and (host := self.ref()) is not None:
            # "return any number of target Aura and/or Equipment cards … from your graveyard to the
            # battlefield attached to enchanted creature" (CR 115.1, 303.4f)
            return A.ReturnAttached(who, v, A.AnyNumberOfTargets(t, each=False), "to the battlefield", host)
        self.i = self._start
        if v := self.verb("return"):
            what = self.ref()
            if isinstance(what, A.TargetRef) and self.at("and") and (self.peek(1) in ("target", "up")):
                mark = self.i
                self.i += 1
                second = self.target_ref()
                if second is not None:
                    what = A.AndTargets(what, second)
                else:
                    self.i = mark
            if what is not None:
                to = self.one_of("to its owner's hand", "to their owners' hands", "to your hand",
                                 "to its owner's hand", "to the battlefield", "to the battlefield tapped",
                                 "to the battlefield under your control", "to the battlefield under its owner's control")
                if to == "to the battlefield" and self.at("with", "a", "number", "of", "+1/+1", "counters", "on", "it",
                                                         "equal", "to"):
                    mark = self.i
                    self.i += 10
                    r = self.die_result()  # "… with a number of +1/+1 counters on it equal to that result"
                    if r is None:
                        self.i = mark
                    else:
                        to = " ".join(["to the battlefield", *self.toks[mark:mark + 10], r])
                if to:
                    return A.ObjectAction(who, v, what, to)
                if isinstance(what, A.SelfRef):
                    # "Return ~ from your graveyard to the battlefield tapped": an ability that
                    # works from the graveyard (CR 113.6m).
                    to = self.one_of(*_FROM_YOUR_GRAVEYARD)
                    if to == "from your graveyard to the battlefield" and self.eat("attached", "to"):
                        t = self.target_ref()
                        return A.ReturnAttached(who, v, what, to, t) if t is not None else None
                    if to:
                        return A.ObjectAction(who, v, what, to)
                if what == A.WordRef("those cards") and (to := self.one_of(*_FROM_YOUR_GRAVEYARD)):
                    return A.ObjectAction(who, v, what, to)  # "Return those cards from your graveyard to …"
        self.i = self._start
        if (v := self.verb("search")) and self.eat("your", "library", "for", "a", "number", "of") \
                and (noun := self.noun()) is not None and self.eat("equal", "to") and (r := self.die_result()):
            return A.SearchLibrary(who, v, A.Num("a number of", None), False, noun, r)  # CR 706.4
        self.i = self._start
        if (v := self.verb("search")) and self.eat("your", "library", "for"):
            up_to = self.eat("up", "to")
            n = self.num()
            noun = self.noun() if n is not None else None
            if noun is not None:
                return A.SearchLibrary(who, v, n, up_to, noun)
        self.i = self._start
        if (lt := self.library_top(who)) is not None:
            return lt
        self.i = self._start
        if (free := self.cast_any_number(who)) is not None:
            return free
        self.i = self._start
        if who is not None and (v := self.verb("choose")) and (n := self.num()) is not None and self.eat(
                "cards", "from", "their", "hand"):
            return A.ChooseFromHand(who, v, n)  # chosen as it resolves (CR 608.2d)
        self.i = self._start
        if who is None and (v := self.verb("choose")) and self.eat("any", "number", "of") \
                and self.peek() != "target" and (n := self.noun()) is not None:
            return A.ObjectAction(None, v, A.AnyNumberOf(n))  # chosen as it resolves, not targeted (CR 608.2d)
        self.i = self._start
        if who is None and (v := self.verb("choose")) and self.eat("one", "of", "them"):
            return A.Phrase(None, f"{v} one of them")  # the cards just exiled (CR 608.2c)
        self.i = self._start
        if who is None and (v := self.verb("look")) and self.eat("at", "those", "cards"):
            return A.Phrase(None, f"{v} at those cards")  # the cards just chosen (CR 608.2c)
        self.i = self._start
        if (v := self.verb("put")) and self.eat("one") and (to := self.one_of(*_PUT_TO)) and self.eat(
                "and", "the", "other") and (other := self.one_of(*_PUT_TO)):
            return A.PutOneAndOther(who, v, to, other)  # the two cards just found (CR 701.23, 608.2c)
        self.i = self._start
        if (v := self.verb("put", "reveal")) and (what := self.ref()) is not None:
            to = "" if v.startswith("reveal") else self.one_of(*_PUT_TO)
            if to is not None:
                return A.ObjectAction(who, v, what, to)
        self.i = self._start
        if (v := self.verb("shuffle")) and self.eat("it", "into", "their", "library"):
            return A.ObjectAction(who, v, A.WordRef("it"), "into their library")  # CR 701.24a
        self.i = self._start
        if (v := self.verb("reveal")) and self.eat("the", "top", "card", "of", "their", "library"):
            return A.ObjectAction(who, v, A.WordRef("the top card of their library"))  # CR 701.20a
        self.i = self._start
        if (v := self.verb("shuffle")) and self.eat("your", "hand", "and", "graveyard", "into", "your", "library"):
            return A.Phrase(who, f"{v} your hand and graveyard into your library")  # CR 701.24a
        self.i = self._start
        if (v := self.verb("shuffle")) and self.eat("the", "rest", "of", "the", "revealed", "cards", "into", "your",
                                                    "library"):
            return A.Phrase(who, f"{v} the rest of the revealed cards into your library")  # CR 701.24a, 701.20a
        self.i = self._start
        if v := self.verb("shuffle"):
            return A.Phrase(who, v)
        self.i = self._start
        if (v := self.verb("scry", "surveil")) and (n := self.num()) is not None:
            return A.PlayerCount(who, v, n)
        self.i = self._start
        if who is None and (v := self.verb("monstrosity")) and (n := self.num()) is not None:
            return A.PlayerCount(who, v, n)  # the keyword action "Monstrosity N" (CR 701.37a)
        self.i = self._start
        if (v := self.verb("mill", "discard")) and (n := self.num()) is not None and (c := self.one_of("card", "cards")):
            return A.PlayerCount(who, v, n, c)
        self.i = self._start
        if (v := self.verb("put")) and (n := self.num()) is not None:
            kind = self.one_of(*KEYWORD_COUNTERS) or ""  # "a double strike counter" (CR 122.1b)
            if not kind and ("/" in self.raw() or self.peek() in (
                    "loyalty", "charge", "time", "lore", "oil", "shield", "stun", "hit", "gold", "hour", "storage",
                    "quest", "page", "verse", "luck", "slime", "component")):
                kind = self.raw()
                self.i += 1
            if kind:
                if self.one_of("counter", "counters") and self.eat("on"):
                    mark = self.i
                    # "on each of any number of target creatures …" (CR 115.1, 601.2c: any number of them)
                    each = self.eat("each", "of", "any", "number", "of") and (t := self.target_ref()) is not None \
                        and t.count is None and not t.up_to and t.noun is not None
                    if each:
                        return A.Counters(who, v, n, kind, A.AnyNumberOfTargets(t))
                    self.i = mark
                    what = self.ref()
                    if what is not None and self.at("for", "each"):
                        mark = self.i
                        self.i += 2
                        per = self.noun()
                        if per is not None and per.suffix == ("attached to it",):
                            # "put a +1/+1 counter on it for each Equipment attached to it" (CR 301.5)
                            return A.ForEach(A.Counters(who, v, n, kind, what), per.render())
                        self.i = mark
                    if what is not None:
                        return A.Counters(who, v, n, kind, what)
        self.i = self._start
        if (v := self.verb("remove")) and (n := self.num()) is not None and self.raw().isalpha():
            kind = self.raw()  # "remove a time counter from ~" (CR 122.8)
            self.i += 1
            if self.one_of("counter", "counters") and self.eat("from") and (what := self.self_ref()) is not None:
                return A.Counters(who, v, n, kind, what)
        self.i = self._start
        if (cc := self.create_copy(who)) is not None:
            return cc
        self.i = self._start
        if (v := self.verb("create")) and self.eat("a", "number", "of"):
            # "create a number of 1/1 black Rat creature tokens equal to the number of opponents
            # you have" (CR 111.1): as many tokens as the count says.
            start = self.i
            while self.i < len(self.toks) and self.peek() not in ("tokens", ".", ",", "") and self.i - start < 12:
                self.i += 1
            desc_n = tuple(self.toks[start:self.i])
            if desc_n and self.eat("tokens", "equal", "to", "the", "number", "of"):
                what = self.one_of("opponents you have")
                if what is not None:
                    return A.CreateNumber(who, v, desc_n, what)
            if desc_n and self.eat("tokens"):
                # "… tokens [with vigilance] equal to that result" (CR 706.4)
                mark = self.i
                kws = (self.keyword_list() or ()) if self.eat("with") else ()
                if not kws:
                    self.i = mark
                if self.eat("equal", "to") and (r := self.die_result()):
                    return A.CreateNumber(who, v, desc_n, r, tuple(kws))
        self.i = self._start
        if (v := self.verb("create")) and (n := self.num()) is not None:
            desc: list[str] = []
            while self.i < len(self.toks) and self.peek() not in ("token", "tokens", ".", ",", ""):
                if len(desc) > 12:
                    return None
                desc.append(self.raw())
                self.i += 1
            if self.peek() in ("token", "tokens") and desc:
                plural = self.peek() == "tokens"
                self.i += 1
                named = ""
                if not plural and self.eat("named"):
                    # "… token named Kobolds of ~" (CR 111.4): the name the effect gives it
                    start = self.i
                    while self.i < len(self.toks) and self.peek() not in (".", ",", "with", "") and self.i - start < 6:
                        self.i += 1
                    named = " ".join(self.toks[start:self.i])
                kws: tuple[str, ...] = ()
                mark = self.i
                if self.eat("with"):
                    kws = self.keyword_list() or ()
                    if not kws:
                        self.i = mark
                # '… token with "Creatures you control attack each combat if able."' (CR 111.4,
                # 113.1a): quoted abilities the token has, after its keywords.
                quoted: list[A.Quoted] = []
                mark = self.i
                if (self.eat("and") if kws else self.eat("with")) and self.peek() == '"':
                    while (q := self.quoted()) is not None:
                        quoted.append(q)
                        if not (self.peek() == "and" and self.peek(1) == '"' and self.eat("and")):
                            break
                if not quoted:
                    self.i = mark
                # "… token that's tapped and attacking" (CR 508.4)
                attacking = self.eat("that", "are", "tapped", "and", "attacking") if plural \
                    else self.eat("that's", "tapped", "and", "attacking")
                made = A.Create(who, v, n, tuple(desc), plural, kws, tuple(quoted), named)
                if attacking:
                    return A.TappedAndAttacking(made)
                if self.eat("for", "each", "creature", "in", "your", "party"):
                    return A.ForEach(made, "creature in your party")  # CR 700.8a
                return made
        self.i = self._start
        if who is not None and (v := self.verb("add")) and self.eat("an", "additional") and self.raw().startswith("{"):
            # "its controller adds an additional {G}" (CR 605.1b: a triggered mana ability's effect)
            self.i += 1
            return A.Phrase(who, f"{v} an additional {self.raw(-1)}")
        self.i = self._start
        if who is not None and (v := self.verb("add")) and self.eat("an", "additional", "one", "mana", "of", "the",
                                                                     "chosen", "color"):
            return A.Phrase(who, f"{v} an additional one mana of the chosen color")  # Utopia Sprawl (CR 614.12a)
        self.i = self._start
        if who is not None and (v := self.verb("add")) and self.eat("an", "additional", "one", "mana", "of", "any",
                                                                     "color"):
            return A.Phrase(who, f"{v} an additional one mana of any color")  # Fertile Ground (CR 605.1b)
        self.i = self._start
        if who is None and (v := self.verb("add")) and (comb := self.add_mana_combination()) is not None:
            return A.AddManaCombination(v, comb.n, comb.options)
        self.i = self._start
        if who is None and (v := self.verb("add")):
            opts: list[str] = []
            while True:
                tok = self.raw()
                if tok.startswith("{"):
                    opts.append(tok)
                    self.i += 1
                elif self.eat("one", "mana", "of", "any", "color", "that", "a", "land", "an", "opponent", "controls",
                              "could", "produce"):
                    opts.append("one mana of any color that a land an opponent controls could produce")
                elif self.eat("one", "mana", "of", "any", "color", "in", "your", "commander's", "color", "identity"):
                    opts.append("one mana of any color in your commander's color identity")  # CR 903.4
                elif self.eat("one", "mana", "of", "any", "color"):
                    opts.append("one mana of any color")
                elif self.eat("one", "mana", "of", "the", "chosen", "color"):
                    opts.append("one mana of the chosen color")  # CR 614.12: chosen as it entered
                elif self.eat("two", "mana", "of", "different", "colors"):
                    opts.append("two mana of different colors")  # CR 106.1b: two colors, chosen as it resolves
                elif isinstance(NUMBERS.get(self.peek()), int) and NUMBERS[self.peek()] > 1 \
                        and self.raw(1).startswith("{") and self.raw(1).count("{") == 1:
                    opts.append(f"{self.raw()} {self.raw(1)}")  # "add six {G}" (CR 106.1, 107.4)
                    self.i += 2
                elif self.peek() in NUMBERS and self.at(self.peek(), "mana", "of", "any", "one", "color"):
                    opts.append(f"{self.raw()} mana of any one color")  # CR 106.1b: one color for all of it
                    self.i += 6
                else:
                    break
                if self.eat("or") or (self.peek() == "," and self.peek(1) == "or" and self.eat(",", "or")):
                    continue
                if not (self.peek() == "," and self.raw(1).startswith("{") and self.eat(",")):
                    break
            if opts and self.at("for", "each") and len(opts) == 1:
                mark = self.i
                self.i += 2
                if (per := self.counters_on()) is not None:
                    return A.AddMana(v, tuple(opts), per)  # "add {B} for each charge counter on ~"
                if (each := self.noun()) is not None and (each.card == "card" or not each.card and each.suffix
                                                           and each.suffix[-1] == "you control"):
                    # "add {R} for each card in target opponent's hand", "… for each creature you control"
                    return A.AddMana(v, tuple(opts), each)
                self.i = mark
            if opts:
                return A.AddMana(v, tuple(opts))
        self.i = self._start
        if who is None and (v := self.verb("pay")) and self.raw().startswith("{"):
            self.i += 1
            return A.Pay(v, self.raw(-1))
        self.i = self._start
        if who is None and (v := self.verb("pay")) and self.eat("life", "equal", "to") and (
                amount := self.one_of("its mana value")):
            return A.PayLife(v, amount)  # CR 119.4
        self.i = self._start
        if (v := self.verb("roll")) and (n := self.num()) is not None and n.value is not None:
            die = self.peek()
            if die[:1] == "d" and die[1:].isdigit() and int(die[1:]) > 0:
                self.i += 1
                add = None
                if self.eat("and", "add"):
                    add = self.amount()
                    if add is None:
                        return None
                # "and choose one result" of two dice (CR 706.4)
                # "and ignore the lower roll" of two dice: it never happened (CR 706.6)
                then = self.one_of("and choose one result", "and ignore the lower roll") \
                    if n.value == 2 and add is None else None
                return A.Roll(who, v, n, int(die[1:]), add, then or "")
        self.i = self._start
        if v := self.verb("take"):
            if self.eat("the", "initiative"):
                return A.Phrase(who, f"{v} the initiative")
        self.i = self._start
        if (v := self.verb("become")) and self.eat("the", "monarch"):
            return A.Phrase(who, f"{v} the monarch")  # CR 725.3
        self.i = self._start
        if who is not None and self.at("explores") and self.peek(1) in (".", ",", "and"):
            self.i += 1
            return A.Phrase(who, "explores")  # CR 701.44
        self.i = self._start
        if (v := self.verb("return")) and self.eat("up", "to") and (n := self.num()) is not None and self.eat_phrase(
                "cards from among cards exiled with ~ to their owners' hands"):
            return A.ReturnExiledWith(who, v, n)  # CR 607.2a: the cards a linked ability exiled
        self.i = self._start
        if v := self.verb("investigate"):
            return A.Phrase(who, v)  # CR 701.16a: create a Clue token
        self.i = self._start
        if (v := self.verb("venture")) and self.eat("into"):
            if self.eat("the", "dungeon"):
                return A.Phrase(who, f"{v} into the dungeon")
            if self.raw() == "Undercity":
                self.i += 1
                return A.Phrase(who, f"{v} into Undercity")
        self.i = self._start
        if who is not None and (w := self.one_of("can't be blocked this turn", "can't block this turn",
                                                 "can't be regenerated this turn", "can't be regenerated",
                                                 "phases out", "phase out")):  # CR 702.26b
            return A.Phrase(who, w)
        self.i = self._start
        if who is not None and (w := self.one_of("loses all abilities", "can't attack or block")) \
                and self.peek() in (",", "."):
            return A.Phrase(who, w)  # after "For as long as ~ remains on the battlefield," (CR 611.2b)
        self.i = self._start
        if who is not None and (b := self.becomes(who)) is not None:
            return b
        self.i = self._start
        if who is None and (v := self.verb("switch")) and (
                w := self.one_of("this creature's power and toughness until end of turn",
                                 "~'s power and toughness until end of turn")):
            return A.Phrase(None, f"{v} {w}")  # CR 613.4d: layer 7d
        self.i = self._start
        if who is not None:
            m = self.modify(who)
            if m is not None:
                return m
        self.i = self._start
        return None

    def put_any_among(self, who: A.Node | None, v: str) -> A.PutAnyAmong | None:
        """"… any number of creature and/or land cards from among them onto the battlefield"."""
        if not self.eat("any", "number", "of"):
            return None
        kinds: list[str] = []
        while self.peek() in ("creature", "land", "artifact", "enchantment", "planeswalker"):
            kinds.append(self.peek())
            self.i += 1
            if not self.eat("and", "/", "or"):
                break
        if not kinds or not self.eat("cards", "from", "among", "them"):
            return None
        to = self.one_of("onto the battlefield")
        return A.PutAnyAmong(who, v, tuple(kinds), to) if to else None

    def add_mana_combination(self) -> A.AddManaCombination | None:
        """"X mana in any combination of {R} and/or {G}" (after "add")."""
        n = self.num()
        if n is None or not self.eat("mana", "in", "any", "combination", "of"):
            return None
        if self.eat("colors"):  # "X mana in any combination of colors" (CR 105.1, 106.1b)
            return A.AddManaCombination("add", n, ("colors",))
        opts: list[str] = []
        while self.raw().startswith("{"):
            opts.append(self.raw())
            self.i += 1
            if not self.eat("and", "/", "or"):
                break
        return A.AddManaCombination("add", n, tuple(opts)) if len(opts) >= 2 else None

    def mana_spending(self) -> A.SpendOnly | A.WhenSpent | None:
        """"Spend this mana only to cast …" and "When that mana is spent to cast …, [effect]"
        (CR 106.6), after the mana ability's "Add …"."""
        if self.eat("when", "that", "mana", "is", "spent", "to", "cast", "a"):
            n = self.noun()
            if n is None or n.card != "spell" or not self.eat(","):
                return None
            effect = self.clause()
            return A.WhenSpent(n, effect) if effect is not None else None
        if not self.eat("spend", "this", "mana", "only", "to", "cast"):
            return None
        a = self.eat("a")
        n = self.noun()
        if n is None or n.card != ("spell" if a else "spells"):
            return None
        of = None
        if self.eat("or", "activate", "abilities", "of"):
            of = self.noun()
            if of is None or of.card or not of.heads or not _plural(of.heads[0]):
                return None
        return A.SpendOnly(n, of)

    @rule
    def counters_on(self) -> A.CountersOn | None:
        """"+1/+1 counters on ~", "charge counter on ~", "counters it had on it" (CR 122.1)."""
        mark = self.i
        kind = ""
        tok = self.raw()
        if self.peek(1) in ("counter", "counters") and ("/" in tok or tok.isalpha()):
            kind = tok
            self.i += 1
        noun = self.one_of("counter", "counters")
        on = self.one_of("on ~", "it had on it") if noun is not None else None
        if noun is None or on is None:
            self.i = mark
            return None
        return A.CountersOn(kind, noun, on)

    @rule
    def clause(self) -> A.Node | None:
        start = self.i
        self._start = start
        if self.at("if") and not self.at("if", "you", "do") and (ii := self.if_instead()) is not None:
            return ii
        self.i = self._start = start  # predicate() restarts from _start
        if self.eat("copy", "this", "spell", "and", "may", "choose", "a", "new", "target", "for", "the", "copy"):
            return A.Phrase(None, " ".join(self.low[start:self.i]))  # the resolving spell (CR 707.10c)
        if self.eat("copy", "that", "spell"):
            return A.Phrase(None, "copy that spell")  # a cast trigger's spell (CR 707.10)
        if self.eat("copy", "that", "ability"):
            return A.Phrase(None, "copy that ability")  # the ability a trigger saw trigger (CR 707.10)
        if self.eat("have") and (who := self.self_ref()) is not None:
            self._start = self.i
            # "you may have ~ deal 1 damage to itself": the permanent is made to act (CR 608.2d)
            if isinstance(p := self.predicate(who), A.Damage) and p.verb == "deal":
                return A.HaveDo(p)
        self.i = self._start = start
        if self.at("do", "this", "only", "once", "each", "turn", "."):
            self.i += 6  # the limit of the "you may" before it (as Nykthos Paragon's rulings read it)
            return A.Phrase(None, "do this only once each turn")
        if self.at("copy", "it", "."):
            self.i += 2
            return A.Phrase(None, "copy it")  # a cast trigger's spell (CR 707.10)
        if self.at("choose", "new", "targets", "for", "the", "copy", "."):
            self.i += 6
            return A.Phrase(None, "choose new targets for the copy")  # CR 707.10c
        if self.eat("the", "copy", "gains"):
            kws = self.keyword_list() or ()
            quoted: list[A.Quoted] = []
            if kws and self.eat("and") and (q := self.quoted()) is not None:
                quoted.append(q)  # '… gains haste and "At the beginning of the end step, …"' (CR 707.10, 400.7a)
            if kws:
                return A.CopyGains(kws, tuple(quoted))
            self.i = start
        if self.eat_phrase("exile it instead of putting it into a graveyard as it resolves"):
            # the spell a cast trigger names (CR 614.1a, 608.2n)
            return A.Phrase(None, "exile it instead of putting it into a graveyard as it resolves")
        if self.eat_phrase("if that spell would be put into a graveyard this turn , exile it instead"):
            # the spell a permission let its controller cast (CR 614.1a)
            return A.Phrase(None, "if that spell would be put into a graveyard this turn, exile it instead")
        if self.eat_phrase("the next spell you cast this turn can be cast as though it had flash"):
            return A.Phrase(None, "the next spell you cast this turn can be cast as though it had flash")  # 702.8a
        if self.eat("damage", "can't", "be", "prevented", "this", "turn"):
            return A.Phrase(None, " ".join(self.toks[start:self.i]))  # CR 615.12
        if self.at("spend", "this", "mana", "only", "to", "cast") or self.at("when", "that", "mana", "is", "spent"):
            return self.mana_spending()  # CR 106.6
        far = self.far
        if self.eat("for", "each") and (per := self.noun()) is not None and self.eat(",") and self.peek() == "create":
            self._start = self.i
            if (made := self.predicate(None)) is not None and isinstance(made, A.Create):
                return A.ForEachFirst(per, made)  # "For each creature your opponents control, create …"
        self.i, self._start, self.far = start, start, far  # not this: the failure is where it was
        if self.eat("each", "of", "those") and self.raw()[:1].isupper() and subtype_of(self.raw()) and self.at(
                self.peek(), "fights", "a", "different", "one", "of", "those", "creatures"):
            self.i += 8
            return A.FightDifferent(self.raw(-8))  # CR 701.14a
        self.i, self.far = start, far
        p = self.predicate(None)
        if p is not None:
            return p
        self.i = start
        if self.at("it's") and self.peek(1) in ("a", "an") and (also := self.is_also()) is not None:
            return also
        self.i = start
        if self.at("players") and (same := self.same_way()) is not None:
            return same
        self.i = start
        if self.at("it's", "still", "a", "land"):
            # CR 205.1b: the animated land keeps its card type (lowered with its "becomes").
            self.i += 4
            return A.Phrase(None, " ".join(self.toks[start:self.i]))
        if self.eat_phrase("until end of turn , you don't lose this mana as steps and phases end"):
            return A.Phrase(None, "until end of turn, you don't lose this mana as steps and phases end")  # CR 106.4
        if self.eat("during", "target", "player's", "next", "turn", ","):
            who = self.ref()
            if isinstance(who, A.EachRef) and self.eat("attacks", "if", "able"):
                # CR 508.1d: a requirement for that player's creatures during that turn (611.2a)
                return A.DuringNextTurn(A.TargetRef(A.Noun((), ("player",))), who, "attacks if able")
            self.i = start
            return None
        if self.eat("until", "your", "next", "turn", ","):
            who = self.ref()
            mark = self.i
            if isinstance(who, A.TargetRef) and who.count is not None and self.eat("each", "have", "base", "power",
                                                                                 "and", "toughness") \
                    and "/" in (pt := self.raw()) and pt[0].isdigit():
                self.i += 1
                also = "and lose all abilities" if self.eat("and", "lose", "all", "abilities") else ""
                # CR 613.4b, 613.1f, 611.2b: several targets, each with its own base P/T
                return A.BasePT(who, "each have", pt, A.Duration("until your next turn"), True, also)
            self.i = mark
            if who is None and (cc := self.cost_change()) is not None:
                return A.CostChangeUntil(A.Duration("until your next turn"), cc)  # CR 601.2f, 611.2b
            self.i = mark
            if who is not None and self.eat("can't", "be", "blocked"):
                return A.UntilYourNextTurn(who, "can't be blocked")  # CR 611.2b, 509.1b
            if who is None and (n := self.noun()) is not None and n.suffix and not n.card \
                    and self.eat("attack", "each", "combat", "if", "able"):
                # "Until your next turn, creatures your opponents control attack each combat if able"
                return A.UntilYourNextTurn(A.DescRef("", n), "attack each combat if able")  # CR 508.1d
            m = self.modify(who, False) if who is not None else None
            if m is not None and m.duration is None:
                # "Until your next turn, up to one target creature gains vigilance and reach" (CR 611.2b)
                return A.DurationFirst(A.Modify(m.what, m.pt_verb, m.pt, m.kw_verb, m.keywords,
                                                A.Duration("until your next turn"), m.loses))
            self.i = start
            return None
        if self.eat("until", "end", "of", "turn", ","):
            # "Until end of turn, target creature gets +1/+1 and gains trample": the duration
            # first (CR 611.2a), then an object modification without one.
            if (bp := self.base_pt_first()) is not None:
                return bp
            mark = self.i
            if self.eat("you", "may", "have") and (who := self.ref()) is not None and self.peek() == "become" and (
                    b := self.becomes(who, True)) is not None:
                return A.MayHaveBecome(replace(b, duration=None, duration_first=False))  # CR 608.2d
            self.i = mark
            who = self.ref()
            if who is None and (n := self.noun()) is not None and n.suffix and not n.card:
                who = A.DescRef("", n)  # "Until end of turn, Angels you control gain …"
            if who is not None and (b := self.becomes(who, True)) is not None:
                return b
            m = self.modify(who, False) if who is not None else None
            if m is not None:
                return A.DurationFirst(A.Modify(m.what, m.pt_verb, m.pt, m.kw_verb, m.keywords,
                                                A.Duration("until end of turn"), m.loses, m.quoted))
            self.i = start
            return None
        if (ch := self.each_player_chooses()) is not None:
            return ch
        if self.at("each", "player", "who", "can't"):
            # "Each player who can't discards a card." (Plaguecrafter): the players of the
            # sentence before who couldn't do what it said (lowered with it).
            self.i += 4
            self._start = self.i
            if (p := self.predicate(A.WordRef("each player who can't"))) is not None:
                return p
            self.i = start
        who = self.ref()
        if who is None and self.at("choose", "an", "opponent", "at", "random", "that"):
            self.i += 6
            if self.self_ref() and self.eat("didn't", "attack", "during", "your", "last", "combat"):
                # Territorial Hellkite (CR 101.4 "at random", 508.1d)
                return A.Phrase(None, " ".join(self.toks[start:self.i]))
            self.i = start
        if isinstance(who, A.SelfRef) and self.eat("attacks", "that", "player", "this", "combat", "if", "able"):
            return A.Phrase(who, "attacks that player this combat if able")  # CR 508.1d
        if who == A.WordRef("you") and self.eat("choose", "which", "creatures", "block", "this", "turn", "and", "how",
                                                 "those", "creatures", "block"):
            return A.Phrase(who, " ".join(self.toks[self.i - 11:self.i]))  # CR 509.1a: another player declares
        if who == A.WordRef("they") and self.eat("block", "this", "turn", "if", "able"):
            return A.Phrase(who, "block this turn if able")  # CR 509.1c: a requirement to block
        if who is not None and self.eat("blocks", "this", "turn", "if", "able"):
            return A.Phrase(who, "blocks this turn if able")  # CR 509.1c: "target creature …", "each creature …"
        if isinstance(who, A.SelfRef) and self.eat("can't", "attack", "those", "players", "or", "planeswalkers",
                                                   "they", "control", "this", "combat"):
            return A.Phrase(who, " ".join(self.toks[self.i - 10:self.i]))  # CR 508.1c, 706.4
        if isinstance(who, A.WordRef) and self.peek() == "and":
            mark = self.i
            self.i += 1
            other = self.ref()
            if (isinstance(other, A.WordRef) or isinstance(other, A.TargetRef) and other.count is None
                    and other.noun is not None and other.noun.heads in (("opponent",), ("player",))
                    and not other.noun.quals and not other.noun.suffix) and self.eat("each"):
                # "you and the attacking player each draw a card", "you and target opponent each
                # draw a card" (CR 101.4)
                self._start = self.i
                if (p := self.predicate(A.BothEach(who, other))) is not None:
                    return p
            self.i = mark
        if who is not None and self.eat("does", "the", "same"):
            return A.DoesTheSame(who)  # the sentence before, done by another player (lowered with it)
        if who is not None:
            self._start = self.i
            p = self.predicate(who)
            if p is not None:
                return p
            if self.eat("and") and (n := self.noun()) is not None and n.heads and _plural(n.heads[0]) \
                    and not n.card:
                # "it and Zombies you control gain deathtouch until end of turn"
                each = "each" if self.eat("each") else ""  # "it and other creatures … each get +2/+0"
                both = A.AndRef(who, A.DescRef("", n), each)
                self._start = self.i
                m = self.modify(both)
                if m is not None and m.duration is not None:
                    return m
        self.i = start
        n = self.noun()
        if n is not None and n.heads and _plural(n.heads[0]) and not n.card:
            # "Creatures you control get +1/+1 until end of turn": a plural description names
            # every object it matches (CR 611.2c: those affected are fixed as it resolves).
            self._start = self.i
            m = self.modify(A.DescRef("", n))
            if m is not None and m.duration is not None:
                return m
        self.i = start
        return None

    @rule
    def base_pt_first(self) -> A.BasePT | None:
        """After "Until end of turn,": "creatures you control have base power and toughness X/X
        and gain all creature types" (CR 613.4b layer 7b, 613.1d layer 4)."""
        n = self.noun()
        if n is None or not n.heads or not _plural(n.heads[0]) or n.card:
            return None
        v = self.verb("have")
        if v is None or not self.eat("base", "power", "and", "toughness") or "/" not in (pt := self.raw()):
            return None
        self.i += 1
        also = "and gain all creature types" if self.eat("and", "gain", "all", "creature", "types") else ""
        return A.BasePT(A.DescRef("", n), v, pt, A.Duration("until end of turn"), True, also)

    _JOINS = (", then ", ", and ", " and ", ", ")

    #: The steps a delayed trigger names (CR 603.7, 500.1): "at the beginning of the next …".
    _DELAYED_STEPS = ("end step", "upkeep", "cleanup step", "draw step", "precombat main phase",
                      "postcombat main phase", "main phase", "combat")

    @rule
    def next_step(self) -> A.NextStep | None:
        """"at the beginning of the next end step", "… of your next upkeep", "… of the next
        turn's upkeep", "at end of combat": when a delayed triggered ability triggers (CR 603.7,
        511.2)."""
        if self.eat("at", "end", "of", "combat"):
            return A.NextStep("", "")
        if not self.eat("at", "the", "beginning", "of"):
            return None
        if self.eat("the", "next", "turn's") and (step := self.one_of(*self._DELAYED_STEPS)):
            return A.NextStep("the next turn's", step)
        whose = self.one_of("the", "your", "that player's", "their", "its owner's", "its controller's")
        if whose is None or not self.eat("next") or (step := self.one_of(*self._DELAYED_STEPS)) is None:
            return None
        return A.NextStep(whose, step)

    @rule
    def sentence(self) -> A.Sentence | None:
        mark = self.i
        at: A.NextStep | A.NextCast | None = self.next_step()
        if at is None and self.eat("when", "you", "cast", "your", "next", "spell", "this", "turn"):
            at = A.NextCast()  # a delayed trigger (CR 603.7)
        if at is not None and not self.eat(","):
            at = None
        if at is None:
            self.i = mark
        s = self._sentence()
        if s is None or at is None:
            return s
        return replace(s, at=replace(at, first=True))  # "At the beginning of your next upkeep, …" (CR 603.7)

    def _sentence(self) -> A.Sentence | None:
        prefix = self.one_of("then", "if you do ,", "when you do ,", "otherwise ,", "until the end of your next turn ,",
                             "if this spell was cast from a graveyard ,", "if this spell was cast from your hand ,",
                             "if you cast a spell this way ,", "if it's a permanent spell ,",
                             "for as long as it remains exiled ,", "for each creature exiled this way ,",
                             "for as long as that card remains exiled ,",
                             "for as long as ~ remains on the battlefield ,",
                             "if one or more opponents had the highest result ,",
                             "if you can't choose an opponent this way ,",
                             "if a permanent's ability is countered this way ,",
                             "if you don't put the card onto the battlefield ,",
                             "for each opponent ,") or ""
        if not prefix and self.at("if", "any", "of", "those", "results", "was") and self.peek(6).isdigit() \
                and self.low[self.i + 7:self.i + 10] == ["or", "higher", ","]:
            prefix = f"if any of those results was {self.peek(6)} or higher ,"  # CR 706.4
            self.i += 10
        if not prefix and self.at("until", "end", "of", "turn", ",", "you", "may") and self.peek(7) != "have":
            # "Until end of turn, you may play those cards": the permission's duration first (CR 611.2a).
            self.i += 5
            prefix = "until end of turn ,"
        if not prefix and self.at("if", "it's") and self.peek(2) in ("a", "an"):
            # "If it's a creature card of the chosen type, you may reveal it …": the card just
            # looked at (lowered with the "look at the top card" before it).
            mark = self.i
            self.i += 3
            n = self.noun()
            if n is not None and n.card == "card" and self.eat(","):
                prefix = f"if it's {self.low[mark + 2]} {n.render()},"
            else:
                self.i = mark
        if prefix.endswith(" ,"):
            prefix = prefix[:-2] + ","
        may = "you may" if self.eat("you", "may") else ""
        first = self.clause()
        if first is None:
            return None
        clauses, joins = [first], []
        while True:
            mark = self.i
            j = None
            if self.eat(",", "then"):
                j = ", then "
            elif self.eat(",", "and"):
                j = ", and "
            elif self.eat("and"):
                j = " and "
            elif self.eat(","):
                j = ", "
            if j is None:
                break
            c = self.clause()
            if c is None:
                self.i = mark
                break
            clauses.append(c)
            joins.append(j)
        if len(clauses) == 1 and self.peek() == "unless" and (u := self.unless(clauses[0])) is not None:
            clauses[0] = u
        mark = self.i
        at = self.next_step() if self.peek() == "at" else None
        if at is not None and not self.at("."):
            at, self.i = None, mark  # "… at the beginning of the next end step." (CR 603.7)
        where: A.Where | A.WherePower | A.WhereCounters | A.WhereOf | A.WhereResult | A.WhereGreatestPower | None = None
        if self.eat(",", "where", "x", "is", "its", "power"):
            where = A.WherePower()
        elif self.at(",", "where", "x", "is", "that") and self.peek(5).endswith("'s"):
            mark = self.i
            self.i += 6
            stat = self.one_of("mana value", "power", "toughness")
            if stat is None:
                self.i = mark
                return None
            where = A.WhereOf(f"that {self.low[mark + 5]}", stat)
        elif self.eat(",", "where", "x", "is", "the", "total", "power", "of", "attacking", "creatures"):
            where = A.WherePower("the total power of attacking creatures")  # CR 208.1, 506.4
        elif self.eat(",", "where", "x", "is", "the", "mana", "value", "of", "that", "spell"):
            where = A.WherePower("the mana value of that spell")  # the spell a cast trigger names
        elif self.at(",", "where", "x", "is", "the", "greatest", "power", "among"):
            self.i += 8
            n = self.noun()
            if n is None:
                return None
            where = A.WhereGreatestPower(n)
        elif self.at(",", "where", "x", "is") and self.peek(4) in ("the", "that") and self.peek(5) != "number":
            self.i += 4
            r = self.die_result()
            if r is None:
                return None
            where = A.WhereResult(r)  # "where X is the result" (CR 706.4)
        elif self.eat(",", "where", "x", "is", "the", "number", "of", "counters", "removed", "this", "way"):
            where = A.WhereRemoved()  # the counters a "remove all" cost removed (CR 602.2b)
        elif self.eat(",", "where", "x", "is", "the", "number", "of"):
            if (on := self.counters_on()) is not None:
                where = A.WhereCounters(on)
            elif (n := self.noun()) is not None:
                where = A.Where(n)
            else:
                return None
        end = ""
        if not self.eat("."):
            last = clauses[-1] if clauses else None
            quoted = isinstance(last, A.Create | A.CopyGains) and last.abilities or isinstance(last, A.GetEmblem) \
                or isinstance(last, A.Modify) \
                and last.quoted and last.duration is None or isinstance(last, A.DurationFirst) and last.modify.quoted
            if not (quoted and self.raw(-1) == '"' and self.raw(-2) == "." and where is None):
                return None
            end = "in quotes"  # the quoted ability's period ends the sentence too
        return A.Sentence(tuple(clauses), tuple(joins), may, prefix, where, end, at)

    _FEWEST_KINDS = ("lands", "creatures", "artifacts", "enchantments", "planeswalkers")

    def _chooses_fewest(self) -> A.EachChoosesFewest | None:
        """"… a number of lands they control equal to the number of lands controlled by the player
        who controls the fewest, then sacrifices the rest" (after "each player chooses")."""
        kind = self.one_of(*self._FEWEST_KINDS)
        if kind is None or not self.eat("they", "control", "equal", "to", "the", "number", "of", kind, "controlled",
                                        "by", "the", "player", "who", "controls", "the", "fewest", ",", "then",
                                        "sacrifices", "the", "rest"):
            return None
        return A.EachChoosesFewest(kind)

    @rule
    def same_way(self) -> A.SameWay | None:
        """"players discard cards and sacrifice creatures the same way" (the instruction before,
        for other things)."""
        if not self.eat("players"):
            return None
        actions: list[tuple[str, str]] = []
        while (v := self.one_of("discard", "sacrifice")) is not None:
            what = self.one_of("cards") if v == "discard" else self.one_of(*self._FEWEST_KINDS)
            if what is None:
                return None
            actions.append((v, what))
            if not self.eat("and"):
                break
        return A.SameWay(tuple(actions)) if actions and self.eat("the", "same", "way") else None

    @rule
    def is_also(self) -> A.IsAlso | None:
        """"it's a black Zombie in addition to its other colors and types", "it's a Warlock in
        addition to its other types" (CR 205.1b, 105.3): colors, then subtypes."""
        if not self.eat("it's"):
            return None
        article = self.raw()
        self.i += 1
        colors: list[str] = []
        while self.peek() in ("white", "blue", "black", "red", "green"):
            colors.append(self.peek())
            self.i += 1
        subtypes: list[str] = []
        while self.raw()[:1].isupper() and subtype_of(self.raw()) == self.raw():
            subtypes.append(self.raw())
            self.i += 1
        if not subtypes or not self.eat("in", "addition", "to", "its", "other"):
            return None
        other = self.one_of("colors and types") if colors else self.one_of("types")
        return A.IsAlso(article, tuple(colors), tuple(subtypes), other) if other else None

    @rule
    def each_player_chooses(self) -> A.EachPlayerChooses | A.EachChoosesFewest | None:
        """"starting with you, each player may choose a [permanent]"; "each player chooses a
        [permanent], a [permanent], … from among the [permanents] they control, then sacrifices
        the rest" (CR 101.4)."""
        start = "starting with you," if self.eat("starting", "with", "you", ",") else ""
        if not self.eat("each", "player"):
            return None
        verb = self.one_of("may choose", "chooses")
        if verb is None:
            return None
        if not start and verb == "chooses" and self.eat("a", "number", "of"):
            return self._chooses_fewest()
        items: list[tuple[str, A.Noun]] = []
        while (det := self.one_of("a", "an")) is not None and (n := self.noun()) is not None:
            items.append((det, n))
            if self.at(",", "and"):
                self.i += 2
            elif self.peek() == "," and self.peek(1) in ("a", "an"):
                self.i += 1
            else:
                break
        if not items:
            return None
        if len(items) == 1:
            return A.EachPlayerChooses(start, verb, tuple(items))
        if not (self.eat("from", "among", "the") and (among := self.noun()) is not None
                and self.eat("they", "control", ",", "then", "sacrifices", "the", "rest")):
            return None
        return A.EachPlayerChooses(start, verb, tuple(items), among, ", then sacrifices the rest")

    _UNLESS_PAYERS = ("that player", "they", "its controller", "that creature's controller")

    @rule
    def unless(self, effect: A.Node) -> A.Unless | None:
        """"… unless its controller pays {1}", "… unless that player sacrifices a creature",
        "… unless they discard a land card" (CR 118.12a): a cost the player may pay instead."""
        if not self.eat("unless") or (who := self.one_of(*self._UNLESS_PAYERS)) is None:
            return None
        if (v := self.verb("pay")) and self.raw().startswith("{"):
            self.i += 1
            return A.Unless(effect, who, v, self.raw(-1))
        if (v := self.verb("sacrifice", "discard")) and (det := self.one_of("a", "an")) and (n := self.noun()):
            return A.Unless(effect, who, v, det=det, what=n)
        return None

    def effects(self, *, stop_at_restriction: bool = False, in_row: bool = False) -> A.Effects | None:
        sentences: list[A.Sentence | A.RollTable] = []
        while self.i < len(self.toks):
            if stop_at_restriction and self.peek() == "activate" or in_row and self.row_start():
                break
            if self.at("this", "ability", "triggers", "only", "once", "each", "turn"):
                break  # the trigger's limit (TriggeredAbility.once_each_turn), not an effect
            s = self.sentence()
            if s is None:
                return None
            if isinstance(s.clauses[-1], A.Roll) and self.row_start():
                rows = self.result_rows()
                if rows is None:
                    return None
                sentences.append(A.RollTable(s, rows))
                continue
            sentences.append(s)
        return A.Effects(tuple(sentences)) if sentences else None

    def row_start(self) -> bool:
        """At "N |", "N—M |" or "N+ |": a results table's line (CR 706.3a)."""
        if not self.peek().isdigit():
            return False
        k = 1
        if self.peek(k) == "—" and self.peek(k + 1).isdigit():
            k += 2
        elif self.peek(k) == "+":
            k += 1
        return self.peek(k) == "|"

    def result_rows(self) -> tuple[A.ResultRow, ...] | None:
        rows: list[A.ResultRow] = []
        while self.row_start():
            start = self.i
            while self.peek() != "|":
                self.i += 1
            rng = "".join(self.toks[start:self.i])
            self.i += 1
            body = self.effects(in_row=True)
            if body is None:
                return None
            rows.append(A.ResultRow(rng, body))
        return tuple(rows)

    @rule
    def modal(self) -> A.Modal | None:
        if not self.eat("choose"):
            return None
        choose = self.one_of("one or both", "one or more", "up to one", "one", "two", "three", "any number")
        more: tuple[A.Condition | A.ControlsCondition, str] | None = None
        if choose is not None and self.eat(".", "if"):
            # "Choose one. If you control a commander as you cast this spell, you may choose
            # both." (CR 700.2): more modes when a condition holds as the spell is cast (601.2b).
            cond = self.condition()
            if cond is None or not self.eat("as", "you", "cast", "this", "spell", ",", "you", "may", "choose"):
                return None
            more_choose = self.one_of("both")
            if more_choose is None or not self.eat("."):
                return None
            more = (cond, more_choose)
        elif choose is None or not self.eat("—"):
            return None
        modes: list[A.Effects] = []
        labels: list[str] = []
        while self.eat("•"):
            # A mode's name before an em dash ("• Sell Contraband — Create a Treasure token."):
            # flavor words without rules meaning (CR 207.2d).
            dash = next((k for k in range(1, 5) if self.peek(k) == "—"), None)
            label = ""
            if dash is not None and all(self.raw(k)[:1].isalpha() for k in range(dash)) and self.raw()[:1].isupper():
                label = " ".join(self.toks[self.i:self.i + dash])
                self.i += dash + 1
            labels.append(label)
            sentences: list[A.Sentence] = []
            while self.i < len(self.toks) and self.peek() != "•":
                s = self.sentence()
                if s is None:
                    return None
                sentences.append(s)
            if not sentences:
                return None
            modes.append(A.Effects(tuple(sentences)))
        return A.Modal(choose, tuple(modes), tuple(labels) if any(labels) else (), more) if modes else None

    def body(self, *, stop_at_restriction: bool = False) -> A.Effects | A.Modal | None:
        if self.peek() == "choose" and ("—" in self.low[self.i + 1:self.i + 5] or self.at("choose", "one", ".", "if")):
            # "Choose one —" (CR 700.2); "Choose one. If …, you may choose both."
            return self.modal()
        return self.effects(stop_at_restriction=stop_at_restriction)

    # ------------------------------------------------------------------ abilities

    @rule
    def keyword(self) -> A.Keyword | None:
        if self.peek() == "protection" and self.peek(1) == "from":
            self.i += 2
            start = self.i
            while self.i < len(self.toks) and self.peek() not in (",", ".", ";"):
                self.i += 1
            if self.i == start:
                return None
            return A.Keyword("protection from", " ".join(self.toks[start:self.i]))
        if self.eat("enchant"):
            n = self.noun()
            return A.Keyword("enchant", n.render()) if n is not None else None
        k = self.one_of(*COST_KEYWORDS)
        if k is not None:
            name, tok = self._surface(k), self.raw()
            if k == "suspend" and tok.isdigit() and self.peek(1) == "—" and self.raw(2).startswith("{"):
                self.i += 3  # "Suspend N—[cost]" (CR 702.62a)
                return A.Keyword(name, f"{tok}—{self.raw(-1)}")
            if tok.startswith("{") or (k in NUMBER_KEYWORDS and tok.isdigit()):
                self.i += 1
                return A.Keyword(name, tok)
            return None
        k = self.one_of(*NUMBER_KEYWORDS)
        if k is not None:
            name = self._surface(k)
            if self.peek().isdigit():
                self.i += 1
                return A.Keyword(name, self.raw(-1))
            return None
        if self.at("partner", "with") and self.raw(2)[:1].isupper():
            # "Partner with [name]" (CR 702.124j): the name runs to the end of the keyword.
            self.i += 2
            start = self.i
            while self.i < len(self.toks) and self.peek() not in (",", ".", ";", "("):
                self.i += 1
            return A.Keyword(" ".join(self.toks[start - 2:start]), " ".join(self.toks[start:self.i]))
        k = self.one_of(*PLAIN_KEYWORDS)
        return A.Keyword(self._surface(k)) if k else None

    def _surface(self, phrase: str) -> str:
        """The words just consumed for ``phrase``, as written ("Choose a Background")."""
        n = len(phrase.split())
        return " ".join(self.toks[self.i - n:self.i])

    @rule
    def keyword_line(self) -> A.KeywordLine | None:
        kws: list[A.Keyword] = []
        while True:
            k = self.keyword()
            if k is None:
                return None
            kws.append(k)
            if not self.eat(","):
                break
        return A.KeywordLine(tuple(kws)) if self.done() else None

    _EVENTS = ("enters the battlefield", "enters", "enters the battlefield under your control", "enters under your control",
               "dies", "attacks", "blocks", "becomes blocked", "attacks or blocks", "leaves the battlefield",
               "deals combat damage to a player", "deals combat damage to an opponent", "deals damage",
               "deals combat damage to one of your opponents",
               "deals damage to you", "deals damage to the player who cast ~",
               "becomes the target of a spell or ability an opponent controls", "is put into a graveyard from the battlefield",
               "is turned face up", "becomes tapped", "becomes untapped", "attacks alone", "is tapped for mana",
               "enters the battlefield or attacks", "enters or attacks", "is dealt damage",
               "loses life", "mills one or more creature cards", "becomes monstrous", "exploits a creature",
               "becomes the target of a spell", "casts a spell", "attacks and isn't blocked",
               "and at least two other creatures attack", "are dealt combat damage", "enters the battlefield or dies",
               "enters or dies", "enters the battlefield or is put into a graveyard from the battlefield",
               "enters or is put into a graveyard from the battlefield", "deals combat damage", "is attacked", "becomes level 2", "becomes level 3",
               "becomes level 4", "attacks another one of your opponents",
               "becomes the target of a spell an opponent controls",
               "attacks or becomes the target of a spell an opponent controls",
               # CR 603.2, 603.6a: a triggered ability of the entering creature triggering
               "entering the battlefield under an opponent's control causes a triggered ability of that creature to trigger",
               "entering under an opponent's control causes a triggered ability of that creature to trigger",
               "attacks one of your opponents")

    @rule
    def event(self) -> A.Event | None:
        if self.eat("the", "beginning", "of"):
            start = self.i
            whose = self.one_of("your", "each", "each opponent's", "the next", "each player's", "the")
            if whose is None and not self.at("combat", "on", "your", "turn"):
                return None  # "At the beginning of combat on your turn" names no step's owner first
            step = self.one_of(*STEPS, "combat on your turn", "your next upkeep")
            if step is None:
                return None
            return A.Event(None, " ".join(["the beginning of", *self.low[start:self.i]]))
        if self.one_of("you cast a spell from exile or a land enters the battlefield under your control from exile",
                       "you cast a spell from exile"):
            return A.Event(None, " ".join(self.low[self._estart:self.i]))  # CR 601.2a, 603.6a
        if self.at("you", "cast"):
            self.i += 2
            what = self.ref()
            if what is None:
                return None
            if self.eat("this", "way"):  # a trigger linked to a permission in its paragraph (CR 607.2h)
                return A.Event(A.WordRef("you"), f"cast {what.render()} this way")
            return A.Event(A.WordRef("you"), f"cast {what.render()}")
        if self.eat("you", "roll", "one", "or", "more", "dice"):
            return A.Event(A.WordRef("you"), "roll one or more dice")  # once per instruction to roll (CR 706.1)
        if verb := self.one_of("you discard", "you cycle or discard"):
            # "Whenever you discard a creature card", "… cycle or discard another card" (CR 701.9)
            what = self.ref()
            return A.Event(A.WordRef("you"), f"{verb[4:]} {what.render()}") if what is not None else None
        if self.at("you", "cycle") and self.peek(2) in ("~", "this") and self.eat("you", "cycle"):
            # "When you cycle ~" (CR 702.29c): the card itself, by its name or "this card".
            if (what := self.self_ref()) is not None:
                return A.Event(A.WordRef("you"), f"cycle {what.render()}")
            return None
        if self.eat("you", "attack", "with"):
            # "Whenever you attack with a creature an opponent owns" (CR 508.3a): each such attacker
            what = self.ref()
            return A.Event(A.WordRef("you"), f"attack with {what.render()}") if isinstance(what, A.DescRef) else None
        self.i = self._estart
        if self.one_of("you gain life", "you attack", "you attack a player", "you draw a card", "you sacrifice a permanent",
                       "you play a card from exile", "you activate an ability that isn't a mana ability",
                       "you complete a dungeon", "you attack the player who has the initiative", "they do"):
            return A.Event(None, " ".join(self.low[self._estart:self.i]))
        if self.at("you", "draw", "your") and self.peek(3) in ORDINALS and self.peek(4) == "card":
            # "Whenever you draw your second card each turn" (CR 121.2, 603.2)
            self.i += 5
            if self.eat("each", "turn"):
                return A.Event(None, " ".join(self.low[self._estart:self.i]))
            self.i = self._estart
            return A.Event(None, " ".join(self.low[self._estart:self.i]))
        if self.eat("you", "sacrifice"):
            what = self.ref()  # "Whenever you sacrifice a Clue" (CR 701.21, 603.10a)
            return A.Event(A.WordRef("you"), f"sacrifice {what.render()}") if what is not None else None
        if self.eat("a", "source", "you", "control", "deals") and (n := self.num()) is not None and n.value \
                and self.eat("or", "more", "damage", "to", "a", "player"):
            return A.Event(None, " ".join(self.low[self._estart:self.i]))  # CR 120.1, 603.2
        self.i = self._estart
        if self.one_of("one or more creatures you control deal combat damage to a player"):
            return A.Event(None, " ".join(self.low[self._estart:self.i]))  # CR 510.3a, 603.2c
        if self.eat("one", "or", "more") and (n := self.noun()) is not None and n.heads and _plural(n.heads[-1]) \
                and not n.suffix and (v := self.one_of("enter the battlefield", "enter")) is not None \
                and self.eat("under", "an", "opponent's", "control"):
            # "Whenever one or more lands enter the battlefield under an opponent's control [without
            # being played]" (CR 603.6a, 603.2c, 305.1)
            words = f"{v} under an opponent's control"
            if self.eat("without", "being", "played"):
                words += " without being played"
            return A.Event(A.DescRef("one or more", n), words)
        self.i = self._estart
        if self.eat("one", "or", "more") and (n := self.noun()) is not None and n.heads and _plural(n.heads[-1]) \
                and n.suffix == ("you control",) and self.eat("attack", "an", "opponent"):
            # "Whenever one or more Dragons you control attack an opponent" (CR 508.3e)
            return A.Event(A.DescRef("one or more", n), "attack an opponent")
        self.i = self._estart
        if (put := self.put_into_zone()) is not None:
            return A.Event(put, "")
        if self.peek() == "the" and self.peek(1) in ORDINALS and self.peek(3) == "counter" and self.raw(2).isalpha():
            # "When the twelfth hour counter is put on ~" (CR 603.2, 122.6)
            self.i += 4
            if self.eat("is", "put", "on", "~"):
                return A.Event(None, " ".join(self.low[self._estart:self.i]))
            return None
        subject = self.ref()
        if subject is None:
            return None
        if isinstance(subject, A.SelfRef) and self.at("or", "another"):
            # "Whenever ~ or another creature you control dies" (CR 603.10a).
            self.i += 1
            other = self.ref()
            if not isinstance(other, A.DescRef):
                return None
            subject = A.SelfOr(subject, other)
        elif isinstance(subject, A.DescRef) and self.peek() == "or" and self.peek(1) in ("a", "an"):
            mark = self.i
            self.i += 1
            other = self.ref()
            if isinstance(other, A.DescRef):
                subject = A.DescOr(subject, other)  # "an attacking creature you control or a blocking creature …"
            else:
                self.i = mark
        if (isinstance(subject, A.DescRef) or subject == A.WordRef("enchanted player")) and self.eat("casts"):
            # "Whenever an opponent casts a spell", "Whenever a player casts an instant or
            # sorcery spell" (CR 601.2i): the player, then the spell.
            what = self.ref()
            return A.Event(subject, f"casts {what.render()}") if what is not None else None
        ev = self.one_of(*self._EVENTS)
        if ev is None:
            return None
        if isinstance(subject, A.SelfRef) and self.at("or") and self.peek(1) in ("a", "an"):
            mark = self.i
            self.i += 1
            # "When ~ enters the battlefield or an opponent loses the game" (CR 603.2)
            if isinstance(other := self.ref(), A.DescRef) and (ev2 := self.one_of("loses the game")):
                return A.Event(subject, ev, A.Event(other, ev2))
            self.i = mark
        if isinstance(subject, A.SelfRef) and ev in ("enters the battlefield", "enters") and self.at(
                "and", "at", "the", "beginning", "of"):
            mark = self.i
            self.i += 2
            # "When ~ enters the battlefield and at the beginning of your upkeep" (CR 603.2, 603.2b)
            if (step := self.event()) is not None and step.subject is None and step.also is None:
                return A.Event(subject, ev, step, "and at")
            self.i = mark
        return A.Event(subject, ev)

    @rule
    def put_into_zone(self) -> A.PutIntoZone | None:
        """"a card is put into an opponent's graveyard from anywhere", "one or more cards are put
        into exile from your library and/or your graveyard" (CR 603.6, 603.2c)."""
        det = self.one_of("one or more", "a", "an")
        n = self.noun() if det is not None else None
        if n is None or not n.card or n.suffix or not self.eat("are" if det == "one or more" else "is", "put", "into"):
            return None
        zone = self.one_of("exile", "a graveyard", "your graveyard", "an opponent's graveyard")
        if zone is None or not self.eat("from"):
            return None
        sources = [self.one_of("anywhere", "your library", "your graveyard")]
        while sources[-1] not in (None, "anywhere") and self.eat("and", "/", "or"):
            sources.append(self.one_of("your library", "your graveyard"))
        if None in sources:
            return None
        return A.PutIntoZone(det, n, zone, tuple(s for s in sources if s is not None))

    _CONDITIONS = ("you've completed a dungeon", "a permanent you controlled left the battlefield this turn",
                   "you have the initiative", "you're the monarch",
                   "you or a player you're attacking has the initiative", "it's your turn", "it's not your turn",
                   "you have no cards in hand", "you attacked this turn", "a creature died this turn",
                   "you cast it from your hand", "it was kicked", "you control another Dragon",
                   "you have a full party", "you have the city's blessing", "you played a land this turn",
                   "you control your commander", "an opponent controls more lands than you", "you have two or more opponents", "you control a commander",
                   "your life total is less than or equal to half your starting life total", "you're the defending player",
                   "~ is monstrous", "~ is suspended", "this spell was cast from exile",
                   "that creature had to attack this combat",  # a requirement as it was declared (CR 508.1d)
                   "it had counters on it",  # the creature that died, as it last existed (CR 603.10a)
                   "it's untapped")  # the permanent the static ability's sentence names (CR 604.1)

    @rule
    def condition(self) -> A.Condition | A.ControlsCondition | A.InGraveyardCondition | None:
        start = self.i
        if self.eat("this", "is", "the") and self.peek() in ORDINALS and self.at(
                self.peek(), "time", "this", "ability", "has", "resolved", "this", "turn"):
            self.i += 8  # "if this is the second time this ability has resolved this turn" (CR 608.2c)
            return A.Condition(" ".join(self.toks[start:self.i]))
        self.i = start
        if self.eat("any", "of", "that", "damage", "was", "dealt", "by") and self.peek() in ("a", "an") \
                and self.raw(1)[:1].isupper() and subtype_of(self.raw(1)):
            self.i += 2  # "if any of that damage was dealt by a Warrior" (CR 603.4)
            return A.Condition(" ".join(self.toks[start:self.i]))
        self.i = start
        if self.eat("that", "creature", "was") and self.peek() in ("a", "an") and self.raw(1)[:1].isupper() \
                and subtype_of(self.raw(1)):
            self.i += 2  # "if that creature was a Horror" (CR 603.4, 603.10a)
            return A.Condition(" ".join(self.toks[start:self.i]))
        self.i = start
        if self.eat("~", "is", "in", "your", "graveyard"):
            # CR 113.6b: an ability that functions while its card is in a graveyard
            if not self.eat("and"):
                return A.InGraveyardCondition(None)
            rest = self.condition()
            return A.InGraveyardCondition(rest) if rest is not None else None
        self.i = start
        c = self.one_of(*(c.lower() for c in self._CONDITIONS))
        if c is None:
            return self.controls_condition()
        return A.Condition(" ".join(self.toks[self.i - len(c.split()):self.i]))

    #: The words around the number of an :class:`~undercity.cards.text.ast.AtLeastCondition`.
    _AT_LEAST = (("creatures you control have total power", "or greater"),
                 ("an opponent was dealt", "or more damage this turn"),
                 ("you attacked with", "or more creatures this turn"),
                 ("you attacked with creatures with total power", "or greater this combat"),  # pack tactics
                 ("there are", "or more creature cards in your graveyard"))

    def at_least_condition(self) -> A.AtLeastCondition | None:
        """"creatures you control have total power 10 or greater", "an opponent was dealt 7 or
        more damage this turn", "you attacked with three or more creatures this turn" (CR 603.4)."""
        start = self.i
        for before, after in self._AT_LEAST:
            self.i = start
            if self.eat(*before.split()) and (n := self.num()) is not None and n.value is not None \
                    and self.eat(*after.split()):
                return A.AtLeastCondition(before, n, after)
        self.i = start
        return None

    @rule
    def controls_condition(self) -> A.ControlsCondition | None:
        """"you control six or more lands", "you control a Wizard" (CR 603.4)."""
        if not self.eat("you", "control"):
            return None
        if self.peek() in ("a", "an"):
            n = A.Num(self.raw(), 1)
            self.i += 1
        else:
            n = self.num()
            if n is None or n.value is None or not self.eat("or", "more"):
                return None
        noun = self.noun()
        return A.ControlsCondition(n, noun) if noun is not None and not noun.suffix else None

    @rule
    def triggered(self) -> A.TriggeredAbility | None:
        word = self.peek()
        if word not in ("when", "whenever", "at"):
            self.miss()
            return None
        self.i += 1
        self._estart = self.i
        ev = self.event()
        if ev is None or not self.eat(","):
            return None
        cond = None
        if self.eat("if"):
            cond = self.condition() or self.at_least_condition()
            if cond is None or not self.eat(","):
                return None
        body = self.body()
        if body is None:
            return None
        once = self.eat("this", "ability", "triggers", "only", "once", "each", "turn", ".")
        return A.TriggeredAbility(word, ev, body, cond, once)

    @rule
    def cost_item(self) -> A.CostItem | None:
        if (eg := self.exile_from_graveyard_cost()) is not None:
            return eg
        tok = self.raw()
        if tok == "{T}":
            self.i += 1
            return A.CostItem("tap", "{T}")
        if tok == "{Q}":
            self.i += 1
            return A.CostItem("untap", "{Q}")
        if tok.startswith("{"):
            self.i += 1
            return A.CostItem("mana", tok)
        if tok[:1] in "+−-" and tok[1:].isdigit() or tok == "0" or _bracketed_loyalty(tok):
            self.i += 1
            return A.CostItem("loyalty", tok)
        for verb, kind in (("sacrifice", "sacrifice"), ("exile", "exile"), ("discard", "discard"),
                           ("tap", "tap_untapped"), ("return", "return")):
            if self.eat(verb):
                if kind == "sacrifice" and self.peek() not in ("a", "an") and (n := self.num()) is not None \
                        and (many := self.noun()) is not None and many.heads and _plural(many.heads[0]):
                    # "Sacrifice three Rats", "Sacrifice X Treasures" (CR 118.3, 601.2b)
                    return A.CostItem(kind, f"{verb} {n.render()}", A.DescRef("", many))
                what = self.ref()
                if what is None:
                    return None
                words = verb
                if kind == "return":
                    to = self.one_of("to its owner's hand")
                    if to is None:
                        return None
                    return A.CostItem(kind, words, A.WordRef(f"{what.render()} {to}"))
                return A.CostItem(kind, words, what)
        if self.eat("pay"):
            n = self.num()
            if n is not None and self.eat("life"):
                return A.CostItem("pay_life", f"pay {n.render()} life")
            if n is None and self.eat("life", "equal", "to") and (
                    amount := self.one_of("the number of colors in your commanders' color identity")):
                return A.CostItem("pay_life", f"pay life equal to {amount}")  # CR 119.4, 903.4f
            return None
        if self.eat("roll", "a") and self.peek()[:1] == "d" and self.peek()[1:].isdigit() and int(self.peek()[1:]):
            self.i += 1  # "Roll a d8:" (CR 602.2b, 706.1)
            return A.CostItem("roll", f"roll a {self.raw(-1)}")
        if self.eat("remove"):
            # "Remove a +1/+1 counter from ~", "Remove all +1/+1 counters from ~" (CR 602.2b)
            every = self.eat("all")
            if not every and self.raw() == "X":
                self.i += 1  # "Remove X storage counters from ~" (CR 107.3, 602.2b: X announced)
                n: A.Num | None = A.Num("X", None)
            else:
                n = None if every else self.num()
            kind = self.raw()
            if not every and (n is None or n.value is None and n.word != "X") \
                    or not (kind in ("+1/+1", "-1/-1") or kind.isalpha()):
                return None
            self.i += 1
            noun = self.one_of("counter", "counters")
            if noun is None or not self.eat("from") or every and noun != "counters":
                return None
            what = self.self_ref()
            if what is None:
                return None
            return A.CostItem("remove_counters", f"remove {'all' if n is None else n.render()} {kind} {noun} from", what)
        return None

    @rule
    def exile_from_graveyard_cost(self) -> A.CostItem | None:
        """"Exile four other cards from your graveyard" (escape's cost, CR 702.138a)."""
        if not self.eat("exile"):
            return None
        n = self.num()
        if n is None or n.value is None or not self.eat("other", "cards", "from", "your", "graveyard"):
            return None
        return A.CostItem("exile_other_graveyard", f"exile {n.render()} other cards from your graveyard")

    @rule
    def cost_keyword(self) -> A.CostKeyword | None:
        """A keyword whose cost isn't only mana, after an em dash (CR 702: "Escape—{3}{B}{B},
        Exile four other cards from your graveyard.", "Replicate—Tap an untapped Horror you
        control.")."""
        k = self.one_of(*COST_KEYWORDS)
        if k is None or not self.eat("—"):
            return None
        name = " ".join(self.toks[self.i - 1 - len(k.split()):self.i - 1])
        costs = self.cost_items()
        return A.CostKeyword(name, costs) if costs is not None and self.eat(".") and self.done() else None

    def cost_items(self) -> tuple[A.CostItem, ...] | None:
        """Costs separated by commas (CR 118, 602.1a)."""
        costs: list[A.CostItem] = []
        while True:
            c = self.cost_item()
            if c is None:
                return None
            costs.append(c)
            if not self.eat(","):
                break
        return tuple(costs)

    @rule
    def activated(self) -> A.ActivatedAbility | None:
        costs = self.cost_items()
        if costs is None or not self.eat(":"):
            return None
        body = self.body(stop_at_restriction=True)
        if body is None:
            return None
        restriction = ""
        if self.peek() == "activate":
            start = self.i
            r = self.one_of("activate only as a sorcery .", "activate only once each turn .",
                            "activate only during your turn .", "activate only as a sorcery and only once each turn .",
                            "activate only during your upkeep .", "activate only if you attacked this turn .",
                            "activate only during the end of combat step .")
            if r is None:
                return self._activate_only_if(tuple(costs), body)
            restriction = " ".join(self.low[start:self.i - 1]) + "."
        return A.ActivatedAbility(tuple(costs), body, restriction) if self.done() else None

    def _activate_only_if(self, costs: tuple[A.CostItem, ...], body: A.Effects | A.Modal) -> A.ActivatedAbility | None:
        """"Activate only if you control a Swamp." (CR 602.5b): a condition of the grammar's."""
        if not self.eat("activate", "only", "if"):
            return None
        cond = self.condition()
        if cond is None or not self.eat(".") or not self.done():
            return None
        return A.ActivatedAbility(costs, body, only_if=cond)

    @rule
    def static_body(self) -> A.Node | None:
        start = self.i
        if self.eat("cast", "this", "spell", "only") and (when := self.one_of(*CAST_ONLY_WHEN)):
            mark = self.i
            if self.eat("and", "only") and (also := self.one_of(*CAST_ONLY_ALSO)):
                when = f"{when} and only {also}"
            else:
                self.i = mark
            return A.Phrase(A.WordRef("cast this spell"), f"only {when}")  # CR 601.3
        self.i = start
        if (cc := self.cost_change()) is not None:
            if self.eat("for", "each") and (per := self.one_of(*_COST_CHANGE_PER)):
                return A.CostChangePer(cc, per)
            return cc
        if (sc := self.self_cost_change()) is not None:
            return sc
        if (dp := self.defined_pt()) is not None:
            return dp
        if self.eat("you", "have", "no", "maximum", "hand", "size"):
            return A.Phrase(A.WordRef("you"), "have no maximum hand size")
        if self.at("~", "can", "be", "your", "commander") and (me := self.self_ref()) is not None:
            self.i += 4
            return A.Phrase(me, "can be your commander")  # CR 903.3a: a rule of choosing commanders
        if self.eat("you", "may", "cast", "spells", "as", "though", "they", "had", "flash"):
            return A.Phrase(A.WordRef("you"), "may cast spells as though they had flash")  # CR 702.8a
        if self.eat_phrase("room abilities of dungeons you own trigger an additional time"):
            return A.Phrase(A.WordRef("room abilities of dungeons you own"), "trigger an additional time")  # CR 603.2d
        if self.eat_phrase("each opponent can't venture into the dungeon more than once each turn"):
            return A.Phrase(A.WordRef("each opponent"), "can't venture into the dungeon more than once each turn")
        if self.eat_phrase("you may look at the top card of your library any time"):
            return A.Phrase(A.WordRef("you"), "may look at the top card of your library any time")  # CR 401.5
        if self.eat("you", "may", "cast") and (n := self.noun()) is not None and n.card == "spells" \
                and self.eat_phrase("from the top of your library"):
            return A.CastFromTop(n)  # CR 601.3
        self.i = start
        once = self.eat("once", "each", "turn", ",")
        if self.eat("you", "may", "pay") and self.raw().startswith("{") and self.i + 1 < len(self.toks):
            cost = self.raw()  # "you may pay {0} rather than pay the mana cost for …" (CR 118.9)
            self.i += 1
            if self.eat_phrase("rather than pay the mana cost for") and (det := self.one_of("a", "an")) \
                    and (n := self.noun()) is not None and n.card == "spell" and self.eat("you", "cast", "from") \
                    and (zone := self.one_of("exile")):
                return A.PayRatherThanManaCost(once, cost, det, n, zone)
        self.i = start
        if (who := self.one_of("enchanted creature's controller", "equipped creature's controller")) \
                and self.eat_phrase("may have it assign its combat damage as though it weren't blocked"):
            return A.Phrase(A.WordRef(who), "may have it assign its combat damage as though it weren't blocked")
        if self.eat("you", "may", "cast") and (n := self.noun()) is not None and n.card == "spells" \
                and self.eat("as", "though", "they", "had", "flash"):
            return A.CastAsThoughFlash(n)  # CR 702.8a: spells of a kind
        self.i = start
        if self.eat("if", "a") and (n := self.noun()) is not None and self.eat_phrase(
                "would deal damage to a permanent or player , it deals double that damage to that permanent or "
                "player instead"):
            return A.DoubleDamage(n)  # CR 614.1a
        self.i = start
        if self.eat_phrase("prevent all damage that would be dealt to"):
            if (to := self.ref()) is not None:
                return A.PreventAllTo(to)  # CR 615.1
            self.i = start
            return None
        if self.eat("activated", "abilities", "of", "sources", "with", "the", "chosen") and self.one_of("name") \
                and self.eat("can't", "be", "activated"):
            return A.CantBeActivated("sources with the chosen name")  # CR 602.5 (Phyrexian Revoker)
        self.i = start
        subject: A.Node | None = self.self_ref()
        if subject is None:
            n = self.noun()
            subject = A.DescRef("", n) if n is not None else self.ref()
        if subject is None:
            self.i = start
            return None
        if isinstance(subject, A.SelfRef) and self.peek() == "and":
            mark = self.i
            self.i += 1
            other = self.ref()
            if other in (A.WordRef("enchanted creature"), A.WordRef("equipped creature")):
                # "~ and enchanted creature each get +X/+X" (CR 303.4m): both, one ability
                subject = A.AndRef(subject, other, "each" if self.eat("each") else "")
            else:
                self.i = mark
        if (ki := self.keywords_if(subject)) is not None:
            return ki
        mark_subject = self.i
        if isinstance(subject, A.DescRef) and self.eat("can't", "attack", "you", "unless", "their", "controller", "pays") \
                and (tax := self.raw()).startswith("{") and self.eat(tax.lower(), "for", "each", "creature", "they",
                                                                       "control", "that's", "attacking", "you"):
            return A.AttackTax(subject, tax)  # Propaganda (CR 508.1g-h): a cost to attack
        self.i = mark_subject
        if subject.render().lower() == "enchanted permanent" and (it := self.is_type_with(subject)) is not None:
            return it
        if isinstance(subject, A.SelfRef) and (ew := self.enters_with(subject)) is not None:
            return ew
        if isinstance(subject, A.SelfRef) and (also := self.also_types(subject)) is not None:
            return also
        if isinstance(subject, A.DescRef) and (every := self.every_creature_type(subject)) is not None:
            return every
        if not isinstance(subject, A.SelfRef) and (ea := self.enters_with_additional(subject)) is not None:
            return ea
        if isinstance(subject, A.DescRef) and (w := self.one_of("enter the battlefield tapped", "enter tapped")):
            return A.Phrase(subject, w)  # "Creatures your opponents control enter the battlefield tapped"
        if isinstance(subject, A.SelfRef) and (w := self.one_of("is the chosen type in addition to its other types")):
            return A.Phrase(subject, w)  # Metallic Mimic (CR 614.12a, layer 4)
        if isinstance(subject, A.SelfRef) and (by := self.cant_be_blocked_by(subject)) is not None:
            return by
        w = self.one_of("enters the battlefield tapped", "enters tapped", "can't block and can't be blocked",
                        "can't block", "can't be blocked",
                        "can't be countered", "can't attack or block", "can't attack", "attacks each combat if able",
                        "blocks each combat if able", "doesn't untap during your untap step",
                        "doesn't untap during its controller's untap step",
                        "don't untap during their controllers' untap steps",
                        "attack each combat if able", "can't be the target of spells or abilities your opponents control",
                        "are goaded", "can't attack you or planeswalkers you control")
        if w:
            return A.Phrase(subject, w)
        if isinstance(subject, A.DescRef) and (w := self.one_of(
                "lose all abilities and have base power and toughness")) and "/" in (pt := self.raw()) and pt[0].isdigit():
            self.i += 1
            return A.Phrase(subject, f"{w} {pt}")  # CR 613.1f, 613.4b: layers 6 and 7b
        if isinstance(subject, A.DescRef) and not subject.det and subject.noun.heads == ("creature",) \
                and subject.noun.quals in (("equipped",), ("enchanted",)) and (w := self.one_of(
                "has base power and toughness")) and "/" in (pt := self.raw()) and pt[0].isdigit():
            self.i += 1
            return A.Phrase(subject, f"{w} {pt}")  # "Equipped creature has base power and toughness 10/10" (7b)
        m = self.modify(subject, False)
        if m is not None and m.pt and not m.keywords and not m.loses and self.at("for", "each"):
            mark = self.i
            self.i += 2
            if (per := self.noun()) is not None:
                return A.ModifyPer(m, per)  # "gets +1/+0 for each other Illusion you control" (CR 613.4c)
            self.i = mark
        if m is not None and "X" in m.pt and not m.keywords and not m.loses \
                and self.at(",", "where", "x", "is", "the", "number", "of"):
            mark = self.i
            self.i += 7
            if (n := self.noun()) is not None:
                return A.ModifyWhere(m, A.Where(n))  # "gets +X/+X, where X is the number of …" (CR 107.3a)
            self.i = mark
        if m is not None:
            mark = self.i
            if self.eat("and") and (also := self.one_of("is goaded", "attack each combat if able",
                                                        "attacks each combat if able")):
                return A.AndAlso(m, also)  # CR 701.15b, 508.1d
            self.i = mark
            return m
        return None

    @rule
    def cant_be_blocked_by(self, subject: A.SelfRef) -> A.CantBeBlockedBy | None:
        """"~ can't be blocked by white creatures." (CR 509.1b)."""
        if not self.eat("can't", "be", "blocked", "by"):
            return None
        n = self.noun()
        return A.CantBeBlockedBy(subject, n) if n is not None else None

    @rule
    def keywords_if(self, what: A.Node) -> A.KeywordsIf | None:
        """"has lifelink if you control a Cleric, deathtouch if you control a Rogue, and flying if
        you control a Wizard" (CR 604.1)."""
        verb = self.one_of("has", "have")
        if verb is None:
            return None
        items: list[tuple[str, A.ControlsCondition]] = []
        while True:
            k = self.one_of(*PLAIN_KEYWORDS)
            if k is None or not self.eat("if") or (c := self.controls_condition()) is None:
                return None
            items.append((k, c))
            if self.at(".") or not (self.eat(",", "and") or self.eat(",") or self.eat("and")):
                break
        return A.KeywordsIf(what, verb, tuple(items)) if len(items) > 1 else None

    @rule
    def is_type_with(self, what: A.Node) -> A.IsTypeWith | None:
        """"… is a Treasure artifact with "[ability]" and it loses all other abilities"
        (CR 205.1a, 613.1d, 613.1f)."""
        if not (self.eat("is") and self.one_of("a", "an")):
            return None
        kinds: list[str] = []
        while self.peek() not in ("with", "", "."):
            if len(kinds) > 3:
                return None
            kinds.append(self.raw())
            self.i += 1
        if not kinds or not self.eat("with") or (q := self.quoted()) is None:
            return None
        loses = self.one_of("and it loses all other abilities")
        return A.IsTypeWith(what, tuple(kinds), q, loses) if loses else None

    _ENTER_CHOICES = ("a color", "a creature type", "an opponent", "a player", "a nonland card name")

    @rule
    def as_enters(self) -> A.AsEnters | None:
        """"As ~ enters the battlefield, choose a color [other than white]." and "As ~ enters the
        battlefield, you may reveal a Plains or Island card from your hand. If you don't, ~
        enters the battlefield tapped." (CR 614.1c, 614.12)."""
        if not self.eat("as"):
            return None
        subject = self.self_ref()
        verb = self.one_of("enters the battlefield", "enters") if subject is not None else None
        if subject is None or verb is None or not self.eat(","):
            return None
        what: A.Node | None = None
        if self.eat("choose"):
            choice = self.one_of(*self._ENTER_CHOICES)
            if choice is None:
                return None
            other = ""
            if choice == "a color" and self.eat("other", "than"):
                if self.peek() not in COLORS[:5]:
                    return None
                other = self.peek()
                self.i += 1
            what = A.EnterChoice(choice, other)
        elif self.eat("you", "may", "reveal"):
            article = self.peek()
            if article not in ("a", "an"):
                return None
            self.i += 1
            n = self.noun()
            if n is None or not self.eat(".", "if", "you", "don't", ","):
                return None
            who = self.self_ref()
            tapped = self.one_of("enters the battlefield tapped", "enters tapped") if who is not None else None
            if who is None or tapped is None:
                return None
            what = A.RevealOrTapped(article, n, who, tapped)
        if what is None or not self.eat(".") or not self.done():
            return None
        return A.AsEnters(subject, verb, what)

    def anchor_choice(self) -> A.AnchorChoice | None:
        """"As ~ enters the battlefield, choose Khans or Dragons." then "• Khans — [ability]" for
        each word (CR 614.12c, 607.2m): each bullet's ability parsed as an ability of its own."""
        if not self.eat("as"):
            return None
        subject = self.self_ref()
        verb = self.one_of("enters the battlefield", "enters") if subject is not None else None
        if subject is None or verb is None or not self.eat(",", "choose"):
            return None
        words = [self.raw()]
        self.i += 1
        while self.eat("or"):
            words.append(self.raw())
            self.i += 1
        if len(words) < 2 or not all(w[:1].isupper() and w.isalpha() for w in words) or not self.eat("."):
            return None
        abilities: list[A.Node] = []
        for w in words:
            if self.peek() != "•" or self.raw(1) != w or self.peek(2) != "—":
                return None
            start = self.i + 3
            end = self.low.index("•", start) if "•" in self.low[start:] else len(self.toks)
            sub = Parser(self.toks[start:end], text=self.text)
            inner = sub.ability()
            if inner is None:
                self.far = max(self.far, start + sub.far)
                return None
            abilities.append(inner)
            self.i = end
        return A.AnchorChoice(subject, verb, tuple(words), tuple(abilities)) if self.done() else None

    @rule
    def enter_as_copy(self) -> A.EnterAsCopy | None:
        """"You may have ~ enter the battlefield as a copy of any creature on the battlefield[,
        except it's a Ninja in addition to its other creature types]." (CR 614.1c, 707.9b)."""
        if not self.eat("you", "may", "have"):
            return None
        subject = self.self_ref()
        verb = self.one_of("enter the battlefield", "enter") if subject is not None else None
        if subject is None or verb is None or not self.eat("as", "a", "copy", "of"):
            return None
        det = self.peek()
        if det not in ("any", "a", "an"):
            return None
        self.i += 1
        n = self.noun()
        if n is None:
            return None
        article = subtype = other = ""
        has = None
        if self.eat(",", "except", "it", "has"):
            if (has := self.quoted()) is None:  # an ability the copy has besides (CR 707.9b)
                return None
        elif self.eat(",", "except", "it's"):
            article = self.peek()
            st = subtype_of(self.raw(1)) if article in ("a", "an") else None
            if st is None:
                return None
            subtype = self.raw(1)
            self.i += 2
            other = self.one_of("types", "creature types") if self.eat("in", "addition", "to", "its", "other") \
                else None
            if other is None:
                return None
        if not (self.eat(".") or has is not None) or not self.done():
            return None  # a quoted ability's period ends the sentence too
        return A.EnterAsCopy(subject, verb, det, n, article, subtype, other, has)

    @rule
    def create_copy(self, who: A.Node | None) -> A.CreateCopy | None:
        """"create a token that's a copy of <object>[, except …]" (CR 707.2, 707.9b)."""
        v = self.verb("create")
        n = self.num() if v else None
        state = (self.one_of("tapped and attacking") or "") if n is not None else ""  # CR 508.4
        noun = self.one_of("token that's a copy", "tokens that are copies") if n is not None else None
        if noun is None or not self.eat("of"):
            return None
        what = self.ref()
        if what is None:
            return None
        parts: list[str] = []
        if self.eat(",", "except"):
            words: list[str] = []
            while self.i < len(self.toks) and self.peek() != ".":
                if self.peek() == '"':
                    return None  # a quoted ability among the exceptions: not read
                if self.peek() == ",":
                    if not words:
                        return None
                    parts.append(" ".join(words))
                    words = []
                else:
                    words.append(self.raw())
                self.i += 1
            if not words:
                return None
            parts.append(" ".join(words))
        return A.CreateCopy(who, v, n, noun, what, tuple(parts), state)

    @rule
    def enters_with_additional(self, subject: A.Node) -> A.EntersWithAdditional | None:
        """"Each other creature you control enters the battlefield with an additional +1/+1
        counter on it" (CR 614.1d, 122.6)."""
        verb = self.one_of("enters the battlefield with", "enter the battlefield with", "enters with", "enter with")
        n = self.num() if verb is not None else None
        if n is None or n.value is None or not self.eat("additional"):
            return None
        counter = self.raw()
        if not (counter in ("+1/+1", "-1/-1") or counter.isalpha()):
            return None
        self.i += 1
        plural = self.one_of("counter", "counters")
        if plural is None or not self.eat("on", "it"):
            return None
        return A.EntersWithAdditional(subject, verb.removesuffix(" with"), n, counter, plural)

    @rule
    def enters_with(self, subject: A.SelfRef) -> A.EntersWith | None:
        """"~ enters the battlefield with two +1/+1 counters on it" (CR 614.1c, 122.6)."""
        # "~ escapes with …": enters with them if it escaped (CR 702.138c).
        verb = self.one_of("enters the battlefield with", "enters with", "escapes with")
        if verb is None:
            return None
        n = self.num()
        if n is None and self.raw() == "X":
            self.i += 1
            n = A.Num("X", None)
        counter = self.raw()
        if n is None or not (counter in ("+1/+1", "-1/-1") or counter.isalpha()):
            return None
        self.i += 1
        plural = self.one_of("counter", "counters")
        if plural is None or not self.eat("on", "it"):
            return None
        # "… for each time it was kicked" (CR 702.33e: linked to its multikicker)
        per = "time it was kicked" if self.eat("for", "each", "time", "it", "was", "kicked") else ""
        return A.EntersWith(subject, verb.removesuffix(" with"), n, counter, plural, per)

    @rule
    def if_instead(self) -> A.IfInstead | None:
        """"If [condition], add {B} instead" (CR 608.2c): a clause done instead of the previous
        sentence's when the condition holds."""
        if not self.eat("if"):
            return None
        cond = self.condition()
        if cond is None or not self.eat(","):
            return None
        self._start = mark = self.i
        inner = self.predicate(None)
        if inner is None:
            # "If this spell was cast from exile, it deals 5 damage to … instead": a subject.
            self.i = mark
            who = self.ref()
            self._start = self.i
            inner = self.predicate(who) if who is not None else None
        if inner is None or not self.eat("instead"):
            return None
        return A.IfInstead(cond, inner)

    @rule
    def self_cost_change(self) -> A.SelfCostChange | None:
        """"This spell costs {1} less to cast for each creature on the battlefield" (CR 601.2f)."""
        what = self.self_ref()
        verb = self.one_of("costs") if what is not None else None
        tok = self.raw()
        if verb is None or not tok.startswith("{"):
            return None
        self.i += 1
        more = self.one_of("less", "more")
        if more is None or not self.eat("to", "cast", "for", "each"):
            return None
        words = self.one_of("creature type among creatures you control") or ""
        per = None if words else self.noun()
        if per is None and not words:
            return None
        cap = ""
        if self.at(".", "this", "effect", "can't", "reduce") and self.eat(
                ".", "this", "effect", "can't", "reduce", "the", "amount", "of", "mana", "this", "spell", "costs",
                "by", "more", "than") and self.raw().startswith("{"):
            cap = self.raw()
            self.i += 1
        return A.SelfCostChange(what, verb, tok, more, per, words, cap)

    @rule
    def every_creature_type(self, subject: A.DescRef) -> A.EveryCreatureType | None:
        """"Creatures you control are every creature type. The same is true for creature spells
        you control and creature cards you own that aren't on the battlefield." (CR 205.3m)"""
        mark = self.i
        if not self.eat("are", "every", "creature", "type", "."):
            return None
        if not self.eat("the", "same", "is", "true", "for"):
            self.i -= 1  # the sentence's period, read by the static ability
            return A.EveryCreatureType(subject)
        spells = self.noun()
        if spells is not None and self.eat("and") and (cards := self.noun()) is not None \
                and self.eat("that", "aren't", "on", "the", "battlefield") and self.at("."):
            return A.EveryCreatureType(subject, spells, cards)
        self.i = mark
        return None

    @rule
    def also_types(self, subject: A.SelfRef) -> A.AlsoTypes | None:
        """"~ is also a Cleric, Rogue, Warrior, and Wizard" (CR 604.3, 205.3m)."""
        if not (self.eat("is", "also", "a") or self.eat("is", "also", "an")):
            return None
        found: list[str] = []
        while (sub := subtype_of(self.raw())) is not None and sub == self.raw():
            found.append(sub)
            self.i += 1
            if not (self.eat(",", "and") or self.eat(",") or self.eat("and")):
                break
        return A.AlsoTypes(subject, tuple(found)) if found and self.at(".") else None

    @rule
    def defined_pt(self) -> A.DefinedPT | None:
        """"~'s power and toughness are each equal to the number of cards in your hand", "~'s
        power is equal to the number of creatures in your party" (CR 604.3)."""
        whose = self.one_of("~'s", "this creature's")
        which = self.one_of("power and toughness are each", "power is", "toughness is")
        if whose is None or which is None or not self.eat("equal", "to", "the", "number", "of"):
            return None
        n = self.noun()
        return A.DefinedPT(whose, which, n) if n is not None else None

    @rule
    def cost_change(self) -> A.CostChange | None:
        """"Dragon spells you cast cost {1} less to cast", "The first artifact spell you cast each
        turn costs {1} less to cast" (CR 601.2f)."""
        nth = self.low[self.i + 1] if self.peek() == "the" and self.peek(1) in ("first", "second") else ""
        if nth:
            self.i += 2
        n = self.noun()
        if n is None or n.card != ("spell" if nth else "spells"):
            return None
        caster = self.one_of("you cast", "your opponents cast", "you cast of the chosen type",
                             "you cast of the chosen color", "that player casts")
        if nth and not self.eat("each", "turn"):
            return None
        # "Spells your opponents cast that target ~ cost {3} more to cast" (CR 601.2f: after targets)
        targeting = "that target ~" if caster is not None and self.eat("that", "target", "~") else ""
        verb = self.one_of("cost", "costs")
        tok = self.raw()
        if caster is None or verb is None or not tok.startswith("{"):
            return None
        self.i += 1
        more = self.one_of("less", "more")
        if more is None or not self.eat("to", "cast"):
            return None
        return A.CostChange(n, caster, verb, tok, more, nth, targeting)

    @rule
    def static(self) -> A.StaticAbility | None:
        if self.peek() == "if" and self.peek(1) == "~":
            oh = self.opening_hand()
            return A.StaticAbility(oh) if oh is not None else None
        if self.at("as", "an", "additional", "cost", "to", "cast", "this", "spell", ",") and self.peek(9) != "you":
            ac = self.additional_cost_line()
            return A.StaticAbility(ac) if ac is not None else None
        if self.peek() == "if" and (di := self.dies_instead()) is not None:
            return A.StaticAbility(di) if self.eat(".") and self.done() else None
        if self.peek() == "if" and (si := self.search_instead()) is not None:
            return A.StaticAbility(si) if self.eat(".") and self.done() else None
        if self.peek() == "if" and self.eat_phrase(ROLL_ADVANTAGE_WORDS.replace(",", " ,")):
            # CR 614.1a, 706.6: a replacement of rolling dice (Pixie Guide, Barbarian Class)
            return A.StaticAbility(A.Phrase(None, ROLL_ADVANTAGE_WORDS)) if self.eat(".") and self.done() else None
        if self.peek() == "if" and (ta := self.triggers_additional_time()) is not None:
            return A.StaticAbility(ta) if self.eat(".") and self.done() else None
        if self.peek() == "you" and self.peek(1) == "may" and self.peek(2) == "have":
            ec = self.enter_as_copy()
            return A.StaticAbility(ec) if ec is not None else None
        if self.peek() == "as" and self.peek(1) in ("~", "this"):
            ae = self.as_enters()
            return A.StaticAbility(ae) if ae is not None else None
        if self.eat("as", "long", "as"):
            mark = self.i
            cond = self.condition()
            if cond is None:
                self.i = mark  # "As long as there are four or more creature cards in your graveyard" (CR 604.1)
                cond = self.at_least_condition()
            if cond is None or not self.eat(","):
                return None
            b = self.static_body()
            if b is None or not self.eat(".") or not self.done():
                return None
            return A.StaticAbility(b, cond, True)
        if self.at("during", "your", "turn", ",", "if"):
            self.i += 4
            start = self.i + 1
            if self.eat("if", "an", "opponent", "lost", "life", "this", "turn", ",", "you", "may") and (
                    what := self.one_of("play lands and cast spells")) and self.eat(
                    "from", "among", "cards", "exiled", "with", "~", ".") and self.done():
                cond = A.Condition(" ".join(self.toks[start:start + 6]))  # CR 607.2a, 601.2
                return A.StaticAbility(A.MayPlayExiledWith(cond, what), A.Condition("your turn"), True, during=True)
            return None
        mark = self.i
        if self.eat("during", "each", "player's", "turn", ",", "that", "player", "may") and (
                what := self.one_of("play a land or cast a spell")) and self.eat(
                "from", "among", "cards", "exiled", "with", "~"):
            # "During each player's turn, that player may play a land or cast a spell from among
            # cards exiled with ~[, and they may spend mana as though it were mana of any color to
            # cast that spell]." (CR 607.2a, 601.2, 609.4b)
            any_color = self.eat(",", "and", "they", "may", "spend", "mana", "as", "though", "it", "were", "mana",
                                 "of", "any", "color", "to", "cast", "that", "spell")
            if not self.eat(".") or not self.done():
                return None
            return A.StaticAbility(A.MayPlayExiledWith(None, what, "that player", any_color),
                                   A.Condition("each player's turn"), True, during=True)
        self.i = mark
        if self.eat("during", "your", "turn", ","):
            b = self.static_body()  # CR 604.1: a static ability that applies only during your turn
            if b is None or not self.eat(".") or not self.done():
                return None
            return A.StaticAbility(b, A.Condition("your turn"), True, during=True)
        if self.at("if", "you", "control"):
            # "If you control two or more other lands, ~ enters tapped." (CR 614.1c)
            mark = self.i
            self.i += 1
            cond = self.controls_condition()
            if cond is not None and self.eat(",") and (b := self.static_body()) is not None \
                    and self.eat(".") and self.done():
                return A.StaticAbility(A.IfStatic(cond, b))
            self.i = mark
        b = self.static_body()
        if b is None:
            return None
        cond = None
        unless = self.eat("unless")
        if unless or self.eat("as", "long", "as"):
            cond = self.condition()
            if cond is None:
                return None
        if not self.eat(".") or not self.done():
            return None
        return A.StaticAbility(b, cond, unless=unless)

    @rule
    def additional_cost_line(self) -> A.AdditionalCostLine | None:
        """"As an additional cost to cast this spell, sacrifice a creature, discard a card, or pay
        4 life." (CR 118.8): one cost, or a choice of costs joined by "or"."""
        if not self.eat("as", "an", "additional", "cost", "to", "cast", "this", "spell", ","):
            return None
        costs: list[A.CostItem] = []
        while True:
            c = self.cost_item()
            if c is None:
                return None
            costs.append(c)
            if self.eat(",", "or") if len(costs) > 1 else self.eat("or"):
                last = self.cost_item()
                if last is None:
                    return None
                costs.append(last)
                break
            if not self.eat(","):
                if len(costs) > 1:
                    return None  # "a, b" without "or": not a choice (rendered as one)
                break
        return A.AdditionalCostLine(tuple(costs)) if self.eat(".") and self.done() else None

    @rule
    def opening_hand(self) -> A.OpeningHand | None:
        """"If ~ is in your opening hand, you may begin the game with it on the battlefield."
        (CR 103.6a): an action taken with the card from the opening hand."""
        if not self.eat("if"):
            return None
        subject = self.self_ref()
        if subject is None or not self.eat("is", "in", "your", "opening", "hand", ",", "you", "may"):
            return None
        action = self.one_of("begin the game with it on the battlefield")
        return A.OpeningHand(subject, action) if action and self.eat(".") and self.done() else None

    @rule
    def triggers_additional_time(self) -> A.TriggersAdditionalTime | None:
        """"If a creature you control attacking would cause a triggered ability of a permanent
        you control to trigger, that ability triggers an additional time" (CR 603.2d)."""
        if not self.eat("if") or (cause := self.ref()) is None or (event := self.one_of("attacking")) is None:
            return None
        if not self.eat("would", "cause", "a", "triggered", "ability", "of", "a", "permanent", "you", "control", "to",
                        "trigger", ",", "that", "ability", "triggers", "an", "additional", "time"):
            return None
        return A.TriggersAdditionalTime(cause, event)

    @rule
    def dies_instead(self) -> A.DiesInstead | None:
        """"If a Warlock you control would die, exile it instead" (CR 614.1a, 700.4)."""
        if not self.eat("if") or (what := self.ref()) is None or not self.eat("would", "die", ","):
            return None
        instead = self.one_of("exile it")
        return A.DiesInstead(what, instead) if instead and self.eat("instead") else None

    @rule
    def search_instead(self) -> A.SearchInstead | None:
        """"If an opponent would search a library, that player searches the top four cards of
        that library instead" (CR 614.1a)."""
        if not self.eat("if") or (who := self.ref()) is None:
            return None
        if not self.eat("would", "search", "a", "library", ",", "that", "player", "searches", "the", "top"):
            return None
        n = self.num()
        if n is None or not self.eat("cards", "of", "that", "library", "instead"):
            return None
        return A.SearchInstead(who, n)

    @rule
    def quoted(self) -> A.Quoted | None:
        """A quoted ability (CR 113.1a: an ability an object has because another grants it):
        '"{T}: Add {G}{G}."', parsed as an ability of its own; Oracle text keeps a list's
        comma inside the quotes ('"Ward—Pay 3 life," and …')."""
        if not self.eat('"'):
            return None
        try:
            end = self.low.index('"', self.i)
        except ValueError:
            return None
        inner = self.toks[self.i:end]
        comma = bool(inner) and inner[-1] == ","
        if comma:
            inner = [*inner[:-1], "."]
        # '"This creature can't block" and "…"': an ability of a list written without its period
        bare = bool(inner) and inner[-1] != "." and self.low[end + 1:end + 3] == ["and", '"']
        if bare:
            inner = [*inner, "."]
        sub = Parser(inner, text=" ".join(inner))
        node = sub.ability()
        if node is None:
            self.far = max(self.far, self.i + sub.far)
            return None
        self.i = end + 1
        return A.BareQuoted(node) if bare else A.Quoted(node, comma)

    @rule
    def granted(self) -> A.Granted | None:
        """"[Objects] [get +N/+N and] have [keywords and] "[ability]"" — a static ability that
        grants abilities (CR 604.1, 613.1f), with keywords that take a cost (ward, CR 702.21a)."""
        subject: A.Node | None = None
        n = self.noun()
        if n is not None:
            subject = A.DescRef("", n)
        else:
            subject = self.ref()
        if subject is None:
            return None
        pt_verb = pt = ""
        if (v := self.verb("get")) and "/" in self.raw():
            pt_verb, pt = v, self.raw()
            self.i += 1
            if not self.eat("and"):
                return None
        elif v:
            return None
        verb = self.one_of("have", "has")
        if verb is None:
            return None
        items: list[A.Node] = []
        joins: list[str] = []
        while True:
            item: A.Node | None = self.quoted() if self.peek() == '"' else self.keyword()
            if item is None:
                return None
            items.append(item)
            if isinstance(item, A.Quoted) and item.comma and self.eat("and"):
                joins.append(" and ")
            elif self.eat(",", "and"):
                joins.append(", and ")
            elif self.eat(","):
                joins.append(", ")
            elif self.eat("and"):
                joins.append(" and ")
            else:
                break
        cond = None
        if isinstance(items[-1], A.Keyword) and self.eat("as", "long", "as"):
            cond = self.controls_condition()  # "… have equip {0} as long as you control three or more artifacts"
            if cond is None:
                return None
        end = "." if self.eat(".") else ""
        if not end and not isinstance(items[-1], A.Quoted) or not self.done():
            return None
        if not any(isinstance(x, A.Quoted) or x.name.lower() not in PLAIN_KEYWORDS for x in items):
            return None  # keywords alone are an object modification ("has flying")
        return A.Granted(subject, pt_verb, pt, verb, tuple(items), tuple(joins), end, cond)

    @rule
    def spell_text(self) -> A.SpellText | None:
        b = self.body()
        return A.SpellText(b) if b is not None and self.done() else None

    def ability(self) -> A.Node | None:
        if not self.spell and self.low and self.low[0] in ("i", "ii", "iii", "iv", "v", "vi"):
            return self.chapter()
        # An ability word (CR 207.2c): a short phrase, then an em dash.
        if " — " in self.text and "—" in self.low[1:6] and self.peek() not in _NOT_ABILITY_WORD and not self.raw().startswith("{"):
            k = self.low.index("—")
            if all(t.isalpha() or "'" in t or "-" in t for t in self.low[:k]) and "choose" not in self.low[:k]:
                sub = Parser(self.toks[k + 1:], spell=self.spell, text=self.text)
                inner = sub.ability()
                if inner is not None:
                    self.i = len(self.toks)
                    return A.AbilityWord(" ".join(self.toks[:k]), inner)
                self.far = max(self.far, k + 1 + sub.far)
        if len(self.toks) == 4 and self.raw().startswith("{") and self.low[1:3] == [":", "level"] \
                and self.low[3].isdigit():
            self.i = 4
            return A.LevelBar(self.raw(-4), int(self.low[3]))  # a Class's level bar (CR 716.2a)
        if not self.spell and self.peek() == "as" and "•" in self.low:
            self.i = 0
            if (anchors := self.anchor_choice()) is not None:
                return anchors
        tries: list[Callable[[], A.Node | None]] = [self.keyword_line, self.cost_keyword, self.triggered, self.activated]
        tries += [self.spell_text, self.static] if self.spell else [self.static, self.granted, self.spell_text]
        for fn in tries:
            self.i = 0
            node = fn()
            if node is not None and self.i >= len(self.toks):
                return node
        return None if self.spell else self.static_with_triggers() or self.keyword_costs_less()

    def keyword_costs_less(self) -> A.KeywordCostsLess | None:
        """"Equip {10}. This ability costs {X} less to activate, where X is the power of the
        creature it targets." (CR 601.2f, 602.2b): a keyword ability and its cost reduction."""
        if "." not in self.low:
            return None
        k = self.low.index(".")
        line = Parser(self.toks[:k], text=self.text).keyword_line()
        self.i = k + 1
        if line is None or not self.eat_phrase("this ability costs {x} less to activate , where x is") \
                or (what := self.one_of("the power of the creature it targets")) is None \
                or not self.eat(".") or not self.done():
            return None
        return A.KeywordCostsLess(line, what)

    def chapter(self) -> A.Chapter | None:
        """"I — Create a 4/4 white Angel Warrior creature token …", "I, II — …": a Saga's chapter
        abilities (CR 714.2a-c) and their effect."""
        numerals: list[str] = []
        while self.peek() in ("i", "ii", "iii", "iv", "v", "vi"):
            numerals.append(self.raw())
            self.i += 1
            if not self.eat(","):
                break
        if not numerals or not self.eat("—"):
            return None
        body = self.body()
        return A.Chapter(tuple(numerals), body) if body is not None and self.done() else None

    def static_with_triggers(self) -> A.StaticWithTriggers | None:
        """A static ability and a triggered ability in one paragraph (CR 607.2h: the trigger is
        linked to the static ability): "You may cast Aura and Equipment spells from the top of
        your library. When you cast an Equipment spell this way, …"."""
        for k in range(1, len(self.toks) - 1):
            if self.low[k] != "." or self.low[k + 1] not in ("when", "whenever"):
                continue
            first = Parser(self.toks[:k + 1], text=self.text)
            st = first.static()
            if st is None or first.i < k + 1:
                continue
            then = Parser(self.toks[k + 1:], text=self.text)
            trig = then.triggered()
            if trig is not None and then.i >= len(then.toks):
                self.i = len(self.toks)
                return A.StaticWithTriggers(st, (trig,))
            self.far = max(self.far, k + 1 + then.far)
        return None


def parse_ability(text: str, *, spell: bool = False) -> A.Node | ParseFailure:
    """Parse one ability (a paragraph of normalised Oracle text)."""
    toks = tokens(text.replace("\n", " "))
    p = Parser(toks, spell=spell, text=text)
    node = p.ability()
    if node is not None:
        return node
    at = min(p.far, len(toks))
    return ParseFailure(text, phrase_at(toks, at), at)


def phrase_at(toks: list[str], at: int, n: int = 6) -> str:
    """Up to ``n`` tokens from ``at``, as text, lower-case (so that the same phrase groups
    together wherever it begins a sentence)."""
    if at >= len(toks):
        return "(end of ability)"
    out = ""
    for t in toks[at:at + n]:
        out += t if t in ".,:;" or not out else " " + t
    return out[:1].lower() + out[1:]


@dataclass(frozen=True, slots=True)
class CardParse:
    """A card read: its normalised text, its abilities, and the abilities that failed."""

    name: str
    text: str
    card: A.ParsedCard | None
    failures: tuple[ParseFailure, ...]


def parse_card(name: str, oracle_text: str, *, spell: bool = False, legendary: bool = False) -> CardParse:
    """Parse every ability of a card. ``spell``: an instant or sorcery, whose paragraphs are
    effects rather than static abilities; ``legendary``: its short name may end before " of "."""
    text = normalise(oracle_text, name, legendary)
    nodes: list[A.Node] = []
    failures: list[ParseFailure] = []
    for para in paragraphs(text) if text else ():
        out = parse_ability(para, spell=spell)
        if isinstance(out, ParseFailure):
            failures.append(out)
        else:
            nodes.append(out)
    if failures:
        return CardParse(name, text, None, tuple(failures))
    return CardParse(name, text, A.ParsedCard(name, tuple(nodes)), ())
