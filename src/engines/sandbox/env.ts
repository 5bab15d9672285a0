// The sandbox environment: built from nothing, never inherited. Only PATH, HOME, LANG, TMPDIR, the
// ecosystems' offline switches, and variables the caller sets on purpose.

export const SANDBOX_HOME = '/tmp/home';
export const SANDBOX_TMP = '/tmp';
export const SANDBOX_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

// Why each: package managers and toolchains must not reach for the network, prompt, or phone home.
const OFFLINE: Record<string, string> = {
  CI: 'true',
  NO_COLOR: '1',
  FORCE_COLOR: '0',
  npm_config_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  npm_config_ignore_scripts: 'true',
  YARN_ENABLE_NETWORK: '0',
  YARN_ENABLE_OFFLINE_MODE: '1',
  YARN_ENABLE_TELEMETRY: '0',
  PNPM_HOME: `${SANDBOX_HOME}/.pnpm`,
  PIP_NO_INDEX: '1',
  PIP_DISABLE_PIP_VERSION_CHECK: '1',
  PYTHONDONTWRITEBYTECODE: '1',
  GOPROXY: 'off',
  GOFLAGS: '-mod=mod',
  GOTOOLCHAIN: 'local',
  CARGO_NET_OFFLINE: 'true',
};

const RESERVED = new Set(['PATH', 'HOME', 'TMPDIR', 'LANG']);

/** The full environment of a sandboxed process. Caller variables cannot replace PATH/HOME/TMPDIR/LANG. */
export function sandboxEnv(extra: Record<string, string> = {}, pathPrefix: string[] = []): Record<string, string> {
  const env: Record<string, string> = {
    PATH: [...pathPrefix, SANDBOX_PATH].join(':'),
    HOME: SANDBOX_HOME,
    TMPDIR: SANDBOX_TMP,
    LANG: 'C.UTF-8',
    ...OFFLINE,
  };
  for (const [name, value] of Object.entries(extra)) {
    if (RESERVED.has(name)) throw new RangeError(`Sandbox variable ${name} is fixed by the sandbox and cannot be set by a caller.`);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new RangeError(`Sandbox variable name '${name}' is not a valid name.`);
    env[name] = value;
  }
  return env;
}
