"""deploy/ agrees with the code: Dockerfile, compose, Kubernetes, Prometheus and Grafana.

Nothing under deploy/ can run on a machine without a container engine, so these tests read every
file and check it against what the code really does:

* every ``RONDO_*`` variable set anywhere is one the code reads (``rondo_runtime/config.py``, or a
  ``RONDO_*`` literal read elsewhere such as ``RONDO_SOLVER_WORKERS``), and ``Settings.from_env``
  accepts each container's whole environment;
* every gRPC health check / probe names the service of its container, as the generated descriptors
  spell it (``rondo.<svc>.v1.<Svc>Service``); the health one-liner really works against a server;
* Prometheus scrapes every service of the registry (rondo_app/registry.py) on its metrics port;
* every metric name in the dashboard and the alerts is one the code exports (or is listed in
  ``NOT_YET_EXPORTED``);
* only the gateway is reachable from outside: every service gets the same internal token from a Secret
  (compose: one value), and a NetworkPolicy lets only gateway pods reach the internal services' gRPC
  port and only Prometheus their metrics port;
* the frontends (``web``, ``bot``: ``FRONTENDS``) run ``python -m <name>`` with an environment their own
  settings class accepts (``web.config.WebSettings``, ``bot.config.BotSettings``), reach the gateway and
  nothing else in the cluster, probe ``/healthz`` and ``/readyz``, are scraped on their metrics port, and
  get their secrets from Secrets deploy/ does not ship;
* every Kubernetes manifest validates against the API schemas (kubernetes-validate, strict), and the
  Prometheus files pass ``promtool check`` where promtool is installed.

The YAML files need PyYAML (a dev extra); without it those tests are skipped, the rest still run.
"""

from __future__ import annotations

import asyncio
import fnmatch
import hashlib
import importlib
import json
import os
import re
import sys
import tomllib
from pathlib import Path

import pytest

from rondo_app.registry import SERVICES as REGISTRY
from rondo_runtime.config import _SERVICE_VAR, PLACEHOLDER_SECRETS, Settings, is_placeholder_secret
from rondo_runtime.db import normalize_url
from rondo_runtime.server import LIVENESS_SERVICE_NAME

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
SERVICES = tuple(s.name for s in REGISTRY)
STATEFUL = tuple(s.name for s in REGISTRY if s.database)
INTERNAL = tuple(s.name for s in REGISTRY if s.internal)  # all but the gateway: only it is public
PUBLIC = tuple(s.name for s in REGISTRY if s.public)
#: The frontends: (package, settings class, its port variable, the port serving /metrics, /healthz, /readyz).
FRONTENDS = {
    "web": ("web.config", "WebSettings", "RONDO_WEB_PORT"),
    "bot": ("bot.config", "BotSettings", "RONDO_BOT_HEALTH_PORT"),
}
CODE_PACKAGES = ("rondo_runtime", "rondo_client", *SERVICES, "rondo_app", *FRONTENDS)

# Metric names the dashboard/alerts may use before the code exports them: the solver's domain metrics
# (docs/architecture.md "Observability": solve seconds and status), being added in solver/service.py. Once the
# code exports a name, this list no longer matters for it; delete entries when they are committed.
NOT_YET_EXPORTED: dict[str, str] = {}  # every metric the dashboards and alerts use is exported
# Series Prometheus makes itself, not the code; and prometheus_client's process collector (every process).
PROMETHEUS_SYNTHETIC = {"up"}
PROCESS_COLLECTOR = {"process_start_time_seconds", "process_resident_memory_bytes", "process_cpu_seconds_total"}
# The exact codes docs/architecture.md "Error model" names as the caller's fault; the error-ratio alert must not count them.
CLIENT_ERROR_CODES = ("InvalidArgument", "NotFound", "FailedPrecondition")


# ----------------------------------------------------------------------------------------------
# helpers


def _yaml():
    import yaml  # a dev extra: these tests must run, never skip

    return yaml


def load_yaml(path: Path) -> list:
    return [doc for doc in _yaml().safe_load_all(path.read_text()) if doc is not None]


def load_one(path: Path):
    docs = load_yaml(path)
    assert len(docs) == 1, f"{path}: expected one YAML document"
    return docs[0]


def grpc_service_name(service: str) -> str:
    """``rondo.<svc>.v1.<Svc>Service`` as the generated descriptors spell it."""
    module = importlib.import_module(f"rondo.{service}.v1.{service}_pb2")
    return module.DESCRIPTOR.services_by_name[f"{service.capitalize()}Service"].full_name


def all_grpc_service_names() -> set[str]:
    names = set()
    for service in SERVICES:
        module = importlib.import_module(f"rondo.{service}.v1.{service}_pb2")
        names |= {descriptor.full_name for descriptor in module.DESCRIPTOR.services_by_name.values()}
    return names


def code_files():
    for package in CODE_PACKAGES:
        yield from sorted((ROOT / package).rglob("*.py"))


def variables_the_code_reads() -> set[str]:
    """Every ``"RONDO_..."`` string literal in the code (config.py's names, os.environ look-ups elsewhere)."""
    names = set()
    for path in code_files():
        names |= set(re.findall(r"""["'](RONDO_[A-Z0-9_]+)["']""", path.read_text()))
    return names


_REQUIRED_VAR = re.compile(r"^\$\{([A-Z0-9_]+):\?[^}]*\}$")  # compose's ${VAR:?message}: the operator must set it
_DEFAULTED_VAR = re.compile(r"^\$\{([A-Z0-9_]+):-([^}]*)\}$")  # compose's ${VAR:-default}


SECRET_VARIABLES = ("RONDO_INTERNAL_TOKEN", "RONDO_TOKEN_SECRET")


def operator_secret(name: str) -> str:
    """What an operator sets for a required secret (the same for every service, as they would)."""
    return "operator-" + hashlib.sha256(name.encode()).hexdigest()


def deployed_value(key: str, value: str) -> str:
    """The value a container gets: compose's ``${VAR:-default}`` its default, ``${VAR:?...}`` (required)
    and a placeholder Secret value what the operator must set instead (checked by
    test_every_placeholder_secret_shipped_is_known_and_refused)."""
    if (match := _DEFAULTED_VAR.match(value)) is not None:
        return match.group(2)
    if _REQUIRED_VAR.match(value) is not None or (key in SECRET_VARIABLES and is_placeholder_secret(value)):
        return operator_secret(key)
    return value


def check_environment(env: dict, where: str) -> Settings:
    """Every RONDO_* variable is read by the code, and Settings accepts the whole environment (with the
    secrets the operator must set)."""
    env = {key: "" if value is None else deployed_value(key, str(value)) for key, value in env.items()}
    known = variables_the_code_reads()
    for key in env:
        if not key.startswith("RONDO_"):
            continue
        match = _SERVICE_VAR.match(key)
        if match:
            assert match.group(1).lower() in SERVICES, f"{where}: {key} names no Rondo service ({', '.join(SERVICES)})"
        else:
            assert key in known, f"{where}: {key} is read by no code (known: {sorted(known)})"
    try:
        return Settings.from_env(env)
    except ValueError as error:
        pytest.fail(f"{where}: Settings.from_env rejects the environment: {error}")


