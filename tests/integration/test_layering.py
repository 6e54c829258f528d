"""The floors of the house, checked on the source (``ast``, nothing imported):

* ``rondo_runtime/`` is the ground floor: it imports no service and not the composition root;
* ``rondo_client/`` (what every client reads the same way) is pure: the generated messages, no gRPC
  calls, no service, no CLI;
* ``<service>/domain/`` is pure: no gRPC, protobuf, SQL or generated ``rondo.*`` code;
* a service imports no other service and no frontend or the composition root (``rondo_app``, ``web``,
  ``bot``): services talk over their contracts (the generated ``rondo.*`` code), and share only
  ``rondo_runtime`` and ``rondo_client``;
* no import cycles among the project's own modules;
* ``rondo_app/registry.py`` is the one list of services, and every service has the same anatomy;
* ``bench/`` (the benchmarks) depends on the services, never the reverse: no service, web, bot, runtime
  or client module imports it, and the composition root only for ``rondo bench`` (``rondo_app/cli.py``).
"""

from __future__ import annotations

import ast
import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest

from rondo_app.registry import SERVICES

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
SERVICE_PACKAGES = tuple(s.name for s in SERVICES)
PACKAGES = ("rondo_runtime", "rondo_client", *SERVICE_PACKAGES, "rondo_app", "bench")
DOMAIN_FORBIDDEN = (
    "grpc",
    "grpc_health",
    "grpc_reflection",
    "grpc_status",
    "google.protobuf",
    "sqlalchemy",
    "sqlmodel",
    "alembic",
    "psycopg",
    "rondo",
)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:  # alembic scripts, loaded by alembic, not imported
                continue
            found[_module_name(path)] = path
    return found


MODULES = _modules()


