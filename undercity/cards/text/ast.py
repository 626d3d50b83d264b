"""The parsed form of Oracle text: a typed tree of frozen dataclasses, one per ability.

Every node renders back to the words it was read from (:meth:`Node.render`), so the test
that renders each parsed card and compares it with its Oracle text proves that no clause
was dropped. Surface variants that mean the same thing ("enters" / "enters the
battlefield", "~" / "this creature", "draws" / "draw") are kept as fields so the round
trip is exact; lowering (:mod:`undercity.cards.text.lower`) ignores them.

Nodes hold lower-case words except proper subtypes ("Wolf"), mana symbols and ``~`` (the
card's own name); sentence capitals are added by the renderer.
"""

from __future__ import annotations

from dataclasses import dataclass


class Node:
    """A node of the parsed form."""

    __slots__ = ()

    def render(self) -> str:
        raise NotImplementedError


def _join(*parts: str | None) -> str:
    return " ".join(p for p in parts if p)


def cap(s: str) -> str:
    """Sentence capital (CR-style Oracle text starts sentences with a capital letter)."""
    return s[:1].upper() + s[1:] if s else s


# ---------------------------------------------------------------------------- quantities

#: A die roll's result in the same ability (CR 706.2, 706.4): "that result" and "the other
#: result" of "roll two d6 and choose one result".
DIE_RESULTS = ("the result", "that result", "the other result")


#: "… doesn't untap during its controller's next untap step" (CR 502.3), as an effect's words.
UNTAP_NEXT = ("doesn't untap during its controller's next untap step",
              "don't untap during their controller's next untap step",
              "don't untap during their controllers' next untap steps",
              "doesn't untap during your next untap step")

@dataclass(frozen=True, slots=True)
class Num(Node):
    """A number as written: ``word`` is "a", "an", "one", "two", "3", "X"; ``value`` its
    value (None for X)."""

    word: str
    value: int | None

    def render(self) -> str:
        return self.word


# ---------------------------------------------------------------------------- nouns and references


@dataclass(frozen=True, slots=True)
class Noun(Node):
    """A description of objects or players: "other nontoken creatures you control",
    "artifact or enchantment", "creature card with mana value 3 or less".

    ``quals``: adjectives before the type words ("other", "nonblack", "tapped", "legendary");
    ``heads``: the type words (surface forms, "creature", "creatures", "Wolf"), joined by
    ``conj`` ("or"/"and"); ``card``: "card"/"cards"/"spell"/"spells" after them;
    ``suffix``: "you control", "an opponent controls", "with power 4 or greater"…
    """

    quals: tuple[str, ...]
    heads: tuple[str, ...]
    conj: str = "or"
    card: str = ""
    suffix: tuple[str, ...] = ()
    #: "Cleric, Rogue, Warrior, or Wizard creature card": the card type after a list of subtypes
    #: (CR 205.3a: one of those subtypes, and that type).
    kind: str = ""

    def render(self) -> str:
        if len(self.heads) <= 2:
            heads = f" {self.conj} ".join(self.heads)
        else:
            heads = ", ".join(self.heads[:-1]) + f", {self.conj} " + self.heads[-1]
        return _join(*self.quals, heads, self.kind, self.card, *self.suffix)


@dataclass(frozen=True, slots=True)
class EitherNoun(Noun):
    """"Dragon creature card or Ugin planeswalker card from your graveyard": this description or
    ``alt`` (CR 115.1); ``suffix``, said after both, is of both."""

    alt: Noun | None = None

    def render(self) -> str:
        first = Noun(self.quals, self.heads, self.conj, self.card, (), self.kind).render()
        return _join(first, "or", self.alt.render() if self.alt is not None else "", *self.suffix)


@dataclass(frozen=True, slots=True)
class AndTargets(Node):
    """"target creature card and up to one target Cleric … creature card from your graveyard":
    two target words acted on together (CR 115.1); the last one's place applies to both."""

    first: Node
    second: Node

    def render(self) -> str:
        return f"{self.first.render()} and {self.second.render()}"


@dataclass(frozen=True, slots=True)
class SelfRef(Node):
    """The object with the ability: "~" (its name), "this creature", "this artifact"…"""

    word: str = "~"

    def render(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class TargetRef(Node):
    """"target creature", "any target", "up to two target creatures", "another target …".

    ``count``: None for one target; ``up_to``: "up to"; ``another``: "another target";
    ``noun``: None for "any target".
    """

    noun: Noun | None
    count: Num | None = None
    up_to: bool = False
    another: bool = False
    #: "other" of "up to one other target creature": not the object with the ability (CR 109.5).
    other: str = ""

    def render(self) -> str:
        if self.noun is None:
            return "any target"
        return _join("up to" if self.up_to else None, self.count.render() if self.count else None,
                     "another" if self.another else None, self.other or None, "target",
                     self.noun.render())


@dataclass(frozen=True, slots=True)
class AnyNumberOfTargets(Node):
    """"each of any number of target creatures that entered the battlefield this turn": zero or
    more different targets of one "target" word (CR 115.1, 601.2c), each acted on."""

    target: TargetRef
    #: "each of any number of …" (True) or "any number of …" ("return any number of target Aura
    #: and/or Equipment cards …").
    each: bool = True

    def render(self) -> str:
        return f"{'each of ' if self.each else ''}any number of {self.target.render()}"


@dataclass(frozen=True, slots=True)
class WordRef(Node):
    """A fixed reference: "you", "it", "that creature", "each opponent", "defending player",
    "its controller", "enchanted creature", "equipped creature"."""

    words: str

    def render(self) -> str:
        return self.words


@dataclass(frozen=True, slots=True)
class EachRef(Node):
    """"each creature you control", "all creatures", "each opponent"."""

    det: str  # "each" or "all"
    noun: Noun

    def render(self) -> str:
        return f"{self.det} {self.noun.render()}"


@dataclass(frozen=True, slots=True)
class EachAnd(Node):
    """Groups named together: "each creature without flying and each planeswalker",
    "each creature and each player", "all creatures you don't control and all planeswalkers
    you don't control"."""

    parts: tuple[EachRef, ...]

    def render(self) -> str:
        return " and ".join(p.render() for p in self.parts)


@dataclass(frozen=True, slots=True)
class AndRef(Node):
    """An object and a group named together as one subject: "it and Zombies you control gain
    deathtouch until end of turn"."""

    first: Node
    then: Node
    #: "it and other creatures you control … each get +2/+0": "each" after the subject, or "".
    each: str = ""

    def render(self) -> str:
        return f"{self.first.render()} and {self.then.render()}" + (f" {self.each}" if self.each else "")


@dataclass(frozen=True, slots=True)
class BothEach(Node):
    """Two players who each do what follows: "you and the attacking player each draw a card"
    (CR 101.4)."""

    first: Node
    second: Node

    def render(self) -> str:
        return f"{self.first.render()} and {self.second.render()} each"


@dataclass(frozen=True, slots=True)
class DescRef(Node):
    """An untargeted object description with an article: "a creature", "another creature",
    "a land you control"."""

    det: str
    noun: Noun

    def render(self) -> str:
        return _join(self.det, self.noun.render())


Ref = SelfRef | TargetRef | WordRef | EachRef | DescRef


# ---------------------------------------------------------------------------- durations


@dataclass(frozen=True, slots=True)
class OwnerOf(Node):
    """"the owner of target permanent" (CR 108.3): a player named by an object."""

    what: Node

    def render(self) -> str:
        return f"the owner of {self.what.render()}"


@dataclass(frozen=True, slots=True)
class GraveyardOf(Node):
    """"target player's graveyard", "each opponent's graveyard": a player's graveyard (CR 404)."""

    owner: Node

    def render(self) -> str:
        return f"{self.owner.render()}'s graveyard"


@dataclass(frozen=True, slots=True)
class CostChange(Node):
    """"Dragon spells you cast cost {1} less to cast" (CR 601.2f)."""

    spells: Noun
    caster: str  # "you cast", "your opponents cast"
    verb: str
    cost: str
    more_less: str
    #: "The first artifact spell you cast each turn costs …": "first", "second" (CR 601.2f).
    nth: str = ""
    #: "Spells your opponents cast that target ~ cost …": "that target ~", or "".
    targeting: str = ""

    def render(self) -> str:
        if self.nth:
            return (f"the {self.nth} {self.spells.render()} {self.caster} each turn {self.verb} {self.cost} "
                    f"{self.more_less} to cast")
        that = f" {self.targeting}" if self.targeting else ""
        return f"{self.spells.render()} {self.caster}{that} {self.verb} {self.cost} {self.more_less} to cast"


@dataclass(frozen=True, slots=True)
class CostChangeUntil(Node):
    """"Until your next turn, instant, sorcery, and planeswalker spells that player casts cost {2}
    less to cast" (CR 601.2f, 611.2b): a cost change of a resolved effect, its duration first."""

    duration: Duration
    change: CostChange

    def render(self) -> str:
        return f"{self.duration.render()}, {self.change.render()}"


@dataclass(frozen=True, slots=True)
class CostChangePer(Node):
    """"Instant and sorcery spells you cast cost {1} less to cast for each time you've cast a
    commander from the command zone this game" (CR 601.2f, 903.8): the change times a count."""

    change: CostChange
    per: str  # "time you've cast a commander from the command zone this game"

    def render(self) -> str:
        return f"{self.change.render()} for each {self.per}"


@dataclass(frozen=True, slots=True)
class SelfCostChange(Node):
    """"This spell costs {1} less to cast for each creature on the battlefield" (CR 601.2f)."""

    what: Node
    verb: str
    cost: str
    more_less: str
    per: Noun | None
    #: "creature type among creatures you control" (``per`` None).
    per_words: str = ""
    #: "This effect can't reduce the amount of mana this spell costs by more than {5}."
    cap: str = ""

    def render(self) -> str:
        per = self.per.render() if self.per is not None else self.per_words
        out = f"{self.what.render()} {self.verb} {self.cost} {self.more_less} to cast for each {per}"
        return f"{out}. This effect can't reduce the amount of mana this spell costs by more than {self.cap}" \
            if self.cap else out


@dataclass(frozen=True, slots=True)
class Duration(Node):
    """"until end of turn", "until your next turn", "this turn" (CR 611.2)."""

    words: str

    def render(self) -> str:
        return self.words


# ---------------------------------------------------------------------------- effects


@dataclass(frozen=True, slots=True)
class DrawEqual(Node):
    """"draw cards equal to the greatest power among creatures you control" (CR 121.2, 608.2h);
    with no ``noun``, "draw [discard] cards equal to [``tail``]" ("the sacrificed creature's
    power", "that creature's toughness")."""

    who: Node | None
    verb: str
    noun: Noun | None
    tail: str = ""

    def render(self) -> str:
        if self.noun is None:
            return _join(self.who.render() if self.who else None, self.verb, "cards equal to", self.tail)
        return _join(self.who.render() if self.who else None, self.verb,
                     "cards equal to the greatest power among", self.noun.render())


@dataclass(frozen=True, slots=True)
class DrawResult(Node):
    """"draw cards equal to that result" (CR 121.2, 706.4): as many as a die roll's result."""

    who: Node | None
    verb: str
    result: str  # "that result", "the other result", "the result"

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, "cards equal to", self.result)


