extension ReportScript {
    /// The problems (each highlighting its path on the graph), the sortable statistics table, the critical
    /// path, the collapsible resolution trees (children rendered when opened), and start-up.
    static let sections = #"""
        // MARK: Problems
        function renderProblems() {
          const box = document.getElementById("problems");
          document.getElementById("problem-count").textContent = "(" + data.problems.length + ")";
          if (data.problems.length === 0) { box.append(el("p", { class: "hint" }, "No problems found.")); return; }
          data.problems.forEach((p, index) => {
            const path = el("span");
            p.path.forEach((id, step) => { if (step > 0) path.append(" \u2192 "); path.append(factoryLink(id)); });
            const site = p.sites.length > 0 ? p.sites[0].file + ":" + p.sites[0].line : "";
            box.append(el("div", { class: "problem-item " + p.severity, id: "problem-" + index },
              el("span", { class: "kind" }, p.severity + " [" + p.kind + "] "), p.message,
              p.path.length > 0 ? el("div", null, "path: ", path) : null,
              el("div", { class: "meta" }, (site ? site + " \u00b7 " : "") + (p.occurrences > 1 ? "seen " + p.occurrences + " times \u00b7 " : "") + p.hint),
              el("button", { class: "link", onclick: () => showProblem(p) }, "Show on the graph")));
          });
        }
        function showProblem(p) {
          const f = F.get(p.factory);
          if (f && data.graph.mode === "modules" && graph.module !== f.module) showGraph(f.module);
          clearMarks("flagged");
          for (const id of p.path.concat([p.factory])) { const node = graph.nodes.get(id); if (node) node.classList.add("flagged"); }
          selectFactory(p.factory, true);
        }

        // MARK: Statistics table
        const statColumns = [
          ["Factory", f => label(f), false], ["Module", f => data.modules[f.module], false], ["Scope", f => f.scope, false],
          ["Resolutions", f => f.n[0], true], ["Created", f => f.n[1], true],
          ["Hit %", f => f.n[0] ? f.n[2] / f.n[0] : -1, true, v => v < 0 ? "\u2013" : (100 * v).toFixed(1) + "%"],
          ["Self total", f => f.t[0], true, fmt], ["Self p95", f => f.t[3], true, fmt], ["Self max", f => f.t[1], true, fmt],
          ["Total", f => f.t[4], true, fmt], ["P95", f => f.t[7], true, fmt], ["Max", f => f.t[5], true, fmt],
        ];
        let statSort = { column: 6, descending: true }, statRows = 300;
        function renderStats() {
          const table = document.getElementById("stats");
          table.className = "data";
          const head = el("tr");
          statColumns.forEach(([name, , numeric], index) => {
            const arrow = statSort.column === index ? (statSort.descending ? " \u25be" : " \u25b4") : "";
            head.append(el("th", { class: numeric ? "num" : "", onclick: () => {
              statSort = { column: index, descending: statSort.column === index ? !statSort.descending : numeric };
              renderStats();
            } }, name + arrow));
          });
          const [, key] = statColumns[statSort.column];
          const rows = data.factories.slice().sort((a, b) => {
            const x = key(a), y = key(b);
            const order = typeof x === "number" ? x - y : String(x).localeCompare(String(y));
            return (statSort.descending ? -order : order) || a.id - b.id;
          });
          const body = el("tbody");
          for (const f of rows.slice(0, statRows)) {
            const row = el("tr", { "data-id": String(f.id), onclick: () => selectFactory(f.id, true) });
            for (const [, value, numeric, format] of statColumns) {
              const v = value(f);
              row.append(el("td", { class: numeric ? "num" : "" }, format ? format(v) : String(v)));
            }
            body.append(row);
          }
          table.replaceChildren(el("thead", null, head), body);
          if (rows.length > statRows) {
            body.append(el("tr", null, el("td", { colspan: String(statColumns.length) },
              el("button", { id: "stats-all", onclick: event => { event.stopPropagation(); statRows = Infinity; renderStats(); } },
                "Show all " + rows.length + " factories"))));
          }
        }

