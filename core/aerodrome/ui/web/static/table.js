// A seat's page: the board as this seat sees it, the question and its choices (on the board
// where they have a place, and as a list grouped by their labels' paths), what happened.
// Everything comes from /api/seat/TOKEN, which holds only what this seat may see.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const token = location.pathname.split("/")[2];
  const api = "/api/seat/" + token;
  let state = null;
  let picked = null; // a place clicked on the board: the list shows only its choices
  let busy = false;

  async function load() {
    const response = await fetch(api);
    const data = await response.json();
    if (!response.ok) {
      $("error").textContent = data.error;
      return;
    }
    if (state === null || data.version !== state.version) picked = null;
    state = data;
    render();
  }

  function text(tag, content, cls) {
    const el = document.createElement(tag);
    el.textContent = content;
    if (cls) el.className = cls;
    return el;
  }

  function choiceButton(c, depth) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "choice";
    b.dataset.n = c.n;
    b.textContent = c.path.slice(depth).concat([c.text]).join(" · ");
    if (c.odds) b.append(text("span", c.odds, "odds"));
    b.addEventListener("click", () => act(c.n));
    return b;
  }

  // The choices laid out by their paths: a <details> per group, the choices under it.
  function group(list, depth) {
    const out = document.createElement("div");
    out.className = "group";
    let i = 0;
    while (i < list.length) {
      const c = list[i];
      if (c.path.length <= depth) {
        out.append(choiceButton(c, depth));
        i += 1;
        continue;
      }
      const key = c.path[depth];
      let j = i + 1;
      while (j < list.length && list[j].path.length > depth && list[j].path[depth] === key) j += 1;
      const run = list.slice(i, j);
      if (run.length === 1) {
        out.append(choiceButton(c, depth));
      } else {
        const d = document.createElement("details");
        // short lists open; of a long one, the first group (the others a click away)
        d.open = list.length <= 12 || run.length <= 6 || !out.querySelector(":scope > details");
        d.append(text("summary", key + " (" + run.length + ")"));
        d.append(group(run, depth + 1));
        out.append(d);
      }
      i = j;
    }
    return out;
  }

  function renderBoard() {
    const board = $("board");
    board.innerHTML = state.board || "";
    const places = new Set(state.choices.filter((c) => c.place).map((c) => c.place));
    board.querySelectorAll("[data-place]").forEach((el) => {
      if (places.has(el.dataset.place)) {
        el.classList.add("target");
        if (el.dataset.place === picked) el.classList.add("picked");
      }
    });
  }

  function render() {
    document.title = state.seat + " · " + state.where;
    $("where").textContent = state.where;
    $("seat").textContent = "You play " + state.seat + ".";
    $("seats").replaceChildren(
      ...state.seats.map((s) =>
        text("li", s.label + ": " + s.who + (s.asked ? " — to answer" : ""), s.asked ? "asked" : "")
      )
    );
    renderBoard();
    let shown = state.choices;
    if (picked !== null) shown = shown.filter((c) => c.place === picked);
    $("picked").hidden = picked === null;
    $("picked-text").textContent = picked === null ? "" : "The choices at " + picked + ":";
    if (state.over) {
      $("prompt").textContent = "The game is over: " + state.over + ".";
    } else if (state.asked) {
      $("prompt").textContent = state.prompt + " (" + plural(state.choices.length, "choice") + ")";
    } else {
      const asked = state.seats.filter((s) => s.asked).map((s) => s.label);
      $("prompt").textContent = "Waiting for " + asked.join(" and ") + ".";
    }
    $("choices").replaceChildren(group(shown, 0));
    $("undo").hidden = !state.undo;
    $("replay").href = "/seat/" + token + "/replay";
    $("replay").textContent = state.over ? "Replay the game" : "Replay so far";
    $("save").hidden = !state.over;
    $("save").href = "/seat/" + token + "/save";
    $("log").replaceChildren(...state.log.map((line) => text("li", line)));
    $("log").lastElementChild?.scrollIntoView({ block: "nearest" });
    document.documentElement.dataset.version = String(state.version);
    document.documentElement.dataset.state = state.over ? "over" : state.asked ? "asked" : "waiting";
  }

  function plural(n, word) {
    return n + " " + word + (n === 1 ? "" : "s");
  }

  async function post(path, body) {
    if (busy) return;
    busy = true;
    document.documentElement.dataset.state = "sending";
    $("error").textContent = "";
    try {
      const response = await fetch(api + path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!response.ok) $("error").textContent = (await response.json()).error;
    } finally {
      busy = false;
    }
    await load();
  }

  function act(n) {
    return post("/act", { choice: n, version: state.version });
  }

  function pick(place) {
    const here = state.choices.filter((c) => c.place === place);
    if (here.length === 1) {
      act(here[0].n);
    } else if (here.length > 1) {
      picked = place;
      render();
    }
  }

  $("board").addEventListener("click", (event) => {
    if (!state || !state.asked) return;
    const hit = event.target.closest ? event.target.closest(".target") : null;
    if (hit) pick(hit.dataset.place);
  });
  $("unpick").addEventListener("click", () => {
    picked = null;
    render();
  });
  $("undo").addEventListener("click", () => post("/undo", { version: state.version }));

  const updates = new EventSource(api + "/events");
  updates.onmessage = (event) => {
    if (!busy && (state === null || Number(event.data) !== state.version)) load();
  };
  load();
})();