@dataclass(frozen=True, slots=True)
class BasePT(Node):
    """"target creature has base power and toughness 7/7 until end of turn" (CR 613.4b)."""

    who: Node
    verb: str  # "has"/"have"
    pt: str
    duration: Node
    #: "Until end of turn, creatures you control have base power and toughness X/X and gain
    #: all creature types": the duration written first, and the type change after it.
    first: bool = False
    also: str = ""

    def render(self) -> str:
        if self.first:
            return _join(f"{self.duration.render()},", self.who.render(), self.verb, "base power and toughness",
                         self.pt, self.also)
        return _join(self.who.render(), self.verb, "base power and toughness", self.pt, self.duration.render())


@dataclass(frozen=True, slots=True)
class Draw(Node):
    who: Node | None
    verb: str
    n: Num

    def render(self) -> str:
        one = self.n.value == 1 and self.n.word in ("a", "one")
        return _join(self.who.render() if self.who else None, self.verb, self.n.render(),
                     "card" if one else "cards")


@dataclass(frozen=True, slots=True)
class GetEmblem(Node):
    """"Target player gets an emblem with "[ability]"" (CR 114.2): the quoted ability, read as
    an ability of its own."""

    who: Node | None
    verb: str
    ability: Quoted

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, "an emblem with", self.ability.render())


@dataclass(frozen=True, slots=True)
class LifeChange(Node):
    """"you gain 3 life", "each opponent loses 2 life", "gain life equal to its power"."""

    who: Node | None
    verb: str  # gain/gains/lose/loses
    n: Num | None
    equal_to: str = ""

    def render(self) -> str:
        if self.n is None:
            return _join(self.who.render() if self.who else None, self.verb, "life", self.equal_to)
        return _join(self.who.render() if self.who else None, self.verb, self.n.render(), "life")


@dataclass(frozen=True, slots=True)
class LifeForEach(Node):
    """"defending player loses 1 life for each card in their graveyard"."""

    who: Node | None
    verb: str
    n: Num
    each: Noun

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, self.n.render(), "life for each",
                     self.each.render())


@dataclass(frozen=True, slots=True)
class DrawForEach(Node):
    """"draw a card for each creature you control": counted as it resolves (CR 608.2h)."""

    who: Node | None
    verb: str
    n: Num
    each: Noun

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, self.n.render(),
                     "card" if self.n.value == 1 and self.n.word in ("a", "one") else "cards", "for each",
                     self.each.render())


@dataclass(frozen=True, slots=True)
class LifeFraction(Node):
    """"each player loses a third of their life, rounded up", "you lose half your life, rounded
    up" (CR 107.1a)."""

    who: Node | None
    verb: str  # lose/loses
    fraction: str  # "half", "a third of"
    whose: str  # "their", "your"
    rounded: str  # "up", "down"

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, self.fraction, self.whose,
                     f"life, rounded {self.rounded}")


@dataclass(frozen=True, slots=True)
class Damage(Node):
    """"~ deals 3 damage to any target"."""

    source: Node
    verb: str
    n: Num
    to: Node

    def render(self) -> str:
        return _join(self.source.render(), self.verb, self.n.render(), "damage to", self.to.render())


@dataclass(frozen=True, slots=True)
class HaveDo(Node):
    """"[you may] have ~ deal 1 damage to itself": ``action`` done by the object it names."""

    action: Node

    def render(self) -> str:
        return f"have {self.action.render()}"


@dataclass(frozen=True, slots=True)
class DamageToOthers(Node):
    """"it deals 4 damage to any target and 3 damage to each of up to two other targets" (CR
    115.3: "other" targets, each different from the first and from one another)."""

    first: Damage
    n: Num
    count: Num

    def render(self) -> str:
        return f"{self.first.render()} and {self.n.render()} damage to each of up to {self.count.render()} other targets"


@dataclass(frozen=True, slots=True)
class AnyNumberOf(Node):
    """"any number of non-Angel creatures you control": objects the player chooses as the
    effect resolves, none or more (CR 608.2d), not targets."""

    noun: Noun

    def render(self) -> str:
        return f"any number of {self.noun.render()}"


@dataclass(frozen=True, slots=True)
class DamageDivided(Node):
    """"~ deals 5 damage divided as you choose among any number of targets", "… among one, two,
    or three target creatures"."""

    source: Node
    verb: str
    n: Num
    among: str  # "any number of", "one or two", "one , two , or three" (as tokens)
    noun: Noun | None  # None: "targets" (any target)

    def render(self) -> str:
        what = "targets" if self.noun is None else f"target {self.noun.render()}"
        return _join(self.source.render(), self.verb, self.n.render(), "damage divided as you choose among",
                     self.among.replace(" ,", ","), what)


@dataclass(frozen=True, slots=True)
class DamageEqual(Node):
    """"it deals damage equal to its power to any target", "target creature you control deals
    damage equal to its power to target creature you don't control"."""

    source: Node
    verb: str
    amount: str  # "its power", "~'s power"
    to: Node

    def render(self) -> str:
        return _join(self.source.render(), self.verb, "damage equal to", self.amount, "to", self.to.render())


@dataclass(frozen=True, slots=True)
class DamageToEqual(DamageEqual):
    """"~ deals damage to that player equal to the result": the amount after the recipient."""

    def render(self) -> str:
        return _join(self.source.render(), self.verb, "damage to", self.to.render(), "equal to", self.amount)


@dataclass(frozen=True, slots=True)
class ObjectAction(Node):
    """A verb on objects: destroy, exile, tap, untap, sacrifice, counter, goad, return … to
    its owner's hand (``to``)."""

    who: Node | None
    verb: str
    what: Node
    to: str = ""

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, self.what.render(), self.to)


@dataclass(frozen=True, slots=True)
class PutOneAndOther(Node):
    """"put one onto the battlefield tapped and the other into your hand": the two cards an
    effect just found, split between two zones (CR 701.23, 608.2c)."""

    who: Node | None
    verb: str
    to: str
    other: str

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, "one", self.to, "and the other", self.other)


@dataclass(frozen=True, slots=True)
class ReturnUpToOneEach(Node):
    """"return up to one creature card and up to one land card from your graveyard to your hand":
    not targeted, each chosen as it resolves (CR 608.2d); ``nouns[-1]`` says where they are."""

    who: Node | None
    verb: str
    nouns: tuple[Noun, ...]
    to: str

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb,
                     " and ".join(f"up to one {n.render()}" for n in self.nouns), self.to)


@dataclass(frozen=True, slots=True)
class ChangeTarget(Node):
    """"change a target of target spell or ability to ~" (CR 115.7b)."""

    verb: str
    what: Node
    to: Node

    def render(self) -> str:
        return f"{self.verb} a target of {self.what.render()} to {self.to.render()}"


@dataclass(frozen=True, slots=True)
class ReturnAttached(Node):
    """"return ~ from your graveyard to the battlefield attached to ``target``" (an Aura,
    CR 303.4f: the effect names what it will enchant)."""

    who: Node | None
    verb: str
    what: Node
    to: str
    target: Node

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, self.what.render(), self.to,
                     "attached to", self.target.render())


@dataclass(frozen=True, slots=True)
class GainControl(Node):
    """"gain control of target creature [until end of turn | for as long as you control ~]"
    (CR 613.1b, 611.2a-b)."""

    who: Node | None
    verb: str
    what: Node
    duration: str = ""

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, "control of", self.what.render(),
                     self.duration)


@dataclass(frozen=True, slots=True)
class ExchangeControl(Node):
    """"exchange control of ~ and target creature" (CR 701.12a-b)."""

    verb: str
    first: Node
    second: Node

    def render(self) -> str:
        return f"{self.verb} control of {self.first.render()} and {self.second.render()}"


@dataclass(frozen=True, slots=True)
class Fight(Node):
    """"~ fights another target creature" (CR 701.14a)."""

    who: Node
    verb: str
    other: Node

    def render(self) -> str:
        return f"{self.who.render()} {self.verb} {self.other.render()}"


@dataclass(frozen=True, slots=True)
class AttachSelf(Node):
    """"Attach ~ to target creature an opponent controls" (CR 701.3a)."""

    verb: str
    to: Node
    #: "it" in an ability whose "it" is its source ("When this Equipment enters the battlefield,
    #: attach it to target creature you control"); "" for "~".
    what: str = ""

    def render(self) -> str:
        return f"{self.verb} {self.what or '~'} to {self.to.render()}"


@dataclass(frozen=True, slots=True)
class DoublePower(Node):
    """"double its power until end of turn" (CR 701.10a-b)."""

    verb: str
    duration: Duration

    def render(self) -> str:
        return f"{self.verb} its power {self.duration.render()}"


@dataclass(frozen=True, slots=True)
class DamageToItself(Node):
    """"Each tapped creature deals damage to itself equal to its power" (CR 120.3)."""

    each: Node

    def render(self) -> str:
        return f"{self.each.render()} deals damage to itself equal to its power"


