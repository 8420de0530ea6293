// A game on the board: a decision is made by clicking the highlighted cards (the card, then
// its target…), the buttons show what is left to choose at each step (an amount, a weapon),
// and "pass"/"done" stay in view. The action is sent with fetch; the answer carries only the
// parts of the page that changed (the page sends the digests of those it has) and the log's
// new entries, which replace or join what is shown. Without JavaScript the same buttons, grouped
// the same way, post their form and the server redirects back.
// Keys: 1–9 choose the Nth option shown, P passes (or finishes), Backspace steps back, Enter
// confirms the focused button (the browser's own) or picks the focused card.
(function () {
  "use strict";
  var game = document.getElementById("play-game");
  if (!game) return;
  var busy = false;
  var chosen = [];  // the cards clicked so far for the pending decision (their data-card ids)
  var digests = (game.dataset.digests || "").split(",").filter(Boolean);

  function csrfToken() {
    var field = game.querySelector("[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  function allOptions() {
    return Array.prototype.slice.call(
      game.querySelectorAll("#play-decision button[name=key]:not([disabled])"));
  }

  function pathOf(button) {
    return (button.dataset.path || "").split(" ").filter(Boolean);
  }

  function startsWith(path, prefix) {
    for (var i = 0; i < prefix.length; i++) if (path[i] !== prefix[i]) return false;
    return true;
  }

  // The options still open: every pass, and those whose path begins with what was clicked.
  function candidates() {
    return allOptions().filter(function (b) {
      return b.dataset.pass || (chosen.length ? startsWith(pathOf(b), chosen) : true);
    });
  }

  function visibleOptions() {
    return allOptions().filter(function (b) { return !b.hidden; });
  }

  function say(text) {
    document.getElementById("play-message").textContent = text || "";
  }

  function boardCards(id) {
    return game.querySelectorAll("#play-board [data-card='" + id + "']");
  }

  // Show the step: highlight the cards that can be clicked next, hide the buttons that no
  // longer fit, and name what is left on the rest (the amount, the weapon).
  function showStep() {
    game.querySelectorAll(".is-option, .is-chosen, .is-about").forEach(function (el) {
      el.classList.remove("is-option", "is-chosen", "is-about");
    });
    game.dataset.chosen = String(chosen.length);  // how many cards are clicked (for the tests)
    var form = game.querySelector("#decision");
    if (!form) return;
    if (form.dataset.about) boardCards(form.dataset.about).forEach(function (el) { el.classList.add("is-about"); });
    var open = candidates();
    var next = {};
    open.forEach(function (b) {
      var path = pathOf(b);
      if (path.length > chosen.length) next[path[chosen.length]] = true;
    });
    Object.keys(next).forEach(function (id) {
      boardCards(id).forEach(function (el) { el.classList.add("is-option"); });
    });
    chosen.forEach(function (id) { boardCards(id).forEach(function (el) { el.classList.add("is-chosen"); }); });
    allOptions().forEach(function (b) {
      if (!b.dataset.label) b.dataset.label = b.textContent;
      var fits = open.indexOf(b) >= 0;
      b.hidden = !fits;
      b.textContent = chosen.length && fits && !b.dataset.pass && b.dataset.step ? b.dataset.step : b.dataset.label;
    });
    game.querySelectorAll("#play-decision fieldset").forEach(function (set) {
      set.hidden = !set.querySelector("button:not([hidden])");
    });
    var step = document.getElementById("decision-step");
    if (step) {
      step.hidden = chosen.length === 0;
      var names = chosen.map(function (id) {
        var card = boardCards(id)[0];
        var name = card && card.querySelector(".card-face__name, .board-card__name, h4, dd");
        return name ? name.textContent.trim() : id;
      });
      document.getElementById("decision-step-text").textContent = names.join(" → ");
    }
  }

  function replaceParts(parts) {
    Object.keys(parts).forEach(function (id) {
      var old = document.getElementById(id);
      if (old) old.outerHTML = parts[id];
    });
  }

  // The log's new entries: a turn the page has gets them appended, a new turn is added.
  function appendLog(html, count) {
    var box = document.getElementById("game-log-turns");
    if (!box) return;
    document.getElementById("game-log").dataset.events = count;
    if (!html) return;
    var holder = document.createElement("div");
    holder.innerHTML = html;
    Array.prototype.slice.call(holder.children).forEach(function (turn) {
      var have = box.querySelector(".game-log__turn[data-turn='" + turn.dataset.turn + "'] ol");
      if (have) {
        Array.prototype.slice.call(turn.querySelectorAll("li")).forEach(function (li) { have.appendChild(li); });
      } else {
        box.querySelectorAll(".game-log__turn[open]").forEach(function (d) { d.open = false; });
        box.appendChild(turn);
      }
    });
    filterLog();
    box.scrollTop = box.scrollHeight;
  }

  function focusFirstOption() {
    var buttons = visibleOptions();
    if (buttons.length) buttons[0].focus({preventScroll: true});
  }

  function send(form, button) {
    if (busy) return;
    busy = true;
    game.setAttribute("aria-busy", "true");
    var data = new FormData(form);
    data.set("key", button.value);
    data.set("have", digests.join(","));
    var log = document.getElementById("game-log");
    data.set("log_events", log ? log.dataset.events : "0");
    allOptions().forEach(function (b) { b.disabled = true; });
    fetch(form.getAttribute("action") || game.dataset.actionUrl, {
      method: "POST",
      body: data,
      credentials: "same-origin",
      headers: {"Accept": "application/json", "X-CSRFToken": csrfToken()}
    }).then(function (response) {
      return response.json();
    }).then(function (answer) {
      replaceParts(answer.parts || {});
      digests = Object.keys(answer.digests || {}).map(function (id) { return id + ":" + answer.digests[id]; });
      appendLog(answer.log, answer.log_events);
      say(answer.message);
      chosen = [];
      showStep();
      focusFirstOption();
    }).catch(function () {
      game.querySelectorAll("#play-decision button[name=key]").forEach(function (b) { b.disabled = false; });
      say(game.dataset.networkError);
    }).then(function () {
      busy = false;
      game.removeAttribute("aria-busy");
    });
  }

  game.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.closest("#play-decision")) return;
    event.preventDefault();
    var button = event.submitter;
    if (button && button.name === "key") send(form, button);
  });

  function choose(button) {
    if (button) button.click();  // a form submit with this button: the handler above
  }

  // A card clicked on the board: the next step of the options that go through it. When one
  // option is left and its cards are all clicked, it is chosen; else the buttons show what
  // is left (two weapons on the same target, an amount, the laser pair's second target).
  function pickCard(id) {
    var open = candidates().filter(function (b) {
      var path = pathOf(b);
      return !b.dataset.pass && path[chosen.length] === id;
    });
    if (!open.length) return false;
    chosen.push(id);
    var done = open.filter(function (b) { return pathOf(b).length === chosen.length; });
    if (open.length === 1 && done.length === 1) { choose(done[0]); return true; }
    showStep();
    focusFirstOption();
    return true;
  }

  function back() {
    if (!chosen.length) return false;
    chosen.pop();
    showStep();
    return true;
  }

  game.addEventListener("click", function (event) {
    if (event.target.closest("#decision-back")) { back(); return; }
    var card = event.target.closest("#play-board [data-card]");
    if (!card || event.target.closest("a, button, summary")) return;
    // A card inside a place (a ship in a sector) is tried first, then the place itself.
    while (card) {
      if (pickCard(card.dataset.card)) { event.preventDefault(); return; }
      card = card.parentElement && card.parentElement.closest("#play-board [data-card]");
    }
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    var buttons = visibleOptions();
    if (event.key >= "1" && event.key <= "9") {
      var button = buttons.filter(function (b) { return !b.dataset.pass; })[parseInt(event.key, 10) - 1];
      if (button) { event.preventDefault(); choose(button); }
    } else if (event.key === "Enter" && event.target.closest && event.target.closest("#play-board [data-card]")) {
      if (pickCard(event.target.closest("#play-board [data-card]").dataset.card)) event.preventDefault();
    } else if (event.key === "Backspace") {
      if (back()) event.preventDefault();
    } else if (event.code === "KeyP") {
      var pass = buttons.filter(function (b) { return b.dataset.pass; });
      if (pass.length) { event.preventDefault(); choose(pass[0]); }
    }
  });

  // The log's filter: the category boxes work without JavaScript (CSS); the words need it.
  function filterLog() {
    var field = document.getElementById("game-log-search");
    var words = field ? field.value.trim().toLowerCase() : "";
    game.querySelectorAll("#game-log-turns li").forEach(function (li) {
      li.classList.toggle("is-filtered", words !== "" && li.textContent.toLowerCase().indexOf(words) < 0);
    });
    if (words) game.querySelectorAll("#game-log-turns details").forEach(function (d) {
      d.open = !!d.querySelector("li:not(.is-filtered)");
    });
  }
  game.addEventListener("input", function (event) {
    if (event.target.id === "game-log-search") filterLog();
  });

  showStep();
  var box = document.getElementById("game-log-turns");
  if (box) box.scrollTop = box.scrollHeight;
  // The listeners are attached (the browser tests wait for this before a click or a key).
  game.dataset.ready = "1";
}());
