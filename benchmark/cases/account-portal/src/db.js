// In-memory store for the portal.
const users = new Map();
const resets = new Map();
const invites = new Map();
const contacts = new Map();

module.exports = {
  async insertUser(user) { users.set(user.email, user); },
  async findUser(email) { return users.get(email); },
  async saveReset(id, token) { resets.set(id, token); },
  async saveInvite(email, code) { invites.set(email, code); },
  async saveContacts(owner, list) { contacts.set(owner, list); },
  publicStats() { return { users: users.size }; },
};
