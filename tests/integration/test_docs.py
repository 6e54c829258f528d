"""The documentation (issue 19 §5): a README a newcomer reads, and the MkDocs site for the rest.

The README stays short; `mkdocs build --strict` passes (a broken link or anchor fails it); the pages
generated from the code (configuration from the settings, the API reference from the protos' comments)
are what their scripts write now, as the generated protobuf code is; every dependency of
pyproject.toml is explained in docs/development.md."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS))
import gen_api  # noqa: E402
import gen_config  # noqa: E402

README_MAX_LINES = 150


def test_the_readme_is_short():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, (
        f"README.md has {len(lines)} lines (at most {README_MAX_LINES}): move the rest into docs/"
    )


def test_the_readme_links_to_pages_that_exist():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = {t.split("#", 1)[0] for t in re.findall(r"\]\(([^)\s]+)\)", readme) if "://" not in t}
    missing = sorted(t for t in targets if t and not (ROOT / t).exists())
    assert not missing, f"README.md links to missing files: {missing}"


def test_the_site_builds_strictly(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, "mkdocs build --strict failed:\n" + done.stdout + done.stderr
    assert (tmp_path / "site" / "index.html").is_file()


def test_the_configuration_page_is_generated_from_the_settings():
    committed = (DOCS / "operating" / "configuration.md").read_text(encoding="utf-8")
    assert committed == gen_config.page(), "run: python docs/gen_config.py > docs/operating/configuration.md"


def test_every_variable_the_settings_read_is_documented():
    assert gen_config.undocumented() == {}, "document these variables in their settings module's docstring"


def test_the_api_reference_is_generated_from_the_protos():
    committed = (DOCS / "api" / "reference.md").read_text(encoding="utf-8")
    assert committed == gen_api.page(), "run: python docs/gen_api.py > docs/api/reference.md"


def test_the_api_reference_lists_every_rpc():
    from rondo.gateway.v1 import gateway_pb2

    page = (DOCS / "api" / "reference.md").read_text(encoding="utf-8")
    service = gateway_pb2.DESCRIPTOR.services_by_name["GatewayService"]
    missing = [m.name for m in service.methods if f"| `{m.name}` |" not in page]
    assert not missing, missing


def _name(requirement: str) -> str:
    return re.split(r"[\s\[<>=!~;]", requirement.strip(), maxsplit=1)[0].lower()


def test_every_dependency_is_explained():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = {_name(r) for r in project["dependencies"]}
    for extra in project.get("optional-dependencies", {}).values():
        wanted |= {_name(r) for r in extra}
    page = (DOCS / "development.md").read_text(encoding="utf-8")
    section = page[page.index("## Dependencies and why") :]
    explained = set()
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) == 2 and cells[1] and not set(cells[1]) <= {"-", " "}:
            names = re.sub(r"\(.*?\)", "", cells[0])
            explained |= {_name(n) for n in names.split(",") if n.strip()}
    missing = sorted(wanted - explained)
    assert not missing, f"docs/development.md 'Dependencies and why' does not say why these are there: {missing}"


def test_ci_runs_exactly_the_readme_s_test_command():
    """A newcomer and CI run the same thing: the README's shell block names ``./dev test`` on a line of
    its own, and it is the one command ``.ci/run`` runs (besides moving to the repository)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)```", readme, re.S)
    assert block is not None
    commands = [line for line in block.group(1).splitlines() if line and not line.startswith("#")]
    assert "./dev test" in commands and "./dev demo" in commands
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    steps = [line for line in ci if line.strip() and not line.startswith("#") and not line.startswith(("set ", "cd "))]
    assert steps == ["./dev test"]
