// The page's escaping: `html` escapes every value unless it is Html, and `jsonScript` data cannot close its block.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeHtml, html, join, jsonScript, raw } from '../../../../src/engines/report/html/escape.ts';
import { MARKUP } from '../../../untrusted/hostile-strings.ts';

test('html escapes text in content and attributes, keeps Html and numbers, drops nothing-values', () => {
  const hostile = `${MARKUP} "quoted" 'single' \`tick\` & <!-- </script>`;
  const out = html`<p title="${hostile}">${hostile}</p>${raw('<b>ok</b>')}${3}${null}${undefined}${false}`.toString();
  assert.doesNotMatch(out, /<(img|script)|<!--|<\/script/);
  assert.ok(!out.slice(3).includes('"quoted"'), 'a double quote cannot end the attribute');
  assert.ok(out.endsWith('<b>ok</b>3'));
  assert.equal(escapeHtml('<a href="x">\'&`'), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#96;');
});

test('nested templates and lists escape each item once', () => {
  const items = ['<i>', 'a&b'];
  const out = html`<ul>${items.map((i) => html`<li>${i}</li>`)}</ul>`.toString();
  assert.equal(out, '<ul><li>&lt;i&gt;</li><li>a&amp;b</li></ul>');
  assert.equal(join(['<x>', raw('<br>')], ', ').toString(), '&lt;x&gt;, <br>');
});

test('jsonScript round-trips and holds no </script>, <!--, ]]> or line separators', () => {
  const value = { a: '</script><script>alert(1)</script>', b: '<!-- -->', c: ']]>', d: 'x\u2028y\u2029z & <', e: [1, null, true] };
  const text = jsonScript(value);
  assert.doesNotMatch(text, /<|>|&|\u2028|\u2029/);
  assert.deepEqual(JSON.parse(text), value);
});
