from bot.store import metadata
from rondo_runtime.db import run_env

run_env(metadata)
