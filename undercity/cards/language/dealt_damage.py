"""Triggers on a permanent being dealt damage (CR 120.3, 603.2): "Whenever ~ is dealt damage"
(Stuffy Doll, Polyraptor) triggers once per damage event — once per combat damage step for
combat damage, however many sources dealt it (CR 510.2) — and "that much" is the damage it was
dealt then (``quantities.TRIGGER_AMOUNT``). Watched by :mod:`undercity.engine.dealt_damage`."""

from __future__ import annotations

#: ``model.Trigger.event``: this permanent is dealt damage.
IS_DEALT_DAMAGE = "is_dealt_damage"
