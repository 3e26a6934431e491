/** The pages' one stylesheet, inline (CSP nonce): readable, high contrast, visible focus. */
export const PAGE_STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; background: Canvas; color: CanvasText; }
body { max-width: 46rem; margin: 0 auto; padding: 1rem; }
header .brand { font-weight: 700; margin: 0 0 1rem; }
a { color: LinkText; }
@media (prefers-color-scheme: dark) { a { color: #9cc3ff; } a:visited { color: #d0b3ff; } }
:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid GrayText; }
form { margin: 1rem 0; display: flex; gap: .5rem; flex-wrap: wrap; align-items: end; }
label { display: flex; flex-direction: column; font-weight: 600; }
input, button { font: inherit; padding: .35rem .6rem; }
.secret { font-family: ui-monospace, monospace; word-break: break-all; padding: .5rem; border: 2px solid GrayText; }
.code { font-family: ui-monospace, monospace; font-size: 1.25em; letter-spacing: .08em; }
.error { border-left: 4px solid #b00020; padding-left: .75rem; }
.meter { font-variant-numeric: tabular-nums; }
[hidden] { display: none !important; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;
