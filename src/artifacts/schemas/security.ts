// The security classification a reported security finding carries: CWE, one STRIDE category, and a CVSS 3.1
// vector whose every base metric says why it has its value. The base score is always computed from the vector.
import { Type, type Static } from '@sinclair/typebox';
import { CVSS_SEVERITIES, CWE_SOURCES, literal, literalUnion } from './literals.ts';
import { Stride } from './threat-model.ts';

export const CVSS_METRICS = ['AV', 'AC', 'PR', 'UI', 'S', 'C', 'I', 'A'] as const;

export const SecurityClassification = Type.Object(
  {
    cwe: Type.String({ pattern: '^CWE-[0-9]+$' }),
    cweSource: literalUnion(CWE_SOURCES, { description: 'finding: the rule or model named it; category: the defect category default.' }),
    stride: Stride,
    strideReason: Type.String(),
    cvss: Type.Object(
      {
        version: literal('3.1'),
        vector: Type.String({ pattern: '^CVSS:3\\.1/AV:[NALP]/AC:[LH]/PR:[NLH]/UI:[NR]/S:[UC]/C:[NLH]/I:[NLH]/A:[NLH]$' }),
        baseScore: Type.Number({ minimum: 0, maximum: 10, description: 'Computed from the vector by ae-cvss-calculator; never taken from a model.' }),
        baseSeverity: literalUnion(CVSS_SEVERITIES),
        metrics: Type.Array(
          Type.Object(
            { metric: literalUnion(CVSS_METRICS), value: Type.String({ pattern: '^[NALPHRUC]$' }), reason: Type.String({ minLength: 1 }) },
            { additionalProperties: false },
          ),
          { minItems: 8, maxItems: 8, description: 'Each base metric with the evidence it was chosen from.' },
        ),
        adjusted: Type.Optional(
          Type.Object(
            {
              by: literal('referee'),
              from: Type.String({ description: 'The deterministic vector the referee changed.' }),
              reason: Type.String({ minLength: 1 }),
            },
            { additionalProperties: false, description: 'Set when a model referee changed the vector, with its reasons; the score is recomputed.' },
          ),
        ),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'CWE, STRIDE and CVSS 3.1 for a security finding.' },
);
export type SecurityClassification = Static<typeof SecurityClassification>;
