// The site's search: MiniSearch over the documents of static/documents.js, all in the browser.
// The documents (some 600 KB) are loaded, and the index built, only when a search needs them: as
// the reader focuses the box or types, or at once for a query in the address (search.html?q=...),
// so that the page itself shows at once. The time its first results are shown is marked
// ("turncheck-results", for benchmarks/site.py).
// Results are built with textContent, never innerHTML: the documents hold the suite's own text,
// but nothing here is trusted to be markup.
(function () {
  "use strict";
  var input = document.getElementById("q");
  var list = document.getElementById("results");
  var count = document.getElementById("count");
  var index = null;
  var waiting = [];
  var requested = false;

  function withIndex(then) {
    if (index) { then(); return; }
    waiting.push(then);
    if (requested) return;
    requested = true;
    count.textContent = "Loading the index…";
    var script = document.createElement("script");
    script.src = "static/documents.js";
    script.onload = function () {
      index = new MiniSearch({
        fields: ["title", "text", "cards", "where"],
        storeFields: ["title", "kind", "where"],
        searchOptions: { boost: { title: 3, cards: 2 }, prefix: true, fuzzy: 0.2, combineWith: "AND" }
      });
      index.addAll(window.TURNCHECK_DOCUMENTS);
      count.textContent = "";
      waiting.splice(0).forEach(function (run) { run(); });
    };
    script.onerror = function () { count.textContent = "The search index (static/documents.js) could not be loaded."; };
    document.body.append(script);
  }

  function show(query) {
    list.replaceChildren();
    if (!query.trim()) { count.textContent = ""; return; }
    var hits = index.search(query).slice(0, 100);
    count.textContent = hits.length + (hits.length === 100 ? "+" : "") + " result(s) for " + query;
    hits.forEach(function (hit) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = hit.id;
      link.textContent = hit.title;
      var where = document.createElement("span");
      where.className = "muted";
      where.textContent = " " + hit.kind + " · " + hit.where;
      item.append(link, where);
      list.append(item);
    });
    if (hits.length && !performance.getEntriesByName("turncheck-results").length) {
      performance.mark("turncheck-results");
    }
  }

  function search() { withIndex(function () { show(input.value); }); }
  var params = new URLSearchParams(window.location.search);
  if (params.get("q")) { input.value = params.get("q"); search(); }
  document.getElementById("search-form").addEventListener("submit", function (event) {
    event.preventDefault();
    search();
  });
  input.addEventListener("input", search);
  input.addEventListener("focus", function () { withIndex(function () {}); });
})();
