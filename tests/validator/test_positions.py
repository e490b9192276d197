"""Positions: bytes to characters to 1-based line and column."""

from __future__ import annotations

from strudel_jupyter.validator.positions import SourceText
from strudel_jupyter.validator.strings import string_value
from strudel_jupyter.validator.tree import parse
from tests.validator.helpers import only


def test_columns_count_characters_not_bytes(index):
    f = only('const é = "ö"\n/* ünïcödé */ s("bd").fastt(2)', index, kind="unknown_method")
    assert (f.line, f.column) == (2, 23)


def test_every_javascript_line_break_starts_a_new_line():
    # Given code with \r\n, \r, \n, U+2028 and U+2029 line breaks and a two-byte character
    source = SourceText("a\r\nb\rc\nd\u2028e\u2029é f")
    # When offsets of each line's first character are converted
    starts = [source.code.index(ch) for ch in "abcdef"]
    # Then each is column 1 of the next line, and the character after é is counted once
    assert [source.line_col(i) for i in starts[:5]] == [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)]
    assert source.line_col(starts[5]) == (6, 3)
    assert source.char(len(source.data) - 1) == len(source.code) - 1  # the byte of "f"


def test_string_values_know_where_each_character_came_from():
    # Given a string whose escapes take several source characters each
    code = 'note("\\x61 \\u0062 \\u{63}")'
    source = SourceText(code)
    tree = parse(source).tree
    assert tree is not None
    node = tree.root_node.named_children[0].named_children[0].child_by_field_name("arguments").named_children[0]
    # When its value is read
    value = string_value(source, node)
    # Then it is cooked, and each cooked character points at the start of its escape
    assert value is not None and value.value == "a b c"
    assert [code[value.source_offset(i)] for i in range(5)] == ["\\", " ", "\\", " ", "\\"]
    assert value.source_offset(5) == len(code) - 2  # past the end: the closing quote