def seconds(duration) -> float:
    """A compose duration ("30s", "1m30s", 90) in seconds."""
    if isinstance(duration, (int, float)):
        return float(duration)
    units = {"h": 3600, "m": 60, "s": 1, "ms": 0.001, "us": 1e-6}
    parts = re.findall(r"(\d+(?:\.\d+)?)(ms|us|h|m|s)", duration)
    assert parts and "".join(n + u for n, u in parts) == duration.replace(" ", ""), f"bad duration {duration!r}"
    return sum(float(n) * units[u] for n, u in parts)


def cpu(quantity) -> float:
    quantity = str(quantity)
    return float(quantity[:-1]) / 1000 if quantity.endswith("m") else float(quantity)


def health_one_liner() -> str:
    """The python -c code of the Dockerfile's HEALTHCHECK (compose uses the same one)."""
    match = re.search(r'^\s*CMD python -c "([^"]+)"\s*$', (ROOT / "Dockerfile").read_text(), re.MULTILINE)
    assert match, 'Dockerfile: HEALTHCHECK ... CMD python -c "..." not found'
    return match.group(1)


# ----------------------------------------------------------------------------------------------
# PromQL metric names


def exported_metric_names() -> set[str]:
    """Sample names the code exports: prometheus_client constructors in rondo_runtime/ and the services."""
    constructor = re.compile(r"""\b(Counter|Gauge|Histogram|Summary|Info|Enum)\(\s*["']([a-zA-Z_:][a-zA-Z0-9_:]*)["']""")
    names = set()
    for path in code_files():
        for kind, name in constructor.findall(path.read_text()):
            names |= sample_names(name, kind.lower())
    return names


def sample_names(name: str, kind: str) -> set[str]:
    if kind == "counter":
        base = name[: -len("_total")] if name.endswith("_total") else name
        return {base + "_total", base + "_created"}
    if kind == "histogram":
        return {name + suffix for suffix in ("_bucket", "_count", "_sum", "_created")}
    if kind == "summary":
        return {name, name + "_count", name + "_sum", name + "_created"}
    if kind == "info":
        return {name + "_info"}
    return {name}


_PROMQL_KEYWORDS = {
    "and",
    "or",
    "unless",
    "bool",
    "offset",
    "by",
    "without",
    "on",
    "ignoring",
    "group_left",
    "group_right",
    "inf",
    "nan",
    "atan2",
}


def promql_metric_names(expr: str) -> set[str]:
    """The metric names an expression selects (identifiers that are not functions, labels or keywords)."""
    expr = re.sub(r"\$\{[^}]*\}|\$\w+", "", expr)  # Grafana variables
    expr = re.sub(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|`[^`]*`', '""', expr)  # strings
    expr = re.sub(r"\{[^}]*\}", "", expr)  # label matchers
    expr = re.sub(r"\[[^\]]*\]", "", expr)  # ranges and subqueries
    expr = re.sub(r"\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)", " ", expr)  # label lists
    names = set()
    for name, call in re.findall(r"(?<![\w.:])([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?", expr):
        if not call and name not in _PROMQL_KEYWORDS:
            names.add(name)
    return names


def dashboard_queries(node) -> list[str]:
    """Every PromQL expression of a dashboard: panel targets and the templating queries' metrics."""
    found = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "expr" and isinstance(value, str):
                found.append(value)
            elif key in ("query", "definition") and isinstance(value, str) and "label_values(" in value:
                found += re.findall(r"label_values\(\s*([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?)\s*,", value)
            else:
                found += dashboard_queries(value)
    elif isinstance(node, list):
        for item in node:
            found += dashboard_queries(item)
    return found


def test_promql_metric_name_extraction():
    assert promql_metric_names(
        'sum by (grpc_service, le) (rate(grpc_server_handling_seconds_bucket{grpc_code!="OK", x=~"$service"}[$__rate_interval]))'
        " / on (grpc_service) group_left sum(rate(grpc_server_handled_total[5m] offset 1h)) > 0.05 and up == 0"
    ) == {"grpc_server_handling_seconds_bucket", "grpc_server_handled_total", "up"}
    assert promql_metric_names("histogram_quantile(0.95, sum by (le) (rate(x_bucket[5m]))) > 1e3") == {"x_bucket"}


# ----------------------------------------------------------------------------------------------
# every file parses


DEPLOY_FILES = sorted(p for p in DEPLOY.rglob("*") if p.suffix in (".yaml", ".yml", ".json"))


def test_deploy_has_the_expected_files():
    expected = {
        "compose.yaml",
        "postgres/init.sql",
        "prometheus/prometheus.yml",
        "prometheus/alerts.yml",
        "grafana/dashboards/rondo.json",
        "grafana/provisioning/datasources/prometheus.yml",
        "grafana/provisioning/dashboards/rondo.yml",
        "k8s/kustomization.yaml",
        "README.md",
        *(f"k8s/{service}.yaml" for service in (*SERVICES, *FRONTENDS)),
    }
    missing = {name for name in expected if not (DEPLOY / name).is_file()}
    assert not missing, f"missing under deploy/: {sorted(missing)}"


@pytest.mark.parametrize("path", DEPLOY_FILES, ids=lambda p: str(p.relative_to(DEPLOY)))
def test_every_deploy_file_parses(path: Path):
    if path.suffix == ".json":
        assert json.loads(path.read_text())
    else:
        assert load_yaml(path), f"{path}: empty"


# ----------------------------------------------------------------------------------------------
# Dockerfile


def dockerfile_env() -> dict[str, str]:
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    env: dict[str, str] = {}
    for line in text.splitlines():
        if line.startswith("ENV "):
            env.update(re.findall(r"(\w+)=(\S+)", line))
    return env


def test_dockerfile():
    text = (ROOT / "Dockerfile").read_text()
    assert re.search(r"^ARG PYTHON_IMAGE=python:3\.11\.\d+-slim-bookworm(@sha256:[0-9a-f]{64})?$", text, re.MULTILINE)
    assert re.findall(r"^FROM (\S+)", text, re.MULTILINE) == ["${PYTHON_IMAGE}", "${PYTHON_IMAGE}"]
    assert re.search(r"^ENTRYPOINT \[\"rondo\"\]$", text, re.MULTILINE)
    assert re.search(r"^CMD \[\"up\"\]$", text, re.MULTILINE)
    expose = re.search(r"^EXPOSE (.+)$", text, re.MULTILINE)
    assert expose, "the Dockerfile must EXPOSE its ports"
    exposed = expose.group(1).split()
    assert set(exposed) == {"50051", "8000", "8080", "9464"}  # gRPC, the web app, the gateway's calendar feeds, metrics
    user = re.findall(r"^USER (\S+)$", text, re.MULTILINE)
    assert user and not user[-1].startswith(("root", "0:", "0")), "the image must not run as root"
    assert re.fullmatch(r"\d+(:\d+)?", user[-1]), "numeric USER, so Kubernetes' runAsNonRoot can verify it"
    assert re.search(r"pip install --no-deps --no-build-isolation /tmp/rondo-src$", text, re.MULTILINE)

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert "rondo" in scripts, "ENTRYPOINT rondo needs [project.scripts] rondo"

    settings = check_environment(dockerfile_env(), "Dockerfile ENV")
    assert settings.host == "0.0.0.0", "in a container the server must listen on every interface"
    assert (settings.port, settings.metrics_port) == (50051, 9464)


def test_dockerignore_keeps_what_pip_install_needs():
    patterns = [
        line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines() if line.strip() and not line.startswith("#")
    ]
    for needed in (".venv", ".git", "data", "**/__pycache__"):
        assert needed in patterns, f".dockerignore should exclude {needed}"
    readme = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"].get("readme", "README.md")
    for kept in ("pyproject.toml", readme, "proto", *CODE_PACKAGES):
        assert not any(fnmatch.fnmatch(kept, p.lstrip("/")) for p in patterns), f".dockerignore excludes {kept}"


def test_health_one_liner_against_a_real_server():
    """The healthcheck command exits 0 only while the named service is SERVING."""
    from rondo_runtime.server import ServiceSpec, start_server

    code = health_one_liner()
    assert not set(code) & set('$`\\"'), "the one-liner sits in double quotes in a shell"
    name = grpc_service_name("league")
    ready = {"value": True}

    async def readiness() -> bool:
        return ready["value"]

    async def probe(port: int, *args: str) -> int:
        env = {**os.environ, "RONDO_PORT": str(port)}
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            code,
            *args,
            env=env,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
        )
        return await asyncio.wait_for(process.wait(), 30)

    async def scenario():
        spec = ServiceSpec(name="league", service_names=(name,), register=lambda server: None, readiness=readiness)
        settings = Settings(host="127.0.0.1", port=0, metrics_port=None)
        running = await start_server([spec], settings, readiness_interval=3600)
        try:
            assert await probe(running.port, name) == 0
            assert await probe(running.port) == 0  # "" = the whole process
            assert await probe(running.port, "rondo.nothing.v1.NothingService") != 0
            ready["value"] = False
            await running.check_readiness()
            assert await probe(running.port, name) != 0
        finally:
            await running.stop(0)
        assert await probe(running.port, name) != 0  # nothing listening

    asyncio.run(scenario())


