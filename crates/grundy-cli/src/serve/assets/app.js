// The page of `grundy serve`. It holds no game logic: it posts what the person typed or
// clicked to the JSON API and draws the answers. A click on a board becomes a move by
// looking it up in the list of legal moves the server sent.
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
};

let catalogue = [];
let tab = "solve";
let tableFrom = 0;
const TABLE_PAGE = 100;
// The game being played: the answer of the last /api/play, and the engine's last reason.
let game = null;
let lastWhy = null;

async function api(command, body) {
  const response = await fetch("/api/" + command, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error || response.statusText);
  return answer;
}

function say(text) { $("message").textContent = text || ""; }
async function guarded(action) {
  say("");
  try { await action(); } catch (e) { say(e.message); }
}

const gameName = () => $("game").value.trim();
const positions = () => $("positions").value.trim().split(/\s+/).filter((p) => p.length);
const entry = () => {
  const name = gameName().split(":")[0].toLowerCase();
  return catalogue.find((e) => e.name === name || e.aliases.includes(name));
};

// The state lives in the address, so a position can be shared.
function saveState(extra = {}) {
  const state = new URLSearchParams({ tab, game: gameName(), p: positions().join(" ") });
  if (tab === "table") state.set("from", tableFrom);
  if (tab === "play") { state.set("side", $("side").value); state.set("start", $("start").value); }
  if (tab === "cgt") state.set("expr", $("expr").value);
  for (const [k, v] of Object.entries(extra)) state.set(k, v);
  history.replaceState(null, "", "#" + state.toString());
}

function showTab(name) {
  tab = name;
  for (const b of document.querySelectorAll("nav button")) b.classList.toggle("active", b.dataset.tab === name);
  for (const s of document.querySelectorAll(".tab")) s.classList.toggle("active", s.id === "tab-" + name);
  $("positions-label").style.display = name === "table" || name === "cgt" ? "none" : "";
  $("pick").style.display = name === "cgt" ? "none" : "";
}

function describe() {
  const e = entry();
  $("summary").textContent = e ? `${e.summary} — e.g. ${e.example}` : "";
  $("side-label").style.display = e && e.partizan ? "" : "none";
}

// ---- Solve ----
function moveText(m, comps) {
  const from = comps && comps[m.component] !== undefined ? comps[m.component] + " → " : "→ ";
  return `component ${m.component}: ${from}${m.to}`;
}

function showSolution(s) {
  const out = $("solve-out");
  out.replaceChildren();
  const comps = positions();
  if (s.outcome !== undefined) {
    const words = { L: "Left wins, whoever starts", R: "Right wins, whoever starts", P: "the second player wins", N: "the first player wins" };
    out.append(el("p", { class: "winner" }, `${s.outcome}: ${words[s.outcome] || ""}`));
    out.append(el("p", {}, `canonical form: ${s.canonical}`));
    for (const [side, f] of [["Left", s.left_first], ["Right", s.right_first]]) {
      out.append(el("p", {}, `${side} moving first: ${f.winner === "left" ? "Left" : "Right"} wins`));
      const list = el("ul");
      for (const m of f.winning_moves) list.append(el("li", {}, moveText(m, comps)));
      out.append(list);
    }
    return;
  }
  const who = { first: "The first player (the one to move) wins", second: "The second player wins", draw: "Neither player can force a win: a draw" };
  out.append(el("p", { class: "winner", id: "winner" }, who[s.winner] || s.winner));
  out.append(el("p", {}, `Grundy value: ${s.grundy === null ? "none (" + s.method + ")" : s.grundy}`));
  if (s.components && s.components.length > 1) {
    out.append(el("p", {}, "components: " + s.components.map((c) => `G(${c.position}) = ${c.grundy === null ? "–" : c.grundy}`).join(", ")));
  }
  if (s.winning_moves.length) {
    out.append(el("p", {}, `winning moves (${s.winning_moves.length}):`));
    const list = el("ul", { id: "winning-moves" });
    for (const m of s.winning_moves.slice(0, 500)) list.append(el("li", {}, moveText(m, comps)));
    out.append(list);
  }
  if (s.moves_omitted) out.append(el("p", {}, "winning moves not listed: " + s.moves_omitted));
  out.append(el("p", { class: "method" }, "method: " + s.method));
}

