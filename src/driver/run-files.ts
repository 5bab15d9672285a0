// The artifacts and views a new run moves aside, written out so that `scan` need not load every phase module to learn
// them (loading all fifteen cost every scan about 0.2 s). Derived from the phase declarations: the test
// test/driver/run-files.test.ts fails when this table differs from supersededFiles(builtDeclarations()).
import type { RunFiles } from './run-artifacts.ts';

export const RUN_FILES: RunFiles = {
  artifacts: [
    'adaptive-plan',
    'baseline',
    'dep-findings',
    'fix-plan',
    'fix-report',
    'fix-strategy',
    'hunter-findings',
    'leads',
    'recon',
    'referee',
    'reproductions',
    'retrieval-plan',
    'skeptic',
    'threat-model',
    'triage',
    'verification-report',
  ],
  views: ['threat-model.md'],
};
