"""Stage 5, validator: the Strudel code validator (JavaScript syntax, mini-notation, names, sounds).

One way through, each step reading only what the steps before it made:

* ``validation.py``   ``strudel_validate`` / ``validate_code``: the entry, running the steps below
* ``positions.py``    bytes -> characters -> line:column
* ``tree.py``         the tree-sitter parser (within a time budget), walking without recursion, reading calls
* ``deadline.py``     the time budget the loops check (the limits themselves: ``strudel_jupyter/limits.py``)
* ``strings.py``      string literals: cooked values and where each character came from
* ``scope.py``        the REPL's names (symbols.json, JavaScript's from ``jsnames.py``, hydra)
* ``definitions.py``  the first pass: one walk, frozen results; names with their scopes (``bindings.py``)
* ``checks/``         ``syntax``, ``names``, ``sounds``: small checks that add findings
* ``report.py``       Finding, ValidationReport (text, HTML, JSON) and the tool's JSON types
* ``mininotation.py`` the mini-notation parser
"""
