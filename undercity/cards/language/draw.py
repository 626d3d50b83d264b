"""Triggers on drawing (CR 121, 603.2): ``YOU_DRAW`` is the trigger event
(``model.Trigger.event``) of "Whenever you draw a card" — once per card drawn (CR 121.2), by
the ability's controller. Watched by :mod:`undercity.engine.draw_triggers`."""

YOU_DRAW = "you_draw"
