"""Sphinx configuration: the API reference from the docstrings, with the Markdown docs beside it.

Build (warnings are errors, as in the test suite's ``tests/test_api_reference.py``)::

    pip install -e '.[test]'
    sphinx-build -W -b html docs docs/_build/html

Sphinx rather than MkDocs: the docstrings are reStructuredText with ``:math:`` roles and
``.. math::`` blocks (QuantEcon and mpmath style), which autodoc renders as mathematics
(MathJax) without converting a line; MyST reads the existing Markdown pages unchanged.
"""

project = "exactcube"
author = "the exactcube authors"
root_doc = "reference"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.mathjax", "sphinx-mathjax-offline", "sphinx.ext.viewcode", "myst_parser"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "*.json"]
myst_heading_anchors = 3
autodoc_member_order = "bysource"
autodoc_typehints = "none"
autodoc_default_options = {"members": True, "show-inheritance": False}
html_theme = "alabaster"
html_title = "exactcube"
# The Markdown pages link to files of the repository outside docs/ (README, source files);
# those links are to the repository, not to pages of this site.
myst_url_schemes = ["http", "https", "mailto"]
