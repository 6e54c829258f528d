"""The Telegram bot as its own process (`python -m bot`) against a gateway and the Bot API stand-in
(``bot.standin``), for the e2e tier and the bot's benchmark smoke test."""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.request
from pathlib import Path

from bot.standin import BotApiStandIn
from rondo_runtime.process import free_port
from tests.waiting import eventually

TELEGRAM_TOKEN = "123456:TEST-token_for-the-stand-in"


class BotProcess:
    """``python -m bot`` with its own database; ``start`` again after ``kill`` resumes from it."""

    def __init__(self, gateway_addr: str, service_token: str, api: BotApiStandIn, data_dir: Path, **extra: str):
        self.health_port = free_port()
        self.env = {
            **os.environ,
            "RONDO_GATEWAY_ADDR": gateway_addr,
            "RONDO_BOT_SERVICE_TOKEN": service_token,
            "RONDO_TELEGRAM_TOKEN": TELEGRAM_TOKEN,
            "RONDO_TELEGRAM_API_URL": api.url,
            "RONDO_BOT_DATABASE_URL": f"sqlite:///{data_dir / 'bot.db'}",
            "RONDO_BOT_HEALTH_PORT": str(self.health_port),
            "RONDO_BOT_POLL_SECONDS": "1",
            "RONDO_BOT_RECONNECT_MAX_SECONDS": "2",
            "RONDO_LOG_LEVEL": "WARNING",
            **extra,
        }
        self.process: subprocess.Popen | None = None

    def start(self) -> BotProcess:
        self.process = subprocess.Popen([sys.executable, "-m", "bot"], env=self.env)
        assert eventually(lambda: self.ready() or self.process is None or self.process.poll() is not None, 60)
        assert self.process.poll() is None, f"the bot exited with {self.process.returncode}"
        return self

    def get(self, path: str) -> tuple[int, str]:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.health_port}{path}", timeout=5) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()
        except OSError:
            return 0, ""

    def ready(self) -> bool:
        return self.get("/readyz")[0] == 200

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind."""
        assert self.process is not None
        self.process.kill()
        self.process.wait(30)

    def stop(self) -> int:
        if self.process is None or self.process.poll() is not None:
            return self.process.returncode if self.process else 0
        self.process.terminate()
        try:
            return self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait()
