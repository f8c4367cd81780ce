"""The compiled core's stub (_fastcore/_core.pyi) names what the built module has: every public class with
its methods and every function, so that mypy --strict checks the calls into C against real signatures."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from timessquare import _fastcore

STUB = Path(_fastcore.__file__).parent / "_core.pyi"
pytestmark = pytest.mark.skipif(_fastcore.compiled_module() is None, reason="the compiled core is not built")


def stub_names() -> dict[str, set[str]]:
    """Each top-level name of the stub: a class's its methods and properties, a function's nothing."""
    names: dict[str, set[str]] = {}
    for node in ast.parse(STUB.read_text("utf-8")).body:
        if isinstance(node, ast.ClassDef):
            names[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)} - {"__init__"}
        elif isinstance(node, ast.FunctionDef):
            names[node.name] = set()
    return names


def test_the_stub_names_every_class_method_and_function_of_the_compiled_core() -> None:
    module = _fastcore.compiled_module()
    stub = stub_names()
    public = {name for name in dir(module) if not name.startswith("_")}
    made = {name for name in public if callable(getattr(module, name))}
    assert made == set(stub), f"in C only: {made - set(stub)}; in the stub only: {set(stub) - made}"
    assert "Vector" in stub and {"reset", "step", "autoreset", "trajectory"} <= stub["Vector"]
    for name, members in stub.items():
        kind = getattr(module, name)
        if isinstance(kind, type):
            have = {m for m in dir(kind) if not m.startswith("_")}
            assert members == have, f"{name}: in C only {have - members}; in the stub only {members - have}"