@dataclass(frozen=True, slots=True)
class PlayerCount(Node):
    """A player verb with a number of cards: scry, surveil, mill, discard."""

    who: Node | None
    verb: str
    n: Num
    noun: str = ""  # "cards"/"card" after mill/discard; "" for scry/surveil

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, self.n.render(), self.noun)


@dataclass(frozen=True, slots=True)
class Modify(Node):
    """"target creature gets +3/+3 [and gains flying] until end of turn",
    "~ gains haste until end of turn"."""

    what: Node
    pt_verb: str  # "gets"/"get" or ""
    pt: str  # "+3/+3" or ""
    kw_verb: str  # "gains"/"gain"/"has"/"have" or ""
    keywords: tuple[str, ...]
    duration: Duration | None
    #: "… gets +10/+10 and loses flying" (CR 613.1f): keywords it loses.
    loses: tuple[str, ...] = ()
    #: 'it gains "When this Equipment enters the battlefield, …"': a quoted ability it gains.
    quoted: tuple[Quoted, ...] = ()

    def render(self) -> str:
        parts = [self.what.render()]
        if self.quoted:
            parts.append(f"{self.kw_verb} {' '.join(q.render() for q in self.quoted)}")
        if self.pt:
            parts.append(f"{self.pt_verb} {self.pt}")
        if self.keywords:
            if self.pt:
                parts.append("and")
            parts.append(f"{self.kw_verb} {_kw_list(self.keywords)}")
        if self.loses:
            parts.append(f"and loses {_kw_list(self.loses)}")
        if self.duration:
            parts.append(self.duration.render())
        return " ".join(parts)


def _kw_list(kws: tuple[str, ...]) -> str:
    if len(kws) <= 2:
        return " and ".join(kws)
    return ", ".join(kws[:-1]) + ", and " + kws[-1]


@dataclass(frozen=True, slots=True)
class ModifyPer(Node):
    """"This creature gets +1/+0 for each other Illusion you control": a static ability's
    modification of power and toughness multiplied by the permanents the description matches
    (CR 613.4c, 611.3a)."""

    modify: Modify
    per: Noun

    def render(self) -> str:
        return f"{self.modify.render()} for each {self.per.render()}"


@dataclass(frozen=True, slots=True)
class ModifyWhere(Node):
    """"~ and enchanted creature each get +X/+X, where X is the number of creature cards in all
    graveyards": a static ability's modification of power and toughness by an amount counted
    continuously (CR 107.3a, 611.3a, 613.4c)."""

    modify: Modify
    where: Where

    def render(self) -> str:
        return f"{self.modify.render()}, {self.where.render()}"


@dataclass(frozen=True, slots=True)
class DurationFirst(Node):
    """"Until end of turn, target creature gets +1/+0 and gains …": the duration written before
    the modification it belongs to (``modify.duration``)."""

    modify: Modify

    def render(self) -> str:
        assert self.modify.duration is not None
        rest = Modify(self.modify.what, self.modify.pt_verb, self.modify.pt, self.modify.kw_verb,
                      self.modify.keywords, None, self.modify.loses, self.modify.quoted)
        return f"{self.modify.duration.render()}, {rest.render()}"


@dataclass(frozen=True, slots=True)
class UntilYourNextTurn(Node):
    """"Until your next turn, target creature an opponent controls can't be blocked" (CR 611.2b):
    a restriction with its duration written first."""

    who: Node
    words: str

    def render(self) -> str:
        return f"until your next turn, {self.who.render()} {self.words}"


@dataclass(frozen=True, slots=True)
class DuringNextTurn(Node):
    """"During target player's next turn, each creature that player controls attacks if able"
    (CR 611.2a, 508.1d): a rule-changing effect that begins with that player's next turn and
    lasts through it; ``player`` is the player whose turn it names."""

    player: TargetRef
    who: Node
    words: str

    def render(self) -> str:
        return f"during {self.player.render()}'s next turn, {self.who.render()} {self.words}"


@dataclass(frozen=True, slots=True)
class CastAsThoughFlash(Node):
    """"you may cast creature spells as though they had flash" (CR 702.8a): spells of a kind."""

    noun: Noun

    def render(self) -> str:
        return f"you may cast {self.noun.render()} as though they had flash"


@dataclass(frozen=True, slots=True)
class CastFromTop(Node):
    """"you may cast Aura and Equipment spells from the top of your library" (CR 601.3)."""

    noun: Noun

    def render(self) -> str:
        return f"you may cast {self.noun.render()} from the top of your library"


@dataclass(frozen=True, slots=True)
class PayRatherThanManaCost(Node):
    """"Once each turn, you may pay {0} rather than pay the mana cost for a creature spell you cast
    from exile" (CR 118.9: an alternative cost a static ability offers)."""

    once_each_turn: bool
    cost: str
    det: str
    noun: Noun
    zone: str  # "exile": "… you cast from exile"

    def render(self) -> str:
        return _join("once each turn," if self.once_each_turn else None, "you may pay", self.cost,
                     "rather than pay the mana cost for", self.det, self.noun.render(), "you cast from", self.zone)


@dataclass(frozen=True, slots=True)
class Counters(Node):
    """"put a +1/+1 counter on target creature"; "remove a time counter from ~" (CR 122.8: an
    effect, not a cost)."""

    who: Node | None
    verb: str
    n: Num
    kind: str
    what: Node

    def render(self) -> str:
        one = self.n.value == 1 and self.n.word in ("a", "an", "one")
        return _join(self.who.render() if self.who else None, self.verb, self.n.render(), self.kind,
                     "counter" if one else "counters", "from" if self.verb.startswith("remove") else "on",
                     self.what.render())


@dataclass(frozen=True, slots=True)
class Create(Node):
    """"create a Treasure token", "create two 1/1 white Soldier creature tokens"."""

    who: Node | None
    verb: str
    n: Num
    desc: tuple[str, ...]
    plural: bool
    keywords: tuple[str, ...] = ()  # "… token with flying"
    abilities: tuple[Node, ...] = ()  # '… token with "This creature can't block."' (Quoted)
    named: str = ""  # "… token named Kobolds of ~" (CR 111.4)

    def render(self) -> str:
        quoted = " and ".join(q.render() for q in self.abilities) or None
        return _join(self.who.render() if self.who else None, self.verb, self.n.render(), *self.desc,
                     "tokens" if self.plural else "token", f"named {self.named}" if self.named else None,
                     f"with {_kw_list(self.keywords)}" if self.keywords else None,
                     ("and " if self.keywords else "with ") + quoted if quoted else None)


@dataclass(frozen=True, slots=True)
class TappedAndAttacking(Node):
    """"create a 1/1 red Goblin creature token that's tapped and attacking" (CR 508.4)."""

    create: Create

    def render(self) -> str:
        return f"{self.create.render()} {'that are' if self.create.plural else 'that' + chr(39) + 's'} tapped and attacking"


@dataclass(frozen=True, slots=True)
class ForEach(Node):
    """A clause done once "for each" of something: "create a 1/1 white Kor Warrior creature token
    for each creature in your party", "draw a card for each card discarded this way"."""

    clause: Node
    per: str

    def render(self) -> str:
        return f"{self.clause.render()} for each {self.per}"


@dataclass(frozen=True, slots=True)
class ForEachFirst(Node):
    """"For each creature your opponents control, create a 4/4 … token": a clause done once for
    each object the description matches as it resolves (CR 608.2c)."""

    per: Noun
    clause: Node

    def render(self) -> str:
        return f"for each {self.per.render()}, {self.clause.render()}"


@dataclass(frozen=True, slots=True)
class FightDifferent(Node):
    """"Each of those Beasts fights a different one of those creatures" (CR 701.14a): the
    tokens the sentence before created, each with one of the objects it counted."""

    those: str

    def render(self) -> str:
        return f"each of those {self.those} fights a different one of those creatures"


@dataclass(frozen=True, slots=True)
class CreateNumber(Node):
    """"create a number of 1/1 black Rat creature tokens equal to the number of opponents you
    have"."""

    who: Node | None
    verb: str
    desc: tuple[str, ...]
    count: str  # "opponents you have", or a die roll's result ("that result", CR 706.4)
    keywords: tuple[str, ...] = ()  # "… creature tokens with vigilance equal to …"

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, "a number of", *self.desc, "tokens",
                     "with " + _kw_list(self.keywords) if self.keywords else None,
                     "equal to" if self.count in DIE_RESULTS else "equal to the number of", self.count)


@dataclass(frozen=True, slots=True)
class AddMana(Node):
    """"add {G}", "add {U} or {B}", "add one mana of any color", "add {B} for each charge
    counter on ~", "add {R} for each card in target opponent's hand"."""

    verb: str
    options: tuple[str, ...]
    per: CountersOn | Noun | None = None

    def render(self) -> str:
        each = f" for each {self.per.render()}" if self.per is not None else ""
        if len(self.options) > 2:  # "add {W}, {U}, or {B}"
            return f"{self.verb} {', '.join(self.options[:-1])}, or {self.options[-1]}{each}"
        return f"{self.verb} {' or '.join(self.options)}{each}"


@dataclass(frozen=True, slots=True)
class Pay(Node):
    """"pay {1}{G}" — a mana payment an effect offers ("you may pay {2}. If you do, …")."""

    verb: str
    cost: str

    def render(self) -> str:
        return f"{self.verb} {self.cost}"


@dataclass(frozen=True, slots=True)
class PayLife(Node):
    """"pay life equal to its mana value" — a life payment an effect offers ("you may pay life
    equal to its mana value. If you do, …", CR 119.4); ``amount`` the words after "equal to"."""

    verb: str
    amount: str

    def render(self) -> str:
        return f"{self.verb} life equal to {self.amount}"


@dataclass(frozen=True, slots=True)
class Roll(Node):
    """"roll a d20" (CR 706.1): ``n`` dice of ``sides`` faces."""

    who: Node | None
    verb: str
    n: Num
    sides: int
    #: "Roll a d20 and add the number of cards in your hand" (CR 706.2: a modifier to the result).
    add: Node | None = None
    #: "roll two d8 and choose one result" (CR 706.4)
    then: str = ""

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, self.n.render(), f"d{self.sides}",
                     f"and add {self.add.render()}" if self.add is not None else None, self.then)