# ----------------------------------------------------------------------------------------------
# compose


def compose():
    return load_one(DEPLOY / "compose.yaml")


def test_compose_services_run_the_image_with_a_valid_environment():
    doc = compose()
    services = doc["services"]
    assert services["postgres"]["image"].startswith("postgres:16")
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert {services[name]["image"] for name in (*SERVICES, *FRONTENDS)} == {f"rondo:{version}"}, "never a moving tag"
    for name in SERVICES:
        service = services[name]
        assert service["command"] == ["serve", name]
        assert service["build"]["context"] == ".." and (DEPLOY / service["build"]["context"] / "Dockerfile").is_file()
        settings = check_environment(service["environment"], f"compose.yaml {name}")
        assert settings.host == "0.0.0.0"
        assert (settings.port, settings.metrics_port) == (50051, 9464)
        assert seconds(service["stop_grace_period"]) > settings.grace_seconds, (
            f"compose.yaml {name}: stop_grace_period must exceed RONDO_GRACE_SECONDS"
        )
        expected_db = {name} if name in STATEFUL else set()
        assert set(settings.database_urls) == expected_db, f"compose.yaml {name}: its own database only"
        for url in settings.database_urls.values():
            assert url.startswith("postgresql://") and normalize_url(url).get_backend_name() == "postgresql"
            assert normalize_url(url).host == "postgres"


def test_compose_gateway_reaches_the_other_services():
    services = compose()["services"]
    settings = check_environment(services["gateway"]["environment"], "compose.yaml gateway")
    for downstream in (name for name in SERVICES if name != "gateway"):
        addr = settings.service_addr(downstream)
        assert addr, f"gateway: RONDO_{downstream.upper()}_ADDR is not set"
        host, port = addr.rsplit(":", 1)
        assert host == downstream and host in services
        downstream_port = check_environment(services[downstream]["environment"], downstream).port
        assert int(port) == downstream_port
        assert services["gateway"]["depends_on"][downstream]["condition"] == "service_healthy"
    for name in STATEFUL:
        assert services[name]["depends_on"]["postgres"]["condition"] == "service_healthy"


def test_compose_healthchecks_use_grpc_health_with_the_service_name():
    services = compose()["services"]
    for name in SERVICES:
        test = services[name]["healthcheck"]["test"]
        assert test[:3] == ["CMD", "python", "-c"], f"{name}: healthcheck must be the python grpc_health one-liner"
        assert test[3] == health_one_liner(), f"{name}: healthcheck code differs from the Dockerfile's"
        assert test[4] == grpc_service_name(name)
        assert test[4] in all_grpc_service_names()


def test_compose_every_service_shares_the_internal_token_and_only_the_gateway_publishes_a_port():
    services = compose()["services"]
    tokens = {name: check_environment(services[name]["environment"], name).internal_token for name in SERVICES}
    assert all(tokens.values()), f"compose.yaml: RONDO_INTERNAL_TOKEN missing on {[n for n, t in tokens.items() if not t]}"
    assert len(set(tokens.values())) == 1, "compose.yaml: the gateway and the internal services need the same token"
    for name in SERVICES:
        assert bool(services[name].get("ports")) == (name in PUBLIC), f"compose.yaml {name}: only the gateway publishes a port"
        assert not check_environment(services[name]["environment"], name).reflection


def test_only_the_gateway_gets_the_token_signing_key_and_it_is_long_enough():
    services = compose()["services"]
    deployments, secrets = k8s_by_kind("Deployment"), k8s_by_kind("Secret")
    for name in SERVICES:
        composed = check_environment(services[name]["environment"], f"compose.yaml {name}").token_secret
        (container,) = deployments[name]["spec"]["template"]["spec"]["containers"]
        deployed = check_environment(container_env(container), f"k8s {name}").token_secret
        assert bool(composed) == bool(deployed) == (name == "gateway"), f"{name}: only the gateway signs tokens"
    (gateway,) = deployments["gateway"]["spec"]["template"]["spec"]["containers"]
    [item] = [e for e in gateway["env"] if e["name"] == "RONDO_TOKEN_SECRET"]
    ref = item["valueFrom"]["secretKeyRef"]
    assert ref["name"] not in ("rondo-database", "rondo-internal"), "the signing key is its own Secret"
    assert secrets[ref["name"]]["metadata"]["namespace"] == "rondo"


def shipped_secrets() -> list[tuple[str, str, str]]:
    """(where, variable, value) of every secret value deploy/ ships: compose's values (a default inside
    ``${VAR:-...}`` too) and the k8s Secrets' stringData."""
    out = []
    for name, service in compose()["services"].items():
        for key, value in (service.get("environment") or {}).items():
            if key in SECRET_VARIABLES:
                match = _DEFAULTED_VAR.match(str(value))
                out.append((f"compose.yaml {name}", key, match.group(2) if match else str(value)))
    for secret in k8s_by_kind("Secret").values():
        for key, value in secret["stringData"].items():
            if key in SECRET_VARIABLES:
                out.append((f"k8s Secret {secret['metadata']['name']}", key, str(value)))
    return out


