#!/usr/bin/env python3
"""The import graph of `src/timessquare`: no circles, and imports inside functions only for optional packages.

Every import counts, at the top of a module or inside a function, under `if TYPE_CHECKING:` too: a circle
broken only by importing late is still a circle. A circle is a group of modules that reach each other by
their imports (a strongly connected component of more than one module, or a module importing itself).

An import inside a function is allowed only where it waits for something optional: a third-party package
(the rules core is standard library only, so every one of them comes from an extra), one of our modules that
needs such a package when imported, or an import guarded by `except ImportError` (the compiled core, which
may not be built). Anything else belongs at the top of the module.

    python3 scripts/check_import_cycles.py            # exit 1 on a circle or a late import that is not needed
    python3 scripts/check_import_cycles.py --list     # also every import inside a function, and why it may be
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "src"
PACKAGE = "timessquare"


@dataclass(frozen=True)
class Import:
    source: str  # the importing module
    target: str  # an internal module, or a top-level third-party / standard library name
    line: int
    in_function: bool
    guarded: bool  # inside `try:` with an `except ImportError` (or ModuleNotFoundError) handler

    @property
    def internal(self) -> bool:
        return self.target == PACKAGE or self.target.startswith(PACKAGE + ".")


def module_files(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by the name of its `__init__`)."""
    found = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _guards_import_error(node: ast.Try) -> bool:
    names = set()
    for handler in node.handlers:
        kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
        names.update(k.id for k in kinds if isinstance(k, ast.Name))
    return bool(names & {"ImportError", "ModuleNotFoundError"})


def _imports(node: ast.AST, in_function: bool = False, guarded: bool = False) -> Iterator[tuple[ast.stmt, bool, bool]]:
    """Every import statement under `node`, with whether it is inside a function and whether it is guarded."""
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node, in_function, guarded
        return
    in_function = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
    if isinstance(node, ast.Try) and _guards_import_error(node):
        for part in node.body:  # only the `try:` body is guarded, not its handlers
            yield from _imports(part, in_function, True)
        for part in (*node.handlers, *node.orelse, *node.finalbody):
            yield from _imports(part, in_function, guarded)
        return
    for child in ast.iter_child_nodes(node):
        yield from _imports(child, in_function, guarded)


def imports_of(name: str, path: Path, modules: dict[str, Path], root: Path = ROOT) -> list[Import]:
    """The imports of module `name`: each imported internal module, or the top-level name of an external one."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node, in_function, guarded in _imports(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                stem = ".".join([*base, node.module] if node.module else base)
            else:
                stem = node.module or ""
            for alias in node.names:  # `from package import module` imports the module
                sub = f"{stem}.{alias.name}"
                targets.append(sub if sub in modules or _is_compiled(sub, root) else stem)
        for target in dict.fromkeys(targets):
            if not (target == PACKAGE or target.startswith(PACKAGE + ".")):
                target = target.partition(".")[0]
            found.append(Import(name, target, node.lineno, in_function, guarded))
    return found


def _is_compiled(name: str, root: Path) -> bool:
    """An extension module built from C beside the sources (the compiled core)."""
    if not name.startswith(PACKAGE + "."):
        return False
    folder = root.joinpath(*name.split(".")[:-1])
    return (folder / f"{name.rpartition('.')[2]}.c").exists()


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module, and modules that import themselves
    (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1 or node in graph[node]:
                    found.append(sorted(group))
    return sorted(found)


def needs_optional(module: str, graph: dict[str, set[str]], externals: dict[str, set[str]]) -> str | None:
    """A third-party package that importing `module` imports (by its top-level imports), or None."""
    seen = {module}
    todo = [module]
    while todo:
        current = todo.pop()
        third_party = sorted(externals.get(current, set()) - set(sys.stdlib_module_names))
        if third_party:
            return third_party[0]
        for nxt in graph.get(current, set()) - seen:
            seen.add(nxt)
            todo.append(nxt)
    return None


def late_import_reason(imp: Import, top_graph: dict[str, set[str]], externals: dict[str, set[str]]) -> str | None:
    """Why `imp` (inside a function) may stay there, or None where it should be at the module's top."""
    if imp.guarded:
        return "guarded by except ImportError"
    if not imp.internal:
        return None if imp.target in sys.stdlib_module_names else f"third-party {imp.target}"
    package = needs_optional(imp.target, top_graph, externals)
    return f"{imp.target} needs {package}" if package else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="list every import inside a function")
    parser.add_argument("--root", type=Path, default=ROOT, help="the folder that holds the package (src)")
    args = parser.parse_args(argv)
    root: Path = args.root
    modules = module_files(root)
    everything = [imp for name, path in modules.items() for imp in imports_of(name, path, modules, root)]
    graph: dict[str, set[str]] = {name: set() for name in modules}
    top_graph: dict[str, set[str]] = {name: set() for name in modules}
    externals: dict[str, set[str]] = {name: set() for name in modules}
    for imp in everything:
        if imp.internal:
            graph[imp.source].add(imp.target)
            if not imp.in_function and not imp.guarded:
                top_graph[imp.source].add(imp.target)
        elif not imp.in_function and not imp.guarded:
            externals[imp.source].add(imp.target)
    found = circles(graph)
    late = [imp for imp in everything if imp.in_function]
    needless = [imp for imp in late if late_import_reason(imp, top_graph, externals) is None]
    print(f"{len(modules)} modules, {sum(len(t) for t in graph.values())} internal imports")
    print(f"import circles: {len(found)}")
    for group in found:
        inside = [f"{a} -> {b}" for a in group for b in sorted(graph[a]) if b in group]
        print(f"  circle of {len(group)}: {', '.join(inside)}")
    print(f"imports inside functions: {len(late)}, of which not for an optional dependency: {len(needless)}")
    for imp in late if args.list else needless:
        reason = late_import_reason(imp, top_graph, externals) or "NOT NEEDED: import it at the top"
        where = modules[imp.source].relative_to(root.parent)
        print(f"  {where}:{imp.line}: {imp.target} ({reason})")
    return 1 if found or needless else 0


if __name__ == "__main__":
    sys.exit(main())