@dataclass(frozen=True, slots=True)
class Amount(Node):
    """An amount named in words: "the number of cards in your hand" (``noun``), "the total mana
    value of those cards" (``words``)."""

    words: str = ""
    noun: Noun | None = None

    def render(self) -> str:
        return f"the number of {self.noun.render()}" if self.noun is not None else self.words


@dataclass(frozen=True, slots=True)
class Phrase(Node):
    """A fixed effect phrase: "you take the initiative", "venture into the dungeon"."""

    who: Node | None
    words: str

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.words)


@dataclass(frozen=True, slots=True)
class GainAbilitiesOf(Node):
    """"each Horror you control gains all activated abilities of target artifact an opponent
    controls until end of turn" (CR 613.1f, 201.5b)."""

    what: Node
    verb: str  # "gains"/"gain"
    of: Node
    duration: Duration

    def render(self) -> str:
        return f"{self.what.render()} {self.verb} all activated abilities of {self.of.render()} {self.duration.render()}"


@dataclass(frozen=True, slots=True)
class CopyGains(Node):
    """"the copy gains haste and "At the beginning of the end step, sacrifice this permanent.""
    (a copy of a spell, CR 707.10; kept by the permanent it becomes, 400.7a)."""

    keywords: tuple[str, ...]
    abilities: tuple[Quoted, ...] = ()

    def render(self) -> str:
        kws = _kw_list(self.keywords)
        return "the copy gains " + kws + "".join(f" and {q.render()}" for q in self.abilities)


@dataclass(frozen=True, slots=True)
class CantBeBlockedBy(Node):
    """"~ can't be blocked by white creatures" (CR 509.1b): a static blocking restriction."""

    who: Node
    by: Noun

    def render(self) -> str:
        return f"{self.who.render()} can't be blocked by {self.by.render()}"


@dataclass(frozen=True, slots=True)
class AndAlso(Node):
    """A static modification and a further requirement or designation of the same subject:
    "Enchanted creature gets +2/+2 and is goaded", "All creatures have double strike and
    attack each combat if able" (CR 508.1d, 701.15b)."""

    first: Node
    words: str

    def render(self) -> str:
        return f"{self.first.render()} and {self.words}"


@dataclass(frozen=True, slots=True)
class IfInstead(Node):
    """"If you played a land this turn, add {B} instead": ``clause`` replaces what the sentence
    before does when ``condition`` holds (CR 608.2c)."""

    condition: Node
    clause: Node

    def render(self) -> str:
        return f"if {self.condition.render()}, {self.clause.render()} instead"


@dataclass(frozen=True, slots=True)
class BecomesColor(Node):
    """"target spell or permanent becomes white until end of turn" (CR 105.3, 611.2a; layer 5):
    only its color changes, to ``colors`` (color words)."""

    what: Node
    verb: str
    colors: tuple[str, ...]
    duration: Duration

    def render(self) -> str:
        return _join(self.what.render(), self.verb, " and ".join(self.colors), self.duration.render())


@dataclass(frozen=True, slots=True)
class Becomes(Node):
    """"~ becomes a 3/3 green and blue Elemental creature with hexproof until end of turn"
    (CR 611.2a; layers 4-7b): ``pt``, ``colors`` (color words), ``kinds`` (the words before
    "creature": its subtypes and "artifact"), then "with" keywords, a quoted ability or "all
    creature types"; ``duration_first``: "Until end of turn, ~ becomes …"; ``also``: "and
    can't be blocked this turn" of the same subject."""

    what: Node
    verb: str
    article: str
    pt: str
    colors: tuple[str, ...]
    kinds: tuple[str, ...]
    keywords: tuple[str, ...] = ()
    quoted: Quoted | None = None
    all_types: bool = False
    duration: Duration | None = None
    duration_first: bool = False
    also: str = ""
    #: "It's still a land" after a quoted ability, whose period ends the sentence (CR 205.1b).
    still: str = ""

    def render(self) -> str:
        desc = _join(self.article, self.pt, " and ".join(self.colors) or None, *self.kinds, "creature")
        if self.all_types:
            desc += " with all creature types"
        elif self.keywords:
            desc += " with " + _kw_list(self.keywords)
            if self.quoted is not None:
                desc += " and " + self.quoted.render()
        elif self.quoted is not None:
            desc += " with " + self.quoted.render()
        out = f"{self.what.render()} {self.verb} {desc}"
        if self.duration is not None:
            out = f"{self.duration.render()}, {out}" if self.duration_first else f"{out} {self.duration.render()}"
        out = f"{out} and {self.also}" if self.also else out
        return f"{out} {self.still}" if self.still else out


@dataclass(frozen=True, slots=True)
class MayHaveBecome(Node):
    """"Until end of turn, you may have ~ become an X/X Insect artifact creature with flying"
    (CR 608.2d, 611.2a): ``becomes`` (its verb "become", without a duration) if its controller
    chooses, as it resolves."""

    becomes: Becomes

    def render(self) -> str:
        return f"until end of turn, you may have {self.becomes.render()}"


@dataclass(frozen=True, slots=True)
class SearchLibrary(Node):
    """"search your library for a basic land card", "… for up to two basic land cards"
    (CR 701.23); what happens to the cards found is said by the clauses that follow."""

    who: Node | None
    verb: str
    n: Num
    up_to: bool
    noun: Noun
    equal_to: str = ""  # "for a number of basic land cards equal to the other result" (CR 706.4)

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, "your library for",
                     "up to" if self.up_to else None, self.n.render(), self.noun.render(),
                     f"equal to {self.equal_to}" if self.equal_to else None)


@dataclass(frozen=True, slots=True)
class LookTop(Node):
    """"look at the top three cards of your library", "look at the top card of target player's
    library" (CR 401.5): ``n`` None for "the top card"."""

    who: Node | None
    verb: str
    n: Num | None
    library: str  # "your library", "target player's library", …

    def render(self) -> str:
        top = "the top card of" if self.n is None else f"the top {self.n.render()} cards of"
        return _join(self.who.render() if self.who else None, self.verb, "at", top, self.library)


@dataclass(frozen=True, slots=True)
class RevealTop(Node):
    """"reveal the top five cards of your library" (CR 701.20a, 401.1)."""

    who: Node | None
    verb: str
    n: Num
    library: str

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, "the top", self.n.render(), "cards of",
                     self.library)


@dataclass(frozen=True, slots=True)
class SeparatePiles(Node):
    """"an opponent separates those cards into two piles" (CR 700.3)."""

    who: Node
    verb: str
    what: str  # "those cards"

    def render(self) -> str:
        return _join(self.who.render(), self.verb, self.what, "into two piles")


@dataclass(frozen=True, slots=True)
class PutPiles(Node):
    """"put one pile into your hand and the other into your graveyard" (CR 700.3)."""

    who: Node | None
    verb: str
    to: str
    other_to: str

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, "one pile", self.to, "and the other",
                     self.other_to)


@dataclass(frozen=True, slots=True)
class RevealSeveral(Node):
    """"reveal a Cleric card, a Rogue card, a Warrior card, and/or a Wizard card from among them and
    put those cards into your hand", "put a creature card and/or a land card from among them into
    your hand" (CR 401.5, 701.20a): one card of each kind at most; ``put_ref`` the cards put after a
    reveal ("" after "put")."""

    who: Node | None
    verb: str
    items: tuple[tuple[str, Noun], ...]  # (article, noun)
    joins: tuple[str, ...]  # ", ", ", and/or ", " and/or "
    put_ref: str = ""

    def render(self) -> str:
        out = _join(self.who.render() if self.who else None, self.verb, *self.items[0][:1],
                    self.items[0][1].render())
        for j, (det, noun) in zip(self.joins, self.items[1:], strict=True):
            out += f"{j}{det} {noun.render()}"
        return out + (f" and put {self.put_ref} into your hand" if self.put_ref else " into your hand")


@dataclass(frozen=True, slots=True)
class ExileUntil(Node):
    """"target opponent exiles cards from the top of their library until they exile an instant or
    sorcery card" (CR 701.13a, 401.1)."""

    who: Node | None
    verb: str
    owner: str  # "your" / "their"
    until: str  # "you exile" / "they exile"
    what: Node

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, "cards from the top of", self.owner,
                     "library until", self.until, self.what.render())


@dataclass(frozen=True, slots=True)
class SeveralCards(Node):
    """"X creature cards of the chosen type" (after "until you reveal"): a number of cards of a
    description."""

    n: Num
    noun: Noun

    def render(self) -> str:
        return _join(self.n.render(), self.noun.render())


@dataclass(frozen=True, slots=True)
class CastAnyNumber(Node):
    """"[you may] cast any number of spells from among those cards [with total mana value X or
    less] without paying their mana costs" (CR 608.2g, 118.9): spells cast as this resolves;
    ``what`` "spells from among" or "cards" ("Cast any number of cards exiled with ~"),
    ``among`` the cards they are cast from, ``bound`` the limit on their total mana value."""

    who: Node | None
    verb: str  # "cast", or "may cast" after "then you"
    what: str
    among: str
    bound: str = ""

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, "any number of", self.what, self.among,
                     self.bound, "without paying their mana costs")


@dataclass(frozen=True, slots=True)
class ChooseFromHand(Node):
    """"target opponent chooses X cards from their hand" (CR 608.2d: a choice made as the spell
    resolves; "those cards" afterwards)."""

    who: Node
    verb: str
    n: Num

    def render(self) -> str:
        return _join(self.who.render(), self.verb, self.n.render(), "cards from their hand")


@dataclass(frozen=True, slots=True)
class MayPlayExiledWith(Node):
    """"if an opponent lost life this turn, you may play lands and cast spells from among cards
    exiled with ~" (after "During your turn,"; CR 607.2a, 601.2): a permission of a static
    ability."""

    condition: Node | None
    what: str
    #: "you", or "that player" (after "During each player's turn,": Share the Spoils).
    who: str = "you"
    #: ", and they may spend mana as though it were mana of any color to cast that spell" (CR 609.4b).
    any_color: bool = False

    def render(self) -> str:
        out = _join(f"if {self.condition.render()}," if self.condition is not None else None, self.who, "may",
                    self.what, "from among cards exiled with ~")
        return out + (", and they may spend mana as though it were mana of any color to cast that spell"
                      if self.any_color else "")


