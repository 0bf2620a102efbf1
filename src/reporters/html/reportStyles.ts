/** The report's stylesheet: system fonts only (no downloads), colours as variables for the two themes. */

const LIGHT = `
  color-scheme: light;
  --bg: #f5f6f8; --panel: #ffffff; --text: #1b2230; --muted: #5f6a7b; --border: #dfe3e9; --hover: #f0f3f7;
  --code-bg: #f2f4f7; --accent: #2f5bd3;
  --pass: #18794e; --pass-bg: #dbf3e5; --fail: #c42b2b; --fail-bg: #fde3e3; --fail-solid: #c42b2b; --skip: #8a6400; --skip-bg: #faefc8;
  --info-bg: #e8edf7; --j-key: #7a3db8; --j-str: #18794e; --j-num: #b4580a; --j-lit: #2f5bd3;`;

const DARK = `
  color-scheme: dark;
  --bg: #0e1116; --panel: #161a21; --text: #e2e6ed; --muted: #97a1b2; --border: #2a313c; --hover: #1d222b;
  --code-bg: #10141a; --accent: #84a2ff;
  --pass: #4ccb7d; --pass-bg: #143222; --fail: #ff7070; --fail-bg: #3c1618; --fail-solid: #c73636; --skip: #e6be45; --skip-bg: #372e10;
  --info-bg: #222a38; --j-key: #c69cff; --j-str: #7fd69b; --j-num: #f0a35e; --j-lit: #84a2ff;`;

