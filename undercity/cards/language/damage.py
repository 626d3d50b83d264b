"""Triggers on dealing damage (CR 603.2, 120.1). ``DEALS_DAMAGE`` is the trigger event
(``model.Trigger.event``) of "When this creature deals damage": watched by
:mod:`undercity.engine.deals_damage`."""

DEALS_DAMAGE = "deals_damage"
