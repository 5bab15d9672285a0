// Remembers which user a session token belongs to.

const sessions = new Map();

export function remember(token, user) {
  sessions.set(token, { user, createdAt: Date.now() });
}

export function userFor(token) {
  const entry = sessions.get(token);
  return entry ? entry.user : null;
}
