"""Every bound on outside input, in one place: sizes, nesting, time, concurrency.

Stage 0, like ``vocabulary.py``: plain constants any stage may import. Each public call
(the knowledge core, the validator, the agent tools, the REST routes, the MCP server) is
bounded by these and says which one it hit; raising or lowering one is a one-line change,
and the README and the tool descriptions an agent reads quote them from here.

Memory follows from these: the code is at most ``MAX_CODE_CHARS``, and the one part
whose memory grows with time rather than with the code (tree-sitter trying many readings
of ambiguous text, a few MB a second) is stopped by ``PARSE_BUDGET_SECONDS``.
"""

from __future__ import annotations

__all__ = [
    "ENGINE_CALL_SECONDS",
    "ENGINE_HEAP_BYTES",
    "ENGINE_IDLE_GROWTH_BYTES",
    "ENGINE_IDLE_SECONDS",
    "ENGINE_PROCESS_BYTES",
    "ENGINE_RETIRE_FACTOR",
    "ENGINE_START_SECONDS",
    "MAX_EVENTS",
    "MAX_EVENT_CYCLES",
    "VALIDATE_CYCLES",
    "MAX_CODE_CHARS",
    "MAX_MAGIC_LINE_CHARS",
    "MAX_FINDINGS",
    "MAX_MINI_DEPTH",
    "MAX_RECEIVER_DEPTH",
    "MAX_SCALE_READINGS",
    "MAX_SYNTAX_FINDINGS",
    "MAX_TONAL_NAMES",
    "MCP_CALL_SECONDS",
    "MCP_WORKERS",
    "PARSE_BUDGET_SECONDS",
    "REST_DEADLINE_SECONDS",
    "REST_QUEUE",
    "REST_WORKERS",
    "SERVER_SWITCH_INTERVAL_SECONDS",
    "SAMPLE_CACHE_MAX_BYTES",
    "SAMPLE_CONNECT_SECONDS",
    "SAMPLE_FETCH_SECONDS",
    "SAMPLE_MAX_FILE_BYTES",
    "SAMPLE_MAX_MAP_BYTES",
    "SAMPLE_RETRY_SECONDS",
    "SAMPLE_WORKERS",
    "TIME_BUDGET_SECONDS",
    "MAX_DETAIL_PICTURES",
    "MAX_PICTURE_CYCLES",
    "MAX_PICTURE_BYTES",
    "MAX_PICTURE_EVENTS",
    "MAX_PICTURE_ROWS",
    "MAX_SUMMARY_CHARS",
]

# ------------------------------------------------------------------ the magics
#: Longest ``%strudel`` / ``%%strudel`` line read: a question (``MAX_QUERY_CHARS``, 1,000), its
#: options and an object query's JSON syntax. Longer lines are refused before any parsing
#: (shell-style splitting alone takes seconds on hundreds of thousands of characters).
MAX_MAGIC_LINE_CHARS = 1_300

# ------------------------------------------------------------------ events and pictures
#: Cycles one events table, picture or summary of a pattern covers (``%%strudel --events N``,
#: the agent's ``strudel_events``); more is refused with a message naming this limit. (The
#: engine's own bound on one query is larger: this one keeps what a person or a model reads short.)
MAX_PICTURE_CYCLES = 16

#: Rows of a picture: pitches of a pianoroll plus sounds of a punchcard. Past it the rows with
#: the most events are drawn and the picture says how many it left out.
MAX_PICTURE_ROWS = 64

#: Event boxes in one picture (a dense pattern over many cycles has thousands); past it the
#: first ones in time are drawn and the picture says how many it left out.
MAX_PICTURE_EVENTS = 2_000

#: Bytes of one picture's SVG text: the rows and events caps keep a picture under about
#: 200 KB; this is the hard stop (events past it are left out, and the picture says so).
MAX_PICTURE_BYTES = 256_000

#: Examples drawn per detail view (the panel's, the sidebar's): a search shows many entries,
#: and each picture runs the engine once (then it is cached).
MAX_DETAIL_PICTURES = 8

#: Characters of the text an agent reads about what a pattern plays (per-cycle lines,
#: densities, ranges); longer summaries are cut at a line with "(... more)".
MAX_SUMMARY_CHARS = 4_000

# ------------------------------------------------------------------ the validator
#: Longest code the validator accepts (characters); longer is ``invalid_input``. A long
#: Strudel tune is a few thousand characters; 50,000 validate in about 0.1 s.
MAX_CODE_CHARS = 50_000

#: How deep mini-notation brackets and operator arguments may nest. The parser recurses
#: (as Strudel's does), so deeper strings are refused with a syntax error instead of
#: exhausting Python's stack; people write a handful of levels, generators a few dozen.
MAX_MINI_DEPTH = 50

#: The validator's budgets are CPU seconds of the validating thread (``time.thread_time``),
#: so a busy machine does not change what gets checked; the servers add wall-clock deadlines.
#: How long tree-sitter may parse the JavaScript. Ordinary code parses in milliseconds
#: (50,000 characters in a few hundredths of a second); some text full of unbalanced brackets, quotes and
#: slashes makes the parser try more and more readings at once, for minutes and gigabytes.
PARSE_BUDGET_SECONDS = 0.15

#: How long one validation may take in all (parse, first pass, checks). Past it, checking
#: stops with a ``too_complex`` finding; the findings made until then are kept.
TIME_BUDGET_SECONDS = 0.2

