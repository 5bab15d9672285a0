const http = require('http');
const fs = require('fs');

const ROOT = '/srv/public';
const INDEX = fs.readFileSync(`${ROOT}/index.html`);

function serve(incoming, outgoing) {
  outgoing.end(INDEX);
}

http.createServer(serve).listen(8080);

http.createServer((incoming, outgoing) => {
  const name = decodeURIComponent(incoming.url.slice(1));
  fs.createReadStream(ROOT + '/' + name).pipe(outgoing);
}).listen(8081);