function derivationText(d) {
  if (!d) return "";
  const values = [...new Set(d.options.map((o) => o.grundy))].sort((a, b) => a - b);
  const options = d.options.map((o) => `${o.position} (${o.grundy})`).join(", ") || "none";
  return `n = ${d.position}: the moves leave ${options}\nG(${d.position}) = mex{${values.join(", ")}} = ${d.grundy}`;
}

function showExplanation(x) {
  const out = $("solve-out");
  out.replaceChildren();
  for (const c of x.components || []) {
    const text = c.derivation ? derivationText(c.derivation) : c.canonical ? `${c.position}: canonical form ${c.canonical}` : `${c.position}: ${c.no_derivation || ""}`;
    out.append(el("pre", {}, text));
  }
  if (x.grundy !== undefined) out.append(el("p", {}, `nim-sum: ${x.grundy}; ${x.winner === "first" ? "the player to move wins" : "the player to move loses"}`));
  for (const m of x.winning_moves || []) {
    out.append(el("p", {}, `winning move: component ${m.component}: ${m.from} → ${m.to}, leaving nim-sum ${m.total_after}`));
  }
  if (x.certificate) out.append(el("p", {}, "certificate: " + (x.certificate.reason || JSON.stringify(x.certificate))));
  if (x.canonical !== undefined) out.append(el("p", {}, `sum: ${x.canonical}, outcome ${x.outcome}`));
}

// ---- Table, period, plot ----
async function showTable() {
  saveState();
  const rows = await api("table", { game: gameName(), from: tableFrom, to: tableFrom + TABLE_PAGE - 1 });
  $("table-range").textContent = `G(${tableFrom}) … G(${tableFrom + TABLE_PAGE - 1})`;
  const table = $("table");
  table.replaceChildren();
  const header = el("tr", {}, el("th", {}, "n"));
  for (let i = 0; i < 10; i++) header.append(el("th", {}, "+" + i));
  table.append(header);
  for (let r = 0; r < rows.length; r += 10) {
    const row = el("tr", {}, el("th", {}, String(tableFrom + r)));
    for (let i = r; i < Math.min(r + 10, rows.length); i++) {
      const v = rows[i];
      row.append(el("td", { "data-n": tableFrom + i, class: v === 0 ? "zero" : "" }, v === null ? "none" : String(v)));
    }
    table.append(row);
  }
  await showPeriod();
}

async function showPeriod() {
  $("period-text").textContent = "searching for a period…";
  $("plot").replaceChildren();
  const r = await api("period", { game: gameName() });
  let text;
  if (r.period !== null) {
    const law = r.saltus === 0 ? `G(n+${r.period}) = G(n)` : `G(n+${r.period}) = G(n) + ${r.saltus}`;
    text = `preperiod ${r.preperiod}, period ${r.period}, saltus ${r.saltus}: ${law} for all n ≥ ${r.preperiod}. `;
    text += r.certified ? `Certified: ${r.reason}.` : `Observed, not certified: ${r.reason}.`;
  } else {
    text = `No period found: ${r.reason}.`;
  }
  $("period-text").textContent = text;
  const to = r.period !== null ? Math.min(9999, Math.max(60, 2 * r.preperiod + 3 * r.period + 10)) : 200;
  const plot = await api("plot", { game: gameName(), to });
  $("plot").innerHTML = plot.svg;
}

let tipFor = null;
async function tableHover(event) {
  const cell = event.target.closest("td[data-n]");
  const tip = $("tip");
  if (!cell) { tip.style.display = "none"; tipFor = null; return; }
  const n = cell.dataset.n;
  tip.style.left = event.pageX + 12 + "px";
  tip.style.top = event.pageY + 12 + "px";
  if (tipFor === n) return;
  tipFor = n;
  try {
    const [d] = await api("table", { game: gameName(), from: Number(n), to: Number(n), explain: true });
    if (tipFor === n) { tip.textContent = derivationText(d); tip.style.display = "block"; }
  } catch (e) { tip.textContent = e.message; tip.style.display = "block"; }
}