#: Findings per validation. Past it, checking stops with a ``too_complex`` finding: code
#: with hundreds of problems is not Strudel code yet, and a report (or a JSON answer to an
#: agent) of thousands of findings helps nobody.
MAX_FINDINGS = 200

#: JavaScript syntax errors reported per validation: tree-sitter's recovery turns one slip
#: into several ERROR nodes, and the first few say enough.
MAX_SYNTAX_FINDINGS = 5

#: How far ``const a = b; const b = c; ...`` is followed to find the type of a receiver.
MAX_RECEIVER_DEPTH = 8

#: Scale names one mini-notation step may stand for (``"C:<major minor>:<a b>"`` is four):
#: the check tries each; a step with more alternatives than this is not judged.
MAX_SCALE_READINGS = 16

# ------------------------------------------------------------------ the engine
#: Seconds one call into Strudel's engine may run (evaluating the code and querying its
#: events). A doc example's four cycles take milliseconds; past this the call ends with a
#: ``time`` limit error (the engine process is restarted if the code would not stop).
ENGINE_CALL_SECONDS = 1.0

#: V8 heap of the engine (bytes). Past it the call ends with a ``memory`` limit error and
#: the next call gets a fresh engine (V8 keeps the memory it grew to).
ENGINE_HEAP_BYTES = 192 * 2**20

#: Resident memory of the engine process (bytes), checked while a call runs: memory V8 does
#: not count in its heap (array buffers) is bounded too; past it the process is ended.
ENGINE_PROCESS_BYTES = 768 * 2**20

#: Growth of the engine process's private memory (bytes, above its size once loaded) after
#: which it cleans up (V8's garbage, malloc's free memory) as soon as it is idle.
ENGINE_IDLE_GROWTH_BYTES = 16 * 2**20

#: Seconds without a request, after an answer, that make the engine process idle: a cleanup
#: never runs inside a call, and calls in a quick row are not slowed by one.
ENGINE_IDLE_SECONDS = 0.25

#: An engine process whose private memory is still above this many times its loaded size
#: after an idle cleanup is replaced by a fresh one, between calls.
ENGINE_RETIRE_FACTOR = 2.0

#: Seconds the engine process may take to start (Python, V8, Strudel's script).
ENGINE_START_SECONDS = 20.0

#: Cycles one events query may span (``strudel_events(code, cycles=...)``).
MAX_EVENT_CYCLES = 256

#: Events one query may return; more is a ``events`` limit error (``s("bd*100000")``).
MAX_EVENTS = 20_000

#: Cycles the validator plays (queries) to see what the code does.
VALIDATE_CYCLES = 4

# ------------------------------------------------------- the servers (REST and MCP)
#: Seconds an MCP tool call may run before the server answers it with a ``timeout`` error.
MCP_CALL_SECONDS = 10.0
#: MCP tool calls running at once (more wait for a free worker; the deadline still counts).
MCP_WORKERS = 4

#: REST routes that do real work run in a pool of this many threads, off Jupyter Server's event loop.
REST_WORKERS = 2
#: Requests waiting for a REST worker beyond the running ones; past this the route answers 503.
REST_QUEUE = 32
#: Seconds a REST request may take before it answers 504 (the worker stops at the core's own limits).
REST_DEADLINE_SECONDS = 5.0
#: The server process's GIL switch interval while the REST workers run: a worker computing in
#: pure Python holds the GIL up to this long each time the event loop wants it back, and one
#: request needs the loop a dozen times (Python's default, 5 ms, made a lookup beside a slow
#: one take ~100 ms). Only ever lowered, never raised.
SERVER_SWITCH_INTERVAL_SECONDS = 0.001

# ------------------------------------------------------- the sample cache (data/sample_cache.py)
#: Bytes the sample cache keeps on disk by default (``STRUDEL_SAMPLE_CACHE_MAX_BYTES``, a trait);
#: past it the least recently used files go. Strudel's whole prebake is a few GB; a set uses far less.
SAMPLE_CACHE_MAX_BYTES = 1024 * 1024 * 1024
#: Largest sample file fetched from upstream (a Content-Length above it is refused before the body).
SAMPLE_MAX_FILE_BYTES = 64 * 1024 * 1024
#: Largest sample map (JSON) fetched from upstream; the biggest of the prebake is under 200 KB.
SAMPLE_MAX_MAP_BYTES = 4 * 1024 * 1024
#: Seconds one upstream fetch may take in all (connecting, then every chunk of the body).
SAMPLE_FETCH_SECONDS = 60.0
#: Seconds to connect to upstream, or to wait for any one chunk of its answer.
SAMPLE_CONNECT_SECONDS = 10.0
#: After upstream could not be reached, seconds before it is tried again (requests meanwhile
#: answer at once: the snapshot's copy of a map, or "unreachable" for a sample).
SAMPLE_RETRY_SECONDS = 30.0
#: Sample fetches and cache reads running at once in the server (their own pool, not the lookups').
SAMPLE_WORKERS = 4

# ------------------------------------------------------- the knowledge answers (lookup/answers/)
#: Scale, chord or voicing-dictionary names one answer's ``tonal`` field holds (tonal.json has
#: 92 scales and 106 chord types): a longer listing is cut there, with a note.
MAX_TONAL_NAMES = 200
