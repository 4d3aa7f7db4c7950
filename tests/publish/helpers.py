"""Reading the published pages back: html5lib's tree of a page and the cells of its tables."""

from __future__ import annotations

from xml.etree.ElementTree import Element

import html5lib

NS = "{http://www.w3.org/1999/xhtml}"


def parse(text: str) -> Element:
    """The page's tree; html5lib in strict mode raises on any parse error of HTML5."""
    return html5lib.HTMLParser(strict=True, namespaceHTMLElements=True).parse(text)


def text_of(node: Element) -> str:
    return "".join(node.itertext()).strip()


def table(page: Element, css_class: str) -> tuple[list[str], list[list[str]]]:
    """(headers, rows of cell texts) of the first table with `css_class`."""
    for node in page.iter(f"{NS}table"):
        if css_class in (node.get("class") or "").split():
            headers = [text_of(th) for th in node.iter(f"{NS}th")]
            body = node.find(f"{NS}tbody")
            assert body is not None
            rows = [[text_of(td) for td in tr.findall(f"{NS}td")] for tr in body.findall(f"{NS}tr")]
            return headers, rows
    raise AssertionError(f"no table.{css_class}")


def page_file(dutch: str, lang: str) -> str:
    """A page's file name on a site in `lang`, named by its Dutch name ("klassen.html" → "classes.html")."""
    from keizer.web.site.build import EXTRA_PAGES

    return next(p.file_in(lang) for p in EXTRA_PAGES if p.file == dutch)
