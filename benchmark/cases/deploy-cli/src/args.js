// Minimal flag parser: --flag value, --flag=value and boolean --flag.
export function parseArgs(argv) {
  const out = {};
  for (let i = 0; i <= argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    if (eq !== -1) {
      out[arg.slice(2, eq)] = arg.slice(eq + 1);
    } else if (argv[i + 1] && !argv[i + 1].startsWith('--')) {
      out[arg.slice(2)] = argv[i + 1];
      i++;
    } else {
      out[arg.slice(2)] = true;
    }
  }
  return out;
}
