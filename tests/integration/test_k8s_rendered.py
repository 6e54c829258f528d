"""deploy/k8s as Kubernetes receives it: ``kubectl kustomize deploy/k8s`` (the namespace and the image set
by kustomization.yaml), checked for what a cautious operator needs:

* every internal address the gateway dials is ``dns:///<service>.<namespace>.svc.cluster.local:<port>``
  of a headless Service (``clusterIP: None``) that selects that service's pods and has that port, so gRPC's
  DNS resolver sees every ready pod and the gateway's ``round_robin`` (gateway/adapters/downstream.py)
  spreads calls over every replica; the frontends dial the gateway's Service on its gRPC port;
* every image is ``name:tag@sha256:<64 hex>`` (no ``latest``; the tag is pyproject.toml's version);
* every Deployment with more than one replica has one PodDisruptionBudget that lets a drain evict a pod;
* pods run as non-root with a read-only root file system, no capabilities, and an emptyDir for ``/tmp``;
* requests and limits are the ones docs/operating/capacity.md derives from the measured figures;
* every metrics port admits only the namespace ``monitoring``; the gateway's gRPC port admits everyone;
* the rendered manifests validate against the Kubernetes API schemas (kubernetes-validate, strict).

Without kubectl the render is done here (kustomization.yaml may only set the namespace and the image,
which is checked); with kubectl both renders must agree.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from rondo_app.registry import SERVICES as REGISTRY
from tests.conftest import real_parts_required

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "deploy" / "k8s"
CAPACITY = ROOT / "docs" / "operating" / "capacity.md"
INTERNAL = tuple(s.name for s in REGISTRY if s.internal)
MONITORING = {"kubernetes.io/metadata.name": "monitoring"}
IMAGE = re.compile(r"^(?P<name>[a-z0-9][a-z0-9./_-]*):(?P<tag>[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})@sha256:[0-9a-f]{64}$")


def _yaml():
    import yaml

    return yaml


def kustomization() -> dict:
    return _yaml().safe_load((K8S / "kustomization.yaml").read_text())


def render_here() -> list[dict]:
    """What kustomize does with this kustomization: the resources, the namespace, the image's tag and digest."""
    config = kustomization()
    assert set(config) <= {"apiVersion", "kind", "namespace", "resources", "images"}, "render_here knows only these"
    images = {image["name"]: image for image in config.get("images", [])}
    documents = []
    for name in config["resources"]:
        for document in _yaml().safe_load_all((K8S / name).read_text()):
            if document is None:
                continue
            if document["kind"] != "Namespace":
                document["metadata"]["namespace"] = config["namespace"]
            for container in containers(document):
                image = images.get(container["image"].split("@")[0].split(":")[0])
                if image is not None:
                    reference = image.get("newName", image["name"]) + (f":{image['newTag']}" if "newTag" in image else "")
                    container["image"] = reference + (f"@{image['digest']}" if "digest" in image else "")
            documents.append(document)
    return documents


