"""The image builds reproducibly: the Dockerfile's shape and the lock file it installs from.

No container engine runs here, so the Dockerfile is read, not built:

* two stages: ``build`` installs ``requirements.lock`` into a virtual environment with ``--require-hashes``
  (binary wheels only) and then Rondo itself with ``--no-deps --no-build-isolation`` (nothing fetched
  outside the lock); ``runtime`` copies that environment and nothing else, installs nothing, and runs as a
  numeric non-root user;
* the base image is one full version tag (and a digest where the build pins one), the same for both stages;
* ``requirements.lock`` pins every package with ``==`` and at least one sha256 hash, and covers every runtime
  dependency of pyproject.toml, the build system's (setuptools, wheel), and everything those need in
  turn (walked through the installed distributions' metadata), each at a version the specifier accepts
  and at the version installed here: the image runs what the tests ran.
"""

from __future__ import annotations

import importlib.metadata
import re
import tomllib
from pathlib import Path

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "requirements.lock"


def stages() -> dict[str, str]:
    """Stage name -> its text (from its FROM line to the next)."""
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    parts = re.split(r"^(?=FROM )", text, flags=re.MULTILINE)
    found = {}
    for part in parts[1:]:
        match = re.match(r"FROM (\S+) AS (\w+)\n", part)
        assert match, f"every FROM names its stage: {part.splitlines()[0]}"
        found[match.group(2)] = part
    return found


def locked() -> dict[str, tuple[str, list[str]]]:
    """Canonical name -> (version, hashes) of every requirement in requirements.lock."""
    text = LOCK.read_text().replace("\\\n", " ")
    pins = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"([A-Za-z0-9_.-]+)==(\S+)((?:\s+--hash=sha256:[0-9a-f]{64})+)", line)
        assert match, f"requirements.lock: not 'name==version --hash=sha256:...': {line[:100]}"
        pins[str(canonicalize_name(match.group(1)))] = (str(match.group(2)), re.findall(r"sha256:([0-9a-f]{64})", match.group(3)))
    return pins


def test_the_dockerfile_builds_in_a_stage_and_runs_from_another():
    text = (ROOT / "Dockerfile").read_text()
    found = stages()
    assert list(found) == ["build", "runtime"]
    base = re.search(r"^ARG PYTHON_IMAGE=(\S+)$", text, re.MULTILINE)
    assert base and re.fullmatch(r"python:3\.11\.\d+-slim-\w+(@sha256:[0-9a-f]{64})?", base.group(1)), "a full version tag"
    assert all(stage.startswith("FROM ${PYTHON_IMAGE} AS ") for stage in found.values()), "one base image"

    build = found["build"]
    assert "COPY requirements.lock /tmp/requirements.lock" in build
    install = re.search(r"pip install (.*) -r /tmp/requirements\.lock", build)
    assert install and {"--require-hashes", "--only-binary", "--no-deps"} <= set(install.group(1).split()), "the lock, hashes"
    assert "pip install --no-deps --no-build-isolation /tmp/rondo-src" in build, "Rondo itself: nothing outside the lock"
    assert build.index("-r /tmp/requirements.lock") < build.index("COPY . /tmp/rondo-src"), "dependencies cached apart"

    runtime = found["runtime"]
    assert "pip install" not in runtime and "apt-get" not in runtime, "the runtime stage installs nothing"
    assert re.search(r"^COPY --from=build /opt/rondo /opt/rondo$", runtime, re.MULTILINE)
    assert not re.search(r"^COPY (?!--from=build)", runtime, re.MULTILINE), "no source tree in the runtime image"
    assert re.search(r"PATH=/opt/rondo/bin:\$PATH", runtime)
    users = re.findall(r"^USER (\S+)$", runtime, re.MULTILINE)
    assert users and re.fullmatch(r"[1-9]\d*:[1-9]\d*", users[-1]), "a numeric, non-root USER (runAsNonRoot checks it)"
    assert runtime.index("USER ") < runtime.index("ENTRYPOINT")


def test_dockerignore_keeps_the_lock():
    patterns = [
        line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines() if line.strip() and not line.startswith("#")
    ]
    assert not any(Path("requirements.lock").match(pattern) for pattern in patterns)


def test_the_lock_pins_every_package_with_hashes():
    pins = locked()
    assert pins
    for name, (version, hashes) in pins.items():
        assert hashes, f"{name}=={version}: no hash"
        assert re.fullmatch(r"[0-9][0-9A-Za-z.+!-]*", version), f"{name}=={version}"


def _requirements_of(distribution: str, extras: set[str]) -> list[Requirement]:
    environment = {key: str(value) for key, value in default_environment().items()}
    needed = []
    for text in importlib.metadata.requires(distribution) or []:
        requirement = Requirement(text)
        marker = requirement.marker
        if marker is None or any(marker.evaluate({**environment, "extra": extra}) for extra in extras or {""}):
            needed.append(requirement)
    return needed


def test_the_lock_covers_every_runtime_dependency_and_theirs():
    pins = locked()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    direct = [Requirement(text) for text in project["project"]["dependencies"]]
    build = [Requirement(text) for text in project["build-system"]["requires"]]
    for requirement in (*direct, *build):
        name = canonicalize_name(requirement.name)
        assert name in pins, f"requirements.lock lacks {requirement} (pyproject.toml): run pip-compile (deploy/README.md)"
        assert requirement.specifier.contains(pins[name][0], prereleases=True), f"{name}=={pins[name][0]} is not {requirement}"

    # the closure: what the runtime dependencies need, as the installed distributions declare it
    seen: set[str] = set()
    todo = [(requirement, set(requirement.extras)) for requirement in direct]
    while todo:
        requirement, extras = todo.pop()
        name = canonicalize_name(requirement.name)
        key = name + "[" + ",".join(sorted(extras)) + "]"
        if key in seen:
            continue
        seen.add(key)
        assert name in pins, f"requirements.lock lacks {name}, which {requirement} brings: re-lock (deploy/README.md)"
        try:
            installed = importlib.metadata.version(requirement.name)
            needs = _requirements_of(requirement.name, extras)
        except importlib.metadata.PackageNotFoundError:
            pytest.fail(f"{requirement.name} is not installed here: the lock cannot be checked against its metadata")
        # the image runs what the tests ran
        assert pins[name][0] == installed, (
            f"the image would run {name}=={pins[name][0]}, the tests ran {installed}: re-lock (deploy/README.md)"
        )
        todo += [(need, set(need.extras)) for need in needs]
