"""Cards with or about cascade (CR 702.85) from the Commander precons that the compiler doesn't
read (Exit from Exile: Volcanic Torrent, Aurora Phoenix, Wild-Magic Sorcerer; Planar Portal:
Wild-Magic Sorcerer); Bloodbraid Elf, Bituminous Blast and Natural Reclamation compile from
their Oracle text. The keyword comes from the Oracle data and is a rule
(:mod:`undercity.engine.cascade`): a definition says only what else the card does."""

from __future__ import annotations

from undercity.cards.language.cascade import CAST_WITH_CASCADE, FIRST_EXILE_SPELL_CASCADES
from undercity.cards.language.event_triggers import ZoneTrigger
from undercity.cards.language.spells_cast import SPELLS_CAST_THIS_TURN
from undercity.cards.language.zone_moves import ReturnSourceCard
from undercity.cards.model import (
    ALL,
    DealDamage,
    F,
    SpellAbility,
    Static,
    Triggered,
)
from undercity.cards.registry import define

# The spells cast this turn include Volcanic Torrent itself and whatever it cascaded into.
define("Volcanic Torrent", spell=SpellAbility(
    "Volcanic Torrent deals X damage to each creature and planeswalker your opponents control, where X is the number "
    "of spells you've cast this turn.",
    effects=(DealDamage(SPELLS_CAST_THIS_TURN, ALL(F("Creature", "Planeswalker", controller="opponent"))),)))

# The last ability functions only while the Phoenix is in its owner's graveyard (CR 113.6m).
define("Aurora Phoenix", triggered=(
    Triggered("Whenever you cast a spell with cascade, return Aurora Phoenix from your graveyard to your hand.",
              when=ZoneTrigger(CAST_WITH_CASCADE, zone="graveyard"), effects=(ReturnSourceCard(),)),
))

# A spell cast by cascade is cast from exile: if it is the first this turn, it cascades too.
define("Wild-Magic Sorcerer", static=(
    Static("The first spell you cast from exile each turn has cascade.", kind=FIRST_EXILE_SPELL_CASCADES),
))
