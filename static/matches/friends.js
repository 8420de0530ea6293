// A game between two people, live: the game's WebSocket tells this page when the game
// changed (the other player moved, the clock ran out, someone resigned); the page then asks
// for its parts again and swaps them in place (play.js sends this player's own decisions).
// Without a WebSocket it asks every few seconds; without JavaScript a refresh does the same.
// The running clock counts down here between two messages (the server keeps the time).
(function () {
  "use strict";
  var game = document.getElementById("play-game");
  if (!game || !game.dataset.partsUrl) return;
  var POLL_MS = 3000;
  var shown = {version: game.dataset.version, status: game.dataset.status};
  var socket = null, poller = null, fetching = false, again = false;

  function status() { return document.getElementById("play-status"); }

  function replaceParts(parts) {
    Object.keys(parts).forEach(function (id) {
      var old = document.getElementById(id);
      if (old) old.outerHTML = parts[id];
    });
  }

  function refresh() {
    if (fetching) { again = true; return; }
    fetching = true;
    fetch(game.dataset.partsUrl, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        if (answer.status !== shown.status && (shown.status === "waiting" || !document.getElementById("play-board"))) {
          window.location.reload();  // the table filled: the page has its board from now on
          return;
        }
        var mine = status();
        var busy = game.getAttribute("aria-busy") === "true";
        if (!busy && (!mine || String(answer.version) !== mine.dataset.version || answer.status !== mine.dataset.status || answer.paused !== mine.dataset.paused)) {
          replaceParts(answer.parts || {});
        }
        shown = {version: String(answer.version), status: answer.status};
      })
      .catch(function () {})
      .then(function () {
        fetching = false;
        if (again) { again = false; refresh(); }
      });
  }

  function changed(view) {
    var mine = status();
    // A clock paused or started again (a player left or came back, the table pausing it).
    var paused = view.clock && view.clock.paused !== null && view.clock.paused !== undefined ? String(view.clock.paused) : "";
    if (!mine || String(view.version) !== mine.dataset.version || view.status !== mine.dataset.status || paused !== mine.dataset.paused) refresh();
  }

  function poll() {
    if (!poller) poller = window.setInterval(refresh, POLL_MS);
  }

  function connect() {
    if (!("WebSocket" in window)) { poll(); return; }
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    try {
      socket = new WebSocket(scheme + window.location.host + game.dataset.socketPath);
    } catch (error) { poll(); return; }
    socket.onopen = function () {
      if (poller) { window.clearInterval(poller); poller = null; }
      game.dataset.live = "socket";
    };
    socket.onmessage = function (event) {
      var message = JSON.parse(event.data);
      if (message.type === "state") changed(message.game);
    };
    socket.onclose = function () {
      game.dataset.live = "polling";
      poll();
      window.setTimeout(connect, 5000);  // and try the socket again
    };
  }

  // The running clock, counted down between two messages.
  window.setInterval(function () {
    var running = document.querySelector("#play-status [data-running]");
    if (!running) return;
    if (!running.dataset.from) { running.dataset.from = String(Date.now()); }
    var left = Math.max(0, parseInt(running.dataset.leftMs, 10) - (Date.now() - parseInt(running.dataset.from, 10)));
    var seconds = Math.floor(left / 1000);
    running.querySelector(".friends-clock__time").textContent =
      Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
  }, 250);

  connect();
}());
