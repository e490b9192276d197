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


def test_a_first_answer_by_name_needs_no_fuzzy_matcher_nor_phrases_and_a_description_does():
    # Given a new process, when it answers "what does room do", then neither rapidfuzz (imported
    # on first use by lookup/fuzzy.py) nor the phrasebook's thousands of phrases were needed; a
    # typo's "did you mean" imports rapidfuzz, and a description reads the phrases
    code = (
        "import sys; from strudel_jupyter import strudel_knowledge as k; "
        "from strudel_jupyter.lookup.phrasebook import load_phrasebook as book; "
        "first = k('what does room do')['items'][0]['name']; "
        "before = ('rapidfuzz' in sys.modules, '_phrases' in vars(book())); "
        "typo = k('is revreb valid'); wish = k('ratchet the hats')['items'][0]['name']; "
        "print(first, *before, 'rapidfuzz' in sys.modules, typo['ok'], wish, '_phrases' in vars(book()))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["room", "False", "False", "True", "False", "ply", "True"]
