"""The app's pages: every module here is an area (``auth``, ``player``, ``staff``...) exposing
``routes: list[BaseRoute]`` and optionally ``nav: list[NavItem]``; :func:`discover` gathers them, so
an area is added by adding its module (and its templates under ``web/templates/<area>/``)."""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from pathlib import Path

from starlette.routing import BaseRoute

from web.rendering import NavItem

WEB_DIR = Path(__file__).resolve().parent.parent


@dataclass
class Pages:
    routes: list[BaseRoute] = field(default_factory=list)
    nav: list[NavItem] = field(default_factory=list)


def discover() -> Pages:
    found = Pages()
    for module_info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        found.routes.extend(getattr(module, "routes", []))
        found.nav.extend(getattr(module, "nav", []))
    return found
