// The site's search: MiniSearch over the documents of static/documents.js, all in the browser.
// Results are built with textContent, never innerHTML: the documents hold the suite's own text,
// but nothing here is trusted to be markup.
(function () {
  "use strict";
  var index = new MiniSearch({
    fields: ["title", "text", "cards", "where"],
    storeFields: ["title", "kind", "where"],
    searchOptions: { boost: { title: 3, cards: 2 }, prefix: true, fuzzy: 0.2, combineWith: "AND" }
  });
  index.addAll(window.TURNCHECK_DOCUMENTS);
  var input = document.getElementById("q");
  var list = document.getElementById("results");
  var count = document.getElementById("count");
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
  }
  var params = new URLSearchParams(window.location.search);
  if (params.get("q")) { input.value = params.get("q"); show(input.value); }
  document.getElementById("search-form").addEventListener("submit", function (event) {
    event.preventDefault();
    show(input.value);
  });
  input.addEventListener("input", function () { show(input.value); });
})();
