"""The committed generated code is exactly what the .proto files generate (docs/architecture.md "Contracts")."""

from __future__ import annotations

import filecmp
import subprocess
import sys
from pathlib import Path

import pytest

from rondo_app.registry import SERVICES

pytestmark = pytest.mark.integration

PROTO_ROOT = Path(__file__).resolve().parents[2] / "proto"
sys.path.insert(0, str(PROTO_ROOT))
import generate  # noqa: E402


def _generated(root: Path) -> dict[str, Path]:
    return {
        str(p.relative_to(root)): p
        for pattern in ("*_pb2.py", "*_pb2_grpc.py", "*_pb2.pyi")
        for p in root.glob(f"rondo/*/v1/{pattern}")
    }


def test_every_contract_has_committed_code():
    protos = generate.proto_files()
    assert {p.parent.parent.name for p in protos} == {s.name for s in SERVICES}
    committed = _generated(PROTO_ROOT)
    for proto in protos:
        stem = proto.relative_to(PROTO_ROOT).with_suffix("")
        for suffix in ("_pb2.py", "_pb2_grpc.py", "_pb2.pyi"):
            assert f"{stem}{suffix}" in committed, f"{stem}{suffix} is missing: run python proto/generate.py"


def test_generated_code_is_in_sync_with_protos(tmp_path):
    # protoc runs in its own process: its bundled protobuf must not meet OR-Tools' in this one
    subprocess.run([sys.executable, str(PROTO_ROOT / "generate.py"), "--out", str(tmp_path)], check=True)
    fresh = _generated(tmp_path)
    committed = _generated(PROTO_ROOT)
    assert sorted(fresh) == sorted(committed)
    stale = [name for name in fresh if not filecmp.cmp(fresh[name], committed[name], shallow=False)]
    assert not stale, f"generated code out of date, run python proto/generate.py: {stale}"