// ---- Play ----
function playBody(extra) {
  const body = { game: game ? game.game : gameName(), positions: game ? game.positions : positions(), ...extra };
  const e = entry();
  if (e && e.partizan) body.side = $("side").value;
  return body;
}

async function newGame() {
  game = null; lastWhy = null;
  $("log").replaceChildren();
  $("explanation").textContent = "";
  const engineFirst = $("start").value === "engine";
  saveState();
  show(await api("play", playBody({ reply: engineFirst })));
}

async function play(moveText) {
  if (!game) throw new Error("start a game first");
  if (game.winner) throw new Error("the game is over: start a new one");
  const answer = await api("play", playBody({ move: moveText }));
  show(answer);
}

function show(answer) {
  game = answer;
  $("choices").replaceChildren();
  $("move").value = "";
  if (answer.your_move) log(`you: component ${answer.your_move.component}: ${answer.your_move.from} → ${answer.your_move.to}`);
  if (answer.warning) log("(" + answer.warning + ")");
  if (answer.engine_move) {
    const m = answer.engine_move;
    lastWhy = m.why;
    log(`engine: component ${m.component}: ${m.from} → ${m.to}`);
  }
  $("positions").value = answer.positions.join(" ");
  $("status").textContent = answer.winner === "engine" ? "You have no move left: I win."
    : answer.winner === "you" ? "I have no move left: you win!"
    : "Your move" + (answer.side ? ` (you are ${answer.side})` : "") + ".";
  saveState({ start: "you" });
  drawBoard();
}

function log(text) { $("log").append(el("li", {}, text)); }

const movesOf = (component) => game.moves.filter((m) => m.component === component);

// Indices where two position texts differ (a longer or shorter text differs from where it ends).
function changed(a, b) {
  const out = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) out.push(i);
  return out;
}

// A click on character `index` of component `component`: the legal move that changes the
// board there first, else those that change it at all (offered to choose from).
// Moves that name their place (`at`: a vertex coloured, a domino toppled) are matched by it.
// `none` is said when no move acts there.
function clickAt(component, index, none = "no move of yours changes that square") {
  const from = game.positions[component];
  const moves = movesOf(component);
  const sited = moves.some((m) => m.at !== undefined);
  const first = sited ? moves.filter((m) => m.at === index) : moves.filter((m) => changed(from, m.to)[0] === index);
  const any = first.length || sited ? first : moves.filter((m) => changed(from, m.to).includes(index));
  if (any.length === 1) return guarded(() => play(`${component} ${any[0].to}`));
  if (!any.length) return say(none);
  offer(any);
}

function offer(moves) {
  const box = $("choices");
  box.replaceChildren(el("span", {}, "choose: "));
  for (const m of moves) box.append(el("button", { onclick: () => guarded(() => play(`${m.component} ${m.to}`)) }, `${m.component}: ${m.label ? m.label + " " : ""}→ ${m.to}`));
}

function drawBoard() {
  const board = $("board");
  board.replaceChildren();
  const kind = game.board;
  if (kind === "coins") return drawCoins(board);
  game.positions.forEach((position, c) => {
    const row = el("div", { class: "heap", "data-component": c }, el("span", { class: "label" }, String(c)));
    if (kind === "heaps") drawHeap(row, c, position);
    else if (kind === "queen") drawQueen(row, c, position);
    else if (kind === "grid" || kind === "strip") drawCells(row, c, position, kind);
    else if (kind === "stalk") drawStalk(row, c, position);
    else if (kind === "graph") drawGraph(row, c, position, game.graphs[c]);
    else row.append(el("button", { class: "text", onclick: () => offer(movesOf(c)) }, position));
    board.append(row);
  });
}

function drawHeap(row, c, position) {
  const n = Number(position);
  const shown = Math.min(n, 60);
  for (let k = 0; k < shown; k++) {
    row.append(el("button", { class: "token", title: `leave ${k}`, "data-k": k, onclick: () => guarded(() => play(`${c} ${k}`)) }));
  }
  row.append(el("span", {}, n > shown ? ` … (${n})` : ` (${n})`));
}