@pytest.mark.rule("access.login.signed-expiring-tokens")
def test_every_placeholder_secret_shipped_is_known_and_refused():
    """A secret value shipped in deploy/ is known to anyone who read the repository: each one is in
    rondo_runtime.config.PLACEHOLDER_SECRETS and Settings refuses it naming the variable; compose ships
    none (the operator must set ``${VAR:?...}``)."""
    shipped = shipped_secrets()
    assert {key for _, key, _ in shipped} == set(SECRET_VARIABLES)
    for where, key, value in shipped:
        if where.startswith("compose.yaml"):
            assert _REQUIRED_VAR.match(value), f"{where}: {key} must be required (${{{key}:?...}}), not defaulted"
            continue
        assert value in PLACEHOLDER_SECRETS, f"{where}: {key}'s shipped value is not in PLACEHOLDER_SECRETS"
        with pytest.raises(ValueError, match=key) as refused:
            Settings.from_env({key: value})
        assert "placeholder" in str(refused.value)
    for value in PLACEHOLDER_SECRETS:  # every one ever shipped, by either variable
        for key in SECRET_VARIABLES:
            with pytest.raises(ValueError, match=key):
                Settings.from_env({key: value})


def test_compose_postgres_init_creates_each_database_and_role():
    services = compose()["services"]
    init = DEPLOY / "postgres" / "init.sql"
    assert "./postgres/init.sql:/docker-entrypoint-initdb.d/init.sql:ro" in services["postgres"]["volumes"]
    sql = init.read_text()
    roles = dict(re.findall(r"CREATE ROLE (\w+) LOGIN PASSWORD '([^']*)'", sql))
    databases = dict(re.findall(r"CREATE DATABASE (\w+) OWNER (\w+)", sql))
    for name in STATEFUL:
        url = normalize_url(check_environment(services[name]["environment"], name).database_url(name))
        assert databases.get(url.database) == url.username, (
            f"init.sql must create database {url.database} owned by {url.username}"
        )
        assert roles.get(url.username) == url.password, f"init.sql: role {url.username} and its password must match compose"


def test_compose_bind_mounts_exist():
    for name, service in compose()["services"].items():
        for volume in service.get("volumes", []):
            source = volume.split(":", 1)[0]
            if source.startswith("."):
                assert (DEPLOY / source).exists(), f"compose.yaml {name}: {source} does not exist"


# ----------------------------------------------------------------------------------------------
# Prometheus and Grafana


def test_prometheus_scrapes_every_service_on_its_metrics_port():
    config = load_one(DEPLOY / "prometheus" / "prometheus.yml")
    services = compose()["services"]
    targets = [
        t
        for job in config["scrape_configs"]
        if job["job_name"] == "rondo"
        for static in job["static_configs"]
        for t in static["targets"]
    ]
    hosts = {}
    for target in targets:
        host, port = target.rsplit(":", 1)
        hosts[host] = int(port)
    assert set(hosts) == set(SERVICES), f"scrape targets {sorted(hosts)} must be the services of the registry"
    for name, port in hosts.items():
        assert port == check_environment(services[name]["environment"], name).metrics_port

    mounted = {v.split(":")[1] for v in services["prometheus"]["volumes"] if v.startswith("./prometheus/alerts.yml")}
    assert set(config["rule_files"]) <= mounted, "rule_files must point at the mounted alerts.yml"


def test_grafana_provisioning_matches_compose():
    services = compose()["services"]
    datasource = load_one(DEPLOY / "grafana" / "provisioning" / "datasources" / "prometheus.yml")["datasources"][0]
    assert datasource["type"] == "prometheus" and datasource["url"] == "http://prometheus:9090"
    provider = load_one(DEPLOY / "grafana" / "provisioning" / "dashboards" / "rondo.yml")["providers"][0]
    mounts = dict(v.split(":")[:2] for v in services["grafana"]["volumes"] if v.startswith("./"))
    assert mounts["./grafana/dashboards"] == provider["options"]["path"]
    assert mounts["./grafana/provisioning"] == "/etc/grafana/provisioning"


def test_dashboard_panels():
    dashboard = json.loads((DEPLOY / "grafana" / "dashboards" / "rondo.json").read_text())
    exprs = "\n".join(dashboard_queries(dashboard["panels"]))
    assert re.search(r"rate\(grpc_server_handled_total\{", exprs), "request rate panel"
    assert 'grpc_code!="OK"' in exprs, "error ratio panel"
    for quantile in ("0.5", "0.95", "0.99"):
        assert re.search(rf"histogram_quantile\({quantile}, .*grpc_server_handling_seconds_bucket", exprs), f"p{quantile}"
        assert re.search(rf"histogram_quantile\({quantile}, .*rondo_solver_solve_seconds_bucket", exprs), f"solver p{quantile}"
    assert re.search(r"grpc_server_started_total\{[^}]*\}\)\s*-\s*sum by \([^)]*\) \(grpc_server_handled_total", exprs), (
        "in flight"
    )
    assert "sum by (status) (rate(rondo_solver_solves_total" in exprs
    names = {variable["name"] for variable in dashboard["templating"]["list"]}
    assert "datasource" in names, "panels use ${datasource}, so the dashboard works with any Prometheus datasource uid"


def test_every_metric_in_the_dashboard_and_alerts_is_exported():
    exported = exported_metric_names()
    assert {"grpc_server_started_total", "grpc_server_handled_total", "grpc_server_handling_seconds_bucket"} <= exported
    pending = {n for name, kind in NOT_YET_EXPORTED.items() for n in sample_names(name, kind)}
    allowed = exported | pending | PROMETHEUS_SYNTHETIC | PROCESS_COLLECTOR

    used: dict[str, set[str]] = {}
    dashboard = json.loads((DEPLOY / "grafana" / "dashboards" / "rondo.json").read_text())
    for expr in dashboard_queries(dashboard):
        for name in promql_metric_names(expr):
            used.setdefault(name, set()).add("grafana/dashboards/rondo.json")
    yaml_available = True
    try:
        import yaml  # noqa: F401
    except ImportError:
        yaml_available = False
    if yaml_available:
        for group in load_one(DEPLOY / "prometheus" / "alerts.yml")["groups"]:
            for rule in group["rules"]:
                for name in promql_metric_names(rule["expr"]):
                    used.setdefault(name, set()).add(f"prometheus/alerts.yml {rule.get('alert')}")
    assert used, "no PromQL found"
    unknown = {name: sorted(where) for name, where in used.items() if name not in allowed}
    assert not unknown, f"metrics the code does not export (add them to the code, or to NOT_YET_EXPORTED): {unknown}"


