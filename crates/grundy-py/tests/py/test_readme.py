"""README's Python section runs and prints what README shows: its five-line example once
printed `checked_to=4095` where the package prints `checked_to=8191` (README blocks of
```python are not run by the CLI's README test). The example now passes `max=2047`: without
it, how far the observed search gets depends on its 10-second budget and the machine's load."""

import contextlib
import io
import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[4] / "README.md"


def test_the_five_line_example_prints_what_readme_shows():
    text = README.read_text(encoding="utf-8")
    example = re.search(r"```python\n(import grundy\n.*?)```\n\nprints\n\n```\n(.*?)```", text, re.S)
    assert example, "README's Python example and its `prints` block"
    code, shown = example.groups()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    assert out.getvalue() == shown
