"""The example notebook runs headless from top to bottom and shows rich output."""

from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[4] / "examples" / "python" / "tour.ipynb"


def test_example_notebook_executes():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    data = [o.get("data", {}) for o in outputs]
    assert any("text/html" in d and "winner: first" in d["text/html"] for d in data)
    assert any("image/svg+xml" in d for d in data)
    assert any("text/latex" in d for d in data)
    assert any("thermograph of {3||2*|1*}" in d.get("image/svg+xml", "") for d in data)
    assert any("Period(preperiod=52, period=34, saltus=0, certified=True" in o.get("text", "") for o in outputs)
