// Whether terminal output gets colour: an explicit flag wins, then NO_COLOR (https://no-color.org),
// then FORCE_COLOR, where "0" and "false" mean off (as in Node and chalk), then whether stdout is a terminal.
export function wantsColour(flag: boolean | undefined, env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  if (flag !== undefined) return flag;
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  return isTTY;
}
