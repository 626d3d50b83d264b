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
  // The clock of who is being waited for: seconds since the decision was put to them.
  const since = document.querySelector(".waiting time");
  const clock = document.querySelector(".waiting .clock");
  if (since && clock) {
    const t0 = Date.parse(since.getAttribute("datetime"));
    const tick = function () {
      const s = Math.max(0, Math.round((Date.now() - t0) / 1000));
      clock.textContent = " (" + (s < 60 ? s + " s" : Math.floor(s / 60) + " min " + (s % 60) + " s") + ")";
    };
    tick();
    setInterval(tick, 1000);
  }
  document.addEventListener("keydown", function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.target.closest("input, textarea, select")) return;
    const buttons = Array.from(document.querySelectorAll(".decision button[name=choice]"));
    let target = null;
    if (/^[1-9]$/.test(ev.key)) target = buttons[Number(ev.key) - 1] || null;
    else if (ev.key === "p" || ev.key === "P") {
      target = buttons.find(function (b) { return b.textContent.trim() === "pass priority"; }) || null;
    }
    else if (ev.key === "F6") target = document.querySelector("button[value=pass_until_turn]");
    if (target) {
      ev.preventDefault();
      target.click();
    }
  });
})();
