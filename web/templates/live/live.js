// keizer's live pages: follow the evening (server-sent events from /events) and show each change as soon as it is
// told, by fetching the page again and putting its <main> in place; the wall turns its panels. Served by the app
// itself (the Content-Security-Policy allows no other script). Without it a page refreshes itself.
(() => {
  "use strict";
  const body = document.body;
  const follow = body.dataset.follow || "none";
  const TURN_MS = 15000;
  let fetching = false;
  let again = false;

  function busy() {
    // A member typing a name or choosing a result: the page is not replaced under their thumb.
    const active = document.activeElement;
    return active !== null && active !== body && active.closest("main form") !== null;
  }

  async function refresh() {
    if (fetching || busy()) {
      again = true;
      return;
    }
    fetching = true;
    try {
      const response = await fetch(location.href, { cache: "no-store", credentials: "same-origin" });
      if (response.ok) {
        const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
        const main = fresh.querySelector("main");
        if (main !== null) {
          const shown = document.querySelector(".panel.shown");
          document.querySelector("main").replaceWith(document.adoptNode(main));
          if (shown !== null) show(shown.dataset.panel);
          document.title = fresh.title;
          body.dataset.at = fresh.body.dataset.at;
          body.dataset.refreshed = String(Date.now());
        }
      }
    } catch (error) {
      again = true; // the Wi-Fi blinked: the next event tries again
    } finally {
      fetching = false;
      if (again && !busy()) {
        again = false;
        refresh();
      }
    }
  }

  document.addEventListener("focusout", () => {
    if (again) setTimeout(() => { if (again && !busy()) { again = false; refresh(); } }, 0);
  });

  if (follow !== "none" && "EventSource" in window) {
    const source = new EventSource("/events");
    source.onmessage = (event) => {
      const now = JSON.parse(event.data);
      body.dataset.told = String(now.head);
      if (String(now[follow]) !== body.dataset.at) refresh();
    };
  }

  // The wall: pairing, results and standings in turn.
  function show(name) {
    for (const panel of document.querySelectorAll(".panel")) {
      panel.classList.toggle("shown", panel.dataset.panel === name);
    }
  }
  if (body.classList.contains("wall")) {
    body.classList.add("turning");
    setInterval(() => {
      const panels = [...document.querySelectorAll(".panel")].map((p) => p.dataset.panel);
      const shown = document.querySelector(".panel.shown");
      const next = panels[(panels.indexOf(shown === null ? "" : shown.dataset.panel) + 1) % panels.length];
      show(next);
    }, TURN_MS);
  }
})();
