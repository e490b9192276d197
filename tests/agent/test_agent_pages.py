"""Agents get the tutorial page an answer cites, in the tool result's JSON."""

from __future__ import annotations

import json

from strudel_jupyter.agent import default_registry, tools


def test_the_knowledge_tool_result_carries_the_cited_tutorial_page():
    # Given an agent asking what delay does, through the plain tool and a provider's tool call
    result = tools.strudel_knowledge("what does delay do")["result"]
    # Then sources carry the page with its anchor and its address, and pages the citation
    assert result["sources"][1:] == ["learn/effects.mdx#delay-1", "https://strudel.cc/learn/effects/#delay-1"]
    assert result["pages"][0]["url"] == "https://strudel.cc/learn/effects/#delay-1"
    replies = (
        default_registry()
        .conversation()
        .run_message(
            {
                "role": "assistant",
                "content": [
                    {
                        "type": "tool_use",
                        "id": "t1",
                        "name": "strudel_knowledge",
                        "input": {"query": "what does delay do"},
                    }
                ],
            }
        )
    )
    text = json.dumps(replies)
    assert "learn/effects.mdx#delay-1" in text and "https://strudel.cc/learn/effects/#delay-1" in text
