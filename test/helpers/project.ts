// A small JavaScript project with real, statically findable bugs spread over many files (so it has many chunks).
export function buggyProject(fileCount = 12): Record<string, string> {
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'fixture', version: '1.0.0', type: 'module' }),
  };
  for (let i = 0; i < fileCount; i += 1) {
    files[`src/handler${i}.js`] = [
      "import { exec } from 'node:child_process';",
      '',
      `export function handler${i}(req, res) {`,
      '  const name = req.query.name;',
      "  exec('convert ' + name + ' out.png', (err) => {",
      '    if (err) return res.status(500).end();',
      '    res.end();',
      '  });',
      '}',
      '',
    ].join('\n');
  }
  return files;
}
