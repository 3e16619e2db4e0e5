// The lobby: choose a ruleset, a set-up and who plays each seat (with the persons' names);
// start the game; keep your games in this browser (localStorage) with each seat's invite
// link, the spectator link, resume and rematch. Every name is shown with textContent.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const STORE = "aerodrome.games";
  //: The games the lobby remembers at most (the oldest forgotten first).
  const KEEP = 30;
  const KIND_TEXT = {
    person: "a person",
    friend: "a person",
    bot: "bot",
    search: "search (stronger, slower)",
    random: "random",
    konrad: "Konrad (solo bot)",
  };
  let catalogue = null;

  function el(tag, content, cls) {
    const e = document.createElement(tag);
    if (content !== undefined) e.textContent = content;
    if (cls) e.className = cls;
    return e;
  }

  function option(value, text) {
    const o = el("option", text);
    o.value = value;
    return o;
  }

  function ruleset() {
    return catalogue.rulesets.find((r) => r.name === $("ruleset").value);
  }

  function setup() {
    return ruleset().setups.find((s) => s.name === $("setup").value);
  }

  function fillSetups() {
    $("setup").replaceChildren(...ruleset().setups.map((s) => option(s.name, s.title)));
    fillSeats();
  }

  function fillSeats() {
    const box = $("seats");
    box.replaceChildren(el("legend", "Seats"));
    const kinds = (ruleset().kinds || catalogue.kinds).filter((k) => k !== "friend");
    setup().seats.forEach((name, i) => {
      const row = el("div", undefined, "seat-row");
      const label = el("label", name + " ");
      const select = document.createElement("select");
      select.className = "seat-kind";
      select.name = "seat" + i;
      kinds.forEach((k) => select.append(option(k, KIND_TEXT[k] || k)));
      select.value = i === 0 ? "person" : "bot";
      label.append(select);
      const named = document.createElement("input");
      named.className = "seat-name";
      named.type = "text";
      named.maxLength = 40;
      named.placeholder = "name";
      named.setAttribute("aria-label", "Name of the person playing " + name);
      const show = () => (named.hidden = select.value !== "person");
      select.addEventListener("change", show);
      show();
      row.append(label, named);
      box.append(row);
    });
  }

  // -- the games this browser remembers ------------------------------------------------------
  function remembered() {
    try {
      const list = JSON.parse(localStorage.getItem(STORE) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return [];
    }
  }

  function remember(list) {
    try {
      localStorage.setItem(STORE, JSON.stringify(list.slice(0, KEEP)));
    } catch (e) {
      /* private browsing: the list lives as long as the page */
    }
  }

  function absolute(link) {
    return new URL(link, location.href).href;
  }

  function copyButton(link, what) {
    const b = el("button", "Copy " + what, "copy");
    b.type = "button";
    b.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(absolute(link));
        b.textContent = "Copied";
      } catch (e) {
        window.prompt("Copy the link:", absolute(link));
      }
    });
    return b;
  }

  async function status(game, line) {
    const first = game.links[0];
    if (!first) return;
    try {
      const response = await fetch("/api" + first.link);
      if (response.status === 404) {
        line.textContent = "gone from the server (finished games are dropped after a while)";
        return;
      }
      const data = await response.json();
      line.textContent = data.over
        ? "Over: " + data.over + "."
        : data.where.split(" · ").pop() + (data.asked ? " · " + first.seat + " to answer" : "");
    } catch (e) {
      line.textContent = "";
    }
  }

  function drawGames() {
    const games = remembered();
    $("no-games").hidden = games.length > 0;
    $("games-list").replaceChildren(
      ...games.map((game) => {
        const item = el("li");
        item.dataset.game = game.game;
        item.append(el("strong", game.title));
        const when = new Date(game.started);
        item.append(el("span", " · started " + when.toLocaleString(), "hint"));
        const line = el("p", "", "hint status");
        item.append(line);
        const links = el("div", undefined, "links");
        game.links.forEach((l) => {
          const seat = el("span");
          const a = el("a", "Open " + l.seat + (l.name ? " (" + l.name + ")" : ""), "seat-link");
          a.href = l.link;
          seat.append(a, " ", copyButton(l.link, "invite link"));
          links.append(seat);
        });
        if (game.watch) {
          const w = el("span");
          const a = el("a", "Spectator link", "watch-link");
          a.href = game.watch;
          w.append(a, " ", copyButton(game.watch, "spectator link"));
          links.append(w);
        }
        const again = el("button", "Rematch", "rematch");
        again.type = "button";
        again.addEventListener("click", () => start(game.asked));
        const forget = el("button", "Forget", "forget");
        forget.type = "button";
        forget.addEventListener("click", () => {
          remember(remembered().filter((g) => g.game !== game.game));
          drawGames();
        });
        links.append(again, forget);
        item.append(links);
        status(game, line);
        return item;
      })
    );
  }

  async function start(body) {
    $("error").textContent = "";
    const response = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await response.json();
    if (!response.ok) {
      $("error").textContent = data.error;
      return;
    }
    const asked = Object.assign({}, body);
    delete asked.seed; // a rematch has new dice
    remember(
      [
        {
          game: data.game,
          title: data.title,
          started: Date.now(),
          links: data.links,
          watch: data.watch,
          asked: asked,
        },
      ].concat(remembered())
    );
    if (data.links.length === 1) {
      location.assign(data.links[0].link);
      return;
    }
    drawGames();
  }

  function submit(event) {
    event.preventDefault();
    const body = {
      ruleset: $("ruleset").value,
      setup: $("setup").value,
      seats: [...document.querySelectorAll(".seat-kind")].map((s) => s.value),
      names: [...document.querySelectorAll(".seat-name")].map((n) => (n.hidden ? "" : n.value.trim())),
    };
    if ($("seed").value !== "") body.seed = Number($("seed").value);
    start(body);
  }

  async function load() {
    const response = await fetch("/api/rulesets");
    catalogue = await response.json();
    $("ruleset").replaceChildren(...catalogue.rulesets.map((r) => option(r.name, r.title)));
    $("ruleset").addEventListener("change", fillSetups);
    $("setup").addEventListener("change", fillSeats);
    $("new-game").addEventListener("submit", submit);
    fillSetups();
    drawGames();
    document.documentElement.dataset.ready = "true";
  }

  load();
})();
