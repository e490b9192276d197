"""The editor's REST routes: completion, inspection and findings for a ``%%strudel`` cell as you type."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import tornado.web

from ...data.index import StrudelIndex
from ...lookup.completion import DEFAULT_COMPLETIONS, complete, inspect_at
from ...vocabulary import MAX_LIMIT

if TYPE_CHECKING:
    from .payloads import CompleteReply, InspectReply, ValidateReply
from .base import (
    ApiError,
    StrudelHandler,
)


class CodeHandler(StrudelHandler):
    """Base of the editor routes: a POST body ``{"code", ...}`` read and bounded, the work done in the pool.

    Their answers depend on code being typed, so they are not cached: each keystroke differs.
    """

    def code_body(self, fields: tuple[str, ...]) -> dict[str, Any]:
        body = self.object_body(fields, f"with {', '.join(fields)}")
        if "code" not in body:
            raise ApiError(400, "missing_parameter", "code is required: the Strudel code, as a string")
        if not isinstance(body["code"], str):
            raise ApiError(400, "invalid_parameter", "code must be a string")
        cursor = body.get("cursor")
        if "cursor" in fields and cursor is not None:
            if isinstance(cursor, bool) or not isinstance(cursor, int) or not 0 <= cursor <= len(body["code"]):
                raise ApiError(400, "invalid_parameter", f"cursor must be a whole number from 0 to {len(body['code'])}")
        return body

    async def reply_from_pool(self, answer: Callable[[StrudelIndex], Any]) -> None:
        index = await self.index()
        self.finish(await self.pool.run(lambda: json.dumps(answer(index), ensure_ascii=False).encode()))


class CompleteHandler(CodeHandler):
    """Completions at a cursor in Strudel code (the editor's Tab), from the core's one engine."""

    @tornado.web.authenticated
    async def post(self) -> None:
        body = self.code_body(("code", "cursor", "limit"))
        limit = body.get("limit", DEFAULT_COMPLETIONS)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
            raise ApiError(400, "invalid_parameter", f"limit must be a whole number from 1 to {MAX_LIMIT}")
        code, cursor = body["code"], body.get("cursor")
        await self.reply_from_pool(lambda index: complete_payload(index, code, cursor, limit))


class InspectHandler(CodeHandler):
    """The docs of the name under a cursor in Strudel code (Shift+Tab), or ``item: null``."""

    @tornado.web.authenticated
    async def post(self) -> None:
        body = self.code_body(("code", "cursor"))
        code, cursor = body["code"], body.get("cursor")
        await self.reply_from_pool(lambda index: inspect_payload(index, code, cursor))


class ValidateHandler(CodeHandler):
    """``strudel_validate`` on Strudel code (the editor's findings as you type); nothing is evaluated."""

    @tornado.web.authenticated
    async def post(self) -> None:
        code = self.code_body(("code",))["code"]
        await self.reply_from_pool(lambda index: validation_payload(index, code))


def complete_payload(index: StrudelIndex, code: str, cursor: int | None, limit: int) -> CompleteReply:
    return complete(code, cursor, index=index, limit=limit).to_dict()


def inspect_payload(index: StrudelIndex, code: str, cursor: int | None) -> InspectReply:
    return {"item": inspect_at(code, cursor, index=index)}


def validation_payload(index: StrudelIndex, code: str) -> ValidateReply:
    from ...validator.validation import strudel_validate  # the parser loads on the first validation only

    result = strudel_validate(code, index=index)
    if any(f["kind"] == "internal_error" for f in result["findings"]):
        raise ApiError(500, "internal_error", result["summary"])
    return result
