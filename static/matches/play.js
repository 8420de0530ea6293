// A game against the AI: an option's button sends the action with fetch, and the server's
// answer (the page's parts rendered again by the same templates) replaces them in place.
// Without JavaScript the same buttons post their form and the server redirects back.
// Keys: 1–9 choose option N, P passes (or finishes: "done"), Enter confirms the focused
// button (the browser's own) or chooses the focused card; a click on a card on the board
// chooses the one option that names it.
(function () {
  "use strict";
  var game = document.getElementById("play-game");
  if (!game) return;
  // The options a P press takes: the decision's "nothing more" answers.
  var PASS_KEYS = ["pass", "done", "none", "stop"];
  var busy = false;

  function csrfToken() {
    var field = game.querySelector("[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  function optionButtons() {
    return Array.prototype.slice.call(
      game.querySelectorAll("#play-decision button[name=key]:not([disabled])"));
  }

  function say(text) {
    var box = document.getElementById("play-message");
    box.textContent = text || "";
  }

  function replaceParts(parts) {
    Object.keys(parts).forEach(function (id) {
      var old = document.getElementById(id);
      if (old) old.outerHTML = parts[id];
    });
  }

  function focusFirstOption() {
    var buttons = optionButtons();
    if (buttons.length) buttons[0].focus({preventScroll: true});
  }

  function send(form, button) {
    if (busy) return;
    busy = true;
    game.setAttribute("aria-busy", "true");
    var data = new FormData(form);
    data.set("key", button.value);
    optionButtons().forEach(function (b) { b.disabled = true; });
    fetch(form.getAttribute("action") || game.dataset.actionUrl, {
      method: "POST",
      body: data,
      credentials: "same-origin",
      headers: {"Accept": "application/json", "X-CSRFToken": csrfToken()}
    }).then(function (response) {
      return response.json();
    }).then(function (answer) {
      replaceParts(answer.parts || {});
      say(answer.message);
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

  // A card on the board that exactly one option names is chosen by clicking it (or Enter on
  // it); a card several options name focuses the first of them.
  function chooseCard(card) {
    var matching = optionButtons().filter(function (b) { return b.dataset.card === card.dataset.card; });
    if (matching.length === 1) choose(matching[0]);
    else if (matching.length) matching[0].focus();
    return matching.length > 0;
  }

  game.addEventListener("click", function (event) {
    var card = event.target.closest("#play-board [data-card]");
    if (card && !event.target.closest("a, button, summary")) chooseCard(card);
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    var buttons = optionButtons();
    if (event.key >= "1" && event.key <= "9") {
      var button = buttons[parseInt(event.key, 10) - 1];
      if (button) { event.preventDefault(); choose(button); }
    } else if (event.key === "Enter" && event.target.closest && event.target.closest("#play-board [data-card]")) {
      if (chooseCard(event.target.closest("#play-board [data-card]"))) event.preventDefault();
    } else if (event.code === "KeyP") {
      var pass = buttons.filter(function (b) { return PASS_KEYS.indexOf(b.value) >= 0; });
      if (pass.length) { event.preventDefault(); choose(pass[0]); }
    }
  });

  // The listeners are attached (the browser tests wait for this before a click or a key).
  game.dataset.ready = "1";
}());
