/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule zip-slip: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const fs = require('fs');
const path = require('path');
const AdmZip = require('adm-zip');
const yauzl = require('yauzl');
const unzipper = require('unzipper');
const tar = require('tar');
const decompress = require('decompress');

// from test/engines/static/fixtures/zipslip/decoys.js (a decoy)
function extractChecked(file, dest) {
  // ok: zip-slip
  const zip = new AdmZip(file);
  zip.getEntries().forEach((entry) => {
    const target = path.resolve(dest, entry.entryName);
    if (!target.startsWith(path.resolve(dest) + path.sep)) throw new Error('entry outside destination');
    fs.writeFileSync(target, entry.getData());
  });
}

// from test/engines/static/fixtures/zipslip/decoys.js (a decoy)
function extractNames(stream, dest) {
  // ok: zip-slip
  stream.pipe(unzipper.Parse()).on('entry', (entry) => {
    if (entry.path.split('/').includes('..') || path.isAbsolute(entry.path)) return entry.autodrain();
    entry.pipe(fs.createWriteStream(path.join(dest, entry.path)));
  });
}

// from test/engines/static/fixtures/zipslip/decoys.js (a decoy)
function extractFlat(file, dest) {
  // ok: zip-slip
  for (const entry of new AdmZip(file).getEntries()) {
    fs.writeFileSync(path.join(dest, path.basename(entry.entryName)), entry.getData());
  }
}

// from test/engines/static/fixtures/zipslip/decoys.js (a decoy)
async function extractWithLibraries(file, dest) {
  new AdmZip(file).extractAllTo(dest, true);
  // ok: zip-slip
  await tar.x({ file, cwd: dest });
  await decompress(file, dest);
  fs.createReadStream(file).pipe(unzipper.Extract({ path: dest }));
}

// from test/engines/static/fixtures/zipslip/decoys.js (a decoy)
function extractManifest(file, dest) {
  const entry = new AdmZip(file).getEntry('manifest.json');
  // ok: zip-slip
  fs.writeFileSync(path.join(dest, 'manifest.json'), entry.getData());
  fs.mkdirSync(dest, { recursive: true });
}

// from test/engines/static/fixtures/zipslip/decoys.js (a decoy)
function extractRooted(header, stream, cwd, sanitize) {
  // ok: zip-slip
  stream.pipe(fs.createWriteStream(path.join(cwd, path.join('/', header.name))));
  fs.mkdirSync(sanitize(cwd, header.name), { recursive: true });
}