function drawQueen(row, c, position) {
  const [a, b] = position.split(",").map(Number);
  const size = Math.min(Math.max(a, b) + 1, 24);
  const grid = el("div", { class: "cells", style: `grid-template-columns: repeat(${size}, 2em)` });
  for (let y = size - 1; y >= 0; y--) {
    for (let x = 0; x < size; x++) {
      const here = x === a && y === b;
      grid.append(el("button", { class: "cell" + (here ? " queen" : (x + y) % 2 ? " dark" : ""), title: `${x},${y}`, onclick: () => guarded(() => play(`${c} ${x},${y}`)) }, here ? "♛" : ""));
    }
  }
  row.append(grid);
}

function drawCells(row, c, position, kind) {
  const lines = position.split("|");
  const width = Math.max(...lines.map((l) => l.length));
  const grid = el("div", { class: "cells", style: `grid-template-columns: repeat(${width}, 2em)` });
  let index = 0;
  for (const line of lines) {
    for (let x = 0; x < width; x++) {
      const ch = line[x] || " ";
      const at = index + x;
      const style = ch === "T" ? " toad" : ch === "F" ? " frog" : ch === "." || ch === "-" ? "" : " filled";
      grid.append(el("button", { class: "cell" + style, "data-index": at, onclick: () => clickAt(c, at) }, ch === "." ? "" : ch));
    }
    index += line.length + 1;
  }
  row.append(grid);
  if (kind === "strip") row.append(el("span", {}, " " + position));
}

