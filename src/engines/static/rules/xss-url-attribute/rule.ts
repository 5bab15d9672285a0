// Static rule xss-url-attribute: its metadata, measured precision and the floor the benchmark gate holds it to.
import { xssUrlAttribute } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'xss-url-attribute',
    category: 'injection',
    lens: 'injection',
    severity: 'medium',
    cwe: 'CWE-79',
    message: 'An HTML-escaped value from untrusted input starts a URL attribute (href, src, action) of HTML sent to the browser; escaping does not stop a `javascript:` URL.',
    trigger: '{source} set to `javascript:alert(document.domain)`, which runs when the link is followed.',
    taint: true,
    librarySource: 'built',
    precision: { truePositives: 6, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: xssUrlAttribute,
};
