// A seat's page (or a spectator's): the board as this seat sees it, the question, your side
// of the game, and what happened (newest first, per turn). Everything comes from
// /api/seat/TOKEN (or /api/watch/TOKEN), which holds only what this reader may see.
//
// A choice is played on the board where the game is about places: a piece, then a square or
// hex, the facing by a second click toward it or by the arrow keys; several squares at once
// (AA guns) by clicking each; orders for several flyers as one selector per flyer, committed
// together. The list below the question is the keyboard and screen-reader path: it shows one
// level of the choices' paths at a time, at most MOST buttons, a list box beyond.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const watching = location.pathname.startsWith("/watch/");
  const token = location.pathname.split("/")[2];
  const api = (watching ? "/api/watch/" : "/api/seat/") + token;
  //: The most buttons one level of the list shows; more are offered in a list box.
  const MOST = 12;
  const COMPASS = { N: 0, NE: 45, E: 90, SE: 135, S: 180, SW: 225, W: 270, NW: 315 };
  const ARROWS = { ArrowUp: "N", ArrowRight: "E", ArrowDown: "S", ArrowLeft: "W" };
  const FACING = /\bfacing ([NSEW]{1,2})\b/;
  let state = null;
  // What the player has picked so far, for this version: a path prefix, a place, the
  // squares of a choice of several, the values of the per-flyer selectors.
  let sel = null;
  let busy = false;
  // The list was narrowed from the keyboard or the board: its first control takes the focus
  // when it is drawn again (a keyboard user goes on where they were).
  let refocus = false;

  function fresh() {
    return { prefix: [], place: null, word: null, marks: [], form: [] };
  }

  async function load() {
    const response = await fetch(api);
    const data = await response.json();
    if (!response.ok) {
      $("error").textContent = data.error;
      return;
    }
    if (state === null || data.version !== state.version) sel = fresh();
    state = data;
    render();
  }

  function text(tag, content, cls) {
    const el = document.createElement(tag);
    el.textContent = content;
    if (cls) el.className = cls;
    return el;
  }

  function button(label, onClick, cls) {
    const b = text("button", label, cls || "");
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }

  function plural(n, word) {
    return n + " " + word + (n === 1 ? "" : "s");
  }

  // -- the choices, as the player has narrowed them -----------------------------------------
  function parts(c) {
    return c.path.concat([c.text]);
  }

  // Where a choice is on the board: its place, or the one piece its words name.
  function where(c) {
    return c.place || c.at || null;
  }

  function candidates() {
    let out = state.choices.filter((c) => sel.prefix.every((p, i) => c.path[i] === p));
    if (sel.place !== null) out = out.filter((c) => where(c) === sel.place);
    if (sel.word !== null) out = out.filter((c) => textKey(c) === sel.word);
    return out;
  }

  // A long list of choices without a path to group them, grouped by the words they begin
  // with: "speed 2, low template" under "speed 2", "attack Bf 109 with ..." under "attack".
  function textKey(c) {
    const comma = c.text.indexOf(", ");
    return comma > 0 ? c.text.slice(0, comma) : c.text.split(" ")[0];
  }

  function byWords(options) {
    const leaves = options.filter((o) => o.choice);
    const keys = new Map();
    for (const o of leaves) {
      const key = textKey(o.choice);
      keys.set(key, (keys.get(key) || 0) + 1);
    }
    const groups = options.length - leaves.length + keys.size;
    if (keys.size < 2 || groups > MOST || keys.size === leaves.length) return null;
    const out = options.filter((o) => o.group !== undefined);
    const seen = new Set();
    for (const o of leaves) {
      const key = textKey(o.choice);
      if (keys.get(key) === 1) out.push(o);
      else if (!seen.has(key)) {
        seen.add(key);
        out.push({ word: key, count: keys.get(key) });
      }
    }
    return out;
  }

  // Orders for several flyers: every choice has the same number of parts, each part "Name:
  // order" with the same name across the choices. One selector per name.
  function formOf(list) {
    if (list.length < 2) return null;
    const n = parts(list[0]).length;
    if (n < 2 || list.some((c) => parts(c).length !== n || c.place)) return null;
    const subjects = [];
    for (let k = 0; k < n; k += 1) {
      let subject = null;
      for (const c of list) {
        const m = /^(.+?): (.+)$/.exec(parts(c)[k]);
        if (!m || (subject !== null && m[1] !== subject)) return null;
        subject = m[1];
      }
      subjects.push(subject);
    }
    return subjects;
  }

  function valueOf(c, k) {
    return /^(.+?): (.+)$/.exec(parts(c)[k])[2];
  }

  // Choices naming several squares at once (AA guns): their marks. Only where no choice
  // has a place of its own (else the places are the board's targets).
  function marked() {
    if (state.choices.some((c) => c.place)) return [];
    const out = state.choices.filter((c) => c.marks && c.marks.length);
    return out.length > 1 ? out : [];
  }

  function markCandidates() {
    return marked().filter((c) => sel.marks.every((m) => c.marks.includes(m)));
  }

  // The next level of the list: groups (the next element of a path) and choices.
  function level(list, depth) {
    const out = [];
    const seen = new Map();
    for (const c of list) {
      if (c.path.length > depth) {
        const key = c.path[depth];
        if (seen.has(key)) {
          seen.get(key).count += 1;
        } else {
          const g = { group: key, count: 1, first: c };
          seen.set(key, g);
          out.push(g);
        }
      } else {
        out.push({ choice: c });
      }
    }
    return out;
  }

  // The board's piece standing for a group of choices ("RED-1", "Imperial fighter 1").
  function pieceOf(name) {
    const board = $("board");
    for (const id of [name, name.toLowerCase().replace(/\s+/g, "-")]) {
      if (board.querySelector('[data-place="' + CSS.escape("piece:" + id) + '"]')) {
        return "piece:" + id;
      }
    }
    return null;
  }

  // -- the board --------------------------------------------------------------------------
  // What clicking each place of the board does now: place -> function.
  function boardTargets() {
    const out = new Map();
    if (!state.asked) return out;
    const form = sel.place === null && sel.prefix.length === 0 ? formOf(state.choices) : null;
    if (form) {
      form.forEach((subject, k) => {
        const piece = pieceOf(subject);
        if (piece) out.set(piece, () => $("form-" + k)?.focus());
      });
      return out;
    }
    if (marked().length && sel.prefix.length === 0 && sel.place === null) {
      for (const c of markCandidates()) {
        for (const m of c.marks) if (!out.has(m)) out.set(m, () => toggleMark(m));
      }
      for (const m of sel.marks) out.set(m, () => toggleMark(m));
      return out;
    }
    if (sel.place !== null) return out; // the facing: a second click anywhere, or the keys
    const list = candidates();
    const options = level(list, sel.prefix.length);
    const groups = options.filter((o) => o.group !== undefined);
    if (groups.length > 1) {
      for (const g of groups) {
        const piece = pieceOf(g.group);
        if (piece && !out.has(piece)) out.set(piece, () => descend(g.group));
      }
      if (out.size) return out;
    }
    for (const c of list) {
      const place = where(c);
      if (place && !out.has(place)) out.set(place, () => pickPlace(place));
    }
    return out;
  }

  function renderBoard() {
    const board = $("board");
    board.innerHTML = state.board || ""; // the server's SVG: every name in it escaped there
    if (!state.board) {
      board.append(
        text("p", watching ? "This ruleset draws its board for its seats only: follow the game in what happened." : "", "hint")
      );
    }
    const svg = board.querySelector("svg");
    if (svg) {
      svg.setAttribute("preserveAspectRatio", "xMidYMin meet"); // the board at the top
      const box = svg.viewBox.baseVal;
      if (box && box.width && box.height) board.style.setProperty("--ratio", box.width + " / " + box.height);
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", (watching ? "The board" : "The board as you see it") + ".");
    }
    if (state.last) {
      const el = board.querySelector('[data-place="' + CSS.escape(state.last.place) + '"]');
      if (el) el.classList.add("last");
    }
    const targets = boardTargets();
    board.querySelectorAll("[data-place]").forEach((el) => {
      const place = el.dataset.place;
      if (targets.has(place)) el.classList.add("target");
      if (place === sel.place || sel.marks.includes(place)) el.classList.add("picked");
    });
    board.dataset.targets = String(targets.size);
    return targets;
  }

  let targets = new Map();

  function pickPlace(place) {
    const here = candidates().filter((c) => where(c) === place);
    if (here.length === 1) {
      act(here[0].n);
    } else if (here.length > 1) {
      sel.place = place;
      refocus = true;
      render();
    }
  }

  function descend(group) {
    sel.prefix = sel.prefix.concat([group]);
    refocus = true;
    render();
  }

  function toggleMark(m) {
    if (sel.marks.includes(m)) sel.marks = sel.marks.filter((x) => x !== m);
    else sel.marks = sel.marks.concat([m]);
    render();
  }

  // The facing toward a point of the board, from the picked place: the choice at the place
  // whose facing is nearest the direction clicked.
  function facingToward(x, y) {
    const el = $("board").querySelector('[data-place="' + CSS.escape(sel.place) + '"]');
    if (!el) return null;
    const box = el.getBoundingClientRect();
    const dx = x - (box.left + box.width / 2);
    const dy = y - (box.top + box.height / 2);
    if (Math.hypot(dx, dy) < Math.min(box.width, box.height) / 3) return null;
    const angle = ((Math.atan2(dx, -dy) * 180) / Math.PI + 360) % 360;
    let best = null;
    let gap = 361;
    for (const c of candidates()) {
      const m = FACING.exec(c.text);
      if (!m) continue;
      const d = Math.abs(((COMPASS[m[1]] - angle + 540) % 360) - 180);
      if (d < gap) {
        gap = d;
        best = c;
      }
    }
    return gap <= 67.5 ? best : null;
  }

  function facing(word) {
    return candidates().find((c) => FACING.exec(c.text)?.[1] === word) || null;
  }

  // -- the question -------------------------------------------------------------------------
  function choiceButton(c, from) {
    const b = button(parts(c).slice(from).join(" · "), () => act(c.n), "choice");
    b.dataset.n = c.n;
    if (c.odds) b.append(text("span", c.odds, "odds"));
    return b;
  }

  function listBox(options, from) {
    const box = document.createElement("div");
    box.className = "listbox";
    const select = document.createElement("select");
    select.id = "choice-list";
    select.size = Math.min(8, options.length);
    select.setAttribute("aria-label", "Choices");
    options.forEach((o, i) => {
      const opt = document.createElement("option");
      opt.value = String(i);
      opt.textContent =
        o.group !== undefined
          ? o.group + " (" + o.count + ")"
          : parts(o.choice).slice(from).join(" · ") + (o.choice.odds ? " — " + o.choice.odds : "");
      select.append(opt);
    });
    select.value = "0";
    const go = () => {
      const o = options[Number(select.value)];
      if (o.group !== undefined) descend(o.group);
      else act(o.choice.n);
    };
    select.addEventListener("keydown", (event) => {
      if (event.key === "Enter") go();
    });
    select.addEventListener("dblclick", go);
    box.append(select, button("Choose", go, "choice go"));
    return box;
  }

  function renderForm(subjects) {
    const box = document.createElement("div");
    box.className = "form";
    const all = state.choices;
    const fits = (c, upto) => sel.form.slice(0, upto).every((v, k) => valueOf(c, k) === v);
    subjects.forEach((subject, k) => {
      const values = [];
      for (const c of all) {
        if (fits(c, k) && !values.includes(valueOf(c, k))) values.push(valueOf(c, k));
      }
      if (!values.includes(sel.form[k])) sel.form[k] = values[0];
      const label = text("label", subject + " ");
      const select = document.createElement("select");
      select.id = "form-" + k;
      select.className = "order";
      values.forEach((v) => select.append(text("option", v)));
      select.value = sel.form[k];
      select.addEventListener("change", () => {
        sel.form[k] = select.value;
        sel.form.length = k + 1;
        render();
        $("form-" + k)?.focus();
      });
      label.append(select);
      box.append(label);
    });
    const chosen = all.find((c) => fits(c, subjects.length));
    const commit = button("Commit", () => chosen && act(chosen.n), "choice commit");
    commit.disabled = !chosen;
    box.append(commit);
    if (chosen?.odds) box.append(text("span", chosen.odds, "odds"));
    return box;
  }

  function renderMarks() {
    const box = document.createElement("div");
    const left = markCandidates();
    const done = left.filter((c) => c.marks.length === sel.marks.length);
    const need = Math.min(...left.map((c) => c.marks.length)) - sel.marks.length;
    const said = sel.marks.length ? "Chosen: " + sel.marks.join(" ") + ". " : "";
    box.append(
      text(
        "p",
        said + (done.length === 1 ? "Confirm, or click a square again to take it back." :
          "Click " + plural(Math.max(need, 1), "more square") + " on the board."),
        "hint"
      )
    );
    if (done.length === 1) box.append(choiceButton(done[0], 0));
    if (sel.marks.length) box.append(button("Clear", () => ((sel.marks = []), render()), "choice clear"));
    return box;
  }

  function renderChoices() {
    const out = document.createElement("div");
    out.className = "group";
    if (!state.asked) return out;
    const crumbs = sel.prefix.slice();
    if (sel.place !== null) crumbs.push("at " + sel.place.replace(/^piece:/, ""));
    if (sel.word !== null) crumbs.push(sel.word);
    if (crumbs.length) {
      const nav = document.createElement("p");
      nav.className = "crumbs";
      nav.append(
        button("‹ Back", () => {
          if (sel.word !== null) sel.word = null;
          else if (sel.place !== null) sel.place = null;
          else sel.prefix = sel.prefix.slice(0, -1);
          refocus = true;
          render();
        }, "back"),
        text("span", " " + crumbs.join(" › "))
      );
      out.append(nav);
    }
    const form = sel.place === null && sel.prefix.length === 0 ? formOf(state.choices) : null;
    if (form) {
      out.append(renderForm(form));
      return out;
    }
    if (marked().length && sel.prefix.length === 0 && sel.place === null) {
      out.append(renderMarks());
      const rest = state.choices.filter((c) => !(c.marks && c.marks.length));
      rest.forEach((c) => out.append(choiceButton(c, 0)));
      const more = document.createElement("details");
      more.append(text("summary", "Every choice as a list"));
      more.append(listBox(level(marked(), 0), 0));
      out.append(more);
      return out;
    }
    let list = candidates();
    let depth = sel.prefix.length;
    if (sel.place !== null && list.length <= MOST) {
      list.forEach((c) => out.append(choiceButton(c, depth)));
      if (list.some((c) => FACING.test(c.text))) {
        out.append(text("p", "Click toward the facing on the board, or use the arrow keys.", "hint"));
      }
      return out;
    }
    let options = level(list, depth);
    while (options.length === 1 && options[0].group !== undefined) {
      depth += 1;
      options = level(list, depth);
    }
    if (options.length > MOST && sel.word === null) options = byWords(options) || options;
    if (options.length > MOST) {
      out.append(listBox(options, depth));
      return out;
    }
    for (const o of options) {
      if (o.word !== undefined) {
        const pick = () => {
          sel.word = o.word;
          refocus = true;
          render();
        };
        out.append(button(o.word + " … (" + o.count + ") ›", pick, "choice group-choice"));
      } else if (o.group !== undefined) {
        const b = button(o.group + " (" + o.count + ") ›", () => descend(o.group), "choice group-choice");
        out.append(b);
      } else {
        out.append(choiceButton(o.choice, depth));
      }
    }
    return out;
  }

  // -- the page -----------------------------------------------------------------------------
  function renderLog() {
    const log = $("log");
    const turns = state.log.slice().reverse();
    log.replaceChildren(
      ...turns.map((turn) => {
        const section = document.createElement("section");
        section.append(text("h3", turn.title));
        const ol = document.createElement("ol");
        ol.reversed = true;
        turn.lines
          .slice()
          .reverse()
          .forEach((line) => ol.append(text("li", line)));
        section.append(ol);
        return section;
      })
    );
  }

  function render() {
    const keep = window.scrollY;
    // A shorter page would pull the view up: the page stays at least as long as what is in
    // view now.
    document.body.style.minHeight = keep > 0 ? keep + window.innerHeight + "px" : "";
    document.title = (watching ? "Watching" : state.seat) + " · " + state.where;
    $("where").textContent = state.where;
    $("seat").textContent = watching
      ? "You are watching: you see what every seat sees, no secrets."
      : "You play " + state.seat + ".";
    $("seats").replaceChildren(
      ...state.seats.map((s) =>
        text("li", s.label + ": " + s.who + (s.asked ? " — to answer" : ""), s.asked ? "asked" : "")
      )
    );
    targets = renderBoard();
    if (state.over) {
      $("prompt").textContent = "The game is over: " + state.over + ".";
    } else if (state.asked) {
      $("prompt").textContent = state.prompt + " (" + plural(state.choices.length, "choice") + ")";
    } else {
      const asked = state.seats.filter((s) => s.asked).map((s) => s.label);
      $("prompt").textContent = asked.length ? "Waiting for " + asked.join(" and ") + "." : "";
    }
    $("last").textContent = state.last ? "Last move: " + state.last.seat + ", at " + state.last.place.replace(/^piece:/, "") + " (outlined)." : "";
    const list = $("choices");
    const controls = () => list.querySelectorAll("button, select");
    // a redraw that was not asked from the list (the table's update, a second load) keeps a
    // keyboard user's focus in the list, at the same place when there still is one
    const had = list.contains(document.activeElement)
      ? Array.prototype.indexOf.call(controls(), document.activeElement)
      : -1;
    list.replaceChildren(renderChoices());
    if (refocus) {
      refocus = false;
      list.querySelector("button:not(.back), select")?.focus({ preventScroll: true });
    } else if (had >= 0) {
      const now = controls();
      (now[had] || now[0])?.focus({ preventScroll: true });
    }
    $("undo").hidden = !state.undo;
    $("replay").hidden = watching;
    $("replay").href = "/seat/" + token + "/replay";
    $("replay").textContent = state.over ? "Replay the game" : "Replay so far";
    $("save").hidden = watching || !state.over;
    $("save").href = "/seat/" + token + "/save";
    $("mine").hidden = watching;
    $("mine-list").replaceChildren(
      ...(state.mine.length
        ? state.mine.slice().reverse().map((line) => text("li", line))
        : [text("li", "Nothing secret yet.", "hint")])
    );
    $("glance-box").hidden = !state.glance;
    $("glance").textContent = state.glance || "";
    renderLog();
    document.documentElement.dataset.version = String(state.version);
    document.documentElement.dataset.state = state.over ? "over" : state.asked ? "asked" : "waiting";
    if (window.scrollY !== keep) window.scrollTo(window.scrollX, keep);
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
      const answer = await response.json(); // read to its end, whatever it says
      if (!response.ok) $("error").textContent = answer.error;
      await load(); // busy until the page shows the answer: a second click is not sent
    } finally {
      busy = false;
    }
  }

  function act(n) {
    return post("/act", { choice: n, version: state.version });
  }

  $("board").addEventListener("click", (event) => {
    if (!state || !state.asked || busy) return;
    const hit = event.target.closest ? event.target.closest(".target") : null;
    if (hit && targets.has(hit.dataset.place)) {
      targets.get(hit.dataset.place)();
      return;
    }
    if (sel.place !== null) {
      const c = facingToward(event.clientX, event.clientY);
      if (c) act(c.n);
    }
  });
  document.addEventListener("keydown", (event) => {
    if (!state || !state.asked || sel.place === null || busy) return;
    if (event.target instanceof HTMLSelectElement) return;
    if (ARROWS[event.key]) {
      const c = facing(ARROWS[event.key]);
      if (c) {
        event.preventDefault();
        act(c.n);
      }
    } else if (event.key === "Escape") {
      sel.place = null;
      render();
    }
  });
  $("undo").addEventListener("click", () => post("/undo", { version: state.version }));

  const updates = new EventSource(api + "/events");
  updates.onmessage = (event) => {
    if (!busy && (state === null || Number(event.data) !== state.version)) load();
  };
  load();
})();
