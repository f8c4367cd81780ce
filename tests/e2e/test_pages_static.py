"""What can be checked on the page files themselves, without a browser: the Content-Security-Policy needs no
inline script, style or handler; every file a page asks for exists; both languages have the same words with
the same placeholders, and every word the scripts ask for by name is there."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "src" / "timessquare" / "web"
PAGES = sorted((WEB / "pages").glob("*.html"))  # each written by the server from its template (parts/: their frame)
SCRIPTS = sorted((WEB / "static" / "js").glob("*.js"))
CATALOGS = WEB.parent / "i18n"
WORDS = {lang: json.loads((CATALOGS / f"{lang}.json").read_text("utf-8")) for lang in ("en", "fr")}

PREFIXES = "|".join(sorted({key.split(".")[0] for key in WORDS["en"]}))


def rendered(page: Path) -> str:
    templating = pytest.importorskip("timessquare.web.pages.templating", reason="the web extra is not installed")
    script = templating.SCRIPTED.get(page.name)
    return str(templating.TEMPLATES.get_template(page.name).render(templating.page_context(page.stem, script=script)))


class PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self.references: list[str] = []
        self.keys: list[str] = []
        self.in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        for name, _ in attrs:
            if name.startswith("on"):
                self.problems.append(f"inline handler {name} on <{tag}>")
        if "style" in named:
            self.problems.append(f"inline style on <{tag}>")
        if tag == "style":
            self.problems.append("a <style> element")
        if tag == "script":
            if not named.get("src"):
                self.problems.append("an inline <script>")
            elif named.get("type") != "module":
                self.problems.append(f"script {named['src']} is not a module")
        for name in ("src", "href"):
            value = named.get(name)
            if value and value.startswith("/static/"):
                self.references.append(value)
        for name in ("data-i18n", "data-i18n-rich"):
            if named.get(name):
                self.keys.append(str(named[name]))
        for pair in (named.get("data-i18n-attr") or "").split(";"):
            if ":" in pair:
                self.keys.append(pair.split(":")[1].strip())


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_pages_need_no_inline_code_and_find_their_files(page: Path) -> None:
    parser = PageParser()
    parser.feed(rendered(page))
    assert parser.problems == []
    assert parser.references, "a page without its script and style"
    for reference in parser.references:
        assert (WEB / reference.lstrip("/")).is_file(), reference
    missing = [key for key in parser.keys if key not in WORDS["en"]]
    assert missing == []


def test_both_languages_have_the_same_words() -> None:
    assert sorted(WORDS["en"]) == sorted(WORDS["fr"])
    for key, english in WORDS["en"].items():
        placeholders = set(re.findall(r"\{(\w+)\}", english))
        assert set(re.findall(r"\{(\w+)\}", WORDS["fr"][key])) == placeholders, key
        assert WORDS["fr"][key].strip(), key


def test_every_word_the_scripts_name_exists() -> None:
    named = set()
    for script in SCRIPTS:
        text = script.read_text("utf-8")
        named |= {(k, "t") for k in re.findall(r"\bt\(\s*\"([\w.]+)\"", text)}
        named |= {(k, "tn") for k in re.findall(r"\btn\(\s*\"([\w.]+)\"", text)}
        # keys chosen in an expression (t(cond ? "a.b" : "a.c")): every string shaped like a key
        named |= {(k, "t?") for k in re.findall(rf"\"((?:{PREFIXES})\.[\w.]+)\"", text)}
    missing = []
    for key, kind in sorted(named):
        plural = kind == "tn" or f"{key}_one" in WORDS["en"]
        wanted = [f"{key}_one", f"{key}_other"] if plural else [key]
        missing += [w for w in wanted if w not in WORDS["en"]]
    assert missing == []


def test_scripts_never_write_html() -> None:
    """Everything shown is built with textContent and createElement: nothing from the server becomes markup."""
    for script in SCRIPTS:
        text = script.read_text("utf-8")
        assert not re.search(r"\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write", text), script.name
        assert "eval(" not in text and "new Function" not in text, script.name
