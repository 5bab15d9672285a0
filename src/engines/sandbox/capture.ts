// Bounded output capture: keeps the first and last half of the budget, drops the middle, and says so.
// Why head and tail: the command line and the final summary/stack are where the diagnosis lives.

export interface BoundedBuffer {
  push(chunk: Buffer): void;
  text(): string;
  readonly truncated: boolean;
  readonly totalBytes: number;
}

export function boundedBuffer(maxBytes: number): BoundedBuffer {
  const half = Math.floor(maxBytes / 2);
  const head: Buffer[] = [];
  let headBytes = 0;
  let tail: Buffer[] = [];
  let tailBytes = 0;
  let total = 0;
  return {
    push(chunk) {
      total += chunk.length;
      if (headBytes < half) {
        const take = Math.min(half - headBytes, chunk.length);
        head.push(chunk.subarray(0, take));
        headBytes += take;
        chunk = chunk.subarray(take);
      }
      if (chunk.length === 0) return;
      tail.push(chunk);
      tailBytes += chunk.length;
      // Compact only when the tail is well over budget, so a flood of small chunks stays cheap.
      if (tailBytes > (maxBytes - half) * 2) {
        const joined = Buffer.concat(tail);
        tail = [joined.subarray(joined.length - (maxBytes - half))];
        tailBytes = tail[0]!.length;
      }
    },
    text() {
      const headText = Buffer.concat(head).toString('utf8');
      const joined = Buffer.concat(tail);
      const keep = Math.min(joined.length, maxBytes - half);
      const tailText = joined.subarray(joined.length - keep).toString('utf8');
      if (total <= maxBytes) return headText + tailText;
      return `${headText}\n[… ${total - headBytes - keep} bytes truncated …]\n${tailText}`;
    },
    get truncated() {
      return total > maxBytes;
    },
    get totalBytes() {
      return total;
    },
  };
}
