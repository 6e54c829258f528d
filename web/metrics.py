"""The web app's Prometheus metrics (``/metrics`` on their own port, ``RONDO_WEB_METRICS_PORT``, served by
web/server.py): one registry per app, so tests may run several apps in one process."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Histogram

_CALL_BUCKETS = (0, 1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 50)
_SECONDS_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)


class WebMetrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.pages = Histogram(
            "rondo_web_page_seconds",
            "Time to answer a page, by route and method",
            ["route", "method", "status"],
            buckets=_SECONDS_BUCKETS,
            registry=self.registry,
        )
        self.calls_per_page = Histogram(
            "rondo_web_gateway_calls_per_page",
            "Gateway calls made to answer one page, by route and method",
            ["route", "method"],
            buckets=_CALL_BUCKETS,
            registry=self.registry,
        )
        self.gateway_calls = Counter(
            "rondo_web_gateway_calls", "Gateway calls by RPC and status code", ["rpc", "code"], registry=self.registry
        )
        self.csrf_refusals = Counter(
            "rondo_web_csrf_refusals", "POSTs refused for a missing or wrong CSRF token", registry=self.registry
        )
