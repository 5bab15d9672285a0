// Which of a plan's lenses a model can hunt with: those with a prompt in prompts/hunter/. The others (async,
// secrets …) are covered by static rules. The hunter picks its model lenses with it; the driver's estimate counts them.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const HUNTER_PROMPTS = fileURLToPath(new URL('../../../prompts/hunter/', import.meta.url));

/** Plan lenses that have a model prompt; the others (async, secrets …) are covered by static rules. */
export function modelLenses(planLenses: readonly string[]): string[] {
  return planLenses.filter((lens) => existsSync(`${HUNTER_PROMPTS}${lens}.md`));
}
