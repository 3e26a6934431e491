/** The account pages' CSS, after the shared stylesheet: system colours (dark mode follows), narrow screens first. */
export const DASHBOARD_STYLE = `
body { max-width: 60rem; }
.tabs { list-style: none; display: flex; flex-wrap: wrap; gap: .25rem .75rem; padding: 0; margin: 0 0 .5rem; }
.tabs a { display: inline-block; padding: .25rem .1rem; }
.tabs a[aria-current="page"] { font-weight: 700; text-decoration-thickness: 3px; }
.who { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: 0; }
.inline { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; }
.table-wrap { overflow-x: auto; }
table { font-size: .95rem; }
td.empty { font-style: italic; }
.snippet { overflow-x: auto; padding: .5rem; border: 1px solid GrayText; font-size: .85rem; }
.dev { margin-top: 2.5rem; border-top: 1px solid GrayText; }
.dropzone { border: 2px dashed GrayText; padding: 1rem; margin: 1rem 0; }
.dropzone.over { border-color: Highlight; }
.dropzone form { margin: .5rem 0 0; }
.danger { color: #b00020; }
@media (prefers-color-scheme: dark) { .danger { color: #ff8a80; } .error { border-left-color: #ff8a80; } }
.state-error { color: #b00020; }
@media (prefers-color-scheme: dark) { .state-error { color: #ff8a80; } }
fieldset { border: 1px solid GrayText; display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
fieldset label { flex-direction: row; gap: .35rem; font-weight: 400; align-items: center; }
.actions { display: flex; flex-wrap: wrap; gap: .35rem; }
dialog { max-width: min(30rem, 90vw); }
dl.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .25rem 1rem; }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
input, select, label { max-width: 100%; min-width: 0; }
code { overflow-wrap: anywhere; }
.chart { width: 100%; max-width: 40rem; height: auto; }
.chart .axis { stroke: currentColor; stroke-width: 1; }
.chart .limit { stroke: currentColor; stroke-dasharray: 4 3; stroke-width: 1; }
.chart .jobs { fill: none; stroke: #1d4ed8; stroke-width: 2.5; }
.chart .pages { fill: none; stroke: #b45309; stroke-width: 2.5; stroke-dasharray: 6 3; }
.chart text { fill: currentColor; font-size: 11px; }
.key-jobs { color: #1d4ed8; } .key-pages { color: #b45309; }
@media (prefers-color-scheme: dark) {
  .chart .jobs { stroke: #93c5fd; } .chart .pages { stroke: #fcd34d; }
  .key-jobs { color: #93c5fd; } .key-pages { color: #fcd34d; }
}
.plans th[scope="col"] { vertical-align: bottom; }
.current-plan { font-weight: 700; }
@media (max-width: 40rem) {
  .stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  .stack tr { display: block; border-bottom: 2px solid GrayText; padding: .35rem 0; }
  .stack td { display: block; border: 0; padding: .1rem 0; }
  .stack td[data-label]::before { content: attr(data-label) ": "; font-weight: 600; }
}
`;
