// Entry of the helper thread that answers a lone hunting thread's recheck questions (sync.ts): it starts the agent on
// the first question and answers by message. It says it is ready on the shared flag before the first question.
import { workerData } from 'node:worker_threads';
import { answerRegexQuestions, markReady, markStopped, type RegexChannelEnd } from './channel.ts';
import { checkRegex } from './verdict.ts';

const end = workerData as RegexChannelEnd;
// The asking thread is blocked and cannot see this thread end: it is told on the flag, however this thread ends.
process.on('exit', () => markStopped(end.flag));
// This thread is kept alive by its channel, so its questions need not hold the process.
answerRegexQuestions(end, (source, flags, checker) => checkRegex(source, flags, false, checker), true);
markReady(end.flag);
