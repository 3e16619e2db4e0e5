// The replay viewer: plain standard JavaScript (no modules, no network), so that the page
// works opened from disk. The recording is the JSON block #viewer-data (see
// aerodrome/runs/viewer/pictures.py for how pictures are stored).
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("viewer-data").textContent);
  const last = data.rounds.length - 1;
  const board = document.getElementById("board");
  const log = document.getElementById("log");
  const slider = document.getElementById("slider");
  const where = document.getElementById("where");
  const chooser = document.getElementById("viewer");
  const buttons = {
    first: document.getElementById("first"),
    prev: document.getElementById("prev"),
    next: document.getElementById("next"),
    last: document.getElementById("last"),
  };
  let step = 0;
  let view = 0;
  let shown = null; // the picture number on the board
  let byStep = new Map(); // step -> its <li> entries in the current view's log
  let current = [];

  // Picture `number` put back together from its runs over the table of pieces.
  function picture(number) {
    const runs = data.runs[number];
    const out = [];
    for (let i = 0; i < runs.length; i += 2) {
      const end = runs[i] + runs[i + 1];
      for (let j = runs[i]; j < end; j++) out.push(data.pieces[j]);
    }
    return out.join("");
  }

  function draw(number) {
    if (number === shown) return;
    shown = number;
    if (number < 0) {
      if (board.querySelector("svg")) board.textContent = "";
      return;
    }
    board.innerHTML = picture(number); // the ruleset's own SVG (names escaped by draw_svg)
    const svg = board.querySelector("svg");
    if (svg && !svg.hasAttribute("viewBox")) {
      const w = parseFloat(svg.getAttribute("width"));
      const h = parseFloat(svg.getAttribute("height"));
      if (w > 0 && h > 0) svg.setAttribute("viewBox", "0 0 " + w + " " + h); // lets it scale
    }
  }

  // The log of the chosen view: one entry per event it may see, linked to its step.
  function fillLog() {
    const flat = data.views[view].log;
    const items = document.createDocumentFragment();
    byStep = new Map();
    current = [];
    for (let i = 0; i < flat.length; i += 2) {
      const at = flat[i];
      const li = document.createElement("li");
      li.dataset.step = String(at);
      const link = document.createElement("a");
      link.href = "#step-" + at;
      link.textContent = String(at);
      link.title = "Go to step " + at;
      li.appendChild(link);
      li.appendChild(document.createTextNode(data.texts[flat[i + 1]]));
      items.appendChild(li);
      let list = byStep.get(at);
      if (!list) byStep.set(at, (list = []));
      list.push(li);
    }
    log.textContent = "";
    log.appendChild(items);
  }

  function highlight() {
    for (const li of current) li.classList.remove("current");
    current = byStep.get(step) || [];
    for (const li of current) li.classList.add("current");
    if (current.length) {
      const top = current[0].offsetTop;
      if (top < log.scrollTop || top > log.scrollTop + log.clientHeight - current[0].offsetHeight) {
        log.scrollTop = Math.max(0, top - log.clientHeight / 3);
      }
    }
  }

  function show(n) {
    step = Math.max(0, Math.min(last, Math.trunc(Number(n)) || 0));
    draw(data.views[view].pictures[step]);
    slider.value = String(step);
    const round = data.rounds[step];
    where.textContent = "Step " + step + " of " + last + (round > 0 ? ", round " + round : ", set-up");
    buttons.first.disabled = buttons.prev.disabled = step === 0;
    buttons.next.disabled = buttons.last.disabled = step === last;
    highlight();
  }

  function go(n) {
    show(n);
    try {
      history.replaceState(null, "", "#step-" + step);
    } catch (e) {
      // some browsers refuse history changes on file: pages; stepping still works
    }
  }

  function fromHash() {
    const m = /^#step-(\d+)$/.exec(location.hash);
    return m ? Number(m[1]) : null;
  }

  buttons.first.addEventListener("click", function () { go(0); });
  buttons.prev.addEventListener("click", function () { go(step - 1); });
  buttons.next.addEventListener("click", function () { go(step + 1); });
  buttons.last.addEventListener("click", function () { go(last); });
  slider.addEventListener("input", function () { go(slider.value); });
  chooser.addEventListener("change", function () {
    view = Number(chooser.value);
    fillLog();
    show(step);
  });
  log.addEventListener("click", function (event) {
    const link = event.target.closest("a");
    if (!link || !log.contains(link)) return;
    event.preventDefault();
    go(link.parentNode.dataset.step);
  });
  window.addEventListener("hashchange", function () {
    const n = fromHash();
    if (n !== null && n !== step) show(n);
  });
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target;
    if (target === slider || target === chooser) return; // they step (or choose) by themselves
    const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last };
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key]);
  });

  chooser.value = "0";
  fillLog();
  const start = fromHash();
  show(start === null ? 0 : start);
  document.documentElement.dataset.ready = "true";
})();
