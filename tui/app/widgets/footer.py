"""Textual's footer, composed again only when the keys it would show change."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer


class KeizerFooter(Footer):
    """Textual's Footer composes itself anew (a widget mounted and styled per key) at every refresh of the
    screen's bindings: each focus change, each return to the screen — five times as the Pairing screen opens
    and solves — while the keys it shows stay the same. This one skips a recompose that would show the same."""

    def __init__(self, *, compact: bool = False, show_command_palette: bool = True) -> None:
        super().__init__(compact=compact, show_command_palette=show_command_palette)
        self._shown: tuple[object, ...] | None = None
        """`_keys` when last composed with the screen's bindings (None: not yet)."""

    def _keys(self) -> tuple[object, ...]:
        """All that Footer.compose reads: the screen's bindings as they stand, the footer's own settings."""
        app = self.app
        bindings = tuple((binding.key, binding.action, binding.description, binding.show, binding.group,
                          binding.tooltip, app.get_key_display(binding), enabled, tooltip)
                         for _, binding, enabled, tooltip in self.screen.active_bindings.values())
        return (bindings, self.show_command_palette, self.combine_groups, app.ENABLE_COMMAND_PALETTE,
                app.COMMAND_PALETTE_BINDING)

    def compose(self) -> ComposeResult:
        self._shown = self._keys() if self._bindings_ready else None  # not ready: composed empty
        yield from super().compose()

    async def recompose(self) -> None:
        if self._shown is not None and self.is_attached and self._keys() == self._shown:
            return  # the keys it shows: nothing to mount and style again
        await super().recompose()
