"""The house's layers (references/architecture.md, "The map"): no import circle
among the library's modules, and no module imports from a layer above its own.
Read from the source with `ast`, every import counted, those inside functions too."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "scripts" / "hippocampus"
# bottom to top; a module may import its own layer and the ones below it. The top is
# shared: cli.py (the scripts' plumbing) and the hosts (which use it, and which it wires)
LAYERS = (("errors",), ("text",), ("base",), ("store",), ("recall",), ("lifecycle",), ("ingest", "sync"), ("hosts", "cli"))
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(found: dict[str, Path]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in found}
    for name, path in found.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            targets = []
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[:len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                targets = [target] + [f"{target}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            for target in targets:
                if target in found and target != name:
                    graph[name].add(target)
    return graph


def layer(name: str) -> str | None:
    parts = name.split(".")
    if len(parts) == 1:
        return None  # the package itself: its version numbers
    return parts[1] if len(parts) > 2 or parts[1] in RANK else None


def test_every_module_lives_in_a_known_layer():
    homeless = [name for name in modules() if len(name.split(".")) > 1 and layer(name) not in RANK]
    assert homeless == [], f"modules outside the layers: {homeless}"


def test_no_module_imports_from_a_layer_above_its_own():
    graph = imports(modules())
    upward = sorted(f"{source} -> {target}" for source, targets in graph.items() for target in targets
                    if layer(source) and layer(target) and RANK[layer(target)] > RANK[layer(source)])
    assert upward == [], "imports from a layer above:\n" + "\n".join(upward)


def test_no_import_circles():
    graph = imports(modules())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    counter = [0]

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    assert circles == [], f"import circles: {circles}"


def test_the_checker_sees_a_circle_and_an_upward_import(tmp_path, monkeypatch):
    """The checks above can fail: a package with a circle and an upward import is caught."""
    package = tmp_path / "hippocampus"
    (package / "store").mkdir(parents=True)
    (package / "recall").mkdir()
    for folder in ("", "store", "recall"):
        (package / folder / "__init__.py").write_text("")
    (package / "store" / "a.py").write_text("from ..recall import b\n")
    (package / "recall" / "b.py").write_text("def f():\n    from ..store import a\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", package)
    graph = imports(modules())
    assert "hippocampus.recall.b" in graph["hippocampus.store.a"]
    assert "hippocampus.store.a" in graph["hippocampus.recall.b"]
    try:
        test_no_import_circles()
    except AssertionError:
        pass
    else:
        raise AssertionError("the circle was not seen")
    try:
        test_no_module_imports_from_a_layer_above_its_own()
    except AssertionError:
        pass
    else:
        raise AssertionError("the upward import was not seen")


def defined_names(path: Path) -> set[str]:
    names = set()
    for node in ast.parse(path.read_text(), str(path)).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        elif isinstance(node, (ast.If, ast.Try)):
            for inner in ast.walk(node):
                if isinstance(inner, (ast.FunctionDef, ast.ClassDef)):
                    names.add(inner.name)
                elif isinstance(inner, ast.Assign):
                    names |= {n.id for t in inner.targets for n in ast.walk(t) if isinstance(n, ast.Name)}
                elif isinstance(inner, (ast.Import, ast.ImportFrom)):
                    names |= {(alias.asname or alias.name).split(".")[0] for alias in inner.names}
    return names


def test_every_imported_name_exists_where_it_is_imported_from():
    """A function-level import only fails when the function runs: each `from X import name`
    of the library names a module, or a name defined at the top of one."""
    found = modules()
    missing = []
    for name, path in found.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            elif (node.module or "").split(".")[0] == "hippocampus":
                target = node.module
            else:
                continue
            if target not in found:
                missing.append(f"{name}: no module {target}")
                continue
            defined = defined_names(found[target])
            for alias in node.names:
                if alias.name != "*" and f"{target}.{alias.name}" not in found and alias.name not in defined:
                    missing.append(f"{name}: {alias.name} is not in {target}")
    assert missing == [], "\n".join(missing)


def test_every_path_a_module_finds_from_its_own_file_exists():
    """`Path(__file__).resolve().parents[N] / ...` constants name files of this checkout:
    a module moved to another folder would otherwise point beside it."""
    pattern = re.compile(r'Path\(__file__\)\.resolve\(\)\.parents\[(\d+)\]((?:\s*/\s*"[^"]+")*)')
    wrong = []
    for name, path in modules().items():
        for match in pattern.finditer(path.read_text()):
            target = path.resolve().parents[int(match.group(1))]
            for part in re.findall(r'"([^"]+)"', match.group(2)):
                target = target / part
            if not target.exists():
                wrong.append(f"{name}: {target}")
    assert wrong == [], wrong
