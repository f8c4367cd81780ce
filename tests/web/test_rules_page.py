"""The rules page is the catalogs' words (`rules.*`): one template with no language in it, every paragraph a
catalog's with its **strong** and *em* marks, so a new language is its catalog file only."""

from __future__ import annotations

import re
from html import unescape

from timessquare.catalog import catalog
from timessquare.web.pages.templating import PAGES, TEMPLATES, emphasis, page_context


def rules_page(lang: str) -> str:
    return TEMPLATES.get_template("rules.html").render(page_context("rules", lang, script="rules"))


def test_every_rules_word_is_on_the_page_and_the_page_names_no_other() -> None:
    html = rules_page("en")
    used = set(re.findall(r'data-i18n(?:-rich)?="(rules\.[\w.]+)"', html))
    used |= set(re.findall(r"aria-label:(rules\.[\w.]+)", html))
    used.add("rules.title")  # the page's title
    assert used == {key for key in catalog("en") if key.startswith("rules.")}


def test_the_french_page_is_all_french_with_its_marks() -> None:
    english, french = catalog("en"), catalog("fr")
    html = rules_page("fr")
    assert "<strong>entrée</strong>" in html and "<em>votre</em>" in html
    text = unescape(re.sub(r"<[^>]+>", "", html))
    for key in (k for k in english if k.startswith("rules.") and english[k] != french[k]):
        assert english[key].replace("*", "")[:40] not in text, key
        assert french[key].replace("*", "")[:40] in (html if key == "rules.legend.label" else text), key
    assert not re.search(r"lang[ =!]", (PAGES / "rules.html").read_text("utf-8"))  # no language branch in it


def test_the_marks_become_elements_and_nothing_else_does() -> None:
    assert emphasis("**Sue** or *your* club") == "<strong>Sue</strong> or <em>your</em> club"
    assert emphasis("&lt;b&gt; 3 * 4") == "&lt;b&gt; 3 * 4"  # escaped text stays text; a lone star stays
