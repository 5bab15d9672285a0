// Entry of the helper thread that answers a lone hunting thread's recheck questions (sync.ts): it starts the agent on
// the first question and answers by message. It says it is ready on the shared flag before the first question.
import { workerData } from 'node:worker_threads';
import { answerRegexQuestions, type RegexChannelEnd } from './channel.ts';
import { checkRegex } from './verdict.ts';

const end = workerData as RegexChannelEnd;
answerRegexQuestions(end, checkRegex, true);
const state = new Int32Array(end.flag);
Atomics.store(state, 0, 1);
Atomics.notify(state, 0);