@dataclass(frozen=True, slots=True)
class TopCardsEqual(Node):
    """"exile cards equal to its power from the top of its owner's library" (CR 401.1, 608.2h)."""

    who: Node | None
    verb: str
    equal: str
    library: str

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, "cards equal to", self.equal,
                     "from the top of", self.library)


@dataclass(frozen=True, slots=True)
class TopCards(Node):
    """"exile the top three cards of your library" (CR 401.1: the top of a library)."""

    who: Node | None
    verb: str
    n: Num
    library: str

    def render(self) -> str:
        if not self.n.word:  # "exile the top card of each opponent's library"
            return _join(self.who.render() if self.who else None, self.verb, "the top card of", self.library)
        return _join(self.who.render() if self.who else None, self.verb, "the top", self.n.render(), "cards of",
                     self.library)


@dataclass(frozen=True, slots=True)
class PutAmong(Node):
    """"put one of them into your hand and the rest on the bottom of your library in any order",
    "put any number of them into your graveyard and the rest back on top of your library in any
    order" (CR 401.4): ``n`` None for "any number"; ``rest`` "" when no rest is named."""

    who: Node | None
    verb: str
    n: Num | None
    of: str  # "of them", "of those cards"
    to: str
    rest: str = ""  # "the rest", "the other"
    rest_to: str = ""

    def render(self) -> str:
        out = _join(self.who.render() if self.who else None, self.verb,
                    "any number" if self.n is None else self.n.render(), self.of, self.to)
        return _join(out, "and", self.rest, self.rest_to) if self.rest else out


@dataclass(frozen=True, slots=True)
class PutAnyAmong(Node):
    """"put any number of creature and/or land cards from among them onto the battlefield"
    (CR 608.2c): of the cards the sentence before exiled."""

    who: Node | None
    verb: str
    kinds: tuple[str, ...]  # card types: "creature", "land"
    to: str

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, "any number of",
                     " and/or ".join(self.kinds), "cards from among them", self.to)


@dataclass(frozen=True, slots=True)
class AddManaCombination(Node):
    """"add X mana in any combination of {R} and/or {G}" (CR 106.1b, 106.4)."""

    verb: str
    n: Num
    options: tuple[str, ...]

    def render(self) -> str:
        return f"{self.verb} {self.n.render()} mana in any combination of {' and/or '.join(self.options)}"


@dataclass(frozen=True, slots=True)
class SpendOnly(Node):
    """"spend this mana only to cast a Dragon creature spell", "… only to cast Dragon spells or
    activate abilities of Dragons" (CR 106.6): what the mana just added may pay for."""

    spells: Noun
    abilities_of: Noun | None = None

    def render(self) -> str:
        also = f" or activate abilities of {self.abilities_of.render()}" if self.abilities_of is not None else ""
        det = "a " if self.spells.card == "spell" else ""
        return f"spend this mana only to cast {det}{self.spells.render()}{also}"


@dataclass(frozen=True, slots=True)
class WhenSpent(Node):
    """"when that mana is spent to cast a creature spell that shares a creature type with your
    commander, scry 1" (CR 106.6, 603.7a): a delayed trigger the mana ability creates."""

    spell: Noun
    effect: Node

    def render(self) -> str:
        return f"when that mana is spent to cast a {self.spell.render()}, {self.effect.render()}"


@dataclass(frozen=True, slots=True)
class PutAndRest(Node):
    """"put that card onto the battlefield and the rest on the bottom of your library in a random
    order" — after "reveal cards … until you reveal a creature card" (CR 401.4)."""

    who: Node | None
    verb: str
    to: str
    rest_to: str

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, "that card", self.to, "and the rest",
                     self.rest_to)


@dataclass(frozen=True, slots=True)
class PutFromHand(Node):
    """"put two cards from your hand on top of your library in any order" (CR 401.4)."""

    who: Node | None
    verb: str
    n: Num
    card: str  # "card" / "cards"
    to: str

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, self.n.render(), self.card,
                     "from your hand", self.to)


Effect = SearchLibrary | Draw | LifeChange | Damage | ObjectAction | PlayerCount | Modify | DurationFirst | Counters | Create | AddMana | Pay | Roll | Phrase


@dataclass(frozen=True, slots=True)
class Sentence(Node):
    """Clauses joined by ``joins`` (", ", " and ", ", then ", ", and "), with an optional
    "you may" before the first and a prefix such as "if you do,"."""

    clauses: tuple[Node, ...]
    joins: tuple[str, ...] = ()
    may: str = ""  # "you may" or ""
    prefix: str = ""  # "then", "if you do,"
    where: Where | WherePower | WhereCounters | WhereResult | WhereRemoved | WhereGreatestPower | None = None  # ", where X is …" (CR 107.3a: the value of X)
    #: "in quotes": the sentence ends in a quoted ability whose period closes it ('… token with
    #: "…."'); "" (the rest): its own period.
    end: str = ""
    #: A delayed triggered ability's trigger (CR 603.7): "Exile it at the beginning of the next end
    #: step." (after the clauses) or "At the beginning of your next upkeep, …" (``at.first``).
    at: NextStep | NextCast | None = None

    def render(self) -> str:
        out = self.clauses[0].render()
        for j, c in zip(self.joins, self.clauses[1:], strict=True):
            out += j + c.render()
        if self.at is not None and not self.at.first:
            out += " " + self.at.render()
        if self.where is not None:
            out += ", " + self.where.render()
        first = self.at.render() + "," if self.at is not None and self.at.first else None
        return _join(first, self.prefix, self.may, out) + ("" if self.end == "in quotes" else ".")


@dataclass(frozen=True, slots=True)
class NextStep(Node):
    """When a delayed triggered ability triggers (CR 603.7): "at the beginning of the next end
    step", "at the beginning of your next upkeep", "at the beginning of the next turn's upkeep"
    (``whose`` "the next turn's"), "at end of combat" (CR 511.2; ``whose`` and ``step`` "");
    ``first``: written before the sentence's effects, followed by a comma."""

    whose: str  # "the", "your", "that player's", "the next turn's", ""
    step: str  # "end step", "upkeep", "cleanup step", …; "" for "at end of combat"
    first: bool = False

    def render(self) -> str:
        if not self.step:
            return "at end of combat"
        if self.whose == "the next turn's":
            return f"at the beginning of the next turn's {self.step}"
        return f"at the beginning of {self.whose} next {self.step}"


@dataclass(frozen=True, slots=True)
class NextCast(Node):
    """"When you cast your next spell this turn, …" (CR 603.7): a delayed triggered ability's
    event, written before its effects."""

    first: bool = True

    def render(self) -> str:
        return "when you cast your next spell this turn"


@dataclass(frozen=True, slots=True)
class DiesInstead(Node):
    """"If a Warlock you control would die, exile it instead" (CR 614.1a, 614.6, 700.4): a
    replacement of the creatures ``what`` describes dying; ``instead`` the words after the comma."""

    what: Node
    instead: str

    def render(self) -> str:
        return f"if {self.what.render()} would die, {self.instead} instead"


@dataclass(frozen=True, slots=True)
class SearchInstead(Node):
    """"If an opponent would search a library, that player searches the top four cards of that
    library instead" (CR 614.1a, 701.23): who is limited, and to how many cards."""

    who: Node
    n: Num

    def render(self) -> str:
        return (f"if {self.who.render()} would search a library, that player searches the top {self.n.render()} "
                "cards of that library instead")


@dataclass(frozen=True, slots=True)
class TriggersAdditionalTime(Node):
    """"If a creature you control attacking would cause a triggered ability of a permanent you
    control to trigger, that ability triggers an additional time" (CR 603.2d): ``cause`` the
    object, ``event`` what it does ("attacking")."""

    cause: Node
    event: str

    def render(self) -> str:
        return (f"if {self.cause.render()} {self.event} would cause a triggered ability of a permanent you control "
                "to trigger, that ability triggers an additional time")


@dataclass(frozen=True, slots=True)
class EachChoosesFewest(Node):
    """"Each player chooses a number of lands they control equal to the number of lands
    controlled by the player who controls the fewest, then sacrifices the rest" (CR 101.4,
    701.21a); ``kind`` the plural noun ("lands")."""

    kind: str

    def render(self) -> str:
        return (f"each player chooses a number of {self.kind} they control equal to the number of {self.kind} "
                "controlled by the player who controls the fewest, then sacrifices the rest")


@dataclass(frozen=True, slots=True)
class SameWay(Node):
    """"Players discard cards and sacrifice creatures the same way.": the instruction before,
    done again for other things — ``actions`` (verb, plural noun) in the order written."""

    actions: tuple[tuple[str, str], ...]

    def render(self) -> str:
        return "players " + " and ".join(f"{v} {n}" for v, n in self.actions) + " the same way"


@dataclass(frozen=True, slots=True)
class EachPlayerChooses(Node):
    """"starting with you, each player may choose an artifact or enchantment you don't control"
    (``start``, ``may``), "each player chooses an artifact, a creature, an enchantment, and a
    planeswalker from among the nonland permanents they control, then sacrifices the rest"
    (several ``items``, ``among``, ``then``) — CR 101.4."""

    start: str  # "starting with you," or ""
    verb: str  # "may choose" / "chooses"
    items: tuple[tuple[str, Noun], ...]  # (article, noun)
    among: Noun | None = None
    then: str = ""  # ", then sacrifices the rest"

    def render(self) -> str:
        things = [f"{det} {n.render()}" for det, n in self.items]
        listed = things[0] if len(things) == 1 else ", ".join(things[:-1]) + ", and " + things[-1]
        among = f" from among the {self.among.render()} they control" if self.among is not None else ""
        return _join(self.start, "each player", self.verb, listed + among + self.then)


@dataclass(frozen=True, slots=True)
class Unless(Node):
    """"[effect] unless [a player] [does something else]" (CR 118.12a): "unless its controller
    pays {1}" (``cost``), "unless that player sacrifices a creature" (``det`` and ``what``)."""

    effect: Node
    who: str  # "that player", "they", "its controller", "that creature's controller"
    verb: str
    cost: str = ""
    det: str = ""
    what: Noun | None = None

    def render(self) -> str:
        tail = self.cost if self.what is None else f"{self.det} {self.what.render()}"
        return f"{self.effect.render()} unless {self.who} {self.verb} {tail}"


