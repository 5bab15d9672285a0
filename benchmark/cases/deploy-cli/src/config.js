import { readFileSync } from 'node:fs';

const ENVIRONMENTS = ['staging', 'production'];

export function loadConfig(env) {
  if (!ENVIRONMENTS.includes(env)) {
    throw new Error(`unknown environment '${env}', expected one of ${ENVIRONMENTS.join(', ')}`);
  }
  const file = new URL(`../config/${env}.json`, import.meta.url);
  const config = JSON.parse(readFileSync(file, 'utf8'));
  return { slackChannel: '#deploys', ...config };
}
