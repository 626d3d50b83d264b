// The play table's live updates and keyboard shortcuts. The page is rendered by the server;
// this only listens on the seat's WebSocket and reloads when the seat's view has changed.
(function () {
  "use strict";
  const el = document.getElementById("table");
  if (!el) return;
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  let ws;
  try {
    ws = new WebSocket(proto + "//" + location.host + el.dataset.ws);
  } catch (e) {
    return;
  }
  ws.onmessage = function (ev) {
    const msg = JSON.parse(ev.data);
    if (msg.fingerprint && msg.fingerprint !== el.dataset.fingerprint) location.reload();
  };
  document.addEventListener("keydown", function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.target.closest("input, textarea, select")) return;
    const buttons = Array.from(document.querySelectorAll(".decision button[name=choice]"));
    let target = null;
    if (/^[1-9]$/.test(ev.key)) target = buttons[Number(ev.key) - 1] || null;
    else if (ev.key === "p" || ev.key === "P") {
      target = buttons.find(function (b) { return b.textContent.trim() === "pass priority"; }) || null;
    }
    if (target) {
      ev.preventDefault();
      target.click();
    }
  });
})();
