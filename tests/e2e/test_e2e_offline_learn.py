"""The tutorial without a network after one visit (issue 33): the page promises that it works offline, so its
first visit's service worker keeps the lessons' first step in every language, and `/learn` offline shows its
board with its figures, the learner's hand and what to do first."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from conftest import Watched
from e2e_play import screenshot, wait_ready
from e2e_server import Server

STARTED = "() => navigator.serviceWorker.ready.then((r) => Boolean(r.active))"


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
def test_the_tutorial_teaches_its_first_step_offline_after_one_visit(
    locale: str, server: Server, open_page: Callable[..., Watched]
) -> None:
    watched = open_page(locale=locale, width=375, height=667, mobile=True)
    page = watched.page
    page.goto(server.url + "/learn")  # the first visit: the page is not the worker's yet
    wait_ready(page)
    online_words = page.inner_text("#said-do")
    online_figures = page.get_attribute("#board", "data-figures")
    assert online_words and online_figures
    assert page.evaluate(STARTED)  # the worker kept the shell and the lessons

    watched.context.set_offline(True)
    watched.allowed.append(re.compile("ERR_INTERNET_DISCONNECTED"))  # the header's account asks the server
    page.reload()
    wait_ready(page)
    assert page.locator("#refusal").is_hidden(), page.inner_text("#refusal")
    assert page.get_attribute("#board", "data-figures") == online_figures  # the figures where the deal puts them
    assert page.inner_text("#said-do") == online_words
    assert re.fullmatch(r"(Step 1 of|Étape 1 sur) \d+", page.inner_text("#step-count"))
    assert page.locator("#hand .card").count() >= 5
    screenshot(page, f"learn-offline-{locale}", full_page=False)
    watched.context.set_offline(False)
