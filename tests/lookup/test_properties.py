"""Property tests: thousands of random queries never raise and never invent a name."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strudel_jupyter import get_index, strudel_knowledge
from strudel_jupyter.devtools.evaluation import known_names

INDEX = get_index()
NAMES = known_names(INDEX)
#: A question about a tag ("tag: examples") is answered with real tags as suggestions.
VOCABULARY = NAMES | {t.lower() for t in INDEX.reference.tag_counts}
REAL = sorted({e.name for e in INDEX.reference.entries} | set(INDEX.sounds.names[:300]))
PHRASES = [
    "what does {} do",
    "is {} valid",
    "symbol:{}",
    "sounds:{}",
    "list {}",
    "{} examples",
    "how to {}",
    "is {} a sound",
    "show {}-related functions",
    "what's in {}",
    "which banks have {}",
    "{}",
]

words = st.one_of(st.sampled_from(REAL), st.text(min_size=0, max_size=12))
free_text = st.one_of(
    st.text(max_size=200),
    st.builds(lambda p, w: p.format(w), st.sampled_from(PHRASES), words),
    st.lists(words, max_size=6).map(" ".join),
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=10,
)
objects = st.fixed_dictionaries(
    {},
    optional={
        "q": st.one_of(free_text, json_values),
        "domain": st.one_of(st.sampled_from(["auto", "reference", "sounds", "x"]), json_values),
        "mode": st.one_of(st.sampled_from(["auto", "search", "detail", "list", "y"]), json_values),
        "limit": st.one_of(st.integers(-5, 500), json_values),
        "junk": json_values,
    },
)
queries = st.one_of(free_text, objects, json_values, objects.map(json.dumps))


def check(response) -> None:
    assert isinstance(response, dict) and isinstance(response["ok"], bool)
    assert isinstance(response["answer"], str) and response["answer"]
    json.dumps(response)  # serialisable, no NaN surprises in names
    returned = [i["name"] for i in response.get("items", [])]
    for group in (response.get("groups") or {}).values():
        returned += [i["name"] for i in group]
    for name in returned:
        assert name.split(":")[0].lower() in NAMES, name
    for name in response.get("suggestions", []):
        assert name.split(":")[0].lower() in VOCABULARY, name
    if response["ok"]:
        assert response["mode"] in {"detail", "search", "list"}
        assert response["domain"] in {"reference", "sounds", "auto"}
        limit = 200
        assert len(response["items"]) <= limit
        for item in response["items"]:
            if item["kind"] == "function":
                assert len(item["examples"]) <= 2
    else:
        # a failure is an answer about the input, never the catch-all for a crash
        assert response["reason"] and response["reason"] != "internal_error", response


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(queries)
def test_random_queries_never_raise_and_never_invent(query):
    check(strudel_knowledge(query, index=INDEX))
