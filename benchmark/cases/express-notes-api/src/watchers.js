// Tells subscribed users about changes to a note. Delivery is best-effort over HTTP.
const subscriptions = new Map();

function watch(noteId, url) {
  const key = String(noteId);
  const list = subscriptions.get(key) || [];
  list.push(url);
  subscriptions.set(key, list);
}

async function notifyWatchers(noteId, event) {
  const urls = subscriptions.get(String(noteId)) || [];
  await Promise.all(
    urls.map((url) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ noteId, event }),
      }),
    ),
  );
}

module.exports = { watch, notifyWatchers };
