// Deck builder: live validation, catalogue search and adding cards without a page reload.
// Without JavaScript the same form posts to the server and everything still works.
(function () {
  "use strict";
  var form = document.getElementById("deck-builder");
  if (!form) return;
  var tbody = form.querySelector("#deck-entries tbody");
  var csrf = form.querySelector("[name=csrfmiddlewaretoken]").value;
  var timer = null;

  function state() {
    var entries = [], setup = {};
    tbody.querySelectorAll("tr").forEach(function (row) {
      var card = parseInt(row.querySelector("[name=entry_card]").value, 10);
      var count = parseInt(row.querySelector("[name=entry_count]").value, 10) || 0;
      var own = row.querySelector("[name=entry_own]").value.trim();
      var picked = parseInt(row.querySelector("[name=entry_setup]").value, 10) || 0;
      if (count > 0) {
        var same = entries.find(function (e) { return e.card === card && e.own_name === own; });
        if (same) same.count += count; else entries.push({card: card, count: count, own_name: own});
      }
      if (picked > 0) setup[card] = (setup[card] || 0) + picked;
    });
    var commander = form.querySelector("[name=commander]").value;
    return {
      commander: commander ? parseInt(commander, 10) : null,
      entries: entries,
      setup_abilities: Object.keys(setup).map(function (card) {
        return {card: parseInt(card, 10), count: setup[card]};
      })
    };
  }

  function fill(list, problems) {
    list.textContent = "";
    problems.forEach(function (problem) {
      var item = document.createElement("li");
      item.dataset.code = problem.code;
      item.textContent = problem.message;
      list.appendChild(item);
    });
  }

  function drawCurve(stats) {
    var curve = document.getElementById("cost-curve");
    if (!curve) return;
    var top = Math.max.apply(null, [1].concat(stats.cost_curve.map(function (p) { return p.count; })));
    curve.textContent = "";
    stats.cost_curve.forEach(function (point) {
      var bar = document.createElement("div");
      bar.className = "bar";
      bar.title = point.cost + ": " + point.count;
      bar.style.cssText = "display:flex;flex-direction:column;justify-content:flex-end;align-items:center;height:100%;width:1.6em";
      var label = document.createElement("span");
      label.style.fontSize = ".7em";
      label.textContent = point.count;
      var fillBar = document.createElement("span");
      fillBar.style.cssText = "display:block;width:100%;background:#47a;height:" + Math.round(100 * point.count / top) + "%";
      var cost = document.createElement("span");
      cost.style.fontSize = ".7em";
      cost.textContent = point.cost;
      bar.append(label, fillBar, cost);
      curve.appendChild(bar);
    });
  }

  function show(report) {
    var status = document.getElementById("deck-status");
    status.dataset.valid = String(report.valid);
    status.textContent = (report.valid ? status.dataset.textValid : status.dataset.textInvalid) +
      " " + status.dataset.textCount + " " + report.stats.card_count;
    fill(document.getElementById("deck-errors"), report.errors);
    fill(document.getElementById("deck-warnings"), report.warnings);
    drawCurve(report.stats);
  }

  function validate() {
    fetch(form.dataset.validateUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": csrf},
      body: JSON.stringify(state())
    }).then(function (response) {
      return response.json().then(function (body) { return {ok: response.ok, body: body}; });
    }).then(function (answer) {
      if (answer.ok) show(answer.body);
    });
  }

  function scheduleValidate() {
    clearTimeout(timer);
    timer = setTimeout(validate, 200);
  }

  function hidden(name, value) {
    var input = document.createElement("input");
    input.type = "hidden"; input.name = name; input.value = value;
    return input;
  }

  function addCard(button) {
    var card = button.dataset.add;
    var row = tbody.querySelector('tr[data-card="' + card + '"]');
    if (row && row.querySelector("[name=entry_own]").value.trim() === "") {
      var count = row.querySelector("[name=entry_count]");
      count.value = (parseInt(count.value, 10) || 0) + 1;
    } else {
      row = document.createElement("tr");
      row.dataset.card = card;
      var name = document.createElement("td");
      name.append(button.dataset.name, hidden("entry_card", card));
      var countCell = document.createElement("td");
      var countInput = document.createElement("input");
      countInput.type = "number"; countInput.name = "entry_count"; countInput.min = "0";
      countInput.max = "999"; countInput.value = "1";
      countCell.appendChild(countInput);
      var ownCell = document.createElement("td");
      var own = document.createElement("input");
      own.type = "text"; own.name = "entry_own"; own.maxLength = 200;
      ownCell.appendChild(own);
      var setupCell = document.createElement("td");
      if (button.dataset.kind === "ability") {
        var setup = document.createElement("input");
        setup.type = "number"; setup.name = "entry_setup"; setup.min = "0"; setup.max = "3"; setup.value = "0";
        setupCell.appendChild(setup);
      } else {
        setupCell.appendChild(hidden("entry_setup", "0"));
      }
      row.append(name, countCell, ownCell, setupCell);
      tbody.appendChild(row);
    }
    scheduleValidate();
  }

  form.addEventListener("click", function (event) {
    var button = event.target.closest("[data-add]");
    if (!button) return;
    event.preventDefault();
    addCard(button);
  });
  form.addEventListener("input", scheduleValidate);
  form.addEventListener("change", scheduleValidate);

  var search = document.getElementById("catalogue-search");
  search.addEventListener("submit", function (event) {
    event.preventDefault();
    var query = search.querySelector("[name=q]").value;
    var error = document.getElementById("search-error");
    fetch(form.dataset.catalogueUrl + "?q=" + encodeURIComponent(query), {credentials: "same-origin"})
      .then(function (response) {
        return response.json().then(function (body) { return {ok: response.ok, body: body}; });
      })
      .then(function (answer) {
        if (!answer.ok) { error.textContent = (answer.body.q || []).join(" "); return; }
        error.textContent = "";
        var table = document.createElement("table");
        answer.body.forEach(function (card) {
          var row = table.insertRow();
          var label = card.name + (card.release ? " [" + card.release + (card.number ? " #" + card.number : "") + "]" : "");
          row.insertCell().textContent = label;
          row.insertCell().textContent = card.card_type;
          row.insertCell().textContent = card.cost === null ? "—" : card.cost;
          var button = document.createElement("button");
          button.type = "submit"; button.name = "add"; button.value = card.id;
          button.dataset.add = card.id; button.dataset.name = card.name; button.dataset.kind = card.card_type;
          button.textContent = form.dataset.addLabel;
          row.insertCell().appendChild(button);
        });
        var results = document.getElementById("catalogue-results");
        results.textContent = "";
        results.appendChild(table);
        form.querySelector("input[type=hidden][name=q]").value = query;
      });
  });
})();
