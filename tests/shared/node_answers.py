"""Ask the widget's own modules in Node (tests/agreement): a script reads JSON questions
on stdin and writes its answers as JSON on stdout."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def ask_widget(script: Path, asked: Any) -> Any:
    """`script`'s answers to `asked`, run by Node from the repository's root."""
    node = shutil.which("node")
    assert node, "node is needed to run the widget's modules"
    done = subprocess.run(
        [node, str(script)],
        input=json.dumps(asked),
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return json.loads(done.stdout)
