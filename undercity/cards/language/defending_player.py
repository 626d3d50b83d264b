"""Being the defending player (CR 506.2, 508.3a): "Whenever a creature an opponent controls
attacks, if you're the defending player, …" — you're the defending player for a creature
attacking you or a planeswalker you control (ruling 2010-03-01, Kazuul, Tyrant of the Cliffs),
checked for each attacking creature. The intervening "if" (CR 603.4) is the trigger's
``whose=DEFENDING_YOU`` as it triggers and :class:`WhileDefending` as it resolves. Handled by
:mod:`undercity.engine.defending_player` (the trigger by ``triggers``)."""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect

#: ``Trigger.whose`` of an "attacks" trigger: the attacking creature attacks the ability's
#: controller or a planeswalker they control.
DEFENDING_YOU = "defending_you"


@dataclass(frozen=True, slots=True)
class WhileDefending(Effect):
    """``effects``, if the trigger's attacking creature is still attacking the controller or a
    planeswalker they control as the ability resolves (CR 603.4); otherwise nothing."""

    effects: tuple[Effect, ...]