def test_alerts():
    rules = {rule["alert"]: rule for group in load_one(DEPLOY / "prometheus" / "alerts.yml")["groups"] for rule in group["rules"]}
    error_ratio = rules["RondoHighErrorRatio"]["expr"]
    exclusion = re.search(r'grpc_code!~"([^"]+)"', error_ratio)
    assert exclusion, "RondoHighErrorRatio must exclude the client error codes"
    excluded = exclusion.group(1).split("|")
    assert set(CLIENT_ERROR_CODES) <= set(excluded) and "OK" in excluded
    assert not {"Internal", "Unknown", "Unavailable", "DeadlineExceeded"} & set(excluded)
    assert "grpc_server_handling_seconds_bucket" in rules["RondoHighLatencyP95"]["expr"]
    assert "0.95" in rules["RondoHighLatencyP95"]["expr"]
    assert re.search(r"\bup\{[^}]*\} == 0", rules["RondoTargetDown"]["expr"])
    for name, rule in rules.items():
        assert rule["labels"]["severity"] in ("critical", "warning"), name
        assert rule["annotations"]["summary"], name


# ----------------------------------------------------------------------------------------------
# Kubernetes


def k8s_documents() -> list[dict]:
    kustomization = load_one(K8S / "kustomization.yaml")
    listed = kustomization["resources"]
    on_disk = sorted(p.name for p in K8S.glob("*.yaml") if p.name != "kustomization.yaml")
    assert sorted(listed) == on_disk, "kustomization.yaml must list every manifest in deploy/k8s/"
    assert kustomization["namespace"] == "rondo"
    return [doc for name in listed for doc in load_yaml(K8S / name)]


def k8s_by_kind(kind: str) -> dict[str, dict]:
    return {doc["metadata"]["name"]: doc for doc in k8s_documents() if doc["kind"] == kind}


def container_env(container: dict) -> dict[str, str]:
    """The environment Kubernetes gives a container: envFrom ConfigMaps, then env (value or secretKeyRef)."""
    configmaps, secrets = k8s_by_kind("ConfigMap"), k8s_by_kind("Secret")
    env = {}
    for source in container.get("envFrom", []):
        ref = source["configMapRef"]["name"]
        assert ref in configmaps, f"ConfigMap {ref} is not in deploy/k8s"
        env.update(configmaps[ref]["data"])
    for item in container.get("env", []):
        if "value" in item:
            env[item["name"]] = item["value"]
        else:
            ref = item["valueFrom"]["secretKeyRef"]
            assert ref["name"] in secrets, f"Secret {ref['name']} is not in deploy/k8s"
            data = secrets[ref["name"]]["stringData"]
            assert ref["key"] in data, f"Secret {ref['name']} has no key {ref['key']}"
            env[item["name"]] = data[ref["key"]]
    return env


def test_k8s_everything_in_namespace_rondo():
    for doc in k8s_documents():
        if doc["kind"] != "Namespace":
            assert doc["metadata"]["namespace"] == "rondo", f"{doc['kind']}/{doc['metadata']['name']}"


def test_k8s_deployments():
    deployments = k8s_by_kind("Deployment")
    assert set(deployments) == {*SERVICES, *FRONTENDS}
    cpu_requests = {}
    for name, deployment in ((name, deployments[name]) for name in SERVICES):
        pod = deployment["spec"]["template"]
        assert deployment["spec"]["selector"]["matchLabels"].items() <= pod["metadata"]["labels"].items()
        (container,) = pod["spec"]["containers"]
        assert container["args"] == ["serve", name]
        settings = check_environment(container_env(container), f"k8s {name}")
        assert settings.host == "0.0.0.0"
        ports = {port["containerPort"] for port in container["ports"]}
        assert {settings.port, settings.metrics_port} <= ports

        expected_db = {name} if name in STATEFUL else set()
        assert set(settings.database_urls) == expected_db, f"k8s {name}: its own database only"
        for url in settings.database_urls.values():
            assert url.startswith("postgresql://") and normalize_url(url).get_backend_name() == "postgresql"

        for kind in ("startupProbe", "readinessProbe", "livenessProbe"):
            probe = container[kind]["grpc"]
            assert probe["port"] == settings.port == 50051, f"{name} {kind}"
            if kind == "livenessProbe":  # alive while the process runs, even with its database down
                assert probe["service"] == LIVENESS_SERVICE_NAME, f"{name} {kind}"
                continue
            assert probe["service"] == grpc_service_name(name), f"{name} {kind}"
            assert probe["service"] in all_grpc_service_names()

        pre_stop = container.get("lifecycle", {}).get("preStop", {}).get("exec", {}).get("command", [])
        pause = float(pre_stop[1]) if pre_stop[:1] == ["sleep"] else 0.0
        assert pod["spec"]["terminationGracePeriodSeconds"] > settings.grace_seconds + pause, (
            f"k8s {name}: terminationGracePeriodSeconds must exceed preStop + RONDO_GRACE_SECONDS"
        )

        annotations = pod["metadata"]["annotations"]
        assert annotations["prometheus.io/scrape"] == "true"
        assert annotations["prometheus.io/port"] == str(settings.metrics_port)
        assert annotations.get("prometheus.io/path", "/metrics") == "/metrics"

        assert pod["spec"]["securityContext"]["runAsNonRoot"] is True
        resources = container["resources"]
        assert resources["requests"]["cpu"] and resources["requests"]["memory"] and resources["limits"]["memory"]
        cpu_requests[name] = cpu(resources["requests"]["cpu"])

    assert all(cpu_requests["solver"] > cpu_requests[other] for other in SERVICES if other != "solver"), cpu_requests
    solver = deployments["solver"]["spec"]["template"]["spec"]["containers"][0]
    workers = int(container_env(solver).get("RONDO_SOLVER_WORKERS", "0"))
    assert 0 < workers <= cpu(solver["resources"]["limits"]["cpu"]), "RONDO_SOLVER_WORKERS must fit the CPU limit"


def test_k8s_services_and_gateway_addresses():
    services = k8s_by_kind("Service")
    deployments = k8s_by_kind("Deployment")
    assert set(services) == {*SERVICES, "web"}  # the bot serves nobody: no Service
    for name, service in services.items():
        labels = deployments[name]["spec"]["template"]["metadata"]["labels"]
        assert service["spec"]["selector"].items() <= labels.items()
    gateway = deployments["gateway"]["spec"]["template"]["spec"]["containers"][0]
    settings = check_environment(container_env(gateway), "k8s gateway")
    for downstream in (name for name in SERVICES if name != "gateway"):
        address = settings.service_addr(downstream)
        assert address, f"k8s gateway: no address for {downstream}"
        assert address.startswith("dns:///"), f"k8s gateway: {address}: gRPC's DNS resolver sees every replica"
        host, port = address.removeprefix("dns:///").rsplit(":", 1)
        assert host == f"{downstream}.rondo.svc.cluster.local" and downstream in services
        assert services[downstream]["spec"].get("clusterIP") == "None", f"{downstream}: a headless Service"
        assert int(port) in {p["port"] for p in services[downstream]["spec"]["ports"]}


