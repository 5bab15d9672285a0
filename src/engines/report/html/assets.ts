// The page's own stylesheet and script, shipped inline and allowed by their SHA-256 in the Content-Security-Policy
// (`default-src 'none'`): the page runs no other script, loads nothing, and works without the script too (every
// finding is a <details> element; the script adds filtering, sorting and the filter state in the URL's fragment).
import { createHash } from 'node:crypto';

export const STYLE = `
:root{color-scheme:light;--fg:#1a1a1a;--muted:#4a4a4a;--line:#c8c8c8;--bg:#fff;--panel:#f5f5f5;--link:#0645ad}
*{box-sizing:border-box}
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg);margin:0}
header,main,footer{max-width:1200px;margin:0 auto;padding:0 16px}
a{color:var(--link)}
h1{font-size:1.5rem;margin:16px 0 4px}
h2{font-size:1.25rem;margin:28px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}
h3{font-size:1.05rem;margin:16px 0 6px}
code,pre{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{background:var(--panel);border:1px solid var(--line);padding:8px;overflow-x:auto;white-space:pre;margin:4px 0}
.verdict{font-size:1.1rem;padding:10px 12px;border-radius:6px;margin:8px 0;border:2px solid}
.verdict.clean{background:#e6f4ea;border-color:#1e7b34}
.verdict.not-clean{background:#fdecea;border-color:#a4161a}
.muted{color:var(--muted)}
table{border-collapse:collapse;margin:6px 0;font-size:14px}
th,td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
th{background:var(--panel)}
.counts{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:4px 18px;padding:0;margin:4px 0}
caption{font-weight:600;text-align:left;padding:2px 0}
.counts table{margin:0}
form.filters{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:end;background:var(--panel);border:1px solid var(--line);padding:8px 12px;border-radius:6px;position:sticky;top:0;z-index:1}
form.filters label{display:flex;flex-direction:column;font-size:13px}
form.filters select,form.filters input{font:inherit;padding:2px 4px}
.finding{content-visibility:auto;contain-intrinsic-size:auto 42px;border:1px solid var(--line);border-radius:6px;margin:6px 0;background:#fff}
.finding[hidden]{display:none}
.finding>summary{cursor:pointer;padding:6px 10px;list-style-position:inside}
.finding>summary .claim{font-weight:600}
.finding .body{padding:4px 12px 12px;border-top:1px solid var(--line)}
.badge{display:inline-block;white-space:nowrap;border-radius:4px;padding:0 6px;font-size:12px;font-weight:700;text-transform:uppercase;margin-right:4px}
.sev-critical{background:#7a0010;color:#fff}.sev-high{background:#b3261e;color:#fff}.sev-medium{background:#ffd27a;color:#1a1a1a}
.sev-low{background:#cfe3ff;color:#1a1a1a}.sev-info{background:#e4e4e4;color:#1a1a1a}
.tier{background:#263238;color:#fff}.tag{background:#e4e4e4;color:#1a1a1a}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:8px 0}
dl.facts dt{font-weight:600}dl.facts dd{margin:0}
.code mark{background:#fff3c4;color:inherit;display:block}
.proof{border:2px solid #1e7b34;background:#f3faf5;border-radius:6px;padding:8px 12px;margin:8px 0}
.proof h4{margin:0 0 4px}
.diagram{overflow-x:auto;border:1px solid var(--line);background:#fff;padding:8px}
.diagram svg{max-width:100%;height:auto}
.empty{color:var(--muted);font-style:italic}
details.fold>summary{cursor:pointer;margin:4px 0;color:var(--link)}
`;

