"""Shared fixtures: the CLI binary the Rust harness (tests/python.rs) points to."""

import json
import os
import subprocess

import pytest


@pytest.fixture(scope="session")
def cli():
    """Runs the `grundy` CLI; returns (exit code, stdout, stderr)."""
    path = os.environ.get("GRUNDY_CLI")
    assert path and os.path.exists(path), (
        "GRUNDY_CLI must name the built `grundy` binary (tests/python.rs sets it)"
    )

    # Never the user's table cache (~/.cache/grundy): a table stored there by another run or
    # another version would answer instead of this build.
    env = {**os.environ, "GRUNDY_CACHE": "off"}

    def run(*args, stdin=None):
        # The CLI writes UTF-8 (⊕, →) whatever the locale; text=True would decode by the locale.
        p = subprocess.run(
            [path, *map(str, args)], capture_output=True, encoding="utf-8", input=stdin, env=env
        )
        return p.returncode, p.stdout, p.stderr

    def json_of(*args):
        code, out, err = run(*args, "--json")
        assert code == 0, err
        return json.loads(out)

    run.json = json_of
    return run
