extension ReportScript {
    /// Selecting a factory (highlight, reveal its module), its panel (the `why` of `di-inspect why` plus
    /// statistics, with dependents searched breadth-first over the edges), and the search box.
    static let panel = #"""
        // MARK: Selection and the factory panel
        let selected = null;
        function clearMarks(name) { for (const node of graphBox.querySelectorAll("g.node." + name)) node.classList.remove(name); }
        function selectFactory(id, reveal) {
          const f = F.get(id);
          if (!f) return;
          if (data.graph.mode === "modules" && graph.module !== f.module) showGraph(f.module);
          clearMarks("selected"); clearMarks("related");
          selected = id;
          const node = graph.nodes.get(id);
          if (node) {
            node.classList.add("selected");
            for (const [other] of (dependents.get(id) || []).concat(dependencies.get(id) || [])) {
              const related = graph.nodes.get(other);
              if (related) related.classList.add("related");
            }
            if (reveal) centerOn(node);
          }
          renderPanel(f);
          if (reveal) document.getElementById("graph-section").scrollIntoView({ block: "start" });
        }
        function transitiveDependents(id) {
          const distance = new Map([[id, 0]]);
          let frontier = [id];
          const result = [];
          while (frontier.length > 0) {
            const next = [];
            for (const current of frontier) for (const [from] of dependents.get(current) || []) {
              if (distance.has(from)) continue;
              distance.set(from, distance.get(current) + 1);
              result.push([from, distance.get(from)]);
              next.push(from);
            }
            frontier = next;
          }
          return result;
        }
        function limitedList(tag, items, render, limit) {
          const list = el(tag);
          for (const item of items.slice(0, limit)) list.append(el("li", null, ...render(item)));
          if (items.length > limit) list.append(el("li", { class: "count" }, "\u2026 and " + (items.length - limit) + " more"));
          return list;
        }
        function outcomes(created, hits, failed) {
          const parts = [];
          if (created) parts.push(created + " created");
          if (hits) parts.push(hits + " from cache");
          if (failed) parts.push(failed + " failed");
          return parts.join(", ") || "none";
        }
        function renderPanel(f) {
          const panel = document.getElementById("panel");
          const why = data.why[String(f.id)] || { p: [], pc: 0, c: [], cc: 0, s: [], u: [] };
          const [resolutions, created, hits, failures] = f.n;
          const [selfTotal, selfMax, selfP50, selfP95, total, max, p50, p95] = f.t;
          panel.replaceChildren(
            el("h2", { id: "panel-title" }, label(f)),
            el("p", { class: "meta" }, f.site + " \u00b7 " + f.scope + " \u00b7 " + f.kind + " \u00b7 module " + data.modules[f.module]),
            el("table", { class: "kv" },
              el("tr", null, el("td", null, "resolutions"), el("td", null, resolutions + " (" + outcomes(created, hits, failures) + ")")),
              el("tr", null, el("td", null, "cache-hit ratio"), el("td", null, resolutions ? (100 * hits / resolutions).toFixed(1) + "%" : "\u2013")),
              el("tr", null, el("td", null, "self time"), el("td", null, "total " + fmt(selfTotal) + " \u00b7 p50 " + fmt(selfP50) + " \u00b7 p95 " + fmt(selfP95) + " \u00b7 max " + fmt(selfMax))),
              el("tr", null, el("td", null, "with dependencies"), el("td", null, "total " + fmt(total) + " \u00b7 p50 " + fmt(p50) + " \u00b7 p95 " + fmt(p95) + " \u00b7 max " + fmt(max)))));

          panel.append(el("h3", null, "Paths from a top-level resolution (" + why.pc + " distinct)"));
          if (why.p.length === 0) panel.append(el("p", { class: "hint" }, "Never resolved."));
          const paths = el("ol", { id: "panel-paths" });
          for (const [count, pc, ph, pf, ids] of why.p) {
            const item = el("li", null, el("span", { class: "count" }, "\u00d7" + count + " "));
            ids.forEach((id, index) => { if (index > 0) item.append(" \u2192 "); item.append(index === ids.length - 1 ? label(F.get(id)) : factoryLink(id)); });
            item.append(el("span", { class: "count" }, " (" + outcomes(pc, ph, pf) + ")"));
            paths.append(item);
          }
          if (why.pc > why.p.length) paths.append(el("li", { class: "count" }, "\u2026 and " + (why.pc - why.p.length) + " more (di-inspect why lists them all)"));
          panel.append(paths);

          panel.append(el("h3", null, "Containers and tests (" + why.cc + ")"));
          panel.append(limitedList("ul", why.c, ([container, c, h, x, sources]) =>
            [containerName(container) + ": " + outcomes(c, h, x) + " \u00b7 " + sources.join(", ")], 50));

          panel.append(el("h3", null, "Supplied by"));
          panel.append(limitedList("ul", why.s, ([kind, action, site, count, c, h, where]) => [
            (kind === "production" ? "production (its own resolver, " + f.site + ")"
              : site !== null ? kind + " at " + site : kind) + ": " + plural(count, "resolution") + " (" + outcomes(c, h, 0) + ") in " +
              where.map(containerName).join("; ")], 20));
          if (why.u.length > 0) {
            panel.append(el("h3", null, "Registered but never used"));
            panel.append(limitedList("ul", why.u, ([action, site, container]) => [action + " at " + site + " in " + containerName(container)], 20));
          }

          const direct = dependents.get(f.id) || [];
          const all = transitiveDependents(f.id);
          const section = el("div", { id: "panel-dependents" },
            el("h3", null, "Dependents: " + direct.length + " direct, " + all.length + " in all"));
          if (direct.length === 0) section.append(el("p", { class: "hint" }, "Nothing resolved it from its resolver."));
          section.append(limitedList("ul", direct, ([id, count]) => [factoryLink(id), el("span", { class: "count" }, " \u00d7" + count)], 100));
          const indirect = all.filter(([, distance]) => distance > 1);
          if (indirect.length > 0) {
            section.append(el("p", { class: "meta" }, "Through others:"));
            section.append(limitedList("ul", indirect, ([id, distance]) => [factoryLink(id), el("span", { class: "count" }, " " + distance + " edges away")], 100));
          }
          panel.append(section);
          const uses = dependencies.get(f.id) || [];
          panel.append(el("h3", null, "Resolves (" + uses.length + ")"));
          panel.append(limitedList("ul", uses, ([id, count]) => [factoryLink(id), el("span", { class: "count" }, " \u00d7" + count)], 100));
        }

