"""The checks, one module per concern: syntax (JavaScript and mini-notation), names, sounds.

Each reads the frozen first-pass :class:`~strudel_jupyter.validator.definitions.Definitions`
through a :class:`~strudel_jupyter.validator.checks.context.CheckContext` and adds findings to it.
"""
