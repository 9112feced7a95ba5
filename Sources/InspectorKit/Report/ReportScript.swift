/// The report page's script, in parts: data and helpers with the graph view here, then the factory panel
/// and search, then the sections and start-up.
///
/// Plain JavaScript (ES2017), no libraries. It reads the JSON data block and builds every element with
/// `createElement` and `textContent`; the graph SVGs (Graphviz output carried in the data) are parsed as
/// XML with `DOMParser`, stripped of scripts, event handlers and links, and imported.
enum ReportScript {
    static let source = core + panel + sections

    static let core = #"""
        "use strict";
        const data = JSON.parse(document.getElementById("report-data").textContent);
        const F = new Map(data.factories.map(f => [f.id, f]));
        const dependents = new Map(), dependencies = new Map();
        for (const [from, to, count] of data.edges) {
          if (!dependents.has(to)) dependents.set(to, []);
          dependents.get(to).push([from, count]);
          if (!dependencies.has(from)) dependencies.set(from, []);
          dependencies.get(from).push([to, count]);
        }
        for (const list of [...dependents.values(), ...dependencies.values()]) list.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
        const containers = new Map(data.containers.map(c => [c.id, c]));
        const flaggedFactories = new Set();
        for (const p of data.problems) flaggedFactories.add(p.factory);