export const REPORT_CSS = `
:root {${LIGHT}
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
}
@media (prefers-color-scheme: dark) { :root:not([data-theme="light"]) {${DARK} } }
:root[data-theme="dark"] {${DARK} }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
code, pre, .mono { font-family: var(--mono); font-size: 12.5px; }
a { color: var(--accent); }
button { font: inherit; color: inherit; }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
.dim { color: var(--muted); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }

.topbar { position: sticky; top: 0; z-index: 5; display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px;
  padding: 10px 24px; background: var(--panel); border-bottom: 1px solid var(--border); }
.topbar h1 { margin: 0; font-size: 17px; }
.topbar .meta { font-size: 12px; }
.toolbar { margin-left: auto; display: flex; flex-wrap: wrap; gap: 6px; }
.toolbar button { border: 1px solid var(--border); background: var(--panel); border-radius: 6px; padding: 4px 10px;
  cursor: pointer; }
.toolbar button:hover { background: var(--hover); }
.toolbar button[aria-pressed="true"] { background: var(--fail-bg); border-color: var(--fail); color: var(--fail); }

main { max-width: 1280px; margin: 0 auto; padding: 16px 24px 48px; }
.summary { display: grid; grid-template-columns: auto 1fr; gap: 12px 20px; align-items: center; background: var(--panel);
  border: 1px solid var(--border); border-radius: 10px; padding: 16px 20px; margin-bottom: 16px; }
.result { font-weight: 700; font-size: 20px; letter-spacing: .04em; padding: 10px 18px; border-radius: 8px; }
.result.passed { background: var(--pass-bg); color: var(--pass); }
.result.failed { background: var(--fail-bg); color: var(--fail); }
.result.interrupted { background: var(--skip-bg); color: var(--skip); }
.tiles { display: flex; flex-wrap: wrap; gap: 8px 28px; }
.tile { display: flex; flex-direction: column; }
.tile .value { font-size: 20px; font-weight: 650; font-variant-numeric: tabular-nums; }
.tile .name { font-size: 12px; color: var(--muted); }
.tile.passed .value { color: var(--pass); }
.tile.failed .value { color: var(--fail); }
.tile.skipped .value { color: var(--skip); }
.ratio { grid-column: 1 / -1; display: flex; height: 6px; border-radius: 3px; overflow: hidden; background: var(--border); }
.ratio .passed { background: var(--pass); } .ratio .failed { background: var(--fail); } .ratio .skipped { background: var(--skip); }
.started { grid-column: 1 / -1; margin: 0; font-size: 12px; }
.scenario-list { grid-column: 1 / -1; }
.coverage { background: var(--panel); border: 1px solid var(--border); border-radius: 10px; padding: 12px 20px;
  margin-bottom: 16px; }
.coverage h2 { font-size: 16px; margin: 0 0 6px; }
.coverage-table td { font-family: var(--mono); font-size: 12.5px; }
.cov-hit > td:first-child, span.cov-hit { color: var(--pass); }
.cov-miss > td:first-child, span.cov-miss { color: var(--fail); }
.scenario-list summary { cursor: pointer; font-weight: 600; }
.scenario-list ul { margin: 6px 0 0; padding-left: 20px; columns: 2 320px; }
.scenario-list li.failed a { color: var(--fail); }

details > summary { list-style: none; cursor: pointer; }
details > summary::-webkit-details-marker { display: none; }
.scenario { background: var(--panel); border: 1px solid var(--border); border-radius: 10px; margin-bottom: 14px; }
.scenario.failed { border-left: 4px solid var(--fail); }
.scenario > summary { padding: 12px 16px; border-bottom: 1px solid var(--border); }
.scenario:not([open]) > summary { border-bottom: 0; }
.scenario-title { display: flex; align-items: center; flex-wrap: wrap; gap: 8px; }
.scenario-title::before, .step > summary::before { content: "▸"; color: var(--muted); display: inline-block;
  width: 1em; transition: transform .1s; }
.scenario[open] > summary .scenario-title::before, .step[open] > summary::before { transform: rotate(90deg); }
.scenario h2 { font-size: 16px; margin: 0; }
.description { margin: 4px 0 0 1.6em; }
.scenario-meta { margin: 2px 0 0 1.6em; font-size: 12px; }
.tag { font-size: 11px; padding: 0 6px; border-radius: 4px; background: var(--info-bg); color: var(--muted); }
.grow { margin-right: auto; }
.scenario-counts { margin-left: auto; }
.section-label { padding: 6px 16px 2px; font-size: 11px; text-transform: uppercase; letter-spacing: .08em;
  color: var(--muted); }

/* Large reports only: rows off screen skip layout and paint until scrolled to (3x faster to open 5,000). */
.many .steps > .step { content-visibility: auto; contain-intrinsic-size: auto 34px; }
.step { border-top: 1px solid var(--border); }
.steps > .step:first-child { border-top: 0; }
.step > summary { display: flex; align-items: baseline; gap: 8px; padding: 6px 16px; min-height: 34px; }
.step > summary:hover { background: var(--hover); }
.step.failed > summary { background: var(--fail-bg); }
.label { font-weight: 550; overflow-wrap: anywhere; }
.target { color: var(--muted); font-family: var(--mono); font-size: 12px; overflow: hidden; text-overflow: ellipsis;
  white-space: nowrap; min-width: 0; flex-shrink: 1; }
.step-body { padding: 4px 16px 12px 40px; }
.children { margin: 0 16px 12px 40px; border-left: 2px solid var(--border); border-radius: 0 0 0 6px; }
.children .children { margin-left: 32px; }
.children > .step:first-child { border-top: 0; }
.children .step > summary { padding-left: 12px; }
.children .step-body { padding-left: 32px; }
.where { margin: 8px 0 0; font-size: 11.5px; }

.badge { display: inline-block; font-size: 11px; font-weight: 650; line-height: 18px; padding: 0 7px;
  border-radius: 999px; white-space: nowrap; border: 1px solid transparent; }
.st-passed { background: var(--pass-bg); color: var(--pass); }
.st-failed { background: var(--fail-solid); color: #fff; }
.st-skipped { background: var(--skip-bg); color: var(--skip); }
.badge.time { background: var(--info-bg); color: var(--muted); font-variant-numeric: tabular-nums; }
.badge.time.in-time { color: var(--pass); }
.badge.time.too-slow { background: var(--fail-solid); color: #fff; }
.badge.attempts { background: var(--skip-bg); color: var(--skip); }
.badge.rid { font-family: var(--mono); font-weight: 500; background: transparent; border: 1px dashed var(--border);
  color: var(--muted); max-width: 18ch; overflow: hidden; text-overflow: ellipsis; cursor: copy; }
.badge.rid:hover { border-color: var(--accent); color: var(--accent); }
.http { font-family: var(--mono); font-size: 12px; font-weight: 650; }
.http.h2 { color: var(--pass); } .http.h3 { color: var(--accent); } .http.h4 { color: var(--j-num); }
.http.h5, .http.h0 { color: var(--fail); }
.copied::after { content: " ✓ copied"; color: var(--pass); }
.copy-failed::after { content: " ✗ copy failed"; color: var(--fail); }

table { border-collapse: collapse; margin: 4px 0 8px; }
th, td { text-align: left; vertical-align: top; padding: 3px 10px 3px 0; }
.assertions { width: 100%; }
.assertions thead th { font-size: 11px; color: var(--muted); font-weight: 600; border-bottom: 1px solid var(--border); }
.assertions td { font-family: var(--mono); font-size: 12.5px; overflow-wrap: anywhere; }
.assertions td:first-child { width: 1.5em; }
.a-fail td { color: var(--fail); }
.assertions .a-msg td { font-family: inherit; color: var(--fail); padding-top: 0; }
.ok { color: var(--pass); font-weight: 700; } .ko { color: var(--fail); font-weight: 700; }
h4 { margin: 10px 0 4px; font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); }
.error { background: var(--fail-bg); color: var(--fail); padding: 8px 10px; border-radius: 6px; white-space: pre-wrap; }
.skip-reason { color: var(--skip); }
.warnings { color: var(--skip); padding-left: 18px; }
.redirects { padding-left: 18px; margin: 4px 0; }
.attempts td { padding-right: 14px; }

.exchanges { display: grid; grid-template-columns: repeat(auto-fit, minmax(380px, 1fr)); gap: 12px; margin-top: 6px; }
.exchange { min-width: 0; }
.exchange .line { margin: 0 0 4px; overflow-wrap: anywhere; }
.method { font-family: var(--mono); font-weight: 700; color: var(--accent); }
.headers summary { font-size: 12px; color: var(--muted); }
.headers th { font-family: var(--mono); font-size: 12px; font-weight: 600; white-space: nowrap; }
.headers td { font-family: var(--mono); font-size: 12px; overflow-wrap: anywhere; }
pre.body, pre.curl { background: var(--code-bg); border: 1px solid var(--border); border-radius: 6px; padding: 8px 10px;
  margin: 4px 0; overflow: auto; max-height: 28em; }
pre.curl { white-space: pre-wrap; word-break: break-all; max-height: 12em; }
.copyable { position: relative; margin-top: 8px; }
.copy { border: 1px solid var(--border); background: var(--panel); border-radius: 6px; padding: 1px 8px;
  font-size: 12px; cursor: pointer; }
.copy:hover { border-color: var(--accent); color: var(--accent); }
.j-key { color: var(--j-key); } .j-str { color: var(--j-str); } .j-num { color: var(--j-num); }
.j-bool, .j-null { color: var(--j-lit); }
.masked { background: var(--skip-bg); color: var(--skip); border-radius: 3px; }

.no-failures { display: none; padding: 24px; text-align: center; }
.failures-only .no-failures { display: block; }
.failures-only .step:not(.failed), .failures-only .scenario.passed, .failures-only .section-label,
.failures-only .scenario-list li.passed { display: none; }
footer { text-align: center; font-size: 12px; padding: 0 0 24px; }
@media print { .topbar .toolbar { display: none; } .topbar { position: static; } .many .steps > .step { content-visibility: visible; } }
`;
