"""Functions doc.json documents for one audio engine only (SuperDirt's leslie, squiz, octave).

The REPL's reference tab hides them, so the index that mirrors the tab does not hold them;
asked about by name, they are answered as what they are, with their engine said, never as
an unknown name. Names come from the real snapshot's doc.json.
"""

from __future__ import annotations

from strudel_jupyter import strudel_knowledge
from strudel_jupyter.data.reference_tab import engine_only, engine_only_docs, is_visible_doc
from strudel_jupyter.devtools.evaluation import known_names
from strudel_jupyter.lookup.answers.engine_only import engine_only_entries


def test_engine_only_docs_are_exactly_the_ones_the_tab_hides_for_their_engine(shared_index):
    hidden = list(engine_only_docs(shared_index.snapshot.docs))
    # Given doc.json: every doclet tagged for SuperDirt or supradough but not superdough is one
    assert hidden and {engine for _doc, engine in hidden} <= {"SuperDirt", "supradough"}
    for doc, engine in hidden:
        assert not is_visible_doc(doc) and engine_only(doc) == engine
    # and the names answered as engine-only are none of the tab's (its own doclet of a name wins)
    entries = engine_only_entries(shared_index)
    assert entries and all(shared_index.reference.get(name) is None for name in entries)


def test_a_superdirt_only_function_asked_by_name_says_what_it_is(shared_index):
    entries = engine_only_entries(shared_index)
    name = next(n for n, (entry, engine) in entries.items() if engine == "SuperDirt" and n == entry.name)
    for query in (f"what does {name} do", f"is {name} valid", name):
        # When a musician asks about it by name
        response = strudel_knowledge(query)
        # Then the answer is that function, said to be SuperDirt-only, with its own docs
        assert response["ok"], query
        assert [i["name"] for i in response["items"]] == [name]
        assert "SuperDirt-only" in response["answer"] and ".osc()" in response["answer"]
        assert response["items"][0]["description"] == entries[name][0].description


def test_a_name_the_tab_lists_is_the_tabs_and_an_invented_one_stays_unknown(shared_index):
    # Given a synonym of a hidden function that a listed function claims first, Then the listed one answers
    claimed = [
        s
        for doc, _engine in engine_only_docs(shared_index.snapshot.docs)
        for s in doc.get("synonyms") or ()
        if shared_index.reference.get(s) is not None
    ]
    for synonym in claimed:
        assert synonym not in engine_only_entries(shared_index)
    # and a name nobody documents is still not found
    assert not strudel_knowledge("what does zorblaxify do")["ok"]


def test_the_evaluation_counts_engine_only_names_as_real(shared_index):
    names = known_names(shared_index)
    assert all(n.lower() in names for n in engine_only_entries(shared_index))


def _first_sentence(text: str) -> str:
    return text.split(". ")[0].rstrip(".")


def test_a_superdirt_only_function_described_in_its_own_words_leads_and_says_its_engine(shared_index):
    entries = engine_only_entries(shared_index)
    for name in ("leslie", "lsize"):
        entry, engine = entries[name]
        # Given its description as doc.json has it ("Physical size of the cabinet in meters")
        question = _first_sentence(entry.description)
        # When a musician asks it as a description, not by name
        response = strudel_knowledge(question)
        # Then that function answers first, said to need its engine, and the tab's functions follow
        assert response["ok"], question
        assert response["items"][0]["name"] == name, (question, [i["name"] for i in response["items"]])
        assert f"{engine} only" in response["answer"] and ".osc()" in response["answer"]
        assert any(f"{name} is {engine}-only" in n for n in response["notes"])
        assert 0 < response["confidence"] < 1


def test_a_description_the_tabs_functions_answer_keeps_them_first(shared_index):
    hidden = set(engine_only_entries(shared_index))
    # Given questions the tab's own functions answer (room's reverb, octave-free pitch, a name)
    for question in ("add reverb to the drums", "play the melody an octave higher", "what does room do", "gain"):
        response = strudel_knowledge(question)
        # Then no engine-only function leads
        assert response["ok"] and response["items"][0]["name"] not in hidden, question
    # and a sounds-only question is never answered with a function
    response = strudel_knowledge("rotating speaker cabinet", domain="sounds")
    assert all(i["kind"] != "function" for i in response["items"])


def test_no_listed_function_described_in_its_own_words_loses_to_an_engine_only_one(shared_index):
    hidden = set(engine_only_entries(shared_index))
    stolen = []
    # Given every function the tab lists, asked by the first sentence of its own description
    for entry in shared_index.reference.entries:
        question = _first_sentence(entry.description)[:120]
        if len(question.split()) < 3:
            continue
        items = strudel_knowledge(question, index=shared_index)["items"]
        # Then no engine-only function answers first ("Sets the time of the delay effect in
        # seconds" is delaytime's, though supradough's delayspeed says much the same)
        if items and items[0]["name"] in hidden:
            stolen.append((entry.name, question, items[0]["name"]))
    assert not stolen


def test_our_words_for_engine_only_functions_name_each_of_them_and_only_them(shared_index):
    from strudel_jupyter.lookup.answers.engine_only import engine_only_words

    words = engine_only_words()
    entries = engine_only_entries(shared_index)
    documented = {entry.name for entry, _engine in entries.values()}
    # Given our words file, Then every target is an engine-only documented function, each has a line,
    assert set(words) == documented
    # and none of its phrases is a name of the tab's (those answer as themselves)
    assert not [p for ps in words.values() for p in ps if shared_index.reference.get(p) is not None]


def test_a_musicians_description_of_an_engine_only_function_leads_with_it(shared_index):
    # Given leslie described in musicians' words (the docs say "speakers rotating in a cabinet")
    response = strudel_knowledge("that whirling speaker sound on a hammond", index=shared_index)
    # Then leslie answers first, said to be SuperDirt's
    assert response["ok"] and response["items"][0]["name"] == "leslie", [i["name"] for i in response["items"]]
    assert "SuperDirt only" in response["answer"]
