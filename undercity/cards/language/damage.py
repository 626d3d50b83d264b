"""Triggers on dealing damage (CR 603.2, 120.1), watched by
:mod:`undercity.engine.deals_damage` (trigger events, ``model.Trigger.event``):

* ``DEALS_DAMAGE`` — "When this creature deals damage" (once per combat damage step).
* ``EQUIPPED_DEALS_COMBAT_DAMAGE`` — "Whenever equipped creature deals combat damage": once
  per combat damage step in which it deals any; the trigger's ``DAMAGE_DEALT`` is all the
  combat damage it dealt in that step (Sword of Hours), and its object the creature.
"""

from undercity.cards.model import Count

DEALS_DAMAGE = "deals_damage"
EQUIPPED_DEALS_COMBAT_DAMAGE = "equipped_deals_combat_damage"
#: "the damage dealt", as the trigger recorded it.
DAMAGE_DEALT = Count("trigger_amount")
