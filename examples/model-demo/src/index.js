// The demo service's public surface.
export { pageOf, pageCount, lastPage } from './pagination.js';
export { loadSettings, retryDelay } from './settings.js';
export { remember, userFor } from './sessions.js';
export { formatNote } from './notes.js';