def test_the_gateway_serves_its_calendar_feeds_on_their_own_port():
    """RONDO_CALENDAR_PORT (the iCalendar feeds over HTTP, gateway/adapters/calendar_http.py): published by
    compose, a container and Service port in Kubernetes, and not behind the internal services' policy."""
    compose = load_one(DEPLOY / "compose.yaml")["services"]["gateway"]
    port = check_environment(compose["environment"], "compose gateway").calendar_port
    assert port and f"{port}:{port}" in compose["ports"]
    deployment = k8s_by_kind("Deployment")["gateway"]["spec"]["template"]["spec"]["containers"][0]
    settings = check_environment(container_env(deployment), "k8s gateway")
    assert settings.calendar_port in {p["containerPort"] for p in deployment["ports"]}
    service = k8s_by_kind("Service")["gateway"]
    assert settings.calendar_port in {p["port"] for p in service["spec"]["ports"]}
    labels = k8s_by_kind("Deployment")["gateway"]["spec"]["template"]["metadata"]["labels"]
    allowed = ingress_peers(list(k8s_by_kind("NetworkPolicy").values()), labels)
    assert settings.calendar_port is not None
    assert allowed.get(settings.calendar_port, []) is None, "the gateway's feeds stay reachable from every source"


def test_k8s_hpa_for_the_stateless_services():
    hpas = k8s_by_kind("HorizontalPodAutoscaler")
    assert set(hpas) == {"solver", "gateway"}
    for name, hpa in hpas.items():
        assert hpa["spec"]["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": name}
        (metric,) = hpa["spec"]["metrics"]
        assert metric["resource"]["name"] == "cpu"
        assert 1 <= hpa["spec"]["minReplicas"] <= hpa["spec"]["maxReplicas"]


def selects(selector: dict, labels: dict) -> bool:
    """A Kubernetes label selector (matchLabels, matchExpressions) against a pod's labels."""
    if not selector.get("matchLabels") and not selector.get("matchExpressions"):
        return True  # {} selects everything
    if not selector.get("matchLabels", {}).items() <= labels.items():
        return False
    for expression in selector.get("matchExpressions", []):
        key, operator, values = expression["key"], expression["operator"], expression.get("values", [])
        if operator == "In" and labels.get(key) not in values:
            return False
        if operator == "NotIn" and labels.get(key) in values:
            return False
        if operator == "Exists" and key not in labels:
            return False
        if operator == "DoesNotExist" and key in labels:
            return False
    return True


def test_k8s_every_service_gets_the_internal_token_from_the_secret():
    deployments, secrets = k8s_by_kind("Deployment"), k8s_by_kind("Secret")
    refs = {}
    for name in SERVICES:
        (container,) = deployments[name]["spec"]["template"]["spec"]["containers"]
        [item] = [e for e in container.get("env", []) if e["name"] == "RONDO_INTERNAL_TOKEN"] or [None]
        assert item is not None, f"k8s {name}: RONDO_INTERNAL_TOKEN is not set"
        assert "value" not in item and "secretKeyRef" in item.get("valueFrom", {}), f"k8s {name}: the token comes from a Secret"
        ref = item["valueFrom"]["secretKeyRef"]
        refs[name] = (ref["name"], ref["key"])
        assert check_environment(container_env(container), f"k8s {name}").internal_token, f"k8s {name}"
    assert len(set(refs.values())) == 1, f"one Secret key for every service: {refs}"
    secret, _ = next(iter(refs.values()))
    assert secret != "rondo-database", "the token is its own Secret: the services must not read each other's database URLs"
    assert secrets[secret]["metadata"]["namespace"] == "rondo"
    for name in SERVICES:
        (container,) = deployments[name]["spec"]["template"]["spec"]["containers"]
        assert not check_environment(container_env(container), f"k8s {name}").reflection, f"k8s {name}: reflection stays off"


MONITORING = {"kubernetes.io/metadata.name": "monitoring"}  # the label Kubernetes sets on the namespace "monitoring"


def ingress_peers(policies: list[dict], labels: dict) -> dict[int, list[dict] | None]:
    """Port -> the peers the NetworkPolicies selecting these pods admit to it (None: every source).
    Every rule names its ports (a rule without ports would open every port)."""
    allowed: dict[int, list[dict] | None] = {}
    for policy in policies:
        if not selects(policy["spec"]["podSelector"], labels) or "Ingress" not in policy["spec"]["policyTypes"]:
            continue
        for rule in policy["spec"].get("ingress", []):
            assert rule.get("ports"), f"{policy['metadata']['name']}: a rule without 'ports' admits every port"
            for port in rule["ports"]:
                assert port.get("protocol", "TCP") == "TCP"
                number = int(port["port"])
                if not rule.get("from"):
                    allowed[number] = None
                elif allowed.get(number, []) is not None:
                    allowed[number] = [*(allowed.get(number) or []), *rule["from"]]
    return allowed


def only_monitoring(peers: list[dict] | None) -> bool:
    """Every peer is the namespace "monitoring" (by its kubernetes.io/metadata.name label), nothing else."""
    return bool(peers) and all(
        set(peer) <= {"namespaceSelector", "podSelector"} and peer["namespaceSelector"] == {"matchLabels": MONITORING}
        for peer in peers or []
    )


def test_k8s_network_policy_lets_only_the_gateway_reach_the_internal_services():
    """The internal services: gRPC only from gateway pods; every metrics port (the gateway's too) only from
    the namespace "monitoring"; the gateway's gRPC and calendar ports open to every source, as before."""
    policies = list(k8s_by_kind("NetworkPolicy").values())
    assert policies, "deploy/k8s needs a NetworkPolicy"
    deployments = k8s_by_kind("Deployment")
    pod_labels = {name: d["spec"]["template"]["metadata"]["labels"] for name, d in deployments.items()}
    for name in SERVICES:
        (container,) = deployments[name]["spec"]["template"]["spec"]["containers"]
        settings = check_environment(container_env(container), f"k8s {name}")
        assert settings.metrics_port is not None, f"{name}: metrics must be exported"
        allowed = ingress_peers(policies, pod_labels[name])
        assert allowed, f"no NetworkPolicy selects the {name} pods"
        assert only_monitoring(allowed.get(settings.metrics_port)), f"{name}: metrics only from the namespace monitoring"
        if name in PUBLIC:
            assert settings.calendar_port is not None, f"{name}: the calendar feeds' port"
            assert set(allowed) == {settings.port, settings.calendar_port, settings.metrics_port}, f"{name}: {sorted(allowed)}"
            assert allowed[settings.port] is None and allowed[settings.calendar_port] is None, f"{name} is public"
            continue
        assert set(allowed) == {settings.port, settings.metrics_port}, f"{name}: only the gRPC and metrics ports"
        grpc_peers = allowed[settings.port]
        assert grpc_peers, f"{name}: gRPC must not be open to every source"
        assert all("ipBlock" not in peer and "namespaceSelector" not in peer for peer in grpc_peers), (
            f"{name}: gRPC from this namespace only"
        )
        reach_grpc = {other for other in SERVICES if any(selects(peer["podSelector"], pod_labels[other]) for peer in grpc_peers)}
        assert reach_grpc == set(PUBLIC), f"{name}: gRPC only from the gateway pods, not {sorted(reach_grpc - set(PUBLIC))}"


# ----------------------------------------------------------------------------------------------
# the frontends: web and bot

