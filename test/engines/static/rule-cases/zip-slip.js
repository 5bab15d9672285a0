/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule zip-slip: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const fs = require('fs');
const path = require('path');
const AdmZip = require('adm-zip');
const yauzl = require('yauzl');
const unzipper = require('unzipper');
const tar = require('tar-stream');

// from test/engines/static/fixtures/zipslip/bugs.js
function extractAdm(file, dest) {
  const zip = new AdmZip(file);
  zip.getEntries().forEach((entry) => {
    if (entry.isDirectory) {
      fs.mkdirSync(path.resolve(dest, entry.entryName), { recursive: true }); // ruleid: zip-slip
      return;
    }
    fs.writeFileSync(path.join(dest, entry.entryName), entry.getData()); // ruleid: zip-slip
  });
}

// from test/engines/static/fixtures/zipslip/bugs.js
function extractYauzl(file, dest) {
  yauzl.open(file, { lazyEntries: true }, (err, zipfile) => {
    zipfile.on('entry', (entry) => {
      const target = path.join(dest, entry.fileName);
      zipfile.openReadStream(entry, (e, stream) => {
        stream.pipe(fs.createWriteStream(target)); // ruleid: zip-slip
      });
    });
  });
}

// from test/engines/static/fixtures/zipslip/bugs.js
function extractUnzipper(stream, dest) {
  stream.pipe(unzipper.Parse()).on('entry', (entry) => {
    entry.pipe(fs.createWriteStream(path.join(dest, entry.path))); // ruleid: zip-slip
  });
}

// from test/engines/static/fixtures/zipslip/bugs.js
function extractTar(input, dest) {
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const out = path.join(dest, header.name);
    stream.pipe(fs.createWriteStream(out)).on('finish', next); // ruleid: zip-slip
  });
  input.pipe(extract);
}
