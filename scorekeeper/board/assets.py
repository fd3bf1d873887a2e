"""The page's shell, style and script, served from these strings (nothing is read from the disk).

The script renders nothing itself: the server sends the board and the forms as HTML it has
escaped (render/board.py), and the script puts them in place; every message it shows is set
as text. The Content-Security-Policy (app.py) lets only these two files run or style the page.
"""

from __future__ import annotations

from html import escape

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="board.css">
<script src="board.js" defer></script>
</head><body data-kind="{kind}" data-entry="{entry}" data-version="0">
<main>
<div id="board">{board}</div>
{entry_section}
<p id="live" class="quiet">connecting…</p>
</main>
</body></html>
"""

ENTRY = """<section id="entry">
<h2>report a result</h2>
<div class="who">
<label class="field"><span>entry code</span><input id="code" inputmode="numeric" autocomplete="off"
 maxlength="6" placeholder="the six digits the host was given"></label>
{table_choice}
</div>
<div id="form"></div>
<p id="status" role="status"></p>
</section>"""

TABLE_CHOICE = """<label class="field"><span>your table</span><select id="table"></select></label>"""


def page(title: str, kind: str, entry: bool, board: str) -> str:
    section = ENTRY.format(table_choice=TABLE_CHOICE if kind == "party" else "") if entry else ""
    return PAGE.format(title=escape(title), kind=escape(kind), entry="1" if entry else "",
                       board=board, entry_section=section)


CSS = """
:root { --ink: #141414; --paper: #fbf8f1; --rule: #d8d2c4; --head: #efe9db; --lead: #fff1b8;
        --ok: #1d6b2f; --bad: #a3161a; --gold: #b8860b; --red: #b22222; --green: #2e7d32; }
* { box-sizing: border-box; }
html { font-size: clamp(16px, 1.55vw, 40px); }
body { margin: 0; background: var(--paper); color: var(--ink);
       font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; line-height: 1.35; }
main { padding: 1rem 1.5rem 2rem; max-width: 110rem; margin: 0 auto; }
h1 { font-size: 2.4rem; margin: 0 0 .1rem; overflow-wrap: anywhere; }
h2 { font-size: 1.3rem; margin: 1.2rem 0 .4rem; }
h3 { font-size: 1.1rem; margin: .2rem 0 .6rem; }
.meta { margin: 0; color: #555; font-size: 1.05rem; }
.state { margin: .3rem 0 0; font-size: 1.5rem; font-weight: 700; }
table { border-collapse: collapse; margin: .4rem 0; }
th, td { padding: .3rem .8rem; border-bottom: 1px solid var(--rule); text-align: left; vertical-align: top; }
th { background: var(--head); font-size: .85rem; text-transform: uppercase; letter-spacing: .03em; }
td { overflow-wrap: anywhere; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
table.standings td { font-size: 2.1rem; font-weight: 600; padding: .35rem 1.2rem; }
table.standings tr.lead td { background: var(--lead); }
table.hands td { font-size: .95rem; }
ul.remarks { list-style: none; padding: 0; margin: .4rem 0; font-size: 1.1rem; }
.party { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 0 2rem; align-items: start; }
.party.big { grid-template-columns: minmax(0, 1fr); }
.party.big table.seating td { font-size: 1.05rem; padding: .2rem .8rem; }
.party.big table.tally td { font-size: .95rem; padding: .1rem .6rem; }
.tallies { display: flex; flex-wrap: wrap; gap: 0 2rem; align-items: flex-start; }
table.seating { width: 100%; }
table.seating th { white-space: nowrap; }
table.seating td { font-size: 1.35rem; }
table.seating td.seat { white-space: nowrap; overflow-wrap: normal; }
table.seating td.table { font-weight: 700; white-space: nowrap; }
table.seating td.reported, table.seating td.waiting { font-size: .8rem; }
table.seating tr.done td { background: #eaf4e4; }
table.seating tr.mine td { outline: 3px solid #3a6ea5; outline-offset: -3px; }
td.waiting { color: #8a5a00; font-weight: 700; }
.moved { font-size: .7rem; font-weight: 700; white-space: nowrap; }
.moved.up { color: var(--green); } .moved.down { color: var(--red); }
table.tally td { font-size: 1rem; padding: .12rem .6rem; }
table.tally th:nth-child(3) { color: var(--gold); } table.tally th:nth-child(4) { color: var(--red); }
table.tally th:nth-child(5) { color: var(--green); }
.quiet { color: #777; }
.error { color: var(--bad); font-size: 1.3rem; font-weight: 700; }
#live { font-size: .8rem; margin-top: 1.5rem; }
#entry { margin-top: 2rem; padding-top: .5rem; border-top: 3px solid var(--rule); max-width: 48rem; }
.who { display: flex; flex-wrap: wrap; gap: 0 1.5rem; }
form.report { margin: .6rem 0; }
label.field, fieldset.field { display: block; margin: .5rem 0; border: 0; padding: 0; }
label.field span, fieldset.field legend { display: block; font-weight: 700; padding: 0; }
label.field small, fieldset.field small, label.flag small { display: block; color: #666; font-size: .8rem; }
input, select, button { font: inherit; font-size: 1.1rem; padding: .35rem .5rem; min-height: 2.6rem; }
input[name], #code { width: 100%; max-width: 24rem; }
input[type=checkbox] { width: 1.4rem; height: 1.4rem; min-height: 0; vertical-align: middle; }
label.pick { display: inline-block; margin: .2rem 1rem .2rem 0; }
label.flag { display: block; margin: .5rem 0; font-weight: 700; }
details.more { margin: .6rem 0; }
button { background: #1f4e79; color: #fff; border: 0; border-radius: .3rem; padding: .5rem 1.6rem; margin-top: .6rem; }
#status { font-weight: 700; white-space: pre-wrap; }
#status.ok { color: var(--ok); } #status.bad { color: var(--bad); }
p.done { font-weight: 700; color: var(--ok); }
@media (max-width: 60rem) {
  html { font-size: 16px; }
  main { padding: .6rem; }
  .party { display: block; }
  table.standings td { font-size: 1.4rem; }
  table.seating td { font-size: 1rem; padding: .25rem .4rem; }
}
"""

JS = r"""
"use strict";
(function () {
  const body = document.body;
  const board = document.getElementById("board");
  const live = document.getElementById("live");
  const entry = body.dataset.entry === "1";
  const party = body.dataset.kind === "party";
  const formBox = document.getElementById("form");
  const status = document.getElementById("status");
  const code = document.getElementById("code");
  const tableChoice = document.getElementById("table");
  const RESENDS = 4;  // after a network error, sent again 1, 2, 4 and 8 seconds later
  let forms = {};
  let seen = {};
  let shownForm = null;

  function pickedTable() {  // the table this phone reports for, if it said (the address, or before)
    const fromHash = /table=(\d+)/.exec(location.hash);
    if (fromHash && forms[fromHash[1]] !== undefined) return fromHash[1];
    const kept = localStorage.getItem("board-table");
    return kept && forms[kept] !== undefined ? kept : "";
  }

  function chosenTable() {
    if (!party) return "";
    return pickedTable() || Object.keys(forms)[0] || "";
  }

  function markTable(table) {
    for (const row of board.querySelectorAll("tr[data-table]")) {
      row.classList.toggle("mine", entry && row.dataset.table === table);
    }
  }

  function showForm() {
    if (!entry) return;
    const table = chosenTable();
    if (party) {
      const tables = Object.keys(forms);
      if (tableChoice.options.length !== tables.length) {
        tableChoice.replaceChildren(...tables.map((t) => new Option("table " + t, t)));
      }
      tableChoice.value = table;
      markTable(pickedTable());  // a television that chose no table marks none
    }
    const html = forms[table];
    if (html !== undefined && html !== shownForm) {  // unchanged: what is being typed stays
      formBox.innerHTML = html;  // built and escaped by the server
      shownForm = html;
    }
  }

  function apply(data) {
    board.innerHTML = data.board;  // built and escaped by the server
    forms = data.forms || {};
    seen = data.seen || {};
    showForm();
    body.dataset.version = String(data.version);
  }

  function say(text, ok) {
    status.textContent = text;
    status.className = ok ? "ok" : "bad";
  }

  if (entry) {
    code.value = sessionStorage.getItem("board-code") || "";
    if (tableChoice) {
      window.addEventListener("hashchange", showForm);
      tableChoice.addEventListener("change", () => {
        localStorage.setItem("board-table", tableChoice.value);
        history.replaceState(null, "", "#table=" + tableChoice.value);
        showForm();
      });
    }
    let pending = null;  // the report in flight or to be sent again: its fields and one-time id
    formBox.addEventListener("input", () => { pending = null; say("", true); });
    formBox.addEventListener("change", () => { pending = null; say("", true); });
    formBox.addEventListener("submit", (event) => {
      event.preventDefault();
      const form = event.target;
      const button = form.querySelector("button[type=submit]");
      if (button.disabled) return;
      if (!pending) pending = { body: fieldsOf(form), id: newId() };
      send(form, button, pending, 0);
    });

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
      sent.append("code", code.value.trim());
      button.disabled = true;
      say(tries ? "sending again…" : "sending…", true);
      let answer;
      try {
        answer = await fetch(form.getAttribute("action"), { method: "POST", body: sent });
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
        sessionStorage.setItem("board-code", code.value.trim());
        form.reset();
      }
    }
  }

  const events = new EventSource("events");
  events.onmessage = (event) => apply(JSON.parse(event.data));
  events.onopen = () => { live.textContent = "live: the board updates by itself"; };
  events.onerror = () => { live.textContent = "reconnecting…"; };
})();
"""
