"""HTML from ``doc.json``: sanitised for display, flattened to plain text for tools.

Descriptions in jsdoc output are HTML written by many hands; anything that shows
them (panel, magics, REST API) must use :func:`sanitize_html`. The allow-list is
deliberately small: formatting and links, no scripts, no event handlers, no
``javascript:`` URLs.
"""

from __future__ import annotations

import functools
import html
import re

__all__ = ["ALLOWED_ATTRIBUTES", "ALLOWED_TAGS", "html_to_text", "sanitize_html"]

ALLOWED_TAGS: frozenset[str] = frozenset(
    {
        "a",
        "b",
        "blockquote",
        "br",
        "code",
        "dd",
        "dl",
        "dt",
        "em",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "hr",
        "i",
        "kbd",
        "li",
        "ol",
        "p",
        "pre",
        "s",
        "span",
        "strong",
        "sub",
        "sup",
        "table",
        "tbody",
        "td",
        "th",
        "thead",
        "tr",
        "u",
        "ul",
    }
)
ALLOWED_ATTRIBUTES: dict[str, set[str]] = {"a": {"href", "title"}, "td": {"align"}, "th": {"align"}}
_URL_SCHEMES = {"http", "https", "mailto"}

_BLOCK_BREAK = re.compile(r"<\s*(?:br|/p|/li|/pre|/h\d|/tr|/div|/dt|/dd)\s*/?\s*>", re.I)
_LIST_ITEM = re.compile(r"<\s*li\b[^>]*>", re.I)
_TAG = re.compile(r"<[^>]*>")
_HIDDEN = re.compile(r"<\s*(script|style|template)\b.*?(?:<\s*/\s*\1\s*>|$)", re.I | re.S)
_SPACES = re.compile(r"[ \t\r\f\v]+")
_BLANK_LINES = re.compile(r"\n\s*\n+")


# A bounded memo of a pure function: render calls this per request with any text, so it
# needs a size limit; an index's derived data, which never grows, lives in data/derived.py.
@functools.lru_cache(maxsize=4096)
def sanitize_html(fragment: str) -> str:
    """Return ``fragment`` with everything outside the allow-list removed (script bodies too)."""
    if not fragment:
        return ""
    import nh3  # here: the package build builds the index (data/index_cache.py) with the standard library only

    return nh3.clean(
        fragment,
        tags=set(ALLOWED_TAGS),
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=_URL_SCHEMES,
        link_rel="noopener noreferrer nofollow",
        strip_comments=True,
    )


def html_to_text(fragment: str) -> str:
    """Plain text of an HTML fragment, like the DOM's ``textContent`` with line breaks kept."""
    if not fragment:
        return ""
    text = _HIDDEN.sub("", fragment)
    text = _LIST_ITEM.sub("\n- ", text)
    text = _BLOCK_BREAK.sub("\n", text)
    text = html.unescape(_TAG.sub("", text))
    lines = (_SPACES.sub(" ", line).strip() for line in text.split("\n"))
    return _BLANK_LINES.sub("\n", "\n".join(lines)).strip()
