// The tool's own version, read once from package.json so artifacts and SARIF agree with the package.
import { readFileSync } from 'node:fs';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string; name: string };

export const TOOL_NAME = packageJson.name;
export const TOOL_VERSION = packageJson.version;