def _type_checking_only(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return True
    return False


def _imports(module: str, path: Path, *, runtime_only: bool = True) -> Iterator[tuple[str, int]]:
    """(imported module, line) for every import statement, at module level or inside functions;
    ``from x import y`` yields ``x.y`` when that is a module, else ``x``."""
    tree = ast.parse(path.read_text(), str(path))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if runtime_only and isinstance(node, (ast.Import, ast.ImportFrom)) and _type_checking_only(node, parents):
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                yield (f"{target}.{alias.name}" if f"{target}.{alias.name}" in MODULES else target), node.lineno


def _project_target(name: str) -> str | None:
    """The project module ``name`` loads (itself, or its nearest enclosing package), else None."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def _under(name: str, prefixes) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def test_the_runtime_imports_no_service_and_not_the_composition_root():
    offenders = [
        f"{MODULES[m].relative_to(ROOT)}:{line} imports {target}"
        for m in MODULES
        if _under(m, ("rondo_runtime",))
        for target, line in _imports(m, MODULES[m], runtime_only=False)
        if _under(target, (*SERVICE_PACKAGES, "rondo_app"))
    ]
    assert offenders == []


def test_the_clients_shared_reading_is_pure():
    offenders = [
        f"{MODULES[m].relative_to(ROOT)}:{line} imports {target}"
        for m in MODULES
        if _under(m, ("rondo_client",))
        for target, line in _imports(m, MODULES[m], runtime_only=False)
        if _under(target, ("grpc", "sqlalchemy", "sqlmodel", "rondo_runtime", "rondo_app", *SERVICE_PACKAGES))
    ]
    assert offenders == []


@pytest.mark.parametrize("service", SERVICE_PACKAGES)
def test_the_domain_is_pure(service):
    offenders = [
        f"{MODULES[m].relative_to(ROOT)}:{line} imports {target}"
        for m in MODULES
        if _under(m, (f"{service}.domain",))
        for target, line in _imports(m, MODULES[m], runtime_only=False)
        if _under(target, DOMAIN_FORBIDDEN)
    ]
    assert offenders == []


#: what no service package imports: the frontends and the composition root
FRONTENDS = ("rondo_app", "web", "bot")


def service_import_offenders(modules: dict[str, Path]) -> list[str]:
    """``file:line imports x`` for every import (at any level, type-checking ones included) by a module
    of one service package of another service package or of a frontend."""
    offenders = []
    for m, path in modules.items():
        own = m.partition(".")[0]
        if own not in SERVICE_PACKAGES:
            continue
        forbidden = (*(s for s in SERVICE_PACKAGES if s != own), *FRONTENDS)
        offenders += [
            f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name}:{line} imports {target}"
            for target, line in _imports(m, path, runtime_only=False)
            if _under(target, forbidden)
        ]
    return offenders


def test_no_service_imports_another_service_or_a_frontend():
    """Issue 19: league asks, the solver searches, each over the other's contract; a fixed pairing lives
    in league, not in the solver, so nothing is computed in two services."""
    assert service_import_offenders(MODULES) == []


def test_the_service_import_check_names_file_and_line(tmp_path):
    own, other = SERVICE_PACKAGES[0], SERVICE_PACKAGES[1]
    fake = tmp_path / "x.py"
    fake.write_text(
        f"import json\nfrom {other}.domain import y\nfrom rondo.{other}.v1 import z\n\n\ndef f():\n    import rondo_app.registry\n"
    )
    assert service_import_offenders({f"{own}.x": fake}) == [f"x.py:2 imports {other}.domain", "x.py:7 imports rondo_app.registry"]


def import_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for module, path in MODULES.items():
        for name, _ in _imports(module, path):
            target = _project_target(name)
            if target and target != module:
                graph[module].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles_among_the_projects_modules():
    found = cycles(import_graph())
    assert found == [], "import cycles:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_nothing_in_the_product_imports_the_benchmarks():
    """bench/ sits on top of the house; `rondo bench` (rondo_app/cli.py) is the product's one way in."""
    importers = {}
    for package in ("rondo_runtime", "rondo_client", *SERVICE_PACKAGES, "web", "bot", "rondo_app"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            module = _module_name(path)
            for target, line in _imports(module, path, runtime_only=False):
                if _under(target, ("bench",)):
                    importers[f"{path.relative_to(ROOT)}:{line}"] = target
    assert sorted({k.partition(":")[0] for k in importers}) == ["rondo_app/cli.py"], importers
    assert set(importers.values()) == {"bench.solver"}


# --- the composition root -------------------------------------------------------------------------


def test_every_service_has_the_same_anatomy():
    for service in SERVICES:
        package = ROOT / service.name
        missing = [
            p for p in ("domain/__init__.py", "service.py", "grpc_api.py", "app.py", "__main__.py") if not (package / p).exists()
        ]
        assert missing == [], f"{service.name}/ lacks {missing}"
        assert importlib.util.find_spec(service.app_module) is not None
        assert (package / "adapters" / "migrations").is_dir() == service.database, f"{service.name}: registry's database flag"


def test_registry_names_the_real_grpc_services():
    for service in SERVICES:
        pb2 = importlib.import_module(f"rondo.{service.name}.v1.{service.name}_pb2")
        assert service.grpc_service in {s.full_name for s in pb2.DESCRIPTOR.services_by_name.values()}
        assert callable(importlib.import_module(service.app_module).spec)


def test_nothing_but_the_registry_lists_the_services():
    """A literal tuple/list/set (or dict keys) naming three or more services belongs in the registry."""
    names = set(SERVICE_PACKAGES)
    offenders = []
    files = [*MODULES.values(), *sorted((ROOT / "tests").rglob("*.py"))]
    for path in files:
        if path == ROOT / "rondo_app" / "registry.py" or path == Path(__file__).resolve():
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Dict):
                items: list[ast.expr | None] = list(node.keys)
            elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
                items = list(node.elts)
            else:
                continue
            listed = {i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)} & names
            if len(listed) >= 3:
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} lists {sorted(listed)}")
    assert offenders == []
