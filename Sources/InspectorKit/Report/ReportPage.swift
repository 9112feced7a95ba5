/// The HTML page of the report: fixed markup, the inline style and script, and the data.
///
/// The markup holds no data at all; the only variable parts are the JSON blocks (the data, and one per graph
/// SVG with ids `graph-main` and `graph-<module>`), already escaped for a `<script>` element by
/// ``HTMLEscaping/scriptJSON(_:)``. The Content-Security-Policy allows nothing to load from
/// anywhere, so the page works the same offline.
enum ReportPage {
    static func html(dataJSON: String, graphBlocks: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; \
        style-src 'unsafe-inline'; img-src data:">
        <title>di-inspect report</title>
        <style>
        \(style)
        </style>
        </head>
        <body>
        <header>
          <h1 id="title">di-inspect report</h1>
          <p id="summary"></p>
          <nav>
            <a href="#graph-section">Graph</a> <a href="#problems-section">Problems <span id="problem-count"></span></a>
            <a href="#stats-section">Statistics</a> <a href="#critical-section">Critical path</a>
            <a href="#trees-section">Resolution trees</a>
          </nav>
        </header>
        <main>
          <section id="graph-section">
            <div class="toolbar">
              <div class="search">
                <input id="search" type="search" autocomplete="off" placeholder="Search factories: type, name or File.swift:line" aria-label="Search factories">
                <div id="search-results" role="listbox"></div>
              </div>
              <button id="zoom-in" title="Zoom in">+</button><button id="zoom-out" title="Zoom out">−</button>
              <button id="zoom-fit" title="Fit the graph">Fit</button>
              <span id="crumbs"></span>
            </div>
            <div class="graph-and-panel">
              <div id="graph" class="graph" tabindex="0"></div>
              <aside id="panel"><p class="hint">Click a factory in the graph, a table or a search result to see why it \
        was resolved, what supplied it and who depends on it.</p></aside>
            </div>
          </section>
          <section id="problems-section"><h2>Problems</h2><div id="problems"></div></section>
          <section id="stats-section"><h2>Statistics</h2>
            <p class="hint">Self time leaves out the time of the resolutions a resolver triggered. Click a heading to \
        sort, a row to show the factory.</p>
            <div class="table-box"><table id="stats"></table></div></section>
          <section id="critical-section"><h2>Critical path</h2><div id="critical"></div></section>
          <section id="trees-section"><h2>Resolution trees</h2><div id="trees"></div></section>
        </main>
        <script type="application/json" id="report-data">\(dataJSON)</script>
        \(graphBlocks)        <script>
        \(ReportScript.source)
        </script>
        </body>
        </html>

        """
    }

    static let style = """
        :root { --fg: #1d232b; --muted: #5b6673; --line: #d8dee6; --accent: #1f6feb; --bad: #cf222e; --warn: #bf8700; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--fg); }
        header { padding: 12px 20px 6px; border-bottom: 1px solid var(--line); background: #f6f8fa; }
        h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 18px 0 8px; }
        h3 { font-size: 14px; margin: 14px 0 4px; }
        nav a { margin-right: 14px; color: var(--accent); text-decoration: none; }
        main { padding: 0 20px 40px; }
        #summary, .hint, .meta { color: var(--muted); margin: 2px 0 6px; }
        .toolbar { display: flex; gap: 6px; align-items: center; margin: 10px 0 6px; flex-wrap: wrap; }
        .search { position: relative; }
        #search { width: 340px; padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px; }
        #search-results { position: absolute; z-index: 5; background: #fff; border: 1px solid var(--line);
          border-radius: 6px; width: 480px; max-height: 320px; overflow: auto; display: none; }
        #search-results.open { display: block; }
        #search-results button { display: block; width: 100%; text-align: left; border: 0; background: none;
          padding: 4px 8px; cursor: pointer; font: inherit; }
        #search-results button:hover, #search-results button.active { background: #eef3fb; }
        button { font: inherit; padding: 3px 9px; border: 1px solid var(--line); border-radius: 6px; background: #fff;
          cursor: pointer; }
        .graph-and-panel { display: flex; gap: 12px; height: 62vh; min-height: 360px; }
        .graph { flex: 1; border: 1px solid var(--line); border-radius: 6px; overflow: hidden; position: relative;
          background: #fff; cursor: grab; touch-action: none; }
        .graph svg { width: 100%; height: 100%; display: block; user-select: none; }
        .graph svg text { font-family: Helvetica, Arial, sans-serif; }
        .graph g.node { cursor: pointer; }
        .graph g.node.problem > path, .graph g.node.problem > polygon { stroke: var(--bad); stroke-width: 2px; }
        .graph g.node.related > path, .graph g.node.related > polygon { stroke: var(--accent); stroke-width: 2px; }
        .graph g.node.selected > path, .graph g.node.selected > polygon { stroke: var(--accent); stroke-width: 4px;
          fill: #dbe9ff; }
        .graph g.node.flagged > path, .graph g.node.flagged > polygon { stroke: var(--bad); stroke-width: 4px;
          fill: #ffe3e3; }
        .graph g.node.match > path, .graph g.node.match > polygon { fill: #fff3bf; }
        #panel { width: 420px; overflow: auto; border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; }
        #panel h2 { margin-top: 4px; word-break: break-word; }
        #panel ol, #panel ul { padding-left: 20px; margin: 4px 0; }
        #panel li { margin: 2px 0; word-break: break-word; }
        .link { border: 0; background: none; padding: 0; color: var(--accent); cursor: pointer; text-align: left; }
        .link:hover { text-decoration: underline; }
        .count { color: var(--muted); font-variant-numeric: tabular-nums; }
        .error { color: var(--bad); }
        .kv { border-collapse: collapse; } .kv td { padding: 1px 10px 1px 0; }
        .table-box { max-height: 70vh; overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
        table.data { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
        table.data th { position: sticky; top: 0; background: #f6f8fa; cursor: pointer; text-align: left;
          padding: 4px 8px; border-bottom: 1px solid var(--line); white-space: nowrap; }
        table.data td { padding: 2px 8px; border-bottom: 1px solid #eef1f4; }
        table.data td.num, table.data th.num { text-align: right; }
        table.data tbody tr { cursor: pointer; } table.data tbody tr:hover { background: #f3f7fd; }
        .problem-item { border-left: 4px solid var(--bad); padding: 4px 10px; margin: 6px 0; background: #fff8f8; }
        .problem-item.warning { border-color: var(--warn); background: #fffbea; }
        .problem-item .kind { font-weight: 600; }
        details.tree { margin: 4px 0; } details.tree > summary { cursor: pointer; }
        .node-line { white-space: nowrap; }
        .children { margin-left: 18px; border-left: 1px dotted var(--line); padding-left: 8px; }
        .failed { color: var(--bad); }
        """
}
