"""``python -m bot``: Rondo's Telegram bot (settings: ``bot/config.py``; docs/bot.md)."""

from __future__ import annotations

import asyncio
import logging
import sys

from bot.config import BotSettings


def main() -> int:
    """Runs until SIGINT/SIGTERM (0); 2 for a configuration error, naming the variable."""
    try:
        settings = BotSettings.from_env()
    except ValueError as e:
        print(f"rondo bot: configuration error: {e}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    from bot.app import run

    asyncio.run(run(settings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