def render_kubectl() -> list[dict] | None:
    kubectl = shutil.which("kubectl")
    if kubectl is None:
        return None
    done = subprocess.run([kubectl, "kustomize", str(K8S)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"kubectl kustomize deploy/k8s:\n{done.stderr}"
    return [document for document in _yaml().safe_load_all(done.stdout) if document is not None]


@pytest.fixture(scope="module")
def rendered() -> list[dict]:
    return render_kubectl() or render_here()


def containers(document: dict) -> list[dict]:
    if document["kind"] != "Deployment":
        return []
    spec = document["spec"]["template"]["spec"]
    return [*spec.get("initContainers", []), *spec["containers"]]


def by_kind(documents: list[dict], kind: str) -> dict[str, dict]:
    return {document["metadata"]["name"]: document for document in documents if document["kind"] == kind}


def selects(selector: dict, labels: dict) -> bool:
    """matchLabels and In / NotIn / Exists / DoesNotExist expressions."""
    if not selector.get("matchLabels") and not selector.get("matchExpressions"):
        return True
    if not selector.get("matchLabels", {}).items() <= labels.items():
        return False
    for expression in selector.get("matchExpressions", []):
        key, operator, values = expression["key"], expression["operator"], expression.get("values", [])
        if (
            (operator == "In" and labels.get(key) not in values)
            or (operator == "NotIn" and labels.get(key) in values)
            or (operator == "Exists" and key not in labels)
            or (operator == "DoesNotExist" and key in labels)
        ):
            return False
    return True


def pod_labels(deployment: dict) -> dict:
    return deployment["spec"]["template"]["metadata"]["labels"]


def environment(documents: list[dict], container: dict) -> dict[str, str]:
    """Plain values: envFrom ConfigMaps, then env values (secrets are not addresses)."""
    configmaps = by_kind(documents, "ConfigMap")
    env: dict[str, str] = {}
    for source in container.get("envFrom", []):
        env.update(configmaps[source["configMapRef"]["name"]]["data"])
    env.update({item["name"]: item["value"] for item in container.get("env", []) if "value" in item})
    return env


def service_for(documents: list[dict], host: str, namespace: str) -> dict:
    """The Service a cluster DNS name (``name``, ``name.ns``, ``name.ns.svc.cluster.local``) names."""
    parts = host.split(".")
    name = parts[0]
    if len(parts) > 1:
        assert parts[1] == namespace, f"{host}: another namespace than {namespace}"
        assert len(parts) == 2 or parts[2:] == ["svc", "cluster", "local"], f"{host}: not a Service's DNS name"
    services = by_kind(documents, "Service")
    assert name in services, f"{host}: no Service {name} in deploy/k8s"
    return services[name]


def target_container_port(service: dict, port: int, deployment: dict) -> int:
    (entry,) = [p for p in service["spec"]["ports"] if p["port"] == port] or [None]
    assert entry is not None, f"Service {service['metadata']['name']} has no port {port}"
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    named = {p["name"]: p["containerPort"] for p in container["ports"]}
    target = entry.get("targetPort", port)
    return named[target] if isinstance(target, str) else int(target)


# ----------------------------------------------------------------------------------------------------


def test_kubectl_renders_what_this_test_renders():
    """The fallback render (no kubectl) is kustomize's: compared where kubectl exists."""
    from_kubectl = render_kubectl()
    if from_kubectl is None:
        message = "kubectl is not installed: the manifests are rendered by the test itself"
        if real_parts_required():
            pytest.fail(message + " (required by the whole check: RONDO_REQUIRE_REAL_PARTS=1)", pytrace=False)
        pytest.skip(message)

    def key(document: dict) -> tuple[str, str]:
        return document["kind"], document["metadata"]["name"]

    assert sorted(from_kubectl, key=key) == sorted(render_here(), key=key)


def test_the_gateway_dials_every_internal_service_through_a_headless_service(rendered):
    deployments = by_kind(rendered, "Deployment")
    namespace = kustomization()["namespace"]
    (gateway,) = deployments["gateway"]["spec"]["template"]["spec"]["containers"]
    env = environment(rendered, gateway)
    addresses = {key: value for key, value in env.items() if re.fullmatch(r"RONDO_[A-Z]+_ADDR", key)}
    assert {f"RONDO_{name.upper()}_ADDR" for name in INTERNAL} == set(addresses), "one address per internal service"
    for name in INTERNAL:
        address = addresses[f"RONDO_{name.upper()}_ADDR"]
        match = re.fullmatch(r"dns:///(?P<host>[a-z0-9.-]+):(?P<port>\d+)", address)
        assert match, f"{address}: dns:///host:port, so gRPC resolves every pod (round_robin)"
        assert match["host"] == f"{name}.{namespace}.svc.cluster.local", address
        service = service_for(rendered, match["host"], namespace)
        assert service["spec"].get("clusterIP") == "None", f"Service {name}: headless, one DNS record per ready pod"
        assert not service["spec"].get("publishNotReadyAddresses"), f"Service {name}: only ready pods"
        assert selects({"matchLabels": service["spec"]["selector"]}, pod_labels(deployments[name]))
        others = [
            other
            for other, d in deployments.items()
            if other != name and selects({"matchLabels": service["spec"]["selector"]}, pod_labels(d))
        ]
        assert not others, f"Service {name} also selects {others}"
        # a headless Service does no port mapping: the address's port is the pods' own
        assert target_container_port(service, int(match["port"]), deployments[name]) == int(match["port"])


def test_the_frontends_dial_the_gateways_grpc_port(rendered):
    """web and bot dial the gateway with gRPC's default pick_first (web/gateway.py, bot/gateway.py): one
    connection to one address, so a ClusterIP spreads the frontends' pods over the gateway's by
    connection; the gateway's Service stays a ClusterIP (a headless one would pin every frontend pod to
    the first address its DNS answer lists)."""
    deployments = by_kind(rendered, "Deployment")
    namespace = kustomization()["namespace"]
    for name in ("web", "bot"):
        (container,) = deployments[name]["spec"]["template"]["spec"]["containers"]
        address = environment(rendered, container)["RONDO_GATEWAY_ADDR"]
        host, port = address.removeprefix("dns:///").rsplit(":", 1)
        service = service_for(rendered, host, namespace)
        assert service["metadata"]["name"] == "gateway"
        assert service["spec"].get("clusterIP") != "None"
        grpc_port = next(
            p["containerPort"]
            for p in deployments["gateway"]["spec"]["template"]["spec"]["containers"][0]["ports"]
            if p["name"] == "grpc"
        )
        assert target_container_port(service, int(port), deployments["gateway"]) == grpc_port


def test_every_image_is_pinned_by_version_tag_and_digest(rendered):
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    images = [container["image"] for document in rendered for container in containers(document)]
    assert images
    for image in images:
        match = IMAGE.match(image)
        assert match, f"{image}: name:tag@sha256:<64 hex> (deploy/README.md 'Releasing an image')"
        assert match["tag"] != "latest"
        if match["name"].rsplit("/", 1)[-1] == "rondo":
            assert match["tag"] == version, f"{image}: the tag is pyproject.toml's version {version}"
    assert not re.search(r"\blatest\b", (K8S / "kustomization.yaml").read_text().split("images:", 1)[1])


def test_every_multi_replica_deployment_has_a_disruption_budget_that_lets_a_drain_through(rendered):
    deployments = by_kind(rendered, "Deployment")
    budgets = by_kind(rendered, "PodDisruptionBudget")
    hpas = {hpa["spec"]["scaleTargetRef"]["name"]: hpa for hpa in by_kind(rendered, "HorizontalPodAutoscaler").values()}
    for name, deployment in deployments.items():
        fewest = min(deployment["spec"].get("replicas", 1), hpas[name]["spec"]["minReplicas"] if name in hpas else 10**6)
        covering = [b for b in budgets.values() if selects(b["spec"]["selector"], pod_labels(deployment))]
        if fewest <= 1:
            assert not covering, f"{name}: one replica; a budget would block every drain"
            continue
        assert len(covering) == 1, f"{name}: {len(covering)} PodDisruptionBudgets (want one)"
        spec = covering[0]["spec"]
        if "maxUnavailable" in spec:
            assert spec["maxUnavailable"] == 1, f"{name}: one pod at a time"
        else:
            assert 0 < spec["minAvailable"] < fewest, f"{name}: minAvailable must leave a pod to evict"
        selected = [other for other, d in deployments.items() if selects(spec["selector"], pod_labels(d))]
        assert selected == [name], f"PodDisruptionBudget {covering[0]['metadata']['name']} selects {selected}"


def test_pods_run_unprivileged_on_a_read_only_root_file_system(rendered):
    for name, deployment in by_kind(rendered, "Deployment").items():
        pod = deployment["spec"]["template"]["spec"]
        assert pod["securityContext"]["runAsNonRoot"] is True and pod["securityContext"]["runAsUser"] != 0, name
        assert pod["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault", name
        volumes = {volume["name"]: volume for volume in pod.get("volumes", [])}
        for container in containers(deployment):
            security = container["securityContext"]
            assert security["readOnlyRootFilesystem"] is True, f"{name}: read-only root file system"
            assert security["allowPrivilegeEscalation"] is False and security["capabilities"] == {"drop": ["ALL"]}, name
            assert not security.get("privileged") and security.get("runAsUser", 1) != 0, name
            mounts = {mount["mountPath"]: mount for mount in container.get("volumeMounts", [])}
            assert "emptyDir" in volumes[mounts["/tmp"]["name"]], f"{name}: /tmp is an emptyDir (tempfile, sockets)"
            for path, mount in mounts.items():  # every writable path is a volume of its own, never the image
                volume = volumes[mount["name"]]
                assert mount.get("readOnly") or {"emptyDir", "persistentVolumeClaim"} & set(volume), f"{name}: {path}"


def capacity_table() -> dict[str, dict[str, str]]:
    """docs/operating/capacity.md's 'Requests and limits' table: service -> column -> value."""
    text = CAPACITY.read_text()
    section = text.split("## Requests and limits", 1)[1].split("\n## ", 1)[0]
    rows = [
        [cell.strip().strip("`") for cell in line.strip().strip("|").split("|")]
        for line in section.splitlines()
        if line.startswith("|")
    ]
    header, *body = [row for row in rows if not set("".join(row)) <= set("-: ")]
    return {row[0]: dict(zip(header, row)) for row in body}


def test_requests_and_limits_are_the_ones_the_capacity_page_derives(rendered):
    table = capacity_table()
    deployments = by_kind(rendered, "Deployment")
    assert set(table) == set(deployments), "docs/operating/capacity.md: one row per Deployment"
    for name, deployment in deployments.items():
        (container,) = deployment["spec"]["template"]["spec"]["containers"]
        resources = container["resources"]
        row = table[name]
        assert resources["requests"]["cpu"] == row["CPU request"], name
        assert resources["requests"]["memory"] == row["memory request"], name
        assert resources["limits"]["memory"] == row["memory limit"], name
        assert resources["limits"].get("cpu", "none") == row["CPU limit"], name
        assert _bytes(resources["requests"]["memory"]) <= _bytes(resources["limits"]["memory"]), name


def _bytes(quantity: str) -> int:
    units = {"Ki": 1024, "Mi": 1024**2, "Gi": 1024**3}
    return int(quantity[:-2]) * units[quantity[-2:]] if quantity[-2:] in units else int(quantity)


def ingress_peers(policies: list[dict], labels: dict) -> dict[int, list[dict] | None]:
    """Port -> the peers admitted to it by the NetworkPolicies selecting these pods (None: everyone)."""
    allowed: dict[int, list[dict] | None] = {}
    for policy in policies:
        if not selects(policy["spec"]["podSelector"], labels) or "Ingress" not in policy["spec"]["policyTypes"]:
            continue
        for rule in policy["spec"].get("ingress", []):
            assert rule.get("ports"), f"{policy['metadata']['name']}: a rule without ports opens every port"
            for port in rule["ports"]:
                number = int(port["port"])
                if not rule.get("from"):
                    allowed[number] = None
                elif allowed.get(number, []) is not None:
                    allowed[number] = [*(allowed.get(number) or []), *rule["from"]]
    return allowed


def test_metrics_ports_admit_only_the_monitoring_namespace(rendered):
    policies = list(by_kind(rendered, "NetworkPolicy").values())
    for name, deployment in by_kind(rendered, "Deployment").items():
        labels = pod_labels(deployment)
        allowed = ingress_peers(policies, labels)
        annotations = deployment["spec"]["template"]["metadata"]["annotations"]
        metrics_port = int(annotations["prometheus.io/port"])
        peers = allowed.get(metrics_port)
        assert peers, f"{name}: its metrics port {metrics_port} must be restricted (no policy, or open to all)"
        for peer in peers:
            assert peer.get("namespaceSelector") == {"matchLabels": MONITORING}, f"{name}: {peer}"
            assert set(peer) <= {"namespaceSelector", "podSelector"}, f"{name}: {peer}"
    gateway = pod_labels(by_kind(rendered, "Deployment")["gateway"])
    allowed = ingress_peers(policies, gateway)
    assert allowed[50051] is None, "the gateway's gRPC port stays open to the frontends and the ingress"


def test_rendered_manifests_validate_against_the_api_schema(rendered):
    import kubernetes_validate
    from kubernetes_validate.utils import latest_version

    for document in rendered:
        try:
            kubernetes_validate.validate(document, latest_version(), strict=True)
        except kubernetes_validate.ValidationError as error:
            pytest.fail(f"{document['kind']}/{document['metadata']['name']}: {error.message}")
