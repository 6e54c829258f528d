"""Rondo's Telegram bot: tells linked players what concerns them and acts for them within their own
rights (docs/bot.md). ``python -m bot``; settings in ``bot.config``."""
