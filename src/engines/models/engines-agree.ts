// Whether a run made with one engine may be continued with the models resolved now (`phase <name>` attaching to a
// run): a phase run with other models would overwrite the run's model findings with another engine's.
/** Whether a run recorded with engine `recorded` may be continued by these resolved models: any static engine
 * continues a static run (the description names where the config came from), models only the same models. */
export function enginesAgree(recorded: string, resolved: { engine: string; usesModels: boolean }): boolean {
  if (!resolved.usesModels) return recorded.startsWith('static');
  return recorded === resolved.engine;
}
