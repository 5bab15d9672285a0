import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanContent } from '../../../src/phases/triage/signals.ts';
import { churnSignal, evidenceSignals, riskScore } from '../../../src/phases/triage/risk.ts';

const signalsOf = (text: string) => scanContent(text).signals.map((s) => s.signal);

test('each trust-boundary family is detected, with the matched API as evidence', () => {
  assert.deepEqual(signalsOf('app.post("/x", (req, res) => res.send(req.body.name));'), ['request-input']);
  assert.deepEqual(signalsOf("import { exec } from 'node:child_process';"), ['exec']);
  assert.deepEqual(signalsOf('subprocess.run(cmd, shell=True)'), ['exec']);
  assert.deepEqual(signalsOf('rows = cursor.execute("SELECT name FROM users WHERE id = %s" % uid)'), ['sql']);
  assert.deepEqual(signalsOf('data = pickle.loads(blob)'), ['deserialise']);
  assert.deepEqual(signalsOf('const token = jwt.sign(claims, key);'), ['crypto-auth']);
  assert.deepEqual(signalsOf("const text = fs.readFileSync(path, 'utf8');"), ['fs']);
  const scan = scanContent('const a = req.query.a; const b = req.params.b; const c = req.query.c;');
  assert.deepEqual(scan.signals[0], { signal: 'request-input', count: 3, examples: ['req.query', 'req.params'] });
});

test('a method named exec on another object (RegExp#exec) is not process execution', () => {
  assert.deepEqual(signalsOf('const m = /a(b)/.exec(text); const n = pattern.exec(line);'), []);
  assert.deepEqual(signalsOf('const plain = items.map((x) => x * 2);'), []);
});

test('branch points are counted', () => {
  assert.equal(scanContent('if (a && b) {} else if (c || d) {} for (;;) {} while (x) {}').branches, 6);
});

test('risk signals add weights, more matches weigh more, size and churn count', () => {
  const one = evidenceSignals({ scan: scanContent('exec(cmd)'), lines: 10 });
  const many = evidenceSignals({ scan: scanContent('exec(a); exec(b); exec(c); exec(d)'), lines: 10 });
  assert.equal(one[0]?.signal, 'exec');
  assert.ok((many[0]?.weight ?? 0) > (one[0]?.weight ?? 0));
  assert.ok((many[0]?.weight ?? 0) <= 10, 'capped at twice the base weight');
  assert.deepEqual(churnSignal(8), { signal: 'churn', weight: 3, detail: 'changed in 8 recent commits' });
  assert.equal(churnSignal(1), undefined, 'a file committed once has no churn worth a signal');
  assert.deepEqual(evidenceSignals({ scan: scanContent('if (a) {}\n'.repeat(10)), lines: 10 }), [], 'a little branching is not a signal');
  const big = evidenceSignals({ scan: scanContent('if (a) {}\n'.repeat(100)), lines: 2000 });
  assert.equal(big[0]?.signal, 'complexity');
  assert.equal(riskScore([...one, churnSignal(8)!]), (one[0]?.weight ?? 0) + 3);
});

test('every pattern alternative is detected (so each carries an anchor the prefilter knows)', () => {
  const samples: Record<string, string[]> = {
    'request-input': ['req.body', 'request.args', 'ctx.request', 'router.get (', 'http.HandleFunc', 'r.FormValue', '@PostMapping', '@app.route', '$_GET', 'createServer(', 'express()', 'new Koa', 'HttpServletRequest'],
    exec: ['child_process', 'spawn(', 'subprocess.run', 'os.system(', 'exec.Command', 'Runtime.getRuntime().exec', 'ProcessBuilder', 'Process.Start', 'Command::new', 'shell_exec(', 'system('],
    sql: ['SELECT id FROM t', 'INSERT INTO t', 'DELETE FROM t', 'UPDATE t SET', 'knex.raw(', 'st.executeQuery(', 'cursor.execute', 'db.QueryRow', 'sequelize.query', 'mysqli_query', '$wpdb'],
    deserialise: ['JSON.parse(', 'yaml.load(', 'YAML.load', 'pickle.loads(', 'marshal.loads', 'eval(', 'new Function(', 'vm.runInContext', 'unserialize(', 'Marshal.load', 'ObjectInputStream', 'XMLDecoder', 'BinaryFormatter', 'jsonpickle'],
    'crypto-auth': ['jwt', 'jsonwebtoken', 'bcrypt', 'scrypt', 'argon2', 'hashlib', 'passport', 'createHash', 'createHmac', 'createCipheriv', 'createDecipheriv', 'timingSafeEqual', 'crypto.randomBytes', 'Password', 'passwd', 'Authenticate', 'authorize', 'SecretKey', 'api_key', 'apiKey'],
    fs: ['fs.stat', 'fs/promises', 'readFile(', 'unlinkSync(', 'os.Remove', 'ioutil.ReadAll', 'shutil.rmtree', 'std::fs', 'fopen(', 'open(', 'FileInputStream', 'File.read'],
  };
  for (const [signal, texts] of Object.entries(samples)) {
    for (const text of texts) assert.deepEqual(signalsOf(` ${text} `), [signal], text);
  }
});
