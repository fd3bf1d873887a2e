"""The pages' shells, style and script, served from these strings (nothing is read from the disk).

Two pages: the television (`/`: the board, in pages that turn by themselves) and a phone's
(`/table/N` at a party, `/entry` for a sitting or to choose a table: the form first). The
script renders nothing itself: the server sends the board and the forms as HTML it has escaped
(render/board.py), and the script puts them in place; every message it shows is set as text.
The Content-Security-Policy (app.py) lets only these two files run or style the page.
"""

from __future__ import annotations

from html import escape

HEAD = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>{title}</title>
<link rel="icon" href="/favicon.ico">
<link rel="stylesheet" href="/board.css">
<script src="/board.js" defer></script>
</head>"""

STALE = """<div id="stale" class="stale" role="alert" hidden><strong>⚠ not live:</strong> the board has lost
its connection, and what is shown may be out of date (trying again…)</div>"""

TELEVISION = HEAD + """<body class="tv" data-kind="{kind}" data-version="0" data-page="1" data-pages="1">
{stale}
<div id="board">{board}</div>
<p id="pager" class="pager"></p>
<div id="announce" class="sr-only" role="status" aria-live="polite"></div>
</body></html>
"""

PHONE = HEAD + """<body class="phone" data-kind="{kind}" data-table="{table}" data-token="{token}" data-version="0">
{stale}
<main>
<h1 id="heading">{heading}</h1>
<div id="choose"></div>
<label class="field" id="codebox"><span>entry code</span><input id="code" inputmode="numeric"
 autocomplete="off" maxlength="6" placeholder="the six digits the host was given"></label>
<div id="form"></div>
<p id="status" role="status" aria-live="polite"></p>
<div id="mine"></div>
<p class="foot"><a href="/">the whole board</a> <span id="live" class="quiet">connecting…</span></p>
</main>
</body></html>
"""


def television(title: str, kind: str, board: str) -> str:
    return TELEVISION.format(title=escape(title), kind=escape(kind), board=board, stale=STALE)


def phone(title: str, kind: str, table: str, heading: str, token: bool) -> str:
    """A phone's page: `table` the party table it reports for ("" a sitting's; "?" none chosen)."""
    return PHONE.format(title=escape(title), kind=escape(kind), table=escape(table), heading=escape(heading),
                        token="1" if token else "", stale=STALE)


# A card suit in the favicon: 16x16, one colour, drawn as an SVG (served as image/svg+xml).
FAVICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path fill="#a3161a" '
           'd="M8 14.5C3 10.5 1 8.3 1 5.6 1 3.5 2.6 2 4.5 2 6 2 7.3 2.9 8 4.1 8.7 2.9 10 2 11.5 2 '
           '13.4 2 15 3.5 15 5.6c0 2.7-2 4.9-7 8.9z"/></svg>')

CSS = """
:root { --ink: #141414; --paper: #fbf8f1; --rule: #cfc8b8; --head: #efe9db; --lead: #fff1b8; --soft: #555;
        --ok: #1d6b2f; --bad: #a3161a; --gold: #8a6400; --red: #b22222; --green: #2e7d32; --done: #e3f1dc;
        --accent: #1f4e79; --accent-ink: #fff; --stale: #a3161a; --stale-ink: #fff; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #f5f5f5; --paper: #000; --rule: #6b6b6b; --head: #1e1e1e; --lead: #3d3200; --soft: #d0d0d0;
          --ok: #7ee787; --bad: #ff8080; --gold: #ffd34d; --red: #ff8080; --green: #7ee787; --done: #0f2e14;
          --accent: #9cc8ff; --accent-ink: #000; --stale: #ffd34d; --stale-ink: #000; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--paper); color: var(--ink);
       font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; line-height: 1.3; }
