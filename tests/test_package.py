"""The package's public surface: complete __all__, and exports that load on first use."""

from __future__ import annotations

import subprocess
import sys


def test_every_lazy_export_is_public_and_loads():
    import strudel_jupyter

    assert set(strudel_jupyter._EXPORTS) | {"__version__", "load_ipython_extension"} == set(strudel_jupyter.__all__)
    for name in strudel_jupyter.__all__:
        assert getattr(strudel_jupyter, name) is not None


def test_importing_the_package_loads_neither_pandas_nor_widgets():
    # Jupyter Server imports every server extension at start-up: keep that cheap
    code = "import sys, strudel_jupyter; print('pandas' in sys.modules, 'ipywidgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
