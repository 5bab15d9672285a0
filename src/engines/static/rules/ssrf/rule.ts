// Static rule ssrf: its metadata, measured precision and the floor the benchmark gate holds it to.
import { ssrf } from './matcher.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'ssrf',
    category: 'injection',
    lens: 'injection',
    severity: 'high',
    cwe: 'CWE-918',
    message: "An outgoing HTTP request's URL or host is taken from untrusted input, so the server can be made to call internal or arbitrary hosts.",
    trigger: '{source} set to `http://169.254.169.254/latest/meta-data/` or `http://localhost:6379/`, which the server then requests.',
    taint: true,
    precision: {
      truePositives: 12,
      falsePositives: 0,
      measuredOn: 'src/engines/static/rules/*/fixtures + benchmark/real-world (uppy-companion-url)',
      floor: 0.9,
    },
  },
  detector: ssrf,
};