@dataclass(frozen=True, slots=True)
class Where(Node):
    """"where X is the number of creatures you control": what X of the sentence stands for
    (CR 107.3a), counted as the effect resolves (CR 608.2h)."""

    noun: Noun

    def render(self) -> str:
        return f"where X is the number of {self.noun.render()}"


@dataclass(frozen=True, slots=True)
class WhereGreatestPower(Node):
    """"where X is the greatest power among creatures you control" (CR 107.3a), counted as the
    effect resolves (CR 608.2h)."""

    noun: Noun

    def render(self) -> str:
        return f"where X is the greatest power among {self.noun.render()}"


@dataclass(frozen=True, slots=True)
class CountersOn(Node):
    """"+1/+1 counters on ~", "charge counter on ~", "counters it had on it": the counters on
    one object, counted (CR 122.1); ``kind`` empty: counters of every kind."""

    kind: str
    noun: str  # counter | counters
    on: str  # "on ~" | "it had on it"

    def render(self) -> str:
        return _join(self.kind, self.noun, self.on)


@dataclass(frozen=True, slots=True)
class WhereCounters(Node):
    """"where X is the number of +1/+1 counters on ~" (CR 107.3a, 122.1)."""

    counters: CountersOn

    def render(self) -> str:
        return f"where X is the number of {self.counters.render()}"


@dataclass(frozen=True, slots=True)
class WhereRemoved(Node):
    """"where X is the number of counters removed this way": the counters an activated
    ability's "Remove all … counters" cost removed (CR 602.2b, 107.3a)."""

    def render(self) -> str:
        return "where X is the number of counters removed this way"


@dataclass(frozen=True, slots=True)
class WherePower(Node):
    """"where X is its power" (CR 107.3a): the power of the sentence's object as the effect
    resolves (CR 608.2h)."""

    words: str = "its power"

    def render(self) -> str:
        return f"where X is {self.words}"


@dataclass(frozen=True, slots=True)
class WhereOf(Node):
    """"where X is that artifact's mana value" (CR 107.3a, 202.3): a characteristic of an
    object an earlier sentence named, as the effect resolves or as it last existed (CR 608.2h)."""

    whose: str  # "that artifact's"
    stat: str  # "mana value", "power", "toughness"

    def render(self) -> str:
        return f"where X is {self.whose} {self.stat}"


@dataclass(frozen=True, slots=True)
class WhereResult(Node):
    """"where X is the result", "where X is the other result" (CR 107.3a, 706.4): a die roll's
    result in the same ability."""

    words: str

    def render(self) -> str:
        return f"where X is {self.words}"


@dataclass(frozen=True, slots=True)
class ResultRow(Node):
    """One line of a results table (CR 706.3a): "10—19 | Scry 2."."""

    range: str  # "1—9", "20", "15+"
    effects: Effects

    def render(self) -> str:
        return f"{self.range} | {self.effects.render()}"


@dataclass(frozen=True, slots=True)
class RollTable(Node):
    """A sentence ending in a die roll, then its results table, one row a line (CR 706.3a-b:
    the roll and the table are one ability)."""

    roll: Sentence
    rows: tuple[ResultRow, ...]

    def render(self) -> str:
        return "\n".join([self.roll.render(), *(r.render() for r in self.rows)])


@dataclass(frozen=True, slots=True)
class Effects(Node):
    """Sentences of an effect, in order."""

    sentences: tuple[Sentence | RollTable, ...]

    def render(self) -> str:
        return " ".join(cap(s.render()) for s in self.sentences)

    def render_after_comma(self) -> str:
        """The text after a trigger's comma: its first word stays lower-case."""
        first, *rest = self.sentences
        return " ".join([first.render(), *(cap(s.render()) for s in rest)])


@dataclass(frozen=True, slots=True)
class Modal(Node):
    """"Choose one —" and its bulleted modes (CR 700.2)."""

    choose: str  # "one", "one or both", "two", "one or more"
    modes: tuple[Effects, ...]
    #: The modes' names ("Sell Contraband"), flavor words (CR 207.2d); () if they have none.
    labels: tuple[str, ...] = ()
    #: "If [condition] as you cast this spell, you may choose [both]": the condition and how many
    #: modes then (CR 700.2, 601.2b); None for "Choose one —".
    more: tuple[Node, str] | None = None

    def render(self) -> str:
        names = self.labels or ("",) * len(self.modes)
        head = f"choose {self.choose} —" if self.more is None else (
            f"choose {self.choose}. If {self.more[0].render()} as you cast this spell, you may choose {self.more[1]}.")
        return "\n".join([head,
                          *(f"• {n + ' — ' if n else ''}{m.render()}" for n, m in zip(names, self.modes, strict=True))])

    def render_after_comma(self) -> str:
        return self.render()


# ---------------------------------------------------------------------------- triggers


@dataclass(frozen=True, slots=True)
class Event(Node):
    """A trigger event: ``subject`` ``verb`` [``rest``] — "~ enters the battlefield",
    "another creature you control dies", "you cast a noncreature spell", "the beginning of
    your upkeep" (subject None)."""

    subject: Node | None
    words: str
    #: "When ~ enters the battlefield or an opponent loses the game": a second event with a
    #: subject of its own; the ability triggers on either (CR 603.2).
    also: Event | None = None
    #: The words before ``also``: "" for "or", or "and at" ("When ~ enters the battlefield and at
    #: the beginning of your upkeep", a second event that is a step's beginning, CR 603.2b).
    joiner: str = ""

    def render(self) -> str:
        return _join(self.subject.render() if self.subject else None, self.words,
                     f"{self.joiner or 'or'} {self.also.render()}" if self.also is not None else None)


@dataclass(frozen=True, slots=True)
class PutIntoZone(Node):
    """A zone-change trigger event with no object of its own (CR 603.6, 603.2c): "a card is put
    into an opponent's graveyard from anywhere", "one or more cards are put into exile from your
    library and/or your graveyard". ``det``: "a", "an" or "one or more"; ``sources``: the zones
    it comes from ("anywhere" alone, or zones joined by "and/or")."""

    det: str
    noun: Noun
    zone: str
    sources: tuple[str, ...]

    def render(self) -> str:
        verb = "are" if self.det == "one or more" else "is"
        return f"{self.det} {self.noun.render()} {verb} put into {self.zone} from {' and/or '.join(self.sources)}"


@dataclass(frozen=True, slots=True)
class DefinedPT(Node):
    """A characteristic-defining ability (CR 604.3): "~'s power and toughness are each equal to
    the number of cards in your hand"."""

    whose: str  # "~'s", "this creature's"
    which: str  # "power and toughness are each", "power is", "toughness is"
    count: Noun

    def render(self) -> str:
        return f"{self.whose} {self.which} equal to the number of {self.count.render()}"


@dataclass(frozen=True, slots=True)
class CantBeActivated(Node):
    """"Activated abilities of sources with the chosen name can't be activated" (CR 602.5, 201.3):
    ``sources`` describes whose abilities."""

    sources: str  # "sources with the chosen name"

    def render(self) -> str:
        return f"activated abilities of {self.sources} can't be activated"


@dataclass(frozen=True, slots=True)
class EveryCreatureType(Node):
    """"Creatures you control are every creature type. The same is true for creature spells you
    control and creature cards you own that aren't on the battlefield." (CR 205.3m, 613.1d)"""

    who: Node
    spells: Noun | None = None
    cards: Noun | None = None

    def render(self) -> str:
        out = f"{self.who.render()} are every creature type"
        if self.spells is not None and self.cards is not None:
            out += f". The same is true for {self.spells.render()} and {self.cards.render()} that aren't on the battlefield"
        return out


@dataclass(frozen=True, slots=True)
class AlsoTypes(Node):
    """A characteristic-defining ability adding creature types (CR 604.3, 205.3m): "~ is also a
    Cleric, Rogue, Warrior, and Wizard"."""

    who: Node
    subtypes: tuple[str, ...]

    def render(self) -> str:
        *rest, last = self.subtypes
        listed = f"{', '.join(rest)}{',' if len(rest) > 1 else ''} and {last}" if rest else last
        return f"{self.who.render()} is also {'an' if listed[0] in 'AEIOU' else 'a'} {listed}"


@dataclass(frozen=True, slots=True)
class SelfOr(Node):
    """A trigger's subject naming this object or others: "~ or another creature you control"."""

    self_ref: SelfRef
    other: DescRef

    def render(self) -> str:
        return f"{self.self_ref.render()} or {self.other.render()}"


@dataclass(frozen=True, slots=True)
class DescOr(Node):
    """A trigger's subject naming objects of either of two descriptions: "an attacking creature
    you control or a blocking creature an opponent controls"."""

    first: DescRef
    second: DescRef

    def render(self) -> str:
        return f"{self.first.render()} or {self.second.render()}"


@dataclass(frozen=True, slots=True)
class Condition(Node):
    """An intervening "if" clause (CR 603.4) or "as long as" condition, as words with the
    references it names."""

    words: str

    def render(self) -> str:
        return self.words


@dataclass(frozen=True, slots=True)
class InGraveyardCondition(Node):
    """"~ is in your graveyard [and you control a Mountain]": the ability functions from its
    owner's graveyard (CR 113.6b), while the ``rest`` also holds."""

    rest: Node | None

    def render(self) -> str:
        return "~ is in your graveyard" + (f" and {self.rest.render()}" if self.rest is not None else "")

    @property
    def words(self) -> str:
        """As a :class:`Condition`'s words: an intervening "if" (CR 603.4) the lowering doesn't know."""
        return self.render()


@dataclass(frozen=True, slots=True)
class ControlsCondition(Node):
    """"you control six or more lands", "you control a legendary creature": ``n`` (at least)
    permanents matching ``noun``."""

    n: Num
    noun: Noun

    def render(self) -> str:
        more = "" if self.n.word in ("a", "an") else " or more"
        return f"you control {self.n.render()}{more} {self.noun.render()}"


