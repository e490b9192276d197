"""The answers ``strudel_knowledge`` routes to, one module per kind: check, listing, free text (and describe)."""
