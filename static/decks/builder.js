// Deck builder: live validation and statistics, catalogue search, adding cards, the
// Commander picker, card previews and a sample hand, all without a page reload.
// Without JavaScript the same form posts to the server and everything but the preview and the
// sample hand still works. Text comes from the decks' gettext catalogue (window.gettext).
(function () {
  "use strict";
  var form = document.getElementById("deck-builder");
  if (!form) return;
  var t = window.gettext || function (s) { return s; };
  var nt = window.ngettext || function (s, p, n) { return n === 1 ? s : p; };
  var fmt = window.interpolate || function (s) { return s; };
  var table = form.querySelector("#deck-entries");
  var csrf = form.querySelector("[name=csrfmiddlewaretoken]").value;
  var kindLabels = JSON.parse(document.getElementById("kind-labels").textContent);
  var kindOrder = Object.keys(kindLabels);
  var timer = null;
  var dirty = false;
  var ownedData = document.getElementById("owned-counts");
  var owned = ownedData ? JSON.parse(ownedData.textContent) : null;  // card id -> copies owned
  var FOUR = 4;  // the book's most copies of one name (DECK-3)

  function rows() { return Array.prototype.slice.call(table.querySelectorAll("tr[data-card]")); }
  function number(input) { return input ? parseInt(input.value, 10) || 0 : 0; }

  function state() {
    var entries = [], setup = {};
    rows().forEach(function (row) {
      var card = parseInt(row.dataset.card, 10);
      var count = number(row.querySelector("[name=entry_count]"));
      var own = row.querySelector("[name=entry_own]").value.trim();
      var picked = number(row.querySelector("[name=entry_setup]"));
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

  // ---- the report and the statistics, redrawn from the validation answer ----------------
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
    var top = Math.max.apply(null, [1].concat(stats.cost_curve.map(function (p) { return p.count; })));
    curve.textContent = "";
    stats.cost_curve.forEach(function (point) {
      var bar = document.createElement("div");
      bar.className = "bar";
      bar.title = point.cost + ": " + point.count;
      var count = document.createElement("span");
      count.className = "bar__count"; count.textContent = point.count;
      var fillBar = document.createElement("span");
      fillBar.className = "bar__fill"; fillBar.style.height = Math.round(100 * point.count / top) + "%";
      var cost = document.createElement("span");
      cost.className = "bar__cost"; cost.textContent = point.cost;
      bar.append(count, fillBar, cost);
      curve.appendChild(bar);
    });
  }

  function drawKinds(stats) {
    var list = document.getElementById("deck-kinds");
    list.textContent = "";
    kindOrder.concat(Object.keys(stats.by_kind)).forEach(function (kind, index, all) {
      if (all.indexOf(kind) !== index || !stats.by_kind[kind]) return;
      var item = document.createElement("li");
      item.dataset.kind = kind;
      var strong = document.createElement("strong");
      strong.textContent = stats.by_kind[kind];
      item.append((kindLabels[kind] || kind) + ": ", strong);
      list.appendChild(item);
    });
  }

  function drawOdds(stats) {
    document.getElementById("setup-draw").textContent = stats.setup_draw;
    Object.keys(stats.setup_odds).forEach(function (kind) {
      var row = document.querySelector('#setup-odds tr[data-kind="' + kind + '"]');
      if (!row) return;
      var cells = row.querySelectorAll("td");
      stats.setup_odds[kind].forEach(function (odds, index) {
        if (cells[index]) cells[index].textContent = Math.round(100 * odds.chance) + "%";
      });
    });
  }

  function drawGroupCounts() {
    table.querySelectorAll("tbody[data-kind]").forEach(function (group) {
      var total = 0;
      group.querySelectorAll("[name=entry_count]").forEach(function (input) { total += number(input); });
      group.querySelector("[data-group-count]").textContent = total;
    });
  }

  function show(report) {
    var status = document.getElementById("deck-status");
    status.dataset.valid = String(report.valid);
    status.querySelector(".legality__badge").textContent =
      report.valid ? status.dataset.textValid : status.dataset.textInvalid;
    document.getElementById("deck-card-count").textContent = report.stats.card_count;
    fill(document.getElementById("deck-errors"), report.errors);
    fill(document.getElementById("deck-warnings"), report.warnings);
    drawCurve(report.stats);
    drawKinds(report.stats);
    drawOdds(report.stats);
  }

  var asked = 0;  // answers to older requests may come back after newer ones: show the last only

  function validate() {
    var mine = ++asked;
    fetch(form.dataset.validateUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": csrf},
      body: JSON.stringify(state())
    }).then(function (response) {
      return response.json().then(function (body) { return {ok: response.ok, body: body}; });
    }).then(function (answer) {
      if (answer.ok && mine === asked) show(answer.body);
    });
  }

  // Copies the deck needs beyond the player's collection, per card and in all.
  function drawMissing() {
    if (!owned) return;
    var needed = {};
    rows().forEach(function (row) {
      needed[row.dataset.card] = (needed[row.dataset.card] || 0) + number(row.querySelector("[name=entry_count]"));
    });
    var commander = form.querySelector("[name=commander]").value;
    if (commander) needed[commander] = (needed[commander] || 0) + 1;
    var missing = 0;
    Object.keys(needed).forEach(function (card) {
      missing += Math.max(needed[card] - (owned[card] || 0), 0);
    });
    var total = document.getElementById("deck-missing");
    total.dataset.missing = missing;
    total.textContent = fmt(nt("%s card not in your collection", "%s cards not in your collection",
      missing), [missing]);
    rows().forEach(function (row) {
      row.classList.toggle("is-missing", needed[row.dataset.card] > (owned[row.dataset.card] || 0));
    });
  }

  function changed() {
    dirty = true;
    document.getElementById("unsaved").hidden = false;
    drawGroupCounts();
    drawMissing();
    clearTimeout(timer);
    timer = setTimeout(validate, 200);
  }

  // ---- adding cards, grouped by kind ------------------------------------------------------
  function hidden(name, value) {
    var input = document.createElement("input");
    input.type = "hidden"; input.name = name; input.value = value;
    return input;
  }

  function groupFor(kind) {
    var group = table.querySelector('tbody[data-kind="' + kind + '"]');
    if (group) return group;
    group = document.createElement("tbody");
    group.dataset.kind = kind;
    var head = group.insertRow();
    head.className = "kind-head";
    var th = document.createElement("th");
    th.scope = "rowgroup"; th.colSpan = 4;
    var count = document.createElement("span");
    count.className = "count"; count.dataset.groupCount = ""; count.textContent = "0";
    th.append((kindLabels[kind] || kind) + " ", count);
    head.appendChild(th);
    var after = null;
    table.querySelectorAll("tbody[data-kind]").forEach(function (other) {
      if (!after && kindOrder.indexOf(other.dataset.kind) > kindOrder.indexOf(kind)) after = other;
    });
    table.insertBefore(group, after);
    return group;
  }

  // The deck row of a card without an own name (where the catalogue's buttons count).
  function plainRow(card) {
    return rows().filter(function (row) {
      return row.dataset.card === String(card) && row.querySelector("[name=entry_own]").value.trim() === "";
    })[0] || null;
  }

  // Copies of a catalogue card: "+1", "-1" or "four"; the card's facts are on its +1 button.
  function step(button, how) {
    var card = button.closest("tr").querySelector("[data-add]") || button;
    var row = plainRow(card.dataset.add);
    if (!row && how === "-1") return;
    if (!row) row = addCard(card, 0);
    setCopies(row, how);
  }

  function setCopies(row, how) {
    var count = row.querySelector("[name=entry_count]");
    var now = number(count);
    count.value = how === "four" ? Math.max(now, FOUR) : Math.max(now + parseInt(how, 10), 0);
    changed();
  }

  function addCard(button, copies) {
    var card = button.dataset.add;
    var row = plainRow(card);
    if (copies === undefined) copies = 1;
    if (row) {
      var count = row.querySelector("[name=entry_count]");
      count.value = number(count) + copies;
    } else {
      row = document.createElement("tr");
      row.dataset.card = card;
      row.dataset.kind = button.dataset.kind;
      row.dataset.cost = button.dataset.cost;
      row.dataset.name = button.dataset.name;
      var name = document.createElement("td");
      var link = document.createElement("a");
      link.href = button.dataset.url; link.dataset.preview = card;
      link.textContent = button.dataset.name;
      name.append(link, hidden("entry_card", card));
      var countCell = document.createElement("td");
      var countInput = document.createElement("input");
      countInput.type = "number"; countInput.name = "entry_count"; countInput.min = "0";
      countInput.max = "999"; countInput.value = String(copies);
      countInput.setAttribute("aria-label", t("Copies"));
      countCell.className = "steps";
      countCell.append(stepButton("-1", "−1", form.dataset.fewerLabel), countInput,
        stepButton("1", "+1", form.dataset.moreLabel), stepButton("four", "×4", form.dataset.fourLabel));
      var ownCell = document.createElement("td");
      var own = document.createElement("input");
      own.type = "text"; own.name = "entry_own"; own.maxLength = 200;
      own.setAttribute("aria-label", t("Own name"));
      ownCell.appendChild(own);
      var setupCell = document.createElement("td");
      if (button.dataset.kind === "ability") {
        var setup = document.createElement("input");
        setup.type = "number"; setup.name = "entry_setup"; setup.min = "0"; setup.max = "3"; setup.value = "0";
        setup.setAttribute("aria-label", t("Pre-chosen for setup"));
        setupCell.appendChild(setup);
      } else {
        setupCell.appendChild(hidden("entry_setup", "0"));
      }
      row.append(name, countCell, ownCell, setupCell);
      groupFor(button.dataset.kind).appendChild(row);
    }
    changed();
    return row;
  }

  function stepButton(how, text, label) {
    var button = document.createElement("button");
    button.type = "button"; button.dataset.step = how; button.textContent = text;
    if (how === "-1") button.className = "secondary";
    button.setAttribute("aria-label", label);
    return button;
  }

  function pickCommander(button) {
    var select = form.querySelector("[name=commander]");
    select.value = button.dataset.pickCommander;
    changed();
  }

  document.addEventListener("click", function (event) {
    var add = event.target.closest("[data-add]");
    if (add) { event.preventDefault(); addCard(add); return; }
    var four = event.target.closest("[data-four]");
    if (four) { event.preventDefault(); step(four, "four"); return; }
    var take = event.target.closest("[data-take]");
    if (take) { event.preventDefault(); step(take, "-1"); return; }
    var inDeck = event.target.closest("[data-step]");
    if (inDeck) { event.preventDefault(); setCopies(inDeck.closest("tr"), inDeck.dataset.step); return; }
    var pick = event.target.closest("[data-pick-commander]");
    if (pick) { event.preventDefault(); pickCommander(pick); }
  });
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("submit", function () { dirty = false; });
  window.addEventListener("beforeunload", function (event) {
    if (!dirty) return;
    event.preventDefault();
    event.returnValue = "";
  });

  // ---- catalogue search -------------------------------------------------------------------
  var search = document.getElementById("catalogue-search");
  search.addEventListener("submit", function (event) {
    event.preventDefault();
    catalogueFetch(new URLSearchParams(new FormData(search)));
  });

  // The catalogue's page links load in place too, with the same filters.
  document.getElementById("catalogue-paging").addEventListener("click", function (event) {
    var link = event.target.closest("a[href]");
    if (!link) return;
    event.preventDefault();
    catalogueFetch(new URL(link.href, window.location.href).searchParams);
  });

  function catalogueFetch(params) {
    var query = params.get("q") || "";
    var error = document.getElementById("search-error");
    fetch(form.dataset.catalogueUrl + "?" + params.toString(), {credentials: "same-origin"})
      .then(function (response) {
        return response.json().then(function (body) { return {ok: response.ok, body: body}; });
      })
      .then(function (answer) {
        if (!answer.ok) { error.textContent = answer.body.message || (answer.body.q || []).join(" "); return; }
        error.textContent = "";
        var results = document.createElement("table");
        results.className = "catalogue-table";
        answer.body.results.forEach(function (card) {
          var row = results.insertRow();
          var nameCell = row.insertCell();
          var link = document.createElement("a");
          link.href = form.dataset.cardUrl.replace("/0/", "/" + card.id + "/"); link.dataset.preview = card.id;
          link.textContent = card.shown_name || card.name;
          nameCell.appendChild(link);
          if (card.release) {
            var printing = document.createElement("span");
            printing.className = "hint";
            printing.textContent = " [" + card.release + (card.number ? " #" + card.number : "") + "]";
            nameCell.appendChild(printing);
          }
          row.insertCell().textContent = kindLabels[card.card_type] || card.card_type;
          var cost = row.insertCell();
          cost.className = "number"; cost.textContent = card.cost === null ? "—" : card.cost;
          var button = document.createElement("button");
          if (card.card_type === "commander") {
            button.type = "button"; button.className = "secondary";
            button.dataset.pickCommander = card.id;
            button.textContent = form.dataset.commanderLabel;
          } else {
            button.type = "submit"; button.name = "add"; button.value = card.id;
            button.setAttribute("form", "deck-builder");
            button.dataset.add = card.id; button.dataset.name = card.shown_name || card.name;
            button.dataset.kind = card.card_type;
            button.dataset.cost = card.cost === null ? "" : card.cost;
            button.dataset.url = link.href;
            button.textContent = "+1";
            button.setAttribute("aria-label", form.dataset.addLabel);
          }
          if (owned) {
            var mark = document.createElement("span");
            mark.className = "owned-mark"; mark.dataset.owned = owned[card.id] || 0;
            mark.textContent = fmt(t("own %(count)s"), {count: owned[card.id] || 0}, true);
            nameCell.append(" ", mark);
          }
          var steps = row.insertCell();
          steps.className = "steps";
          if (card.card_type !== "commander") {
            var take = stepButton("-1", "−1", form.dataset.fewerLabel);
            delete take.dataset.step; take.dataset.take = card.id;
            steps.appendChild(take);
          }
          steps.appendChild(button);
          if (card.card_type !== "commander") {
            var four = stepButton("four", "×4", form.dataset.fourLabel);
            delete four.dataset.step; four.className = ""; four.dataset.four = card.id;
            steps.appendChild(four);
          }
          row.dataset.card = card.id;
        });
        if (!answer.body.results.length) showEmpty(results, query, answer.body.suggestions || []);
        var holder = document.getElementById("catalogue-results");
        holder.textContent = "";
        holder.appendChild(results);
        showPaging(params, answer.body);
        form.querySelector("input[type=hidden][name=q]").value = query;
      });
  }

  // Nothing found: say so, offer the nearest names, and what else to try.
  function showEmpty(results, query, suggestions) {
    var cell = results.insertRow().insertCell();
    var box = document.createElement("div");
    box.id = "no-cards"; box.className = "no-cards";
    var said = document.createElement("p");
    said.textContent = query ? fmt(t("No card matches “%(query)s”."), {query: query}, true) : t("No cards found.");
    box.appendChild(said);
    if (suggestions.length) {
      var offer = document.createElement("p");
      offer.append(t("Did you mean:") + " ");
      suggestions.forEach(function (suggestion, index) {
        var link = document.createElement("a");
        link.href = "?q=" + encodeURIComponent(suggestion.query);
        link.lang = suggestion.lang;
        link.dataset.suggestion = suggestion.query; link.textContent = suggestion.name;
        offer.append(link, index < suggestions.length - 1 ? ", " : "?");
      });
      box.appendChild(offer);
    }
    var hint = document.createElement("p");
    hint.className = "hint";
    hint.textContent = t("Check the spelling, or type part of a name: one word finds every card that has it. Filters narrow the search: clear them and search again.");
    box.appendChild(hint);
    cell.appendChild(box);
  }

  // A suggested name searches for that name in place.
  document.getElementById("catalogue-results").addEventListener("click", function (event) {
    var link = event.target.closest("[data-suggestion]");
    if (!link) return;
    event.preventDefault();
    search.querySelector("[name=q]").value = link.dataset.suggestion;
    catalogueFetch(new URLSearchParams(new FormData(search)));
  });

  // ---- keyboard entry: a name (suggestions as you type), the copies, Enter ----------------
  var quick = document.getElementById("quick-add");
  var quickName = document.getElementById("quick-add-name");
  var quickCount = document.getElementById("quick-add-count");
  var quickOptions = document.getElementById("quick-add-options");
  var quickMessage = document.getElementById("quick-add-message");
  var quickCards = [], quickTimer = null, quickAsked = 0;

  function fold(text) { return text.toLowerCase().replace(/ё/g, "е").replace(/[«»"„“”]/g, "").replace(/\s+/g, " ").trim(); }

  function typed() {
    // "4 Химера" or "4x Химера": the number is the copies.
    var match = /^(\d+)\s*[xх×]?\s+(.*)$/i.exec(quickName.value.trim());
    return match ? {count: parseInt(match[1], 10), name: match[2]} : {count: null, name: quickName.value.trim()};
  }

  function quickLookup() {
    var mine = ++quickAsked;
    var name = typed().name;
    if (!name) return Promise.resolve([]);
    return fetch(form.dataset.catalogueUrl + "?" + new URLSearchParams({q: name}).toString(), {credentials: "same-origin"})
      .then(function (response) { return response.ok ? response.json() : {results: [], suggestions: []}; })
      .then(function (body) {
        if (mine !== quickAsked) return null;
        quickCards = body.results;
        quickOptions.textContent = "";
        body.results.slice(0, 12).forEach(function (card) {
          var option = document.createElement("option");
          option.value = card.name;
          quickOptions.appendChild(option);
        });
        return body;
      });
  }

  quickName.addEventListener("input", function () {
    clearTimeout(quickTimer);
    quickTimer = setTimeout(quickLookup, 150);
  });

  quick.addEventListener("submit", function (event) {
    event.preventDefault();
    clearTimeout(quickTimer);
    quickLookup().then(function (body) {
      if (!body) return;
      var wanted = typed();
      var exact = quickCards.filter(function (card) { return fold(card.name) === fold(wanted.name); });
      var card = exact[0] || (quickCards.length === 1 ? quickCards[0] : null);
      if (!card) {
        var names = quickCards.length ? quickCards.slice(0, 3).map(function (c) { return c.name; }) : (body.suggestions || []).map(function (s) { return s.name; });
        quickMessage.textContent = quickCards.length
          ? fmt(t("Several cards match; pick one: %(names)s."), {names: names.join("; ")}, true)
          : fmt(t("No card named “%(name)s”.") + (names.length ? " " + t("Did you mean: %(names)s?") : ""),
                {name: wanted.name, names: names.join("; ")}, true);
        return;
      }
      var copies = wanted.count || Math.max(number(quickCount), 1);
      if (card.card_type === "commander") {
        form.querySelector("[name=commander]").value = card.id;
        changed();
      } else {
        var facts = {dataset: {add: String(card.id), name: card.name, kind: card.card_type,
          cost: card.cost === null ? "" : String(card.cost),
          url: form.dataset.cardUrl.replace("/0/", "/" + card.id + "/")}};
        addCard(facts, copies);
      }
      quickMessage.textContent = fmt(t("Added: %(name)s."), {name: card.name}, true);
      quickName.value = ""; quickCount.value = "1"; quickOptions.textContent = "";
      quickName.focus();
    });
  });

  // ---- the deck panel folds on a narrow screen, so the catalogue is in reach --------------
  var fold_ = document.getElementById("deck-panel-body");
  if (window.matchMedia && window.matchMedia("(max-width: 999px)").matches) fold_.open = false;

  function showPaging(params, body) {
    var paging = document.getElementById("catalogue-paging");
    var page = Number(params.get("page") || 1);
    var link = function (rel, number, text) {
      if (!number) return;
      var copy = new URLSearchParams(params); copy.set("page", number);
      var anchor = document.createElement("a");
      anchor.href = "?" + copy.toString(); anchor.rel = rel; anchor.textContent = text;
      paging.appendChild(anchor); paging.appendChild(document.createTextNode(" "));
    };
    paging.textContent = "";
    link("prev", body.previous ? page - 1 : 0, paging.dataset.previous);
    var count = document.createElement("span");
    count.className = "hint"; count.dataset.catalogueCount = body.count;
    count.textContent = fmt(nt("%s card", "%s cards", body.count), [body.count]);
    paging.appendChild(count); paging.appendChild(document.createTextNode(" "));
    link("next", body.next ? page + 1 : 0, paging.dataset.next);
  }

  // ---- card preview on hover or focus -----------------------------------------------------
  var preview = document.getElementById("card-preview");
  var faces = {};
  var showing = null;

  function showPreview(anchor) {
    var id = anchor.dataset.preview;
    showing = id;
    var place = function (html) {
      if (showing !== id) return;
      preview.innerHTML = html;
      var box = anchor.getBoundingClientRect();
      var left = box.right + 12;
      if (left + 320 > window.innerWidth) left = Math.max(8, box.left - 332);
      preview.style.left = left + "px";
      preview.style.top = Math.max(8, Math.min(box.top, window.innerHeight - 440)) + "px";
      preview.hidden = !html;
    };
    if (id in faces) { place(faces[id]); return; }
    fetch(form.dataset.faceUrl.replace("/0/", "/" + id + "/"), {credentials: "same-origin"})
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (html) { faces[id] = html; place(html); });
  }

  function hidePreview() { showing = null; preview.hidden = true; }

  document.addEventListener("mouseover", function (event) {
    var anchor = event.target.closest("[data-preview]");
    if (anchor) showPreview(anchor);
  });
  document.addEventListener("mouseout", function (event) {
    if (event.target.closest("[data-preview]")) hidePreview();
  });
  document.addEventListener("focusin", function (event) {
    var anchor = event.target.closest("[data-preview]");
    if (anchor) showPreview(anchor); else hidePreview();
  });

  // ---- sample hand: the rule book's setup, dealt from the deck as it stands ---------------
  var hand = document.getElementById("sample-hand");
  var rules = {};
  ["draw", "penalty", "maxRedeals", "hand", "resources", "maxObjects"].forEach(function (key) {
    rules[key] = parseInt(hand.dataset[key], 10);
  });
  var deal = null;

  function shuffled(cards) {
    var copy = cards.slice();
    for (var i = copy.length - 1; i > 0; i--) {
      var j = Math.floor(Math.random() * (i + 1));
      var swap = copy[i]; copy[i] = copy[j]; copy[j] = swap;
    }
    return copy;
  }

  function deckCards() {
    // Pre-chosen ability cards are out of the deck before the draw (ZONE-2, ABIL-5).
    var cards = [], chosen = 0;
    rows().forEach(function (row) {
      var count = number(row.querySelector("[name=entry_count]"));
      var picked = Math.min(number(row.querySelector("[name=entry_setup]")), count);
      chosen += picked;
      for (var i = 0; i < count - picked; i++) {
        cards.push({
          id: row.dataset.card,
          name: row.dataset.name,
          kind: row.dataset.kind,
          cost: row.dataset.cost === "" ? null : parseInt(row.dataset.cost, 10)
        });
      }
    });
    return {cards: cards, chosen: chosen};
  }

  function list(element, cards) {
    element.textContent = "";
    cards.forEach(function (card) {
      var item = document.createElement("li");
      item.dataset.kind = card.kind;
      item.lang = "ru";
      item.textContent = card.name + (card.cost === null ? "" : " (" + card.cost + ")");
      element.appendChild(item);
    });
  }

  function dealCards() {
    var size = Math.max(rules.draw - deal.chosen - rules.penalty * deal.redeals, 0);
    deal.order = shuffled(deal.deck);
    deal.drawn = deal.order.slice(0, size);
    list(document.getElementById("hand-drawn"), deal.drawn);
    document.getElementById("hand-result").hidden = true;
    document.getElementById("hand-status").textContent = fmt(nt(
      "Deal %(deal)s: %(count)s card drawn.", "Deal %(deal)s: %(count)s cards drawn.",
      deal.drawn.length), {deal: deal.redeals + 1, count: deal.drawn.length}, true);
    document.getElementById("hand-redeal").disabled = deal.redeals >= rules.maxRedeals;
    document.getElementById("hand-keep").disabled = false;
  }

  function build(drawn) {
    // Our suggestion, not a rule: space objects first (at most maxObjects), then the dearest
    // ships that still fit in the setup resources (SETUP-3, SETUP-4, SETUP-5, SETUP-7).
    var left = rules.resources, objects = 0, built = [];
    var buildable = drawn.filter(function (card) {
      return (card.kind === "ship" || card.kind === "space_object") && card.cost !== null;
    });
    buildable.sort(function (a, b) {
      if (a.kind !== b.kind) return a.kind === "space_object" ? -1 : 1;
      return b.cost - a.cost;
    });
    buildable.forEach(function (card) {
      if (card.cost > left) return;
      if (card.kind === "space_object" && objects >= rules.maxObjects) return;
      if (card.kind === "space_object") objects += 1;
      left -= card.cost;
      built.push(card);
    });
    return {built: built, left: left};
  }

  function keep() {
    var result = build(deal.drawn);
    var rest = deal.drawn.filter(function (card) { return result.built.indexOf(card) < 0; });
    var deck = deal.order.slice(deal.drawn.length);
    // SETUP-14/15: fewer than 7 — draw up to 7; more — keep 7, the rest go back.
    while (rest.length < rules.hand && deck.length) rest.push(deck.shift());
    list(document.getElementById("hand-built"), result.built);
    list(document.getElementById("hand-final"), rest.slice(0, rules.hand));
    document.getElementById("hand-result").hidden = false;
    document.getElementById("hand-status").textContent = fmt(nt(
      "Built for %(spent)s of %(resources)s resource; %(left)s left become action tokens.",
      "Built for %(spent)s of %(resources)s resources; %(left)s left become action tokens.",
      rules.resources), {spent: rules.resources - result.left, resources: rules.resources,
      left: result.left}, true);
    document.getElementById("hand-redeal").disabled = true;
    document.getElementById("hand-keep").disabled = true;
  }

  document.getElementById("hand-draw").addEventListener("click", function () {
    var cards = deckCards();
    deal = {deck: cards.cards, chosen: cards.chosen, redeals: 0};
    dealCards();
  });
  document.getElementById("hand-redeal").addEventListener("click", function () {
    if (!deal || deal.redeals >= rules.maxRedeals) return;
    deal.redeals += 1;
    dealCards();
  });
  document.getElementById("hand-keep").addEventListener("click", function () {
    if (deal) keep();
  });
  form.dataset.ready = "1";  // every listener is attached (what browser tests wait for)
})();
