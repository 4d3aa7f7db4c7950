"""Every column's header is aligned as its cells are (a number right, a result centred), on every page."""

from __future__ import annotations

import pytest

from tests.publish.helpers import NS, parse
from tests.publish.test_site_links import SEASONS
from keizer.evening.evening import Evening
from keizer.web.site.build import build_site

ALIGNED = ("num", "result")
"""The classes of site.css that align a cell (right, centred); a cell without either is left."""


def _alignment(cell) -> str:  # type: ignore[no-untyped-def]
    return next((c for c in (cell.get("class") or "").split() if c in ALIGNED), "left")


@pytest.mark.parametrize("key", sorted(SEASONS))
def test_every_header_is_aligned_as_its_column(key: str) -> None:
    make, k, lang = SEASONS[key]
    files = build_site(Evening.of(make()), k, lang)
    wrong = []
    for page in (p for p in files if p.endswith(".html")):
        for table in parse(files[page]).iter(f"{NS}table"):
            headers = [_alignment(th) for th in table.iter(f"{NS}th")]
            body = table.find(f"{NS}tbody")
            assert body is not None
            columns = zip(*([_alignment(td) for td in tr.findall(f"{NS}td")] for tr in body.findall(f"{NS}tr")
                            if len(tr.findall(f"{NS}td")) == len(headers)))
            for i, cells in enumerate(columns):
                if len(set(cells)) == 1 and cells[0] != headers[i]:
                    wrong.append((page, table.get("class"), i, headers[i], cells[0]))
    assert sorted(set(wrong)) == []


@pytest.mark.parametrize("key", sorted(SEASONS))
def test_the_players_names_have_one_header_in_every_table(key: str) -> None:
    # the cross table said "Spelers" over the names that every other table calls "Naam"
    make, k, lang = SEASONS[key]
    files = build_site(Evening.of(make()), k, lang)
    said = set()
    for page in (p for p in files if p.endswith(".html")):
        for table in parse(files[page]).iter(f"{NS}table"):
            if not {"standings", "cross", "prizes"} & set((table.get("class") or "").split()):
                continue
            headers = ["".join(th.itertext()) for th in table.iter(f"{NS}th")]
            body = table.find(f"{NS}tbody")
            assert body is not None
            for tr in body.findall(f"{NS}tr"):
                cells = tr.findall(f"{NS}td")
                said |= {(table.get("class"), headers[i]) for i, td in enumerate(cells) if td.get("class") == "name"}
    assert {word for _, word in said} == {"Naam" if lang == "nl" else "Name"}, sorted(said)
