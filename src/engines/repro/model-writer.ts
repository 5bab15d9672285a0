// The tester model as a TestWriter: asks the 'tester' role for one new failing test (schema-checked, path-checked)
// and turns its proposed failure signature into a BugSignature. The judge, not the model, decides what proves.
import type { ModelClient } from '../models/types.ts';
import { systemPrompt } from '../prompts/render.ts';
import { TesterAnswer, testerAnswerProblems } from './tester-answer.ts';
import { testerPrompt, testFolderFor } from './tester-prompt.ts';
import type { BugSignature, TestWriter, WriterInput, WrittenTest } from './types.ts';

export interface ModelWriterOptions {
  client: ModelClient;
  /** The target root: answers naming an existing file, or a path leaving it, are refused. */
  root: string;
  signal?: AbortSignal;
}

export function modelTestWriter(options: ModelWriterOptions): TestWriter {
  return {
    async write(input: WriterInput): Promise<WrittenTest> {
      const folder = testFolderFor(input);
      const result = await options.client.complete<TesterAnswer>({
        role: 'tester',
        system: systemPrompt('tester.md'),
        prompt: testerPrompt(input, folder),
        schema: TesterAnswer,
        schemaName: 'reproduction_test',
        check: (answer) => testerAnswerProblems(answer, options.root, folder, input.framework),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const answer = result.value;
      const signature = proposedSignature(input, answer);
      return { path: answer.path, content: answer.content, ...(signature ? { signature } : {}) };
    },
  };
}

/**
 * The model may name how the failure shows only when the caller expected no particular error (the marker default).
 * An error it names must be thrown from the finding's own file, so a crash elsewhere cannot stand in for the bug.
 */
export function proposedSignature(input: Pick<WriterInput, 'expect' | 'finding'>, answer: TesterAnswer): BugSignature | undefined {
  if (input.expect?.errorType || input.expect?.required) return undefined;
  if (answer.signature.kind === 'marker') return { marker: true };
  return { errorType: answer.signature.errorType, messageFragment: answer.signature.messageFragment, thrownIn: input.finding.file };
}