# ---------------------------------------------------------------------------- abilities


@dataclass(frozen=True, slots=True)
class Keyword(Node):
    """One keyword ability (CR 702): "flying", "ward {2}", "equip {1}", "enchant creature",
    "protection from red"."""

    name: str
    arg: str = ""

    def render(self) -> str:
        return _join(self.name, self.arg)


@dataclass(frozen=True, slots=True)
class AdditionalCostLine(Node):
    """"As an additional cost to cast this spell, sacrifice a creature, discard a card, or pay 4
    life" (CR 118.8, 601.2b): the costs, one of which is paid."""

    costs: tuple[CostItem, ...]

    def render(self) -> str:
        words = [c.render() for c in self.costs]
        listed = words[0] if len(words) == 1 else (f"{words[0]} or {words[1]}" if len(words) == 2
                                                   else ", ".join(words[:-1]) + f", or {words[-1]}")
        return f"As an additional cost to cast this spell, {listed}"


@dataclass(frozen=True, slots=True)
class OpeningHand(Node):
    """"If ~ is in your opening hand, you may ``action``." (CR 103.6)."""

    subject: SelfRef
    action: str

    def render(self) -> str:
        return f"If {self.subject.render()} is in your opening hand, you may {self.action}"


@dataclass(frozen=True, slots=True)
class CostKeyword(Node):
    """A keyword ability with a cost that isn't only mana, after an em dash (CR 702):
    "Escape—{3}{B}{B}, Exile four other cards from your graveyard."."""

    name: str
    costs: tuple[CostItem, ...]

    def render(self) -> str:
        return f"{self.name}—{', '.join(cap(c.render()) for c in self.costs)}."


@dataclass(frozen=True, slots=True)
class LevelBar(Node):
    """"{1}{U}: Level 2": a Class's level bar (CR 716.2a); the abilities after it, to the next
    bar, are that level's."""

    cost: str
    level: int

    def render(self) -> str:
        return f"{self.cost}: Level {self.level}"


@dataclass(frozen=True, slots=True)
class KeywordLine(Node):
    keywords: tuple[Keyword, ...]

    def render(self) -> str:
        return cap(", ".join(k.render() for k in self.keywords))


@dataclass(frozen=True, slots=True)
class Chapter(Node):
    """A Saga's chapter abilities, "I — …", "I, II — …" (CR 714.2a-c): ``numerals`` as printed."""

    numerals: tuple[str, ...]
    body: Effects | Modal

    def render(self) -> str:
        return f"{', '.join(self.numerals)} — {self.body.render()}"


@dataclass(frozen=True, slots=True)
class KeywordCostsLess(Node):
    """"Equip {10}. This ability costs {X} less to activate, where X is the power of the creature
    it targets." (CR 601.2f, 602.2b): a keyword ability and a reduction of its cost by ``x``."""

    line: KeywordLine
    x: str

    def render(self) -> str:
        return f"{self.line.render()}. This ability costs {{X}} less to activate, where X is {self.x}."


@dataclass(frozen=True, slots=True)
class TriggeredAbility(Node):
    """``word`` ("When"/"Whenever"/"At") ``event``, [if ``condition``,] ``body`` (CR 603)."""

    word: str
    event: Event
    body: Effects | Modal
    condition: Condition | ControlsCondition | AtLeastCondition | None = None
    once_each_turn: bool = False  # "This ability triggers only once each turn." (CR 603.2)

    def render(self) -> str:
        cond = f"if {self.condition.render()}, " if self.condition else ""
        once = " This ability triggers only once each turn." if self.once_each_turn else ""
        return f"{cap(self.word)} {self.event.render()}, {cond}{self.body.render_after_comma()}{once}"


@dataclass(frozen=True, slots=True)
class StaticWithTriggers(Node):
    """A static ability and triggered abilities printed in one paragraph, linked to it (CR
    607.2h): each trigger refers only to actions taken because of the static ability ("When you
    cast an Equipment spell this way")."""

    static: StaticAbility
    triggers: tuple[TriggeredAbility, ...]

    def render(self) -> str:
        return " ".join([self.static.render(), *(t.render() for t in self.triggers)])


@dataclass(frozen=True, slots=True)
class CostItem(Node):
    """One activation cost (CR 118, 602.1a): "{2}{G}", "{T}", "sacrifice ~", "pay 2 life",
    "discard a card", "sacrifice an artifact"."""

    kind: str  # mana, tap, untap, sacrifice, discard, pay_life, exile
    words: str
    what: Node | None = None

    def render(self) -> str:
        return self.words if self.what is None else f"{self.words} {self.what.render()}"


@dataclass(frozen=True, slots=True)
class ActivatedAbility(Node):
    """``costs``: ``body`` [``restriction``] (CR 602)."""

    costs: tuple[CostItem, ...]
    body: Effects | Modal
    restriction: str = ""  # "activate only as a sorcery."
    #: "Activate only if you control a Swamp." (CR 602.5b): the condition.
    only_if: Condition | ControlsCondition | None = None

    def render(self) -> str:
        costs = ", ".join(cap(c.render()) for c in self.costs)
        restriction = f"Activate only if {self.only_if.render()}." if self.only_if is not None else self.restriction
        return _join(f"{costs}: {cap(self.body.render())}", cap(restriction))


@dataclass(frozen=True, slots=True)
class StaticAbility(Node):
    """A static ability (CR 604): an object modification ("creatures you control get
    +1/+1"), "~ enters the battlefield tapped", "you have no maximum hand size", with an
    optional "as long as" condition — or, with ``unless``, an "unless" condition ("~ enters
    the battlefield tapped unless you control two or more basic lands", CR 614.1c)."""

    body: Node
    condition: Condition | ControlsCondition | None = None
    condition_first: bool = False
    unless: bool = False
    #: "During your turn, this creature has first strike" (condition words "your turn").
    during: bool = False

    def render(self) -> str:
        if self.condition is None:
            body = cap(self.body.render())
            return body if body.endswith('."') else body + "."  # a quotation's period ends it too
        if self.during:
            return f"During {self.condition.render()}, {self.body.render()}."
        if self.unless:
            return cap(f"{self.body.render()} unless {self.condition.render()}.")
        if self.condition_first:
            return f"As long as {self.condition.render()}, {self.body.render()}."
        return cap(f"{self.body.render()} as long as {self.condition.render()}.")


@dataclass(frozen=True, slots=True)
class WhenYouDo(Node):
    """The sentence after "When you do," (CR 603.12), as the lowering passes it to what asks
    "if you do": a reflexive triggered ability created if the optional action was taken."""

    sentence: Sentence

    def render(self) -> str:
        return f"when you do, {self.sentence.render()}"


@dataclass(frozen=True, slots=True)
class IfStatic(Node):
    """"If you control two or more other lands, ~ enters tapped" (CR 614.1c): a static ability
    whose effect applies if ``condition`` holds as it would apply."""

    condition: ControlsCondition
    body: Node

    def render(self) -> str:
        return f"If {self.condition.render()}, {self.body.render()}"


@dataclass(frozen=True, slots=True)
class AsEnters(Node):
    """"As ~ enters the battlefield, choose a color other than white" (CR 614.1c, 614.12): a
    replacement effect on how the permanent enters; ``what`` is the choice (:class:`EnterChoice`)
    or the reveal (:class:`RevealOrTapped`); ``verb`` "enters the battlefield" or "enters"."""

    subject: SelfRef
    verb: str
    what: Node

    def render(self) -> str:
        return f"As {self.subject.render()} {self.verb}, {self.what.render()}"


@dataclass(frozen=True, slots=True)
class AnchorChoice(Node):
    """"As ~ enters the battlefield, choose Khans or Dragons." and its bullets "• Khans — [ability]"
    (CR 614.12c): the choice of an anchor word as it enters, and the ability each word gives."""

    subject: SelfRef
    verb: str
    words: tuple[str, ...]
    abilities: tuple[Node, ...]

    def render(self) -> str:
        head = f"As {self.subject.render()} {self.verb}, choose {' or '.join(self.words)}."
        return "\n".join([head, *(f"• {w} — {a.render()}" for w, a in zip(self.words, self.abilities, strict=True))])


@dataclass(frozen=True, slots=True)
class ReturnExiledWith(Node):
    """"return up to X cards from among cards exiled with ~ to their owners' hands" (CR 607.2a)."""

    who: Node | None
    verb: str
    n: Num

    def render(self) -> str:
        return _join(self.who.render() if self.who else None, self.verb, "up to", self.n.render(),
                     "cards from among cards exiled with ~ to their owners' hands")


@dataclass(frozen=True, slots=True)
class EnterChoice(Node):
    """"choose a color", "choose a color other than green", "choose a creature type", "choose an
    opponent", "choose a player"."""

    what: str
    other_than: str = ""

    def render(self) -> str:
        return _join("choose", self.what, f"other than {self.other_than}" if self.other_than else None)


@dataclass(frozen=True, slots=True)
class RevealOrTapped(Node):
    """"you may reveal a Plains or Island card from your hand. If you don't, ~ enters the
    battlefield tapped"."""

    article: str
    card: Noun
    subject: SelfRef
    verb: str

    def render(self) -> str:
        return (f"you may reveal {self.article} {self.card.render()}. If you don't, "
                f"{self.subject.render()} {self.verb}")


@dataclass(frozen=True, slots=True)
class EnterAsCopy(Node):
    """"You may have ~ enter the battlefield as a copy of any creature on the battlefield[, except
    it's an Illusion in addition to its other types]" (CR 614.1c, 707.2, 707.9b); ``det`` is
    "any", "a" or "an"; ``subtype`` the exception's, with its ``article`` and ``other`` ("types",
    "creature types")."""

    subject: SelfRef
    verb: str
    det: str
    noun: Noun
    article: str = ""
    subtype: str = ""
    other: str = ""
    #: ", except it has "…"": an ability the copy has besides the copied ones (CR 707.9b)
    has: Quoted | None = None

    def render(self) -> str:
        out = f"you may have {self.subject.render()} {self.verb} as a copy of {self.det} {self.noun.render()}"
        if self.subtype:
            out += f", except it's {self.article} {self.subtype} in addition to its other {self.other}"
        if self.has is not None:
            out += f", except it has {self.has.render()}"
        return out


