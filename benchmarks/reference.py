"""An earlier engine as a reference in the same run: ``git archive REV`` into a temporary directory,
then a benchmark runs a measurement of its own under that engine in a child process.

The engine is imported from ``<dir>/engine`` (its schema links point at ``<dir>/schemas``, which is
extracted too), so the numbers of both engines come from the same machine under the same load.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def extract(revision: str) -> Path:
    """The engine (and schemas) of ``revision`` in a new temporary directory."""
    archive = subprocess.run(["git", "archive", revision, "engine", "schemas"], cwd=ROOT, check=True,
                             capture_output=True).stdout
    target = Path(tempfile.mkdtemp(prefix="tabletwin-reference-"))
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(target, filter="tar")
    return target


def run_under(reference: Path, script: Path, arguments: list[str]) -> dict:
    """``script ARGUMENTS --json`` under the reference engine; its JSON line."""
    environment = dict(os.environ, PYTHONPATH=str(reference / "engine"))
    output = subprocess.run([sys.executable, str(script), *arguments, "--json"], env=environment, check=True,
                            capture_output=True, text=True).stdout
    return json.loads(output.strip().splitlines()[-1])