export const SCRIPT = `
(function(){
  "use strict";
  var data = JSON.parse(document.getElementById("bh-data").textContent);
  var bodies = null;
  // A large page keeps each finding's body (markup the renderer escaped) in a gzip'd, base64 data block, unpacked
  // in the page (no request) the first time a finding is opened: the parser reads a small block, not megabytes.
  function load(){
    if (!bodies) {
      var bin = atob(document.getElementById("bh-bodies").textContent.trim());
      var bytes = new Uint8Array(bin.length);
      for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      bodies = new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text().then(JSON.parse);
    }
    return bodies;
  }
  function fill(el){
    var body = el.querySelector(".body[data-lazy]");
    if (!body) return;
    load().then(function(all){
      if (!body.hasAttribute("data-lazy")) return;
      body.innerHTML = all[el.id] || "";
      body.removeAttribute("data-lazy");
    });
  }
  document.addEventListener("toggle", function(e){ if (e.target.open) fill(e.target); }, true);
  var form = document.getElementById("filters");
  if (!form) return;
  form.hidden = false;
  var KEYS = ["sev","cat","tier","change","file","sort"];
  var controls = {};
  KEYS.forEach(function(k){ controls[k] = document.getElementById("f-" + k); });
  var items = data.findings.map(function(f){ return { f: f, el: document.getElementById(f.id) }; }).filter(function(x){ return x.el; });
  var lists = Array.prototype.slice.call(document.querySelectorAll(".findings"));
  var RANK = { critical: 0, high: 1, medium: 2, low: 3, info: 4 };
  var SORTS = {
    severity: function(a, b){ return RANK[a.f.sev] - RANK[b.f.sev] || cmp(a.f.file, b.f.file) || a.f.line - b.f.line; },
    file: function(a, b){ return cmp(a.f.file, b.f.file) || a.f.line - b.f.line; },
    "class": function(a, b){ return cmp(a.f.cat, b.f.cat) || RANK[a.f.sev] - RANK[b.f.sev]; },
    tier: function(a, b){ return cmp(a.f.tier, b.f.tier) || RANK[a.f.sev] - RANK[b.f.sev]; },
    confidence: function(a, b){ return b.f.conf - a.f.conf || RANK[a.f.sev] - RANK[b.f.sev]; }
  };
  var sortedBy = "severity";
  function cmp(a, b){ return a < b ? -1 : a > b ? 1 : 0; }
  function state(){
    var s = {};
    KEYS.forEach(function(k){ var v = controls[k] && controls[k].value; if (v) s[k] = v; });
    if (s.sort === "severity") delete s.sort;
    return s;
  }
  function apply(){
    var s = state();
    var file = (s.file || "").toLowerCase();
    var shown = 0;
    items.forEach(function(x){
      var f = x.f;
      var ok = (!s.sev || f.sev === s.sev) && (!s.cat || f.cat === s.cat) && (!s.tier || f.tier === s.tier) &&
        (!s.change || f.change === s.change) && (!file || f.file.toLowerCase().indexOf(file) >= 0);
      if (x.el.hidden === ok) x.el.hidden = !ok;
      if (ok) shown++;
    });
    var by = SORTS[s.sort] ? s.sort : "severity";
    // The page comes in severity order: the nodes move only when the order changes.
    var sorted = by === sortedBy ? null : items.slice().sort(SORTS[by]);
    sortedBy = by;
    lists.forEach(function(list){
      if (sorted) {
        var frag = document.createDocumentFragment();
        sorted.forEach(function(x){ if (x.el.parentNode === list) frag.appendChild(x.el); });
        list.appendChild(frag);
      }
      var count = document.getElementById(list.id + "-shown");
      if (count) {
        var n = 0;
        for (var c = list.firstElementChild; c; c = c.nextElementSibling) if (!c.hidden) n++;
        count.textContent = n === list.children.length ? "" : "(" + n + " of " + list.children.length + " shown)";
      }
    });
    document.getElementById("f-count").textContent = shown + " of " + items.length + " findings shown";
    return s;
  }
  function encode(s){
    return Object.keys(s).map(function(k){ return k + "=" + encodeURIComponent(s[k]); }).join("&");
  }
  function setHash(h){
    try { history.replaceState(null, "", h ? "#" + h : location.pathname + location.search); }
    catch (e) { location.replace("#" + h); }
  }
  function fromHash(){
    var h = decodeURIComponent(location.hash.slice(1));
    var target = h && /^(BH|DEP)-[0-9a-f]+$/.test(h) ? document.getElementById(h) : null;
    if (target) {
      KEYS.forEach(function(k){ if (controls[k]) controls[k].value = k === "sort" ? "severity" : ""; });
      apply();
      if (target.tagName === "DETAILS") { fill(target); target.open = true; }
      target.scrollIntoView();
      return;
    }
    var params = {};
    location.hash.slice(1).split("&").forEach(function(p){
      var i = p.indexOf("=");
      if (i > 0) params[p.slice(0, i)] = decodeURIComponent(p.slice(i + 1));
    });
    KEYS.forEach(function(k){
      var c = controls[k];
      if (!c) return;
      var v = params[k] || (k === "sort" ? "severity" : "");
      if (c.tagName === "SELECT" && !Array.prototype.some.call(c.options, function(o){ return o.value === v; })) v = k === "sort" ? "severity" : "";
      c.value = v;
    });
    apply();
  }
  form.addEventListener("submit", function(e){ e.preventDefault(); });
  form.addEventListener("input", function(){ setHash(encode(apply())); });
  form.addEventListener("change", function(){ setHash(encode(apply())); });
  window.addEventListener("hashchange", fromHash);
  fromHash();
})();
`;

/** The CSP source for an inline block: 'sha256-<base64>' of its exact text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The CSP of a page with no script (`watch status --html`, work-report.html): only the hashed stylesheet. */
export const STATIC_CSP = `default-src 'none'; style-src ${cspHash(STYLE)}; img-src data:; base-uri 'none'; form-action 'none'`;

/** The page's Content-Security-Policy: nothing but its own hashed style and script, and data: images. */
export const CSP = `default-src 'none'; script-src ${cspHash(SCRIPT)}; style-src ${cspHash(STYLE)}; img-src data:; base-uri 'none'; form-action 'none'`;
