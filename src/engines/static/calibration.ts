// Where the rules' precision counts are measured: the labelled roots scripts/bench/static-precision.ts scores (each rule's
// cases, in its folder's fixtures/, and the bundled example), the judged real-world findings and the benchmark cases.
// Every rule file cites it as its `measuredOn`. A `*` stands for every rule folder.
export const RULE_CASES_ROOT = 'src/engines/static/rules/*/fixtures';
export const LABELLED_ROOTS: readonly string[] = [RULE_CASES_ROOT, 'examples/demo-api'];
export const MEASURED_ON = `${LABELLED_ROOTS.join(' + ')} + benchmark/static-real-world-judgements.json + benchmark/cases`;
