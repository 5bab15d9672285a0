// Where the rules' precision counts are measured: the labelled roots scripts/bench/static-precision.ts scores, the judged
// real-world findings and the benchmark cases. Every rule file cites it as its `measuredOn`.
export const LABELLED_ROOTS: readonly string[] = ['test/engines/static/fixtures', 'examples/demo-api'];
export const MEASURED_ON = `${LABELLED_ROOTS.join(' + ')} + benchmark/static-real-world-judgements.json + benchmark/cases`;