// An SVG element with attributes and children.
function svgEl(tag, attrs, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

function drawStalk(row, c, position) {
  const edges = position === "0" ? "" : position;
  const height = 30 + 30 * edges.length;
  const svg = svgEl("svg", { width: 60, height, class: "stalk" });
  const colours = { L: "#2471a3", R: "#c0392b", G: "#229954" };
  svg.append(svgEl("line", { x1: 5, x2: 55, y1: height - 5, y2: height - 5, stroke: "#7e5109", "stroke-width": 6 }));
  [...edges].forEach((ch, i) => {
    const edge = svgEl("rect", { x: 25, width: 10, y: height - 5 - 30 * (i + 1) + 2, height: 26, rx: 4, fill: colours[ch] || "#555", "data-index": i });
    edge.addEventListener("click", () => clickAt(c, i));
    svg.append(edge);
  });
  row.append(svg, el("span", {}, " " + position));
}

// A Snort or Col graph as the server parsed it (`graph`: vertices with their state and the
// character `at` that moves on them name, edges as index pairs): a path in a line, any other
// graph on a circle. A click on a vertex plays the move that colours it.
function drawGraph(row, c, position, graph) {
  const n = graph.vertices.length;
  const gap = 50, margin = 25;
  const radius = Math.max(gap, (gap * n) / (2 * Math.PI));
  const place = (v) => graph.path || n === 1
    ? [margin + gap * v, margin]
    : [margin + radius * (1 + Math.cos(2 * Math.PI * v / n - Math.PI / 2)), margin + radius * (1 + Math.sin(2 * Math.PI * v / n - Math.PI / 2))];
  const [width, height] = graph.path || n < 2
    ? [2 * margin + gap * Math.max(n - 1, 0), 2 * margin]
    : [2 * (margin + radius), 2 * (margin + radius)];
  const svg = svgEl("svg", { width, height, class: "graph", "data-component": c });
  for (const [u, v] of graph.edges) {
    const [[x1, y1], [x2, y2]] = [place(u), place(v)];
    svg.append(svgEl("line", { x1, y1, x2, y2, class: "edge", "data-edge": `${u}-${v}` }));
  }
  const playable = new Set(movesOf(c).map((m) => m.at));
  const words = { uncoloured: "uncoloured", "tinted-left": "only Left may colour it", "tinted-right": "only Right may colour it" };
  for (const v of graph.vertices) {
    const [cx, cy] = place(v.index);
    const vertex = svgEl("g", { class: `vertex ${v.state}${playable.has(v.at) ? " playable" : ""}`, "data-vertex": v.index },
      svgEl("title", {}, `vertex ${v.index}: ${words[v.state] || v.state}`),
      svgEl("circle", { cx, cy, r: 14 }),
      svgEl("text", { x: cx, y: cy + 5, "text-anchor": "middle" }, String(v.index)));
    vertex.addEventListener("click", () => clickAt(c, v.at, "no move of yours colours that vertex"));
    svg.append(vertex);
  }
  row.append(svg, el("span", {}, " " + position));
}

// One strip of coins: component c is the head at place positions[c]; clicking a head offers
// that component's moves.
function drawCoins(board) {
  const heads = game.positions.map(Number);
  const width = Math.min(Math.max(0, ...heads) + 1, 64);
  const strip = el("div", { class: "cells", style: `grid-template-columns: repeat(${width}, 2em)` });
  for (let i = 0; i < width; i++) {
    const c = heads.indexOf(i);
    strip.append(el("button", { class: "cell" + (c >= 0 ? " head" : ""), title: `place ${i}`, "data-place": i, onclick: c >= 0 ? () => offer(movesOf(c)) : null }, c >= 0 ? "H" : "T"));
  }
  board.append(el("p", {}, "Heads (H) and tails (T), places from 0; click a head to see its moves."), strip);
}

// ---- Partizan values ----
async function showCgt() {
  saveState();
  const s = await api("cgt", { expr: $("expr").value });
  const out = $("cgt-out");
  out.replaceChildren();
  for (const [k, v] of Object.entries(s)) out.append(el("tr", {}, el("td", {}, k.replace(/_/g, " ")), el("td", {}, v === null ? "–" : String(v))));
  const t = await api("thermograph", { expr: $("expr").value });
  $("thermograph").innerHTML = t.svg;
}

// ---- Wiring ----
async function start() {
  const state = new URLSearchParams(location.hash.slice(1));
  if (state.get("game")) $("game").value = state.get("game");
  if (state.has("p")) $("positions").value = state.get("p");
  if (state.get("side")) $("side").value = state.get("side");
  if (state.get("start")) $("start").value = state.get("start");
  if (state.get("expr")) $("expr").value = state.get("expr");
  tableFrom = Number(state.get("from")) || 0;
  showTab(state.get("tab") || "solve");
  for (const b of document.querySelectorAll("nav button")) b.addEventListener("click", () => { showTab(b.dataset.tab); saveState(); });
  $("game").addEventListener("change", () => { describe(); game = null; tableFrom = 0; saveState(); });
  $("solve-button").addEventListener("click", () => guarded(async () => { saveState(); showSolution(await api("solve", { game: gameName(), positions: positions(), misere: $("misere").checked })); }));
  $("explain-button").addEventListener("click", () => guarded(async () => { saveState(); showExplanation(await api("explain", { game: gameName(), positions: positions() })); }));
  $("table-button").addEventListener("click", () => guarded(showTable));
  $("table-prev").addEventListener("click", () => { tableFrom = Math.max(0, tableFrom - TABLE_PAGE); guarded(showTable); });
  $("table-next").addEventListener("click", () => { tableFrom += TABLE_PAGE; guarded(showTable); });
  $("table").addEventListener("mousemove", tableHover);
  $("table").addEventListener("mouseleave", () => { $("tip").style.display = "none"; tipFor = null; });
  $("new-game").addEventListener("click", () => guarded(newGame));
  $("move-button").addEventListener("click", () => guarded(() => play($("move").value)));
  $("move").addEventListener("keydown", (e) => { if (e.key === "Enter") guarded(() => play($("move").value)); });
  $("hint-button").addEventListener("click", () => guarded(async () => {
    const h = await api("hint", playBody({}));
    $("explanation").textContent = `hint: play \`${h.component} ${h.to}\`${h.label ? ` (${h.label})` : ""}: ${h.why}`;
  }));
  $("why-button").addEventListener("click", () => { $("explanation").textContent = lastWhy ? "why: " + lastWhy : "I have not moved yet."; });
  $("cgt-button").addEventListener("click", () => guarded(showCgt));
  await guarded(async () => {
    catalogue = await api("games");
    for (const e of catalogue) $("games").append(el("option", { value: e.name }, e.summary));
    describe();
  });
  // Open the shared state: run the tab's action.
  if (state.get("tab") === "table") await guarded(showTable);
  if (state.get("tab") === "play") await guarded(newGame);
  if (state.get("tab") === "cgt") await guarded(showCgt);
  document.body.dataset.ready = "yes";
}

// A link pasted into this tab's address bar opens its state like a fresh load.
window.addEventListener("hashchange", () => location.reload());
start();