        // MARK: Critical path
        function renderCritical() {
          const box = document.getElementById("critical"), path = data.criticalPath;
          if (path.steps.length === 0) { box.append(el("p", { class: "hint" }, "No resolutions.")); return; }
          box.append(el("p", { class: "hint" }, "The chain of resolutions (each triggered by the one before) whose self times add up to the most: " +
            fmt(path.totalSelfNanoseconds) + " in " + plural(path.steps.length, "step") + ". di-inspect stats --critical-path --startup-ms N limits it to start-up."));
          const table = el("table", { class: "data" }, el("thead", null, el("tr", null, ...["Step", "Factory", "Self", "Share", "With dependencies", "Started at", "Container"].map(h => el("th", null, h)))));
          const body = el("tbody");
          path.steps.forEach((step, index) => body.append(el("tr", { onclick: () => selectFactory(step.factory, true) },
            el("td", { class: "num" }, String(index + 1)), el("td", null, label(F.get(step.factory))), el("td", { class: "num" }, fmt(step.selfNanoseconds)),
            el("td", { class: "num" }, (100 * step.share).toFixed(1) + "%"), el("td", { class: "num" }, fmt(step.nanoseconds)),
            el("td", { class: "num" }, fmt(step.start)), el("td", null, containerName(step.container)))));
          table.append(body);
          box.append(table);
        }

        // MARK: Resolution trees
        const tree = data.trees.r, treeChildren = new Map(), treeRoots = new Map();
        tree.forEach((row, index) => {
          const parent = row[1];
          if (parent < 0) { if (!treeRoots.has(row[2])) treeRoots.set(row[2], []); treeRoots.get(row[2]).push(index); }
          else { if (!treeChildren.has(parent)) treeChildren.set(parent, []); treeChildren.get(parent).push(index); }
        });
        function treeLine(index) {
          const [factory, , , outcome, source, ns, own] = tree[index];
          return el("span", { class: "node-line" + (outcome === "failed" ? " failed" : "") }, factoryLink(factory),
            "  " + outcome + " \u00b7 " + source + " \u00b7 " + fmt(ns) + " (self " + fmt(own) + ")" + (outcome === "failed" ? "  \u2717 failed" : ""));
        }
        function treeNodes(indices) {
          const box = el("div", { class: "children" });
          for (const index of indices) {
            const kids = treeChildren.get(index);
            if (!kids) { box.append(el("div", null, treeLine(index))); continue; }
            const details = el("details", { class: "tree" }, el("summary", null, treeLine(index)));
            details.addEventListener("toggle", () => { if (details.open && details.childElementCount === 1) details.append(treeNodes(kids)); });
            box.append(details);
          }
          return box;
        }
        function renderTrees() {
          const box = document.getElementById("trees");
          if (data.trees.total > tree.length) box.append(el("p", { class: "hint" }, "Showing " + tree.length + " of " + data.trees.total + " resolutions (whole trees, earliest first); di-inspect trace prints them all."));
          if (tree.length === 0) { box.append(el("p", { class: "hint" }, "No resolutions.")); return; }
          for (const id of [...treeRoots.keys()].sort((a, b) => a - b)) {
            const roots = treeRoots.get(id);
            const details = el("details", { class: "tree container-tree", "data-container": String(id) },
              el("summary", null, containerName(id) + " \u00b7 " + plural(roots.length, "top-level resolution")));
            details.addEventListener("toggle", () => { if (details.open && details.childElementCount === 1) details.append(treeNodes(roots)); });
            box.append(details);
          }
        }

        // MARK: Start-up
        document.getElementById("title").textContent = "di-inspect report: " + data.title;
        const s = data.summary;
        document.getElementById("summary").textContent = plural(s.factories, "factory").replace("factorys", "factories") + ", " +
          plural(s.edges, "edge") + ", " + plural(s.resolutions, "resolution") + " \u00b7 " + s.executable + " \u00b7 " + s.startTime +
          (s.complete ? "" : " \u00b7 the trace was cut short");
        document.title = "di-inspect report: " + data.title;
        performance.mark("report-data-parsed");
        showGraph(-1);
        performance.mark("report-graph-shown");
        renderProblems();
        renderStats();
        renderCritical();
        renderTrees();
        performance.mark("report-ready");
        document.documentElement.dataset.ready = "1";

        """#
}
