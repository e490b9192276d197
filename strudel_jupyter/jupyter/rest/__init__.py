"""The REST API of the JupyterLab sidebar: the route table and its handlers, thin over the core.

* ``routes.py``       the route table (``setup_handlers``) and the lookup routes
* ``base.py``         the handler base: bounded JSON bodies, errors as ``{"code", "message"}``, the pool
* ``editor.py``       completion, inspection and validation of a cell's code
* ``user_sounds.py``  the per-user sound store
* ``payloads.py``     the payload types, one schema (``devtools/rest_schema.py`` writes it)
"""
