// The card editor's effects field: checked as you type against the engine's effect schema
// (POST to card/effects-check/), with the card's rules text in Russian and English beside it.
"use strict";
(function () {
  function csrfToken() {
    const input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }
  function cardId() {
    const match = window.location.pathname.match(/\/card\/(\d+)\/change\//);
    return match ? match[1] : "";
  }
  function checkUrl() {
    return window.location.pathname.replace(/\/card\/.*$/, "/card/effects-check/");
  }
  function setUp(textarea) {
    const panel = document.createElement("div");
    panel.className = "effects-check";
    panel.setAttribute("aria-live", "polite");
    panel.innerHTML =
      '<ul class="effects-problems"></ul>' +
      '<div class="effects-text"><h4 lang="ru">Текст карты</h4><p class="effects-text-ru" lang="ru"></p>' +
      '<h4 lang="en">Card text</h4><p class="effects-text-en" lang="en"></p></div>';
    textarea.insertAdjacentElement("afterend", panel);
    let timer = null;
    let sent = 0;
    function show(answer, number) {
      if (number !== sent) return; // an older answer arriving late
      const list = panel.querySelector(".effects-problems");
      list.replaceChildren(
        ...answer.problems.map(function (problem) {
          const item = document.createElement("li");
          item.className = "errornote";
          item.textContent = problem.path + ": " + problem.message;
          return item;
        })
      );
      panel.classList.toggle("effects-check--ok", answer.problems.length === 0);
      // Until the engine renders effects, the card's text as typed in this form stands in.
      const typed = document.querySelector("#id_stat__text");
      const fallback = !answer.rendered && typed ? typed.value : "";
      panel.querySelector(".effects-text-ru").textContent = fallback || answer.text.ru || "—";
      panel.querySelector(".effects-text-en").textContent = fallback || answer.text.en || "—";
    }
    function check() {
      const body = new URLSearchParams({
        kind: textarea.dataset.effectsKind,
        effects: textarea.value,
        card: cardId(),
      });
      const number = ++sent;
      fetch(checkUrl(), {
        method: "POST",
        body: body,
        headers: { "X-CSRFToken": csrfToken() },
        credentials: "same-origin",
      })
        .then(function (response) { return response.json(); })
        .then(function (answer) { show(answer, number); })
        .catch(function () {});
    }
    textarea.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(check, 300);
    });
    check();
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("textarea[data-effects-kind]").forEach(setUp);
  });
})();
