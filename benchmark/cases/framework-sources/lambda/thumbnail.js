const { execFileSync, execSync } = require('child_process');

exports.handler = async (event) => {
  const { key } = JSON.parse(event.body);
  execSync(`convert /tmp/in/${key} -resize 128x128 /tmp/out.png`);
  return { statusCode: 200, body: 'ok' };
};

exports.cleanup = async () => {
  execFileSync('find', ['/tmp/out', '-mtime', '+1', '-delete']);
  return { statusCode: 204 };
};