h1, h2, td, th, p, li, figcaption { overflow-wrap: anywhere; }
table { border-collapse: collapse; }
th, td { padding: .12em .55em; border-bottom: 1px solid var(--rule); text-align: left; vertical-align: top; }
th { background: var(--head); font-size: .8em; text-transform: uppercase; letter-spacing: .03em; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.quiet { color: var(--soft); }
.error { color: var(--bad); font-weight: 700; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.stale { background: var(--stale); color: var(--stale-ink); font-weight: 700; padding: .4em .8em; font-size: 1.5rem; }
.stale[hidden] { display: none; }

/* the television: a canvas of 64 by 36 rem whatever the screen, so one layout serves every size */
html:has(body.tv) { font-size: min(calc(100vw / 64), calc(100vh / 36)); }
body.tv { height: 100vh; overflow: hidden; display: flex; flex-direction: column; padding: .6rem 1rem .3rem; }
body.tv #board { flex: 1; min-height: 0; display: flex; flex-direction: column; }
header.top { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 1.2rem; margin-bottom: .5rem; }
header.top h1 { font-size: 2rem; margin: 0; }
header.top .meta { margin: 0; color: var(--soft); font-size: .9rem; }
header.top .state { margin: 0; flex-basis: 100%; font-size: 1.3rem; font-weight: 700; }
.pages { flex: 1; min-height: 0; }
.page { height: 100%; overflow: hidden; display: flex; flex-wrap: wrap; align-content: flex-start;
        align-items: flex-start; gap: .8em 2em; font-size: calc(var(--fit, 1) * 1rem); }
.page[hidden] { display: none; }
.block h2 { font-size: 1.15em; margin: 0 0 .25em; }
.cols { display: flex; gap: 2em; align-items: flex-start; }
.block td { font-size: .95em; }
table.seating td:first-child, table.seating td:first-child span { font-weight: 700; white-space: nowrap; }
table.seating tr.done td { background: var(--done); }
table.seating .reported { color: var(--ok); font-weight: 700; white-space: nowrap; }
table.seating .waiting { color: var(--bad); font-weight: 700; white-space: nowrap; }
table.seating .awaiting, .state.awaiting { color: var(--gold); font-weight: 700; white-space: nowrap; }
.moved { font-size: .75em; font-weight: 700; white-space: nowrap; }
.moved.up { color: var(--green); } .moved.down { color: var(--red); }
table.tally th:nth-child(3) { color: var(--gold); } table.tally th:nth-child(4) { color: var(--red); }
table.tally th:nth-child(5) { color: var(--green); }
table.results td:last-child, table.notes td:last-child, table.changes td:last-child { max-width: 25em; }
table.standings td { font-size: 2.2em; font-weight: 600; padding: .15em .6em; }
table.standings tr.lead td { background: var(--lead); }
.mark { font-size: .45em; font-weight: 700; color: var(--gold); white-space: nowrap; vertical-align: middle; }
table.hands td:nth-child(3), table.hands td:nth-child(4) { max-width: 30em; }
ul.remarks { list-style: none; padding: 0; margin: .4em 0; font-size: 1.1em; }
.qrgrid { display: grid; grid-auto-flow: column; gap: .6em 1em; }
.qrgrid.rows-1 { grid-template-rows: repeat(1, auto); } .qrgrid.rows-2 { grid-template-rows: repeat(2, auto); }
.qrgrid.rows-3 { grid-template-rows: repeat(3, auto); }
figure.qr { margin: 0; text-align: center; }
figure.qr svg { display: block; width: 6em; height: 6em; background: #fff; }
figure.qr svg path { stroke: #000; }
figure.qr figcaption { font-size: .85em; font-weight: 700; }
.pager { margin: .2rem 0 0; font-size: .75rem; color: var(--soft); min-height: 1em; }
@media (prefers-reduced-motion: no-preference) {
  .page { animation: appear .4s ease-out; }
  @keyframes appear { from { opacity: 0; } to { opacity: 1; } }
}
/* a small screen opening the television's address: every page, one under another, scrolled */
@media (max-width: 700px), (max-aspect-ratio: 1/1) {
  html:has(body.tv) { font-size: 16px; }
  body.tv { height: auto; overflow: visible; }
  .page, .page[hidden] { display: flex; height: auto; margin-bottom: 1rem; }
  .cols { flex-wrap: wrap; }
  .pager { display: none; }
}

/* a phone: the form first; no sideways scroll at 360 px; touch targets of 44 px and more */
body.phone { font-size: 17px; }
body.phone main { padding: .6rem .8rem 2rem; max-width: 36rem; margin: 0 auto; }
body.phone h1 { font-size: 1.45rem; margin: .2rem 0 .4rem; }
body.phone h2 { font-size: 1.1rem; margin: 1.2rem 0 .3rem; }
body.phone[data-token="1"] #codebox { display: none; }
label.field, fieldset.field { display: block; margin: .5rem 0; border: 0; padding: 0; min-width: 0; }
label.field > span, fieldset.field legend { display: block; font-weight: 700; padding: 0; }
label.field small, fieldset.field small, label.flag small { display: block; color: var(--soft); font-size: .8rem; }
input, select, button { font: inherit; color: inherit; background: var(--paper); border: 2px solid var(--rule);
                        border-radius: .3rem; padding: .3rem .5rem; min-height: 44px; max-width: 100%; }
input[name], select, #code { width: 100%; }
input[type=checkbox] { width: 44px; height: 44px; min-height: 44px; margin: 0 .4rem 0 0; flex: none; }
label.pick, label.flag { display: inline-flex; align-items: center; min-height: 44px; margin: .1rem 1rem .1rem 0;
                         font-weight: 700; }
label.flag { display: flex; flex-wrap: wrap; }
details.more summary { min-height: 44px; display: flex; align-items: center; font-weight: 700; cursor: pointer; }
button { background: var(--accent); color: var(--accent-ink); border: 0; padding: .5rem 1.6rem; margin-top: .6rem;
         min-height: 48px; min-width: 44px; font-weight: 700; }
button:disabled { opacity: .55; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
#status { font-weight: 700; white-space: pre-wrap; overflow-wrap: anywhere; min-height: 1.3em; }
#status.ok { color: var(--ok); } #status.bad { color: var(--bad); }
#status.ok::before { content: "✓ "; } #status.bad::before { content: "✗ "; }
#status:empty::before { content: none; }
p.done { font-weight: 700; color: var(--ok); }
table.mine { width: 100%; }
table.mine td { font-size: 1.05rem; padding: .3rem .5rem; }
#choose a { display: flex; align-items: center; min-height: 48px; margin: .4rem 0; padding: 0 1rem; font-size: 1.2rem;
            font-weight: 700; background: var(--head); color: var(--ink); border-radius: .3rem; text-decoration: none; }
.foot { margin-top: 2rem; }
.foot a { display: inline-flex; align-items: center; min-height: 44px; color: var(--accent); }
"""

JS = r"""
"use strict";
(function () {
  const body = document.body;
  const tv = body.classList.contains("tv");
  const party = body.dataset.kind === "party";
  const board = document.getElementById("board");
  const stale = document.getElementById("stale");
  const PAGE_SECONDS = 12;  // the television turns its pages this often
  const RESENDS = 4;  // after a network error, a report is sent again 1, 2, 4 and 8 seconds later
  let latest = null;

  // ------------------------------------------------------------ the television
  let page = 1;
  let turner = null;
  const pager = document.getElementById("pager");
  const announce = document.getElementById("announce");
  const narrow = window.matchMedia("(max-width: 700px), (max-aspect-ratio: 1/1)");

  function pages() { return board ? board.querySelectorAll(".page") : []; }

  function fit(el) {  // shrink a page's type until it fits (the server's packing is an estimate)
    let scale = 1;
    el.style.setProperty("--fit", "1");
    if (narrow.matches) return;
    while ((el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1) && scale > 0.3) {
      scale *= 0.92;
      el.style.setProperty("--fit", scale.toFixed(3));
    }
  }

  function show(n) {
    const all = pages();
    page = Math.min(Math.max(n, 1), all.length || 1);
    all.forEach((el, i) => { el.hidden = i + 1 !== page; });
    if (all.length) fit(all[page - 1]);
    body.dataset.page = String(page);
    body.dataset.pages = String(all.length || 1);
    pager.textContent = all.length > 1 ? "page " + page + " of " + all.length + " · the next in " + PAGE_SECONDS + " s" : "";
  }

  function turn() { show(page % (pages().length || 1) + 1); }

  if (tv) {
    window.boardPages = { show: show, count: () => pages().length };  // for a test to look at each page
    turner = setInterval(turn, PAGE_SECONDS * 1000);
    window.addEventListener("resize", () => show(page));
  }

  // ------------------------------------------------------------ a phone
  const table = body.dataset.table;  // "" a sitting, "?" no table chosen yet, else the party table
  const heading = document.getElementById("heading");
  const choose = document.getElementById("choose");
  const formBox = document.getElementById("form");
  const status = document.getElementById("status");
  const mine = document.getElementById("mine");
  const code = document.getElementById("code");
  const codeBox = document.getElementById("codebox");
  let shownForm = null;
  let pending = null;  // the report in flight or to be sent again: its fields and its one-time id

  function say(text, ok) {
    status.textContent = text;
    status.className = text ? (ok ? "ok" : "bad") : "";
  }

  function showPhone(data) {
    const forms = data.forms || {};
    if (table === "?") {  // no table chosen: ask which, report for none
      const tables = Object.keys(forms);
      if (choose.childElementCount !== tables.length) {
        choose.replaceChildren(...tables.map((t) => {
          const a = document.createElement("a");
          a.href = "/table/" + t;
          a.textContent = "table " + t;
          return a;
        }));
      }
      codeBox.hidden = true;
      return;
    }
    const html = forms[table];
    const about = (data.phones || {})[table];
    if (html === undefined || about === undefined) {
      heading.textContent = party ? "there is no table " + table + " this round" : "this board takes no reports";
      formBox.replaceChildren();
      mine.replaceChildren();
      shownForm = null;
      return;
    }
    heading.textContent = about.heading;
    mine.innerHTML = about.mine;  // built and escaped by the server
    if (html !== shownForm) {  // unchanged: what is being typed stays
      formBox.innerHTML = html;  // built and escaped by the server
      shownForm = html;
      pending = null;
    }
  }

  function apply(data) {
    latest = data;
    if (tv) {
      const before = body.dataset.version;
      board.innerHTML = data.board;  // built and escaped by the server
      show(page);
      if (before !== "0" && data.said) announce.textContent = data.said;
    } else {
      showPhone(data);
    }
    body.dataset.version = String(data.version);
  }

  function fieldsOf(form) {
    const sent = new URLSearchParams();
    const joined = {};
    for (const el of form.elements) {
      if (!el.name) continue;
      if (el.type === "checkbox") {
        if (!el.checked) continue;
        if (el.dataset.join) { (joined[el.name] = joined[el.name] || []).push(el.value); continue; }
      }
      const value = el.value.trim();
      if (value === "") continue;  // left empty: left out, as on the command line
      sent.append(el.name, value);
    }
    for (const name of Object.keys(joined)) sent.append(name, joined[name].join(","));
    const seen = (latest && latest.seen) || {};
    for (const name of Object.keys(seen)) if (!sent.has(name)) sent.append(name, String(seen[name]));
    return sent;
  }

  function newId() {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function send(form, button, report, tries) {
    const sent = new URLSearchParams(report.body);
    sent.append("id", report.id);
    if (code.value.trim()) sent.append("code", code.value.trim());
    button.disabled = true;
    say(tries ? "sending again…" : "sending…", true);
    let answer;
    try {
      answer = await fetch(form.getAttribute("action"), { method: "POST", body: sent, credentials: "same-origin" });
    } catch (err) {  // no answer: it may have been logged; the same id makes a re-send count once
      if (tries < RESENDS && pending === report) {
        say("the board cannot be reached: sending again…", false);
        setTimeout(() => send(form, button, report, tries + 1), 1000 * 2 ** tries);
        return;
      }
      button.disabled = false;
      say("error: the board cannot be reached; tap report to send it again (it counts once)", false);
      return;
    }
    const text = (await answer.text()).trim();
    button.disabled = false;
    if (pending === report) pending = null;
    say(answer.ok ? text.split("\n")[0] : text, answer.ok);
    if (answer.ok) {
      body.dataset.token = "1";  // the board gave this phone its token: no code from now on
      form.reset();
    }
  }

  if (!tv) {
    code.value = sessionStorage.getItem("board-code") || "";
    code.addEventListener("input", () => { sessionStorage.setItem("board-code", code.value.trim()); say("", true); });
    const changed = () => { pending = null; say("", true); };
    formBox.addEventListener("input", changed);
    formBox.addEventListener("change", changed);
    formBox.addEventListener("submit", (event) => {
      event.preventDefault();
      const form = event.target;
      const button = form.querySelector("button[type=submit]");
      if (!button || button.disabled) return;
      if (!pending) pending = { body: fieldsOf(form), id: newId() };
      send(form, button, pending, 0);
    });
  }

  // ------------------------------------------------------------ the event stream
  const live = document.getElementById("live");
  const events = new EventSource("/events");
  events.onmessage = (event) => apply(JSON.parse(event.data));
  events.onopen = () => {
    stale.hidden = true;
    if (live) live.textContent = "· live";
    if (tv) show(page);
  };
  events.onerror = () => {
    stale.hidden = false;
    if (live) live.textContent = "· not live: reconnecting…";
    if (tv) show(page);
  };
})();
"""
