"""The documentation in docs/ tells the truth about the code.

- docs/notation.md holds exactly the action table that scripts/gen_notation_table.py generates now;
- every rule number cited in src/, tests/, scripts/ and docs/ is a heading or clause of docs/rules.md;
- the code examples of docs/engine.md run;
- the JSON examples of docs/formats.md are what the engine really writes for the documented seeded game;
- the example turn of docs/rules.md plays out as written.
"""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from script_modules import load_script
from timessquare import ACTIONS, DEFAULT_RULES, FormatError, IllegalActionError, State
from timessquare.arena.selfplay import play_games
from timessquare.cards import CARD_INDEX, CHARLIE, A, B
from timessquare.game import Game
from timessquare.position import from_document, to_document
from timessquare.record import replay, to_record
from timessquare.variants import VARIANT_NAMES
from timessquare.view import PlayerView

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RULE_CITATION = re.compile(r"(?<![A-Za-z0-9])R\d+(?:\.\d+)?")

# The seeded game every complete example of docs/formats.md comes from.
EXAMPLE_SEED = 1
EXAMPLE_MOVES = ["SS group-1", "S sue-1", "end", "DM sue=8", "end"]


def read(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def load_generator() -> ModuleType:
    return load_script("gen_notation_table")


def code_blocks(text: str, language: str) -> list[tuple[int, str, str]]:
    """(line number, the text just before the block, the block's code) of each fenced block in `language`."""
    blocks = []
    pattern = re.compile(rf"^( *)```{language}\n(.*?)^\1```$", re.M | re.S)
    for match in pattern.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        before = text[: match.start()].rstrip().rsplit("\n", 1)[-1]
        blocks.append((line, before, textwrap.dedent(match.group(2))))
    return blocks


# ----------------------------------------------------------------------------- notation.md


def test_notation_md_action_table_is_what_the_generator_writes_now() -> None:
    gen = load_generator()
    text = read("notation.md")
    assert gen.with_table(text, gen.action_table()) == text, "run scripts/gen_notation_table.py"


def test_notation_md_lists_all_95_actions_by_id() -> None:
    rows = re.findall(r"^\| (\d+) \| `([^`]+)` \|", read("notation.md"), re.M)
    assert [(int(i), text) for i, text in rows] == [(a.id, a.notation) for a in ACTIONS]
    assert len(rows) == 95


def test_generator_check_mode_fails_on_a_stale_table_and_rewriting_fixes_it(tmp_path: Path) -> None:
    gen = load_generator()
    stale = tmp_path / "notation.md"
    stale.write_text(read("notation.md").replace("| 94 | `end` |", "| 94 | `finish` |"), encoding="utf-8")
    assert gen.main(["--check", "--file", str(stale)]) == 1
    assert gen.main(["--file", str(stale)]) == 0
    assert gen.main(["--check", "--file", str(stale)]) == 0
    assert stale.read_text(encoding="utf-8") == read("notation.md")


def test_generator_refuses_a_file_without_markers() -> None:
    gen = load_generator()
    with pytest.raises(ValueError, match="markers"):
        gen.with_table("no table here", gen.action_table())


# ----------------------------------------------------------------------------- rules.md


def rule_numbers_defined() -> list[str]:
    """The headings (`## R4 ...`) and clauses (`- **R4.1** ...`) of docs/rules.md, in order."""
    found = re.findall(r"^(?:## (R\d+) |- \*\*(R\d+\.\d+)[ *])", read("rules.md"), re.M)
    return [heading or clause for heading, clause in found]


def test_rules_md_is_numbered_r1_to_r11_with_consecutive_clauses() -> None:
    numbers = rule_numbers_defined()
    headings = [n for n in numbers if "." not in n]
    assert headings == [f"R{i}" for i in range(1, 12)]  # R11: the online rules
    section, expected_clause = "", 1
    for number in numbers:
        if "." not in number:
            section, expected_clause = number, 1
            continue
        assert number == f"{section}.{expected_clause}", f"{number} out of order under {section}"
        expected_clause += 1


def cited_rule_numbers() -> dict[str, set[str]]:
    """Every rule number cited in the code, the tests, the scripts and the docs, with the files citing it."""
    cited: dict[str, set[str]] = {}
    files = [*ROOT.glob("src/**/*.py"), *ROOT.glob("tests/**/*.py"), *ROOT.glob("scripts/*"), *DOCS.glob("*.md")]
    for path in files:
        if not path.is_file():
            continue
        for number in RULE_CITATION.findall(path.read_text(encoding="utf-8", errors="replace")):
            cited.setdefault(number, set()).add(str(path.relative_to(ROOT)))
    return cited


def test_every_rule_number_cited_anywhere_exists_in_rules_md() -> None:
    defined = set(rule_numbers_defined())
    cited = cited_rule_numbers()
    missing = {number: sorted(files) for number, files in cited.items() if number not in defined}
    assert not missing, f"cited but not in docs/rules.md: {missing}"
    assert {"R3", "R5.1", "R9.2"} <= cited.keys()  # the scan does find citations


def test_rules_md_names_both_variants_as_the_code_spells_them() -> None:
    text = read("rules.md")
    for name in VARIANT_NAMES:
        assert f"| `{name}` |" in text  # a row of the variants table
        assert f"*Variant `{name}`" in text  # and at the clause it replaces
    assert "--variant" in text


def test_rules_md_example_turn_plays_as_written() -> None:
    """The example turn at the end of docs/rules.md."""
    hand = [0] * 13
    for code in ["G1", "G1", "G2", "S", "S", "H2", "D3", "DM"]:
        hand[CARD_INDEX[code]] += 1
    supply = [CARD_INDEX[c] for c in ["H2", "S", "G2", "D3", "S"]]
    state = State([4, 2, 6, 1, 9, 6], [hand, [0] * 13], supply, 1, [], A)
    state.apply_checked("G1 low-1")
    state.apply_checked("G2 low-1 high-1")
    assert state.pos[:3] == [4, 0, 5]  # sue, low, high
    for action, rule in [("G1 high-1", "(R3)"), ("G1 low-1", "(R4.3)"), ("S sue-1", "(R5.1)"), ("lure sue", "(R5.2)")]:
        with pytest.raises(IllegalActionError) as error:
            state.apply_checked(action)
        assert rule in str(error.value)
    with pytest.raises(IllegalActionError):
        state.apply_checked("discard S")
    state.apply_checked("end")
    assert state.hand_sizes[A] == 8 and len(state.supply) == 3  # drew 2 (R6.1)
    assert state.pos[CHARLIE] == 3 and state.result is None and state.to_move == B  # 6 - 3 (R7.1)


# ----------------------------------------------------------------------------- engine.md


def test_engine_md_python_examples_run() -> None:
    blocks = code_blocks(read("engine.md"), "python")
    assert len(blocks) >= 10
    namespace: dict[str, Any] = {"__name__": "engine_md"}
    for line, _, code in blocks:
        exec(compile(code, f"docs/engine.md (block at line {line})", "exec"), namespace)


# ----------------------------------------------------------------------------- formats.md


def example_game_after(moves: list[str]) -> Game:
    game = Game.new(seed=EXAMPLE_SEED, players={"A": "you", "B": "random"})
    for move in moves:
        game.apply_checked(move)
    return game


def check_view(doc: dict[str, Any]) -> Game:
    """A view document of the example game: it must be what the engine shows after its moves."""
    assert PlayerView.from_document(doc).to_document() == doc
    game = example_game_after(doc["moves"])
    seat = None if doc["seat"] is None else "AB".index(doc["seat"])
    assert game.view(seat).to_document() == doc
    return game


def check_excerpt(doc: dict[str, Any], seed: int) -> None:
    """An excerpt of a self-play record: consecutive moves of the real record, the other fields equal."""
    record = to_record(next(play_games(1, seed, DEFAULT_RULES, "random", "random")))
    moves, n = record["moves"], len(doc["moves"])
    assert any(moves[i : i + n] == doc["moves"] for i in range(len(moves) - n + 1)), (
        "moves not in the record: update the excerpt in docs/formats.md"
    )
    assert {k: v for k, v in doc.items() if k != "moves"} == {k: record[k] for k in doc if k != "moves"}


def test_formats_md_json_examples_are_real_engine_output() -> None:
    blocks = code_blocks(read("formats.md"), "json")
    kinds = []
    prefixes = [EXAMPLE_MOVES[:i] for i in range(len(EXAMPLE_MOVES) + 1)]
    for line, before, code in blocks:
        doc = json.loads(code)
        excerpt = re.search(r"<!-- excerpt: .*seed=(\d+)", before)
        if excerpt:
            check_excerpt(doc, int(excerpt.group(1)))
            kinds.append("excerpt")
        elif doc.get("format") == "times-square/position/1":
            assert to_document(from_document(doc)) == doc
            assert doc in [to_document(example_game_after(p).state) for p in prefixes], f"line {line}"
            kinds.append("position")
        elif doc.get("format") == "times-square/game/1":
            assert to_record(replay(doc)) == doc
            kinds.append("record")
        elif doc.get("format") == "times-square/view/1":
            check_view(doc)
            kinds.append("view")
        elif doc.get("type") == "act":
            game = check_view(doc["view"])
            assert doc["legal"] == game.state.legal_actions()
            kinds.append("act")
        else:
            pytest.fail(f"docs/formats.md line {line}: a JSON block that is neither a document nor an excerpt")
    assert sorted(set(kinds)) == ["act", "excerpt", "position", "record", "view"]


def test_formats_md_start_example_is_the_seeded_deal() -> None:
    first = code_blocks(read("formats.md"), "json")[0][2]
    assert json.loads(first) == to_document(Game.new(seed=EXAMPLE_SEED).state)
    assert f"seed={EXAMPLE_SEED}" in read("formats.md")
    assert all(f"`{move}`" in read("formats.md") for move in EXAMPLE_MOVES)


# ----------------------------------------------------------------------------- links


def slug(heading: str) -> str:
    return re.sub(r"[^a-z0-9 -]", "", heading.lower()).replace(" ", "-")


def test_docs_links_point_to_existing_pages_and_headings() -> None:
    pages = ["README.md", "rules.md", "notation.md", "formats.md", "engine.md"]
    for page in pages:
        for target, anchor in re.findall(r"\]\(([\w.-]*\.md)?(?:#([\w-]+))?\)", read(page)):
            target = target or page
            assert (DOCS / target).is_file(), f"{page}: link to missing {target}"
            if anchor:
                headings = re.findall(r"^#+ (.+)$", read(target), re.M)
                assert anchor in {slug(h) for h in headings}, f"{page}: no heading #{anchor} in {target}"
    assert all(f"]({page})" in read("README.md") for page in pages[1:])  # the index links every page


# ----------------------------------------------------------------------------- the view reader


def start_view_document() -> dict[str, Any]:
    return Game.new(seed=EXAMPLE_SEED).view(A).to_document()


def test_view_reader_rejects_an_unknown_to_move() -> None:
    doc = start_view_document()
    doc["to_move"] = "C"
    with pytest.raises(FormatError):
        PlayerView.from_document(doc)


def test_view_reader_rejects_a_null_hand_size_with_a_format_error() -> None:
    doc = start_view_document()
    doc["opponent_hand_size"] = None
    with pytest.raises(FormatError):
        PlayerView.from_document(doc)
