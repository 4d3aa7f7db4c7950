"""Season: its name, ruleset (a preset and overrides, validated before saving), rounds planned and dates."""

from __future__ import annotations

import json
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual import events
from textual.containers import Grid, VerticalScroll
from textual.widgets import Input, Label, Select, Static, TextArea

from keizer.seasons.errors import ChangedMeanwhile, KeizerError
from keizer.seasons.ruleset.presets import PRESET_NAMES
from keizer.tui.app.edits import edits
from keizer.tui.app.messages import Outdated, SeasonWritten
from keizer.tui.app.screens.base import KeizerScreen
from keizer.evening.settings import rounds_planned_from, spec_from_parts, spec_parts
from keizer.evening.words.visible import visible


FIELDS = (("name", "Name"), ("rounds", "Rounds planned"), ("preset", "Ruleset preset"), ("start", "Start date"),
          ("weekday", "Club evening"), ("overrides", "Overrides (JSON, merged over the preset key by key; docs/format.md):"))
"""(field id, its label), in the order of the form."""
FOCUS_MARK = "▸ "
"""Before the label of the field being typed in: seen without colour, unlike the field's border."""


class SeasonScreen(KeizerScreen):
    """The season's settings as a form; ^s saves (one undo step), esc puts back what is saved."""

    MODE = "season"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save", key_display="^s"),
        Binding("escape", "revert", "Revert"),
    ]

    def compose_body(self) -> ComposeResult:
        # the fields scroll at 80x24; the container takes no focus itself, so the first field has it at once
        with VerticalScroll(id="season-form", can_focus=False):
            yield Static("Season settings", classes="title")
            # what the ruleset does, above the fields: at 80x24 the form scrolls and a focused field scrolls
            # into sight by itself, but a line nobody can focus would stay out of sight below it
            yield Static("", id="summary", classes="subtitle", markup=False)
            labels = {key: Label(text, id=f"label-{key}") for key, text in FIELDS}
            with Grid(classes="form"):
                yield labels["name"]
                yield Input(id="name")
                yield labels["rounds"]
                yield Input(id="rounds", type="integer", placeholder="not planned")
                yield labels["preset"]
                yield Select([(name, name) for name in PRESET_NAMES], id="preset", allow_blank=False)
                yield labels["start"]
                yield Input(id="start", placeholder="none (e.g. 2026-09-03)")
                yield labels["weekday"]
                yield Input(id="weekday", placeholder="the start date's weekday")
            yield labels["overrides"]
            yield TextArea(id="overrides", language=None, soft_wrap=True, show_line_numbers=False)
            yield Static("", id="error", classes="error", markup=False)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Mark the label of the field that has the focus (and only that one)."""
        focused = event.widget
        for key, text in FIELDS:
            label = self.query_one(f"#label-{key}", Label)
            here = focused.id == key or any(a.id == key for a in focused.ancestors)
            label.update(FOCUS_MARK + text if here else text)
            label.set_class(here, "-focused")

    def refresh_view(self) -> None:
        season = self.evening.season
        preset, overrides = spec_parts(season.ruleset_spec)
        self.query_one("#name", Input).value = season.name
        rounds = self.query_one("#rounds", Input)
        rounds.value = "" if season.rounds_planned is None else str(season.rounds_planned)
        default = self.evening.ruleset.rounds_planned  # empty: the ruleset's length (D art. 3), if it has one
        rounds.placeholder = "not planned" if default is None else f"the ruleset's: {default}"
        self.query_one("#preset", Select).value = preset
        self.query_one("#start", Input).value = season.start_date or ""
        self.query_one("#weekday", Input).value = season.weekday or ""
        self.query_one("#overrides", TextArea).text = json.dumps(overrides, indent=1) if overrides else "{}"
        self.query_one("#error", Static).update("")
        # a line each (the ruleset, then its classes, cups and championship group), each shown as data
        self.query_one("#summary", Static).update("\n".join(map(visible, self.evening.settings.summary_lines())))

    def action_revert(self) -> None:
        self.refresh_view()
        self.say("settings as saved")

    @edits
    def action_save(self) -> None:
        error = self.query_one("#error", Static)
        try:
            rounds = rounds_planned_from(self.query_one("#rounds", Input).value)
            spec = spec_from_parts(str(self.query_one("#preset", Select).value),
                                   self.query_one("#overrides", TextArea).text)
        except KeizerError as exc:
            error.update(f"✗ {visible(str(exc))} (nothing saved)")
            self.say(f"{exc} (nothing saved)", "error")
            return
        name = self.query_one("#name", Input).value
        start = self.query_one("#start", Input).value.strip() or None
        weekday = self.query_one("#weekday", Input).value.strip().lower() or None
        try:
            label = self.evening.settings.change(name=name, ruleset_spec=spec, rounds_planned=rounds,
                                                 dates=(start, weekday))
        except ChangedMeanwhile:
            self.post_message(Outdated())
            return
        except KeizerError as exc:
            error.update(f"✗ {visible(str(exc))} (nothing saved)")
            self.say(f"{exc} (nothing saved)", "error")
            return
        error.update("")
        self.post_message(SeasonWritten(label))
