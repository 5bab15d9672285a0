// pnpm setup:system — installs the system tools the test suite needs and `pnpm test` never installs: bubblewrap and
// prlimit (util-linux) for the sandbox, go and pytest for the PATH the sandbox sees (Go and Python reproductions),
// xmllint (libxml2-utils) for the JUnit XML tests, chromium for the report.html browser tests. As root it runs
// apt-get; otherwise it prints the one `sudo …` command to run and exits 2. Exit 0 when everything is there (or was installed), 1 when apt-get failed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The PATH the sandbox gives a run (no pyenv, virtualenv or ~/go): go and pytest must be found there. */
export const SANDBOX_PATH = '/usr/local/bin:/usr/bin:/bin';

/** Each tool: the Debian package that provides it, and how to tell it is there. */
export const TOOLS = [
  { pkg: 'bubblewrap', probe: ['bwrap', ['--version']] },
  { pkg: 'util-linux', probe: ['prlimit', ['--version']] },
  { pkg: 'python3-pytest', probe: ['python3', ['-c', 'import pytest']], sandboxPath: true },
  { pkg: 'golang-go', probe: ['go', ['version']], sandboxPath: true },
  { pkg: 'libxml2-utils', probe: ['xmllint', ['--version']] },
  { pkg: 'chromium', probe: ['chromium', ['--version']] },
];

/** The packages whose tool does not answer. `env` is the caller's environment; SETUP_SYSTEM_SANDBOX_PATH replaces SANDBOX_PATH. */
export function missingPackages(env = process.env) {
  const sandboxPath = env.SETUP_SYSTEM_SANDBOX_PATH ?? SANDBOX_PATH;
  return TOOLS.filter(({ probe: [command, args], sandboxPath: inSandbox }) => {
    const run = spawnSync(command, args, { stdio: 'ignore', env: inSandbox ? { ...env, PATH: sandboxPath } : env });
    return run.error !== undefined || run.status !== 0;
  }).map((t) => t.pkg);
}

/** What to do about the missing packages: nothing, install them (root), or print the command for a person (exit 2). */
export function setupPlan(missing, uid) {
  if (missing.length === 0) return { action: 'none', exitCode: 0, message: 'setup:system: bubblewrap, prlimit, pytest, go, xmllint and chromium are installed; nothing to do.' };
  const install = `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`;
  if (uid === 0) return { action: 'install', exitCode: 0, packages: missing, message: `setup:system: installing ${missing.join(', ')} with apt-get.` };
  return {
    action: 'print',
    exitCode: 2,
    message: `setup:system: missing ${missing.join(', ')}; installing them needs root. Run:\n  sudo sh -c '${install}'\nthen run the same command again.`,
  };
}

function main() {
  const plan = setupPlan(missingPackages(), process.getuid?.() ?? -1);
  const print = plan.exitCode === 2 ? console.error : console.log;
  print(plan.message);
  if (plan.action !== 'install') return plan.exitCode;
  const apt = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  const update = apt(['update', '-qq']);
  const installed = update.status === 0 ? apt(['install', '-y', '-qq', ...plan.packages]) : update;
  if (installed.status !== 0 || installed.error) {
    console.error(`setup:system: apt-get failed${installed.error ? ` (${installed.error.message})` : ` with exit ${installed.status}`}.`);
    return 1;
  }
  const still = missingPackages();
  if (still.length > 0) {
    console.error(`setup:system: installed, yet still not answering: ${still.join(', ')}.`);
    return 1;
  }
  console.log('setup:system: done.');
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main();
