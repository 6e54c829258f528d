"""The contracts under buf (docs/architecture.md "Contracts"; docs/api/index.md): `buf lint` with
the STANDARD rules passes on every proto, each exception listed in buf.yaml with its reason; `buf
breaking` (FILE rules) finds no incompatible change of ``rondo.gateway.v1`` against the API as last
released (the committed baseline image), and it does bite: a field of a gateway message removed or
renumbered in a copy of the protos fails with the field named. The public package imports nothing
of the internal services'."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rondo_app.registry import SERVICES

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = ROOT / "proto" / "rondo" / "gateway" / "v1"
BASELINE = ROOT / "proto" / "releases" / "gateway-v1.binpb"


def _buf() -> str:
    """The buf CLI of the environment running the tests (`buf-bin`, a [dev] dependency)."""
    beside = Path(sys.executable).with_name("buf")
    found = str(beside) if beside.exists() else shutil.which("buf")
    assert found, "the buf CLI is missing: pip install -e '.[dev]' (buf-bin)"
    return found


def buf(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([_buf(), *args], cwd=cwd, capture_output=True, text=True, timeout=300)


def test_buf_lint_with_the_standard_rules_passes_on_every_proto():
    done = buf("lint")
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_lint_exception_in_buf_yaml_says_why():
    lines = (ROOT / "buf.yaml").read_text(encoding="utf-8").splitlines()
    assert "    - STANDARD" in lines
    rules = [(i, line.strip().rstrip(":")) for i, line in enumerate(lines) if re.fullmatch(r"    [A-Z_]+:", line)]
    assert rules, "no exceptions: then drop ignore_only"
    for i, rule in rules:
        assert lines[i - 1].strip().startswith("#"), f"buf.yaml: {rule} has no reason (a comment above it)"
        paths = []
        for line in lines[i + 1 :]:
            if not line.startswith("      - "):
                break
            paths.append(line.removeprefix("      - "))
        assert paths and all((ROOT / p).is_file() for p in paths), (rule, paths)


def test_the_public_api_is_compatible_with_its_release_baseline():
    done = buf("breaking", "--against", str(BASELINE.relative_to(ROOT)))
    assert done.returncode == 0, (
        "incompatible with the released public API (docs/api/index.md: moving the baseline):\n" + done.stdout
    )


def test_the_baseline_is_the_public_package_alone():
    done = buf("build", str(BASELINE.relative_to(ROOT)), "--exclude-imports", "-o", "-#format=json")
    assert done.returncode == 0, done.stderr
    names = re.findall(r'"name":\s*"([^"]+\.proto)"', done.stdout)
    assert names and all(n.startswith("rondo/gateway/v1/") for n in names), names
    assert sorted(names) == sorted(f"rondo/gateway/v1/{p.name}" for p in PUBLIC.glob("*.proto"))


def test_the_public_protos_import_only_well_known_types_and_each_other():
    for proto in sorted(PUBLIC.glob("*.proto")):
        text = proto.read_text(encoding="utf-8")
        assert re.search(r"^package rondo\.gateway\.v1;$", text, re.M), proto.name
        for imported in re.findall(r'^import "([^"]+)";', text, re.M):
            assert imported.startswith(("google/protobuf/", "rondo/gateway/v1/")), f"{proto.name} imports {imported}"


def _copy(tmp_path: Path) -> Path:
    """The protos and buf.yaml in a scratch workspace (no generated code)."""
    shutil.copytree(ROOT / "proto", tmp_path / "proto", ignore=shutil.ignore_patterns("*.py", "*.pyi", "__pycache__", "releases"))
    shutil.copy(ROOT / "buf.yaml", tmp_path / "buf.yaml")
    return tmp_path / "proto" / "rondo" / "gateway" / "v1"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.mark.parametrize(
    ("file", "old", "new", "said"),
    [
        # removed
        ("competitions.proto", "  int32 table_size = 5;\n", "  reserved 5;\n", 'field "5" with name "table_size"'),
        # renumbered
        ("draws.proto", "  int32 played_rounds = 12;\n", "  int32 played_rounds = 17;\n", '"played_rounds"'),
        # another type
        ("results.proto", "  int32 sequence = 3;\n", "  int64 sequence = 3;\n", '"sequence"'),
    ],
)
def test_buf_breaking_fails_on_an_incompatible_change_naming_the_field(tmp_path, file, old, new, said):
    public = _copy(tmp_path)
    assert buf("breaking", "--against", str(BASELINE), cwd=tmp_path).returncode == 0  # the copy as released
    _edit(public / file, old, new)
    done = buf("breaking", "--against", str(BASELINE), cwd=tmp_path)
    assert done.returncode != 0
    assert said in done.stdout and file in done.stdout, done.stdout


def test_an_internal_change_is_not_the_public_api_s_concern(tmp_path):
    """The internal packages are deployed together with the gateway, so buf breaking leaves them alone (the
    baseline holds the public package only); an internal message of their own changes freely."""
    _copy(tmp_path)
    league = tmp_path / "proto" / "rondo" / "league" / "v1" / "league.proto"
    _edit(
        league,
        "  int32 rounds = 3;\n  int32 table_size = 4;\n",
        "  int32 rounds = 3;\n  reserved 4;\n",
    )
    assert buf("breaking", "--against", str(BASELINE), cwd=tmp_path).returncode == 0


def test_the_internal_protos_import_the_public_messages_they_share():
    """Every contract written once (docs/architecture.md "Contracts"): league, booking and the solver
    import the public files whose messages they take and answer, never the other way round."""
    internal = [s.name for s in SERVICES if s.internal]
    assert len(internal) >= 3
    for service in internal:
        text = (ROOT / "proto" / "rondo" / service / "v1" / f"{service}.proto").read_text(encoding="utf-8")
        assert re.search(r'^import "rondo/gateway/v1/\w+\.proto";$', text, re.M), service
