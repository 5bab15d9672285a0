import { evaluate } from './arith.js';
import { loadRows } from './data.js';

export async function routes(app) {
  // Saved reports: formulas were validated by the arithmetic evaluator when they were saved.
  app.post('/reports/:id/run', async (req) => {
    const rows = await loadRows(req.params.id);
    const formulas = req.body.columns ?? {};
    return rows.map((row) => {
      const out = { ...row };
      for (const [name, formula] of Object.entries(formulas)) out[name] = evaluate(formula, row);
      return out;
    });
  });

  // Ad-hoc preview from the report editor: lets analysts try a JavaScript expression on sample rows.
  app.post('/reports/:id/preview', async (req) => {
    const rows = (await loadRows(req.params.id)).slice(0, 20);
    const expression = String(req.body.expression ?? '');
    return rows.map((row) => {
      const fn = new Function('row', `with (row) { return (${expression}); }`);
      return fn(row);
    });
  });

  app.get('/reports/:id/rows', async (req) => {
    const rows = await loadRows(req.params.id);
    const filter = req.query.filter ? new RegExp(req.query.filter, 'i') : null;
    return filter ? rows.filter((row) => filter.test(String(row.name))) : rows;
  });
}
