// Preloaded (--import) into every test process by scripts/test/run-tests.mjs: at exit it writes the process's CPU seconds,
// its own and its finished children's (the CLI runs, git, the sandbox it waited for), to $BH_TEST_CPU_DIR, so the
// runner can name the test processes that cost the most. Linux only (/proc); elsewhere it records nothing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.BH_TEST_CPU_DIR;
const file = process.argv[1];
// NODE_TEST_CONTEXT marks a test file's own process, not the runner that starts them.
if (dir && file && process.env.NODE_TEST_CONTEXT && existsSync('/proc/self/stat')) {
  process.on('exit', () => {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields 14-17 (utime, stime, cutime, cstime) in clock ticks, which Linux reports to user space at 100 per second.
    const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ').slice(11, 15).map(Number);
    const cpu = ticks.reduce((a, b) => a + b, 0) / 100;
    writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify({ file, cpu }));
  });
}
