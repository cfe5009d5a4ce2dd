// The first script of every page, in <head>, before anything paints. An external
// file rather than inline code because the CSP allows only 'self' scripts.
//  1. Applies the stored theme (light, dark or system), so the wrong one never flashes.
//  2. Marks every path but "/" so CSS hides the prerendered landing index.html carries.
//  3. Starts the app. The build moves the app's script tags here (data-entry and
//     data-preload, see scripts/prerender-landing.ts): on "/" the landing is already
//     complete HTML, so the app waits for the page to load and never delays its first
//     paint; anywhere else its files are fetched at once. In development Vite's own
//     script tag starts the app and data-entry is absent.
(function () {
  var root = document.documentElement;
  var choice = null;
  try {
    choice = localStorage.getItem("vidriera-theme");
  } catch (_ignored) {}
  var dark = choice === "dark" || (choice !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  if (dark) root.classList.add("dark");

  var landing = location.pathname === "/";
  if (!landing) root.classList.add("app-route");

  var me = document.currentScript;
  var entry = me && me.getAttribute("data-entry");
  if (!entry) return;
  var files = [entry].concat((me.getAttribute("data-preload") || "").split(" ").filter(Boolean));
  // A seller's screen opened directly: its own chunks too, beside the entry's (scripts/prerender-landing.ts).
  var own = null;
  try {
    own = JSON.parse(me.getAttribute("data-routes") || "{}")[location.pathname];
  } catch (_ignored) {}
  if (own) files = files.concat(own.split(" ").filter(Boolean));
  function add(tag, props) {
    var el = document.createElement(tag);
    for (var key in props) el[key] = props[key];
    el.crossOrigin = "";
    document.head.appendChild(el);
  }
  function preload() {
    files.forEach(function (href) {
      add("link", { rel: "modulepreload", href: href });
    });
  }
  function start() {
    add("script", { type: "module", src: entry });
  }
  if (landing) {
    addEventListener("load", function () {
      preload();
      start();
    });
  } else {
    // 4. A browser that had a session (web/lib/session.ts) asks for it now, beside the app's files: the app
    //    takes this answer (web/lib/queries.ts) instead of asking once its code has arrived and run.
    try {
      if (localStorage.getItem("vidriera:had-session") === "1")
        window.__vidrieraSession = fetch("/api/auth/profile", { credentials: "same-origin" });
    } catch (_ignored) {}
    preload();
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
    else start();
  }
})();
