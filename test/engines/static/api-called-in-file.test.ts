// A library's exported method is its callers' input, and the file's own calls of it may say more: `log(ref)` builds
// `'git log ' + ref` and hands it to the public `run(cmd)`. What the file's calls pass counts when it is input or a
// parameter built into a larger string; calls passing constants, or a checked value, leave the parameter as it was —
// and a public `run(cmd)` whose whole parameter a shell runs is reported as it is (its other callers build that
// string from their data), so those calls neither add nor take away a finding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { upheldFindings } from '../../../src/engines/static/score.ts';

const reportedLines = (content: string, ruleId: string) =>
  upheldFindings({ path: 'lib/git.js', content, language: 'javascript', isTest: false, publicApi: 'shape-lib' }).filter((f) => f.ruleId === ruleId).map((f) => f.startLine);

const RUN = '  run(cmd) {\n    return cp.execSync(cmd);\n  }';

test("a public method's command built by another public method of the class is reported at the sink", () => {
  const content = `const cp = require('child_process');\nclass Git {\n  log(ref) {\n    return this.run('git log ' + ref);\n  }\n${RUN}\n}\nmodule.exports = Git;\n`;
  assert.deepEqual(reportedLines(content, 'command-injection'), [7]);
});

test("a request handler's path handed to a public method that opens it is reported at the sink", () => {
  const content = `const fs = require('fs');\nconst path = require('path');\nclass Static {\n  constructor(root) { this.root = root; }\n  handle(req, res) {\n    this.send(res, path.join(this.root, decodeURIComponent(req.url)));\n  }\n  send(res, file) {\n    fs.createReadStream(file).pipe(res);\n  }\n}\nmodule.exports = Static;\n`;
  assert.deepEqual(reportedLines(content, 'path-traversal'), [9]);
});

test('a public method the file calls only with constants keeps its whole-parameter verdict (a shell runs it: reported)', () => {
  const content = `const cp = require('child_process');\nconst FLAG = '--version';\nclass Git {\n  version() {\n    return this.run('git ' + FLAG);\n  }\n  status() {\n    return this.run('git status --short');\n  }\n${RUN}\n}\nmodule.exports = Git;\n`;
  assert.deepEqual(reportedLines(content, 'command-injection'), [11]);
});

test('a public method the file calls with a checked value keeps its whole-parameter verdict too', () => {
  const content = `const cp = require('child_process');\nclass Git {\n  log(ref) {\n    if (!/^[\\w.-]+$/.test(ref)) throw new TypeError('bad ref');\n    return this.run('git log ' + ref);\n  }\n${RUN}\n}\nmodule.exports = Git;\n`;
  assert.deepEqual(reportedLines(content, 'command-injection'), [8]);
});