        // MARK: Search
        const searchBox = document.getElementById("search"), results = document.getElementById("search-results");
        const searchIndex = data.factories.map(f => [f.id, (label(f) + " " + f.site + " " + data.modules[f.module]).toLowerCase()]);
        function runSearch() {
          const query = searchBox.value.trim().toLowerCase().replace(/^(any|some) /, "");
          results.replaceChildren();
          clearMarks("match");
          if (query.length === 0) { results.classList.remove("open"); return; }
          const found = searchIndex.filter(([, text]) => text.includes(query));
          for (const [id] of found.slice(0, 30)) {
            const f = F.get(id);
            results.append(el("button", { role: "option", "data-id": String(id), onclick: () => { results.classList.remove("open"); selectFactory(id, true); } },
              label(f), el("span", { class: "count" }, "  " + f.site)));
            const node = graph.nodes.get(id);
            if (node) node.classList.add("match");
          }
          if (found.length === 0) results.append(el("p", { class: "hint" }, " No factory matches."));
          else if (found.length > 30) results.append(el("p", { class: "hint" }, " " + (found.length - 30) + " more: type more of the name."));
          results.classList.add("open");
        }
        searchBox.addEventListener("input", runSearch);
        searchBox.addEventListener("keydown", event => {
          if (event.key === "Enter") { const first = results.querySelector("button"); if (first) first.click(); }
          if (event.key === "Escape") { results.classList.remove("open"); }
        });

        """#
}
