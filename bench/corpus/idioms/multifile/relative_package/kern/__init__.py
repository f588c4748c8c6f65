"""Collective kernels of this project."""
from .settings import *  # noqa: F403
