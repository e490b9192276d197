"""Helpers for tests of strudel_knowledge responses."""

from __future__ import annotations

SPEC_KEYS = {"ok", "query", "domain", "mode", "answer", "items", "sources", "notes"}
FAILURE_KEYS = {"ok", "query", "reason", "answer", "suggestions", "sources"}


def item_names(response):
    found = [i["name"] for i in response["items"]]
    for group in (response.get("groups") or {}).values():
        found += [i["name"] for i in group]
    return found


def assert_not_invented(response, names):
    for name in item_names(response) + list(response.get("suggestions", [])):
        assert name.lower() in names, name