#: What an operator sets for the frontends' secrets (compose ships none, deploy/k8s no Secret for them).
FRONTEND_SECRETS = {
    "RONDO_WEB_SECRET": operator_secret("RONDO_WEB_SECRET"),
    "RONDO_TELEGRAM_TOKEN": "123456789:operator-telegram-token",
    "RONDO_BOT_SERVICE_TOKEN": operator_secret("RONDO_BOT_SERVICE_TOKEN"),
}
#: Each frontend's settings attributes: (host, port serving /healthz /readyz /metrics).
FRONTEND_PORT_ATTRIBUTES = {"web": ("host", "port"), "bot": ("health_host", "health_port")}
#: Each frontend's settings attribute of the port serving /metrics: the web app's is not its public port.
FRONTEND_METRICS_ATTRIBUTE = {"web": "metrics_port", "bot": "health_port"}


def frontend_settings(name: str, env: dict, where: str):
    """Every RONDO_* variable is read by the frontend's own code, and its settings class accepts the
    whole environment (with the secrets the operator sets)."""
    module, settings_class, _ = FRONTENDS[name]
    config = pytest.importorskip(module, reason=f"the {name} frontend is not in this tree")
    known = set()
    for path in sorted((ROOT / name).rglob("*.py")):
        known |= set(re.findall(r"""["'](RONDO_[A-Z0-9_]+)["']""", path.read_text()))
    values = {}
    for key, value in env.items():
        assert not key.startswith("RONDO_") or key in known, f"{where}: {key} is read by no code of {name}/"
        value = "" if value is None else str(value)
        if key in FRONTEND_SECRETS and (not value or _REQUIRED_VAR.match(value) or _DEFAULTED_VAR.match(value)):
            value = FRONTEND_SECRETS[key]
        values[key] = deployed_value(key, value)
    try:
        return getattr(config, settings_class).from_env(values)
    except ValueError as error:
        pytest.fail(f"{where}: {settings_class}.from_env rejects the environment: {error}")


def frontend_port(name: str, settings) -> int:
    return getattr(settings, FRONTEND_PORT_ATTRIBUTES[name][1])


def frontend_metrics_port(name: str, settings) -> int:
    return getattr(settings, FRONTEND_METRICS_ATTRIBUTE[name])


def http_health_one_liner() -> str:
    anchors = (DEPLOY / "compose.yaml").read_text()
    match = re.search(r'^x-http-health: &http-health "([^"]+)"$', anchors, re.MULTILINE)
    assert match, "compose.yaml: the x-http-health anchor"
    return match.group(1)


def test_the_http_health_one_liner_against_a_real_server():
    """The frontends' compose health check exits 0 only while the path answers 200."""
    import http.server
    import subprocess
    import threading

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - the standard library's name
            self.send_response(200 if self.path == "/readyz" else 503)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = str(server.server_address[1])
    try:

        def probe(path: str) -> int:
            command = [sys.executable, "-c", http_health_one_liner(), port, path]
            return subprocess.run(command, capture_output=True, timeout=30).returncode

        assert probe("/readyz") == 0
        assert probe("/down") != 0
    finally:
        server.shutdown()
        server.server_close()
    assert subprocess.run([sys.executable, "-c", http_health_one_liner(), port, "/readyz"], capture_output=True).returncode != 0


@pytest.mark.parametrize("name", list(FRONTENDS))
def test_compose_frontend_runs_its_module_against_the_gateway(name):
    services = compose()["services"]
    service = services[name]
    assert service["entrypoint"] == ["python", "-m", name] and service["command"] == []
    assert service["build"]["context"] == ".." and service["image"] == services["gateway"]["image"]
    settings = frontend_settings(name, service["environment"], f"compose.yaml {name}")
    gateway = check_environment(services["gateway"]["environment"], "compose.yaml gateway")
    assert settings.gateway_addr == f"gateway:{gateway.port}"
    assert service["depends_on"] == {"gateway": {"condition": "service_healthy"}}
    host, port = (getattr(settings, attribute) for attribute in FRONTEND_PORT_ATTRIBUTES[name])
    assert host == "0.0.0.0" and port
    test = service["healthcheck"]["test"]
    assert test[:4] == ["CMD", "python", "-c", http_health_one_liner()] and test[4:] == [str(port), "/readyz"]
    assert seconds(service["stop_grace_period"]) > getattr(settings, "grace_seconds", 0.0)
    assert service.get("ports", []) == ([f"{port}:{port}"] if name == "web" else []), "only the web app is published"
    for key in FRONTEND_SECRETS:
        if key in service["environment"]:
            value = str(service["environment"][key])
            assert _REQUIRED_VAR.match(value) or value == f"${{{key}:-}}", f"compose.yaml {name}: {key} ships no value"
    assert "bot" in service.get("profiles", ["bot"]) if name == "bot" else not service.get("profiles")


def test_prometheus_scrapes_the_frontends_on_their_metrics_port():
    config = load_one(DEPLOY / "prometheus" / "prometheus.yml")
    services = compose()["services"]
    (job,) = [job for job in config["scrape_configs"] if job["job_name"] == "rondo-frontends"]
    assert job["metrics_path"] == "/metrics"
    targets = dict(t.rsplit(":", 1) for static in job["static_configs"] for t in static["targets"])
    assert set(targets) == set(FRONTENDS)
    for name, port in targets.items():
        settings = frontend_settings(name, services[name]["environment"], f"compose.yaml {name}")
        assert int(port) == frontend_metrics_port(name, settings)
        if name == "web":
            assert frontend_metrics_port(name, settings) != frontend_port(name, settings), "web: metrics off the public port"


def frontend_container_env(container: dict, where: str) -> dict[str, str]:
    """A frontend container's environment: plain values, and its secrets from Secrets deploy/k8s does
    not ship (the operator creates them: no placeholder value anyone could read)."""
    shipped = k8s_by_kind("Secret")
    env = {}
    for item in container.get("env", []):
        if "value" in item:
            env[item["name"]] = item["value"]
            continue
        ref = item["valueFrom"]["secretKeyRef"]
        assert ref["name"] not in shipped, f"{where}: Secret {ref['name']} is shipped in deploy/k8s"
        assert item["name"] in FRONTEND_SECRETS and ref["key"] == item["name"], f"{where}: {item['name']} from a Secret"
        env[item["name"]] = FRONTEND_SECRETS[item["name"]]
    assert not container.get("envFrom"), f"{where}: not the services' ConfigMap"
    return env


