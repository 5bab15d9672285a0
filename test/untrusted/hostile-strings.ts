// The hostile strings every report view is tested with (terminal, report.md, report.html): terminal escape
// sequences, and markup a model or a file could carry into a page.
export const CLEAR = '\x1b[2J\x1b[H';
export const TITLE = '\x1b]0;owned\x07';
export const RED = '\x1b[45;97m';
/** HTML and Markdown that must render as literal text. */
export const MARKUP = '<img src=x onerror=alert(1)> <script>alert(2)</script> [click](javascript:alert(3)) ![x](http://evil/x.png) **bold**';
