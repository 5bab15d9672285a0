const { execSync } = require('child_process');

const SIZES = new Set(['64', '128', '256']);

exports.handler = async (event) => {
  const { size } = event.queryStringParameters ?? {};
  if (!SIZES.has(size)) return { statusCode: 400, body: 'bad size' };
  execSync(`convert /tmp/in/latest.png -resize ${size}x${size} /tmp/out.png`);
  return { statusCode: 200, body: 'ok' };
};