        function el(tag, props, ...children) {
          const node = document.createElement(tag);
          if (props) for (const [key, value] of Object.entries(props)) {
            if (key === "class") node.className = value;
            else if (key === "onclick") node.addEventListener("click", value);
            else node.setAttribute(key, value);
          }
          for (const child of children) {
            if (child === null || child === undefined) continue;
            node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
          }
          return node;
        }
        function fmt(ns) {
          const fixed = (n, unit) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2)) + " " + unit;
          if (ns < 1e3) return ns + " ns";
          if (ns < 1e6) return fixed(ns / 1e3, "µs");
          if (ns < 1e9) return fixed(ns / 1e6, "ms");
          return fixed(ns / 1e9, "s");
        }
        function label(f) { return f ? (f.name !== null ? f.type + " \u201c" + f.name + "\u201d" : f.type) : "?"; }
        function factoryLink(id, text) {
          return el("button", { class: "link", onclick: () => selectFactory(id, true) }, text || label(F.get(id)));
        }
        function containerName(id) {
          const c = containers.get(id);
          if (!c) return "container " + id;
          return "container " + id + (c.test !== null ? " \u00b7 test \u201c" + c.test + "\u201d" : " \u00b7 " + c.kind + (c.site.startsWith(":") ? "" : " \u00b7 " + c.site));
        }
        function plural(n, noun) { return n + " " + noun + (n === 1 ? "" : "s"); }

        // MARK: Graph view (pan, zoom, node lookup)
        const graphBox = document.getElementById("graph");
        const graph = { svg: null, view: null, nodes: new Map(), modules: new Map(), module: -1, dragged: false };
        function sanitize(root) {
          for (const bad of root.querySelectorAll("script, foreignObject, iframe")) bad.remove();
          for (const node of root.querySelectorAll("*")) {
            for (const attribute of [...node.attributes]) {
              const name = attribute.name.toLowerCase();
              if (name.startsWith("on") || name === "href" || name === "xlink:href") node.removeAttribute(attribute.name);
            }
          }
        }
        function showGraph(module) {
          const source = module < 0 ? data.graph.main : data.graph.modules[module];
          const block = document.getElementById(module < 0 ? "graph-main" : "graph-" + module);
          graph.svg = null; graph.nodes.clear(); graph.modules.clear(); graph.module = module;
          graphBox.replaceChildren();
          renderCrumbs();
          if (!block) {
            graphBox.append(el("p", { class: "error" }, "The graph could not be drawn: " + (source && source.error ? source.error : "no graph") + "."));
            return;
          }
          const parsed = new DOMParser().parseFromString(JSON.parse(block.textContent), "image/svg+xml");
          if (parsed.getElementsByTagName("parsererror").length > 0 || parsed.documentElement.nodeName !== "svg") {
            graphBox.append(el("p", { class: "error" }, "The graph could not be shown: its SVG did not parse."));
            return;
          }
          sanitize(parsed.documentElement);
          const svg = document.importNode(parsed.documentElement, true);
          svg.removeAttribute("width"); svg.removeAttribute("height");
          svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
          graphBox.append(svg);
          graph.svg = svg;
          for (const node of svg.querySelectorAll("g.node")) {
            const title = node.querySelector("title");
            const name = title ? title.textContent.trim() : "";
            const match = /^([fm])(\d+)$/.exec(name);
            if (!match) continue;
            const id = Number(match[2]);
            if (match[1] === "f") { graph.nodes.set(id, node); if (flaggedFactories.has(id)) node.classList.add("problem"); }
            else graph.modules.set(id, node);
            node.dataset.kind = match[1]; node.dataset.id = String(id);
          }
          fit();
        }
        function renderCrumbs() {
          const crumbs = document.getElementById("crumbs");
          crumbs.replaceChildren();
          if (data.graph.mode !== "modules") return;
          if (graph.module < 0) { crumbs.append("All modules (lines: each module\u2019s strongest dependencies); click one to open it"); return; }
          crumbs.append(el("button", { class: "link", onclick: () => showGraph(-1) }, "All modules"), " \u203a ",
            "module " + data.modules[graph.module]);
        }
        function applyView() {
          const v = graph.view;
          graph.svg.setAttribute("viewBox", v.x + " " + v.y + " " + v.w + " " + v.h);
        }
        function fit() {
          if (!graph.svg) return;
          const base = graph.svg.viewBox.baseVal;
          const rect = graphBox.getBoundingClientRect();
          let w = base.width || 100, h = base.height || 100;
          const aspect = rect.width / Math.max(rect.height, 1);
          let x = base.x, y = base.y;
          if (w / h < aspect) { const nw = h * aspect; x -= (nw - w) / 2; w = nw; } else { const nh = w / aspect; y -= (nh - h) / 2; h = nh; }
          graph.view = { x, y, w, h };
          applyView();
        }
        function zoom(factor, clientX, clientY) {
          if (!graph.svg) return;
          const rect = graphBox.getBoundingClientRect(), v = graph.view;
          const fx = clientX === undefined ? 0.5 : (clientX - rect.left) / rect.width;
          const fy = clientY === undefined ? 0.5 : (clientY - rect.top) / rect.height;
          const px = v.x + fx * v.w, py = v.y + fy * v.h;
          v.w *= factor; v.h *= factor;
          v.x = px - fx * v.w; v.y = py - fy * v.h;
          applyView();
        }
        function centerOn(node) {
          if (!graph.svg || !node) return;
          const rect = graphBox.getBoundingClientRect(), box = node.getBoundingClientRect(), v = graph.view;
          const cx = v.x + ((box.left + box.width / 2) - rect.left) / rect.width * v.w;
          const cy = v.y + ((box.top + box.height / 2) - rect.top) / rect.height * v.h;
          const factor = (box.width / rect.width) / 0.2;  // zoom in until the node is a fifth of the width
          if (factor < 1) { v.w *= factor; v.h *= factor; }
          v.x = cx - v.w / 2; v.y = cy - v.h / 2;
          applyView();
        }
        graphBox.addEventListener("wheel", event => {
          event.preventDefault();
          zoom(Math.exp(event.deltaY * 0.0015), event.clientX, event.clientY);
        }, { passive: false });
        let drag = null;
        graphBox.addEventListener("pointerdown", event => {
          drag = { x: event.clientX, y: event.clientY, moved: false };
        });
        window.addEventListener("pointermove", event => {
          if (!drag || !graph.svg) return;
          const dx = event.clientX - drag.x, dy = event.clientY - drag.y;
          if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
          drag.moved = true;
          const rect = graphBox.getBoundingClientRect(), v = graph.view;
          v.x -= dx * v.w / rect.width; v.y -= dy * v.h / rect.height;
          drag.x = event.clientX; drag.y = event.clientY;
          applyView();
        });
        window.addEventListener("pointerup", () => { graph.dragged = drag !== null && drag.moved; drag = null; });
        graphBox.addEventListener("click", event => {
          if (graph.dragged) { graph.dragged = false; return; }
          const node = event.target.closest("g.node");
          if (!node || !node.dataset.kind) return;
          const id = Number(node.dataset.id);
          if (node.dataset.kind === "m") showGraph(id); else selectFactory(id, false);
        });
        document.getElementById("zoom-in").addEventListener("click", () => zoom(1 / 1.3));
        document.getElementById("zoom-out").addEventListener("click", () => zoom(1.3));
        document.getElementById("zoom-fit").addEventListener("click", fit);
        window.addEventListener("resize", fit);

        """#
}
