/* The effect builder's small enhancements; the page works without them (every parameter
   shows, labelled with the actions that take it; "Show the engine's text" and "Add an effect"
   send the form).
   - each action shows only the parameters its chosen action takes;
   - the engine's text of the effects is asked for as the player builds and shown beside the
     printed text;
   - "Add an effect" adds an empty effect in place. */
(function () {
  "use strict";
  var form = document.getElementById("proposal-form");
  if (!form) { return; }
  var effects = document.getElementById("effects");
  var template = document.getElementById("effect-template");
  var total = form.querySelector("input[name='effects-TOTAL_FORMS']");
  var maxForms = form.querySelector("input[name='effects-MAX_NUM_FORMS']");
  var generated = document.getElementById("generated-text");
  var timer = null;
  var asked = 0;

  function showParams(action) {
    var select = action.querySelector("select[name$='_do']");
    if (!select) { return; }
    action.setAttribute("data-js", "1");
    var chosen = select.value;
    action.querySelectorAll("[data-param]").forEach(function (param) {
      var takes = (param.getAttribute("data-for") || "").split(" ");
      param.hidden = !chosen || takes.indexOf(chosen) < 0;
    });
  }

  function prepare(root) {
    root.querySelectorAll("[data-action]").forEach(showParams);
  }

  function bodyWithoutFiles() {
    var data = new FormData(form);
    data.delete("image");
    return data;
  }

  function showText(answer) {
    var english = document.documentElement.lang === "en";
    var lines = (answer.text || {})[english ? "en" : "ru"] || [];
    var list = generated.querySelector(".generated__lines");
    var none = generated.querySelector(".generated__none");
    var problems = generated.querySelector(".problems");
    list.textContent = "";
    lines.forEach(function (line) {
      var item = document.createElement("li");
      item.textContent = line;
      list.appendChild(item);
    });
    none.hidden = lines.length > 0;
    problems.textContent = "";
    (answer.problems || []).forEach(function (problem) {
      var item = document.createElement("li");
      var code = document.createElement("code");
      code.textContent = problem.path;
      item.appendChild(code);
      item.appendChild(document.createTextNode(": " + problem.message));
      problems.appendChild(item);
    });
    generated.setAttribute("data-asked", String(asked));
  }

  function askText() {
    asked += 1;
    var number = asked;
    fetch(form.getAttribute("data-text-url"), {
      method: "POST",
      body: bodyWithoutFiles(),
      credentials: "same-origin",
      headers: {"Accept": "application/json"}
    }).then(function (response) { return response.json(); })
      .then(function (answer) { if (number === asked) { showText(answer); } })
      .catch(function () { /* the "Show the engine's text" button still works */ });
  }

  function later() {
    window.clearTimeout(timer);
    timer = window.setTimeout(askText, 350);
  }

  form.addEventListener("change", function (event) {
    var action = event.target.closest("[data-action]");
    if (action && /_do$/.test(event.target.name)) { showParams(action); }
    if (event.target.name !== "image") { later(); }
  });
  form.addEventListener("input", function (event) {
    if (event.target.matches("input[type=number], input[type=text]") && event.target.closest("[data-effect]")) {
      later();
    }
  });

  var add = document.getElementById("add-effect");
  if (add && template && total) {
    add.addEventListener("click", function (event) {
      var count = parseInt(total.value, 10) || 0;
      var limit = maxForms ? parseInt(maxForms.value, 10) : 1000;
      event.preventDefault();
      if (count >= limit) { return; }
      var holder = document.createElement("div");
      holder.innerHTML = template.innerHTML.replace(/__prefix__/g, String(count));
      var added = holder.firstElementChild;
      var legend = added.querySelector("legend");
      if (legend) { legend.textContent = legend.textContent.replace(/\s*$/, ""); }
      effects.appendChild(added);
      total.value = String(count + 1);
      prepare(added);
      var first = added.querySelector("select");
      if (first) { first.focus(); }
    });
  }

  prepare(form);
  form.setAttribute("data-ready", "1");
}());
