// Splits result lists into pages for the list endpoints.

export function pageOf(items, page, size) {
  const start = page * size;
  return items.slice(start, start + size);
}

export function pageCount(total, size) {
  if (size <= 0) throw new RangeError('page size must be positive');
  return Math.floor(total / size);
}

export function lastPage(items, size) {
  return pageOf(items, pageCount(items.length, size) - 1, size);
}