@pytest.mark.parametrize("name", list(FRONTENDS))
def test_k8s_frontend_deployment(name):
    deployment = k8s_by_kind("Deployment")[name]
    pod = deployment["spec"]["template"]
    assert deployment["spec"]["selector"]["matchLabels"].items() <= pod["metadata"]["labels"].items()
    (container,) = pod["spec"]["containers"]
    assert container["command"] == ["python", "-m", name] and not container.get("args")
    settings = frontend_settings(name, frontend_container_env(container, f"k8s {name}"), f"k8s {name}")
    gateway_service = k8s_by_kind("Service")["gateway"]
    host, port = settings.gateway_addr.rsplit(":", 1)
    assert host == "gateway" and int(port) in {p["port"] for p in gateway_service["spec"]["ports"]}
    listen, http_port = (getattr(settings, attribute) for attribute in FRONTEND_PORT_ATTRIBUTES[name])
    assert listen == "0.0.0.0"
    named = {p["name"]: p["containerPort"] for p in container["ports"]}
    metrics_port = frontend_metrics_port(name, settings)
    assert set(named.values()) == {http_port, metrics_port}
    paths = {"startupProbe": "/healthz", "livenessProbe": "/healthz", "readinessProbe": "/readyz"}
    for kind, path in paths.items():
        probe = container[kind]["httpGet"]
        assert probe["path"] == path and named.get(probe["port"], probe["port"]) == http_port, f"k8s {name} {kind}"
    annotations = pod["metadata"]["annotations"]
    assert annotations["prometheus.io/scrape"] == "true" and annotations["prometheus.io/port"] == str(metrics_port)
    if name == "web":  # the Service (the public side) publishes the pages' port, not the metrics port
        service_ports = {named.get(p["targetPort"], p["targetPort"]) for p in k8s_by_kind("Service")[name]["spec"]["ports"]}
        assert service_ports == {http_port}
    assert annotations.get("prometheus.io/path", "/metrics") == "/metrics"
    pre_stop = container.get("lifecycle", {}).get("preStop", {}).get("exec", {}).get("command", [])
    pause = float(pre_stop[1]) if pre_stop[:1] == ["sleep"] else 0.0
    assert pod["spec"]["terminationGracePeriodSeconds"] > getattr(settings, "grace_seconds", 0.0) + pause
    security = pod["spec"]["securityContext"]
    assert security["runAsNonRoot"] is True and security["seccompProfile"]["type"] == "RuntimeDefault"
    assert container["securityContext"] == {
        "allowPrivilegeEscalation": False,
        "readOnlyRootFilesystem": True,
        "capabilities": {"drop": ["ALL"]},
    }
    resources = container["resources"]
    assert resources["requests"]["cpu"] and resources["requests"]["memory"] and resources["limits"]["memory"]
    if name == "bot":  # one consumer of the event stream: two replicas would deliver every message twice
        assert deployment["spec"]["replicas"] == 1 and deployment["spec"]["strategy"]["type"] == "Recreate"
        mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
        volumes = {v["name"]: v for v in pod["spec"]["volumes"]}
        database = normalize_url(settings.database_url)
        assert database.get_backend_name() == "sqlite"
        directory = str(Path(database.database or "").parent)
        assert "persistentVolumeClaim" in volumes[mounts[directory]], "the bot's cursor survives a restart"
    else:
        service = k8s_by_kind("Service")["web"]
        assert service["spec"]["selector"].items() <= pod["metadata"]["labels"].items()
        assert {named.get(p["targetPort"], p["targetPort"]) for p in service["spec"]["ports"]} == {http_port}


def test_k8s_frontends_reach_only_the_gateway():
    """Egress from web and bot pods: the gateway's gRPC port, the cluster DNS, and for the bot only the
    Telegram Bot API (HTTPS outside the private ranges); ingress: the web app is public, the bot admits
    only Prometheus."""
    deployments = k8s_by_kind("Deployment")
    labels = {name: d["spec"]["template"]["metadata"]["labels"] for name, d in deployments.items()}
    policies = list(k8s_by_kind("NetworkPolicy").values())
    gateway_port = check_environment(
        container_env(deployments["gateway"]["spec"]["template"]["spec"]["containers"][0]), "k8s"
    ).port
    for name in FRONTENDS:
        egress = [p for p in policies if selects(p["spec"]["podSelector"], labels[name]) and "Egress" in p["spec"]["policyTypes"]]
        assert egress, f"no egress NetworkPolicy selects the {name} pods"
        for rule in (rule for policy in egress for rule in policy["spec"].get("egress", [])):
            assert rule.get("to") and rule.get("ports"), f"{name}: an egress rule without 'to' or 'ports' admits everything"
            ports = {(p.get("protocol", "TCP"), int(p["port"])) for p in rule["ports"]}
            for peer in rule["to"]:
                if "ipBlock" in peer:
                    assert name == "bot" and ports == {("TCP", 443)}, f"{name}: outside the cluster only the bot, over HTTPS"
                    assert peer["ipBlock"]["cidr"] == "0.0.0.0/0"
                    assert {"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"} <= set(peer["ipBlock"]["except"])
                elif "namespaceSelector" in peer:
                    assert peer["podSelector"] == {"matchLabels": {"k8s-app": "kube-dns"}}, f"{name}: DNS only"
                    assert ports <= {("UDP", 53), ("TCP", 53)}
                else:
                    reached = {other for other in deployments if selects(peer["podSelector"], labels[other])}
                    assert reached == {"gateway"} and ports == {("TCP", gateway_port)}, f"{name}: only the gateway's gRPC"
        allowed = ingress_peers(policies, labels[name])
        named_ports = {
            p["name"]: int(p["containerPort"]) for p in deployments[name]["spec"]["template"]["spec"]["containers"][0]["ports"]
        }
        if name == "web":  # the pages are public; the metrics port only for the namespace monitoring
            assert set(allowed) == {named_ports["http"], named_ports["metrics"]} and allowed[named_ports["http"]] is None, (
                "the web app is public"
            )
            assert only_monitoring(allowed[named_ports["metrics"]]), "web: metrics only from the namespace monitoring"
            continue
        assert set(allowed) == {named_ports["health"]} and only_monitoring(allowed[named_ports["health"]]), (
            "bot: only the namespace monitoring"
        )


KUBERNETES_VERSIONS = ("1.25.0", "latest")  # the oldest schema kubernetes-validate ships, and the newest


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
def test_every_k8s_manifest_validates_against_the_api_schema(version):
    import kubernetes_validate
    from kubernetes_validate.utils import latest_version

    wanted = latest_version() if version == "latest" else version
    for document in k8s_documents():
        try:
            kubernetes_validate.validate(document, wanted, strict=True)
        except kubernetes_validate.ValidationError as error:
            pytest.fail(f"{document['kind']}/{document['metadata']['name']} (Kubernetes {wanted}): {error.message}")


def test_promtool_accepts_the_prometheus_files(tmp_path):
    import shutil
    import subprocess

    promtool = shutil.which("promtool")
    if promtool is None:
        pytest.skip("promtool is not installed (Debian: prometheus); the YAML is still checked above")
    config = load_one(DEPLOY / "prometheus" / "prometheus.yml")
    config["rule_files"] = [str(DEPLOY / "prometheus" / "alerts.yml")]  # where compose mounts it, here
    (tmp_path / "prometheus.yml").write_text(_yaml().safe_dump(config))
    for command in (
        ["check", "config", str(tmp_path / "prometheus.yml")],
        ["check", "rules", str(DEPLOY / "prometheus" / "alerts.yml")],
    ):
        done = subprocess.run([promtool, *command], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, f"promtool {' '.join(command)}:\n{done.stdout}{done.stderr}"
