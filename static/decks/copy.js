// "Copy the list": puts a deck's text on the clipboard. Without script the text is still
// there to select in its box, so the button stays hidden until this runs.
(function () {
  "use strict";
  document.querySelectorAll("[data-copy-from]").forEach(function (button) {
    var source = document.querySelector(button.dataset.copyFrom);
    if (!source) return;
    button.hidden = false;
    var label = button.textContent;
    button.addEventListener("click", function () {
      function done() {
        button.textContent = button.dataset.copied;
        setTimeout(function () { button.textContent = label; }, 2000);
      }
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(source.value).then(done, function () {
          source.select(); document.execCommand("copy"); done();
        });
      } else {
        source.select(); document.execCommand("copy"); done();
      }
    });
  });
})();
