// The start page: choose a ruleset, a set-up and who plays each seat; start the game.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  let catalogue = null;

  function option(value, text) {
    const o = document.createElement("option");
    o.value = value;
    o.textContent = text;
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
    box.replaceChildren(box.querySelector("legend") || document.createElement("legend"));
    box.querySelector("legend").textContent = "Seats";
    setup().seats.forEach((name, i) => {
      const label = document.createElement("label");
      label.textContent = name + " ";
      const select = document.createElement("select");
      select.className = "seat-kind";
      select.name = "seat" + i;
      catalogue.kinds.forEach((k) => select.append(option(k, k)));
      select.value = i === 0 ? "person" : "bot";
      label.append(select);
      box.append(label);
    });
  }

  async function start(event) {
    event.preventDefault();
    $("error").textContent = "";
    const body = {
      ruleset: $("ruleset").value,
      setup: $("setup").value,
      seats: [...document.querySelectorAll(".seat-kind")].map((s) => s.value),
    };
    if ($("seed").value !== "") body.seed = Number($("seed").value);
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
    const friends = data.links.some((l) => l.kind === "friend");
    const mine = data.links.find((l) => l.kind === "person");
    if (!friends && mine) {
      location.assign(mine.link);
      return;
    }
    const list = $("link-list");
    list.replaceChildren();
    data.links.forEach((l) => {
      const item = document.createElement("li");
      const a = document.createElement("a");
      a.href = l.link;
      a.className = "seat-link";
      a.dataset.kind = l.kind;
      a.textContent = new URL(l.link, location.href).href;
      item.append(l.seat + (l.kind === "person" ? " (you): " : " (a friend): "), a);
      list.append(item);
    });
    $("links").hidden = false;
  }

  async function load() {
    const response = await fetch("/api/rulesets");
    catalogue = await response.json();
    $("ruleset").replaceChildren(...catalogue.rulesets.map((r) => option(r.name, r.title)));
    $("ruleset").addEventListener("change", fillSetups);
    $("setup").addEventListener("change", fillSeats);
    $("new-game").addEventListener("submit", start);
    fillSetups();
    document.documentElement.dataset.ready = "true";
  }

  load();
})();