@dataclass(frozen=True, slots=True)
class IsAlso(Node):
    """"It's a black Zombie in addition to its other colors and types", "It's a Warlock in
    addition to its other types" (CR 205.1b, 105.3): the permanent an effect just put onto the
    battlefield has ``colors`` and ``subtypes`` besides its others; ``other`` is "types" or
    "colors and types"."""

    article: str
    colors: tuple[str, ...]
    subtypes: tuple[str, ...]
    other: str

    def render(self) -> str:
        return f"it's {self.article} {' '.join((*self.colors, *self.subtypes))} in addition to its other {self.other}"


@dataclass(frozen=True, slots=True)
class CreateCopy(Node):
    """"create a token that's a copy of target creature you control", "create two tokens that
    are copies of target noncreature permanent, except they're 3/3 Dragon creatures in addition
    to their other types, and they have flying" (CR 707.2, 707.9b); ``exceptions``: the parts
    of the "except" list as written, split at its commas."""

    who: Node | None
    verb: str
    num: Num
    noun: str
    what: Node
    exceptions: tuple[str, ...] = ()
    #: "tapped and attacking" (CR 508.4), before the noun
    state: str = ""

    def render(self) -> str:
        out = _join(self.who.render() if self.who else None, self.verb, self.num.render(), self.state or None,
                    self.noun, "of", self.what.render())
        return out + (", except " + ", ".join(self.exceptions) if self.exceptions else "")


@dataclass(frozen=True, slots=True)
class EntersWithAdditional(Node):
    """"Each other non-Human creature you control enters the battlefield with an additional +1/+1
    counter on it" (CR 614.1d, 122.6): a replacement effect on other permanents entering."""

    subject: Node
    verb: str
    num: Num
    counter: str
    counters: str

    def render(self) -> str:
        return (f"{self.subject.render()} {self.verb} with {self.num.render()} additional {self.counter} "
                f"{self.counters} on it")


@dataclass(frozen=True, slots=True)
class EntersWith(Node):
    """"~ enters the battlefield with two +1/+1 counters on it", "… with X +1/+1 counters on it"
    (CR 614.1c, 122.6); ``counters`` is "counter" or "counters"."""

    subject: SelfRef
    verb: str
    num: Num
    counter: str
    counters: str
    #: "for each time it was kicked" (CR 702.33e), or "".
    per: str = ""

    def render(self) -> str:
        per = f" for each {self.per}" if self.per else ""
        return f"{self.subject.render()} {self.verb} with {self.num.render()} {self.counter} {self.counters} on it{per}"


@dataclass(frozen=True, slots=True)
class Quoted(Node):
    """A quoted ability another object has: ``ability`` parsed as any ability; ``comma``: the
    list's comma written inside the quotes in place of the ability's period."""

    ability: Node
    comma: bool = False

    def render(self) -> str:
        text = self.ability.render()
        if self.comma:
            text = text[:-1] + ","
        return f'"{text}"'


@dataclass(frozen=True, slots=True)
class BareQuoted(Quoted):
    """A quoted ability of a list written without its period before the list's "and" ('"This
    creature can't block" and "Creatures you control attack each combat if able."')."""

    def render(self) -> str:
        return f'"{self.ability.render()[:-1]}"'


@dataclass(frozen=True, slots=True)
class KeywordsIf(Node):
    """"Equipped creature has lifelink if you control a Cleric, deathtouch if you control a
    Rogue, …": each keyword while its own condition holds (CR 604.1, 611.3b)."""

    what: Node
    verb: str
    items: tuple[tuple[str, ControlsCondition], ...]

    def render(self) -> str:
        parts = [f"{k} if {c.render()}" for k, c in self.items]
        listed = ", ".join(parts[:-1]) + (", and " if len(parts) > 2 else " and ") + parts[-1]
        return f"{self.what.render()} {self.verb} {listed}"


@dataclass(frozen=True, slots=True)
class PreventAllTo(Node):
    """"prevent all damage that would be dealt to equipped creature" (CR 615.1)."""

    what: Node

    def render(self) -> str:
        return f"prevent all damage that would be dealt to {self.what.render()}"


@dataclass(frozen=True, slots=True)
class DoubleDamage(Node):
    """"if a creature you control would deal damage to a permanent or player, it deals double that
    damage to that permanent or player instead" (CR 614.1a)."""

    source: Noun

    def render(self) -> str:
        return (f"if a {self.source.render()} would deal damage to a permanent or player, "
                "it deals double that damage to that permanent or player instead")


@dataclass(frozen=True, slots=True)
class IsTypeWith(Node):
    """"Enchanted permanent is a Treasure artifact with "{T}, Sacrifice this artifact: Add one
    mana of any color," and it loses all other abilities." (CR 205.1a, 613.1d, 613.1f): new
    card types and subtypes in place of its others, and only the quoted ability."""

    what: Node
    kinds: tuple[str, ...]  # "Treasure", "artifact"
    quoted: Quoted
    loses: str  # "and it loses all other abilities"

    def render(self) -> str:
        kinds = " ".join(self.kinds)
        return f"{self.what.render()} is {'an' if kinds[:1].lower() in 'aeiou' else 'a'} {kinds} with " \
               f"{self.quoted.render()} {self.loses}"


@dataclass(frozen=True, slots=True)
class Granted(Node):
    """"Commander creatures you own have "…"", "Equipped creature gets +1/+1 and has ward
    {2}": ``subject`` [``pt_verb`` ``pt`` and] ``verb`` ``items`` (keywords and quoted
    abilities) joined by ``joins`` (CR 604.1, 613.1f)."""

    subject: Node
    pt_verb: str
    pt: str
    verb: str
    items: tuple[Node, ...]
    joins: tuple[str, ...]
    end: str = "."
    #: "… have equip {0} as long as you control three or more artifacts" (CR 604.1, 611.3b).
    condition: ControlsCondition | None = None

    def render(self) -> str:
        out = self.subject.render()
        if self.pt:
            out += f" {self.pt_verb} {self.pt} and"
        out += f" {self.verb} {self.items[0].render()}"
        for j, item in zip(self.joins, self.items[1:], strict=True):
            out += j + item.render()
        if self.condition is not None:
            out += f" as long as {self.condition.render()}"
        return cap(out) + self.end


@dataclass(frozen=True, slots=True)
class SpellText(Node):
    """An instant's or sorcery's effect (CR 113.3a)."""

    body: Effects | Modal

    def render(self) -> str:
        return cap(self.body.render())


@dataclass(frozen=True, slots=True)
class AbilityWord(Node):
    """An ability word and its ability: "Pack tactics — Whenever …" (CR 207.2c: no rules
    meaning)."""

    word: str
    ability: Node

    def render(self) -> str:
        return f"{cap(self.word)} — {self.ability.render()}"


Ability = KeywordLine | TriggeredAbility | ActivatedAbility | StaticAbility | Granted | SpellText | AbilityWord


@dataclass(frozen=True, slots=True)
class ParsedCard(Node):
    """A card's abilities, one per Oracle paragraph (a modal spell's bullets belong to it)."""

    name: str
    abilities: tuple[Node, ...]

    def render(self) -> str:
        return "\n".join(a.render() for a in self.abilities)


@dataclass(frozen=True, slots=True)
class DoesTheSame(Node):
    """"Each opponent attacking that player does the same.": the sentence before, done again by
    ``who`` (the Curses, CR 508.3b)."""

    who: Node

    def render(self) -> str:
        return f"{self.who.render()} does the same"


@dataclass(frozen=True, slots=True)
class AttackTax(Node):
    """"Creatures can't attack you unless their controller pays {2} for each creature they control
    that's attacking you." (CR 508.1g-h)."""

    subject: Node
    mana: str

    def render(self) -> str:
        return (f"{self.subject.render()} can't attack you unless their controller pays {self.mana} for each "
                "creature they control that's attacking you")


def pretty(node: object, indent: int = 0) -> str:
    """The parsed form as an indented tree, one field a line (for snapshot files)."""
    pad = "  " * indent
    if isinstance(node, Node):
        fields = [(f, getattr(node, f)) for f in node.__dataclass_fields__]  # type: ignore[attr-defined]
        simple = not any(isinstance(v, Node) or (isinstance(v, tuple) and any(isinstance(x, Node) for x in v))
                         for _, v in fields)
        if simple:
            args = ", ".join(f"{f}={v!r}" for f, v in fields if v not in ("", None, ()))
            return f"{pad}{type(node).__name__}({args})"
        lines = [f"{pad}{type(node).__name__}"]
        for f, v in fields:
            if v in ("", None, ()):
                continue
            if isinstance(v, Node):
                lines.append(f"{pad}  {f}:")
                lines.append(pretty(v, indent + 2))
            elif isinstance(v, tuple) and any(isinstance(x, Node) for x in v):
                lines.append(f"{pad}  {f}:")
                lines += [pretty(x, indent + 2) for x in v]
            else:
                lines.append(f"{pad}  {f}={v!r}")
        return "\n".join(lines)
    return f"{pad}{node!r}"


@dataclass(frozen=True, slots=True)
class AtLeastCondition(Node):
    """A condition on a number of the turn or the board reaching ``n`` (CR 603.4, 608.2c):
    "creatures you control have total power 10 or greater", "an opponent was dealt 7 or more
    damage this turn", "you attacked with three or more creatures this turn". ``before`` and
    ``after`` are the words around the number."""

    before: str
    n: Num
    after: str

    def render(self) -> str:
        return f"{self.before} {self.n.render()} {self.after}"


@dataclass(frozen=True, slots=True)
class PlayExiledFree(Node):
    """"[you may] play the exiled card without paying its mana cost [if …]" (CR 607.2a, 118.9):
    the card a linked ability exiled (hideaway's, CR 702.75a)."""

    who: Node | None
    verb: str
    condition: AtLeastCondition | None = None

    def render(self) -> str:
        cond = f" if {self.condition.render()}" if self.condition is not None else ""
        return _join(self.who.render() if self.who else None, self.verb,
                     "the exiled card without paying its mana cost") + cond
