// A tiny arithmetic evaluator for saved report formulas: numbers, column names, + - * / and parentheses.
// It never hands text to the JavaScript compiler; unknown tokens are rejected.

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|([-+*/()]))/y;

export function tokenize(source) {
  const tokens = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const start = TOKEN.lastIndex;
    const m = TOKEN.exec(source);
    if (!m) {
      if (source.slice(start).trim() === '') break;
      throw new SyntaxError(`unexpected character at ${start}: '${source[start]}'`);
    }
    if (m[1] !== undefined) tokens.push({ type: 'num', value: Number(m[1]) });
    else if (m[2] !== undefined) tokens.push({ type: 'col', value: m[2] });
    else tokens.push({ type: 'op', value: m[3] });
  }
  return tokens;
}

export function evaluate(source, row) {
  const tokens = tokenize(source);
  let pos = 0;
  const peek = () => tokens[pos];
  const next = () => tokens[pos++];

  function primary() {
    const t = next();
    if (!t) throw new SyntaxError('unexpected end of formula');
    if (t.type === 'num') return t.value;
    if (t.type === 'col') {
      if (!Object.hasOwn(row, t.value)) throw new ReferenceError(`unknown column ${t.value}`);
      return Number(row[t.value]);
    }
    if (t.value === '(') {
      const v = sum();
      if (next()?.value !== ')') throw new SyntaxError('missing )');
      return v;
    }
    if (t.value === '-') return -primary();
    throw new SyntaxError(`unexpected '${t.value}'`);
  }
  function product() {
    let v = primary();
    while (peek()?.value === '*' || peek()?.value === '/') v = next().value === '*' ? v * primary() : v / primary();
    return v;
  }
  function sum() {
    let v = product();
    while (peek()?.value === '+' || peek()?.value === '-') v = next().value === '+' ? v + product() : v - product();
    return v;
  }
  const result = sum();
  if (pos !== tokens.length) throw new SyntaxError('trailing tokens');
  return result;
}
