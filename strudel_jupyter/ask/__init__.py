"""Stage 6, ask: the question router. ``strudel_knowledge`` reads a question and routes it to the lookup or the validator.

The router sits above both, so the flow stays one way: the lookup (stage 3) knows names
and text, the validator (stage 4) knows code and may use the lookup's "did you mean";
a question that quotes code is answered here with both.

* ``knowledge.py``       ``strudel_knowledge()``: read, route, answer; never raises
* ``code_questions.py``  "is X valid", "does X exist", code quoted in a question
"""
