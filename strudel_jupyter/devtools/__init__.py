"""Stage 8, devtools: development tools, not used at run time: the evaluation harness behind ``strudel-jupyter eval``."""
