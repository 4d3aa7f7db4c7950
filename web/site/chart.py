"""A small line chart as inline SVG: a player's place or score round by round (no script, no fonts to load).

Our own module rather than a chart library: the one maintained candidate (pygal) gives every chart a random
id and a script reference, so the same season would not give the same bytes and the page would not stand on
its own. Twenty lines of geometry do the one chart the site needs."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

WIDTH, HEIGHT = 480, 190
"""The drawing's own units; the SVG scales to the width of the page (viewBox)."""
LEFT, RIGHT, TOP, BOTTOM = 52, 12, 14, 30
"""Margins for the axis labels."""


@dataclass(frozen=True, slots=True)
class Series:
    """One line: a value per round."""

    label: str
    """What the line shows ("plaats"), said in the chart's title for a screen reader."""
    points: tuple[tuple[int, float], ...]
    """(round, value), rounds ascending."""
    inverted: bool = False
    """Smaller is better and drawn higher (a place: 1 at the top)."""


def _ticks(low: float, high: float, inverted: bool) -> tuple[float, ...]:
    """Three to five round numbers on the axis, the best end included."""
    span = max(high - low, 1.0)
    step = _step(span)
    first = low if inverted else (low // step) * step
    ticks = [first]
    value = (first // step + 1) * step
    while value <= high:
        ticks.append(value)
        value += step
    return tuple(ticks)


def _step(span: float) -> float:
    """The smallest round step that cuts `span` into at most four: 1, 2, 5, 10, 20, 25, 50, 100, … without end
    (a season whose points pass 10⁹ found the end of a fixed list: StopIteration, and no site)."""
    for small in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500):
        if span / small <= 4:
            return small
    step = 1000.0
    for _ in range(320):  # past the largest float: a span that is not finite gets the span itself
        for factor in (1, 2, 5):
            if span / (step * factor) <= 4:
                return step * factor
        step *= 10
    return span


def line_chart(series: Series | Sequence[Series], title: str, number: Callable[[float], str]) -> Markup:
    """The series as SVG lines with dots and labelled axes, one scale for all; `number` writes a value in the
    page's language. One series is the site's accent colour; of several, line i has RACE_COLOURS[i] and
    RACE_DASHES[i] (a legend beside the chart names them) and each dot's title names its line. The same
    series always give the same text (fixed decimals, no ids)."""
    lines = (series,) if isinstance(series, Series) else tuple(series)
    rounds = [r for s in lines for r, _ in s.points]
    values = [v for s in lines for _, v in s.points]
    if not values:
        return Markup("")
    inverted = lines[0].inverted
    low, high = (min(values), max(values))
    if not inverted:
        low = min(low, 0.0)
    if high == low:
        high = low + 1
    first, last = min(rounds), max(rounds)
    plot_h = HEIGHT - TOP - BOTTOM
    x = _x_scale(first, last)

    def y(v: float) -> float:
        share = (v - low) / (high - low)
        return TOP + (share if inverted else 1 - share) * plot_h

    parts = _frame("chart", title, _ticks(low, high, inverted), first, last, y, number)
    for i, line in enumerate(lines):
        path = " ".join(f"{_f(x(r))},{_f(y(v))}" for r, v in line.points)
        stroke, fill, named = "", "", ""
        if len(lines) > 1:  # told apart by colour and by dash; each dot says whose it is
            colour, dash = RACE_COLOURS[i % len(RACE_COLOURS)], RACE_DASHES[i % len(RACE_DASHES)]
            stroke = f' style="stroke: {colour}' + (f"; stroke-dasharray: {dash}" if dash else "") + '"'
            fill, named = f' style="fill: {colour}"', f"{escape(line.label)}, "
        parts.append(f'<polyline class="line"{stroke} points="{path}"/>')
        parts.extend(f'<circle class="dot"{fill} cx="{_f(x(r))}" cy="{_f(y(v))}" r="3"><title>{named}{r}: '
                     f"{escape(number(v))}</title></circle>" for r, v in line.points)
    parts.append("</svg>")
    return Markup("".join(parts))


def _round_ticks(first: int, last: int) -> Sequence[int]:
    step = max(1, -(-(last - first) // 10))
    ticks = list(range(first, last + 1, step))
    if ticks[-1] != last:  # the last round is always labelled: it is the one the page is about
        ticks[-1 if last - ticks[-1] < step / 2 and len(ticks) > 1 else len(ticks):] = [last]
    return tuple(ticks)


def _x_scale(first: int, last: int) -> Callable[[int], float]:
    """Where round r stands across the plot: the rounds first..last spread over its width, one round centred."""
    plot_w = WIDTH - LEFT - RIGHT
    return lambda r: LEFT + (plot_w * (r - first) / (last - first) if last > first else plot_w / 2)


def _frame(klass: str, title: str, ticks: Iterable[float], first: int, last: int, y: Callable[[float], float],
           number: Callable[[float], str]) -> list[str]:
    """An SVG chart's opening, its title, a grid line with its label at each value tick (at `y`) and the rounds
    first..last labelled along the bottom: what every chart of the site has; the caller adds its lines and
    the closing tag."""
    x = _x_scale(first, last)
    parts = [f'<svg class="{klass}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(title)}" '
             f'xmlns="http://www.w3.org/2000/svg">', f"<title>{escape(title)}</title>"]
    for tick in ticks:
        ty = _f(y(tick))
        parts.append(f'<line class="grid" x1="{LEFT}" y1="{ty}" x2="{WIDTH - RIGHT}" y2="{ty}"/>')
        parts.append(f'<text class="axis" x="{LEFT - 6}" y="{ty}" text-anchor="end" dominant-baseline="middle">'
                     f"{escape(number(tick))}</text>")
    for r in _round_ticks(first, last):
        parts.append(f'<text class="axis" x="{_f(x(r))}" y="{HEIGHT - 6}" text-anchor="middle">{r}</text>')
    return parts


def _f(value: float) -> str:
    """A coordinate with one decimal: the same input, the same bytes."""
    return f"{value:.1f}"


RACE_COLOURS = ("#1f5fa8", "#c0392b", "#2e8b57", "#b8860b", "#7b3f9e", "#444444")
"""The lines of the title race, one per player (the legend beside the chart repeats them): distinct in
hue and in lightness, for a reader who tells few colours apart."""
RACE_DASHES = ("", "6 3", "2 3", "8 3 2 3", "4 4", "1 2")
"""Each line's dash pattern: the lines are told apart without colour too."""


def race_chart(lines: Sequence[Series], title: str, number: Callable[[float], str]) -> Markup:
    """Several players' chances (0..1) round by round as lines on one SVG chart, the axis 0–100%; line i in
    RACE_COLOURS[i] with RACE_DASHES[i]. The same lines always give the same text."""
    rounds = sorted({r for s in lines for r, _ in s.points})
    if not rounds:
        return Markup("")
    first, last = rounds[0], rounds[-1]
    plot_h = HEIGHT - TOP - BOTTOM
    x = _x_scale(first, last)

    def y(v: float) -> float:
        return TOP + (1 - v) * plot_h

    parts = _frame("chart race", title, (0.0, 0.25, 0.5, 0.75, 1.0), first, last, y, number)
    for i, series in enumerate(lines):
        colour, dash = RACE_COLOURS[i % len(RACE_COLOURS)], RACE_DASHES[i % len(RACE_DASHES)]
        # inline styles: the site's stylesheet colours its one-line charts, and a style attribute outranks it
        stroke = f"stroke: {colour}" + (f"; stroke-dasharray: {dash}" if dash else "")
        path = " ".join(f"{_f(x(r))},{_f(y(v))}" for r, v in series.points)
        parts.append(f'<polyline class="line" style="{stroke}" points="{path}"/>')
        parts.extend(f'<circle class="dot" style="fill: {colour}" cx="{_f(x(r))}" cy="{_f(y(v))}" r="3"><title>'
                     f"{escape(series.label)}, {r}: {escape(number(v))}</title></circle>" for r, v in series.points)
    parts.append("</svg>")
    return Markup("".join(parts))
