"""Cards that roll dice (CR 706): results tables (706.3), "X, where X is the result"
(706.2) and abilities that trigger on rolls. The language is
:mod:`undercity.cards.language.dice`; the rules are :mod:`undercity.engine.dice`."""

from __future__ import annotations

from undercity.cards.language.counters import CreateTokenThenCounters, DoubleCounters
from undercity.cards.language.damage import DAMAGE_DEALT, EQUIPPED_DEALS_COMBAT_DAMAGE
from undercity.cards.language.dice import (
    DIE_RESULT,
    ROLL_HIGHEST_NATURAL,
    IfResult,
    RollAsEnters,
    RollDie,
    row,
)
from undercity.cards.language.equip import equip
from undercity.cards.language.exiled_with import ExileTopRemember, PutExiledWith, PutOneOfThose, among_those
from undercity.cards.language.sacrifice import SacrificeIt
from undercity.cards.language.ward import ward
from undercity.cards.model import (
    ANY_PERMANENT,
    CREATURE,
    EACH_OPPONENT,
    EACH_PLAYER,
    TRIGGER_OBJECT,
    Draw,
    F,
    PutCounters,
    SacrificeEach,
    Scry,
    Trigger,
    Triggered,
)
from undercity.cards.registry import define

# Commander precons: Draconic Rage (Earth-Cult Elemental, Neverwinter Hydra), Aura of Courage (Netherese
# Puzzle-Ward).

# Each table row is part of the one triggered ability (CR 706.3b): nobody can respond to the
# result. The players sacrifice in turn order, each seeing earlier choices (ruling 2021-07-23).
define("Earth-Cult Elemental", triggered=(
    Triggered("Siege Monster \u2014 When Earth-Cult Elemental enters the battlefield, roll a d20.\n"
              "1\u20149 | Each player sacrifices a permanent.\n"
              "10\u201419 | Each opponent sacrifices a permanent.\n"
              "20 | Each opponent sacrifices two permanents.",
              when=Trigger("enters"),
              effects=(RollDie(20, table=(
                  row("1\u20149", SacrificeEach((ANY_PERMANENT,), who=EACH_PLAYER)),
                  row("10\u201419", SacrificeEach((ANY_PERMANENT,), who=EACH_OPPONENT)),
                  row("20", SacrificeEach((ANY_PERMANENT, ANY_PERMANENT), who=EACH_OPPONENT)),
              )),)),
))

define("Netherese Puzzle-Ward", triggered=(
    Triggered("Focus Beam \u2014 At the beginning of your upkeep, roll a d4. Scry X, where X is the result.",
              when=Trigger("beginning_of", step="upkeep"), effects=(RollDie(4), Scry(DIE_RESULT))),
    # Once per die showing its highest face (ruling 2021-07-23), after the roll's ability resolves.
    Triggered("Perfect Illumination \u2014 Whenever you roll a die's highest natural result, draw a card.",
              when=Trigger(ROLL_HIGHEST_NATURAL), effects=(Draw(1),)),
))

# Commander precon: Draconic Rage. The dice are rolled as it enters, by its controller, with X
# the value paid for the spell (CR 614.1c, 107.3m).
define("Neverwinter Hydra", static=(
    RollAsEnters("As Neverwinter Hydra enters the battlefield, roll X d6. It enters with a number of +1/+1 "
                 "counters on it equal to the total of those results.", sides=6, n="x", counter="+1/+1"),
), triggered=(
    ward("{4}", "Whenever this creature becomes the target of a spell or ability an opponent controls, counter it "
                "unless that player pays {4}."),
))


# Commander precons: Aura of Courage, Draconic Rage. "The damage dealt" is all the combat damage
# the creature dealt in the step; if it died of damage dealt at the same time, the d12 is still
# rolled but there is nothing left to double (ruling 2021-07-23).
define("Sword of Hours", triggered=(
    Triggered("Whenever equipped creature attacks, put a +1/+1 counter on it.",
              when=Trigger("equipped_attacks"), effects=(PutCounters("+1/+1", 1, TRIGGER_OBJECT),)),
    Triggered("Whenever equipped creature deals combat damage, roll a d12. If the result is greater than the damage "
              "dealt or the result is 12, double the number of +1/+1 counters on that creature.",
              when=Trigger(EQUIPPED_DEALS_COMBAT_DAMAGE),
              effects=(RollDie(12), IfResult((DoubleCounters("+1/+1", TRIGGER_OBJECT),), greater_than=DAMAGE_DEALT,
                                             equal_to=(12,)))),
), activated=(equip("{2}"),))


# Commander precon: Exit from Exile. "Those cards" are the four just exiled; "exiled with Journey
# to the Lost City" are all the cards its ability has exiled (CR 607.2a).
define("Journey to the Lost City", triggered=(
    Triggered("At the beginning of your upkeep, exile the top four cards of your library, then roll a d20.\n"
              "1\u20149 | You may put a land card from among those cards onto the battlefield.\n"
              "10\u201419 | Create a 2/2 green Wolf creature token, then put a +1/+1 counter on it for each creature "
              "card among those cards.\n"
              "20 | Put all permanent cards exiled with Journey to the Lost City onto the battlefield, then "
              "sacrifice it.",
              when=Trigger("beginning_of", step="upkeep"),
              effects=(ExileTopRemember(4), RollDie(20, table=(
                  row("1\u20149", PutOneOfThose(F("Land"))),
                  row("10\u201419", CreateTokenThenCounters("Wolf", "+1/+1", among_those(CREATURE))),
                  row("20", PutExiledWith(), SacrificeIt()),
              )))),
))
