/// The page around the report: inline style and the render check.
extension HTMLReport {
    static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(SVGChart.attribute(title))</title>
        <style>
        body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 24px; color: #1d1d1f; }
        /* A phone is 390 px wide: charts shrink to the width, wide tables scroll inside their section. */
        @media (max-width: 600px) { body { margin: 12px; } }
        section { max-width: 100%; overflow-x: auto; } header p { overflow-wrap: anywhere; }
        svg.chart { max-width: 100%; height: auto; } td { overflow-wrap: anywhere; }
        h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin-top: 28px; }
        .verdict { padding: 12px 16px; border-radius: 8px; }
        .verdict.pass { background: #e3f6e5; } .verdict.warn { background: #fff4d6; } .verdict.fail { background: #fde2e1; }
        table { border-collapse: collapse; font-size: 13px; } th, td { padding: 3px 8px; border-bottom: 1px solid #e5e5ea; text-align: left; }
        td.num { text-align: right; font-variant-numeric: tabular-nums; }
        tr.regression td { background: #fde2e1; } tr.improvement td { background: #e3f6e5; }
        .failures li { color: #b3261e; } .charts { display: flex; flex-wrap: wrap; gap: 16px; }
        figure { margin: 0; } figcaption { font-size: 12px; color: #6e6e73; }
        svg.chart { background: #fafafa; border: 1px solid #e5e5ea; }
        svg .bar, svg .current { fill: #0a84ff; } svg .baseline { fill: #a1c9f7; }
        svg .axis, svg .label, svg .value, svg .legend { font: 11px system-ui, sans-serif; fill: #3a3a3c; }
        svg .axis-line { stroke: #8e8e93; stroke-width: 1; }
        svg .finger { fill: none; stroke: #ff9f0a; stroke-width: 1.5; stroke-dasharray: 4 2; }
        svg .visible { fill: none; stroke: #0a84ff; stroke-width: 1.5; }
        svg .finger-text { fill: #c77700; } svg .visible-text { fill: #0a84ff; }
        #render-status { font-size: 11px; color: #8e8e93; }
        </style></head>
        <body>
        \(body)
        <p id="render-status" data-status="pending">rendering…</p>
        <script>
        // The report draws nothing with script; this only checks that every chart laid out,
        // so a headless browser can tell a good page from a broken one.
        (function () {
          var status = document.getElementById("render-status");
          var charts = document.querySelectorAll("svg.chart");
          var broken = [];
          for (var i = 0; i < charts.length; i++) {
            var box = charts[i].getBoundingClientRect();
            if (!(box.width > 0 && box.height > 0) || charts[i].childElementCount < 2) broken.push(charts[i].getAttribute("data-chart"));
          }
          var external = document.querySelectorAll("script[src], link[href], img[src], iframe");
          // The page must fit its window (a phone's 390 px too): nothing may scroll sideways.
          var overflow = document.documentElement.scrollWidth - window.innerWidth;
          status.setAttribute("data-overflow", String(overflow));
          status.setAttribute("data-viewport", String(window.innerWidth));
          if (broken.length === 0 && external.length === 0) {
            status.setAttribute("data-status", "ok");
            status.textContent = "rendered " + charts.length + " charts";
          } else {
            status.setAttribute("data-status", "error");
            status.textContent = "broken charts: " + broken.join(", ") + "; external resources: " + external.length;
          }
        })();
        </script>
        </body></html>

        """
    }
}
