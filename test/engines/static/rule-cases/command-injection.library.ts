// @ts-nocheck
/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule command-injection: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
import { execSync } from 'node:child_process';
import * as child from 'child_process';

// from test/engines/static/fixtures/library/class-api.ts
export class Git {
  log(ref: string): string {
    return execSync(`git log --oneline ${ref}`).toString(); // ruleid: command-injection
  }

  private status(): string {
    return execSync('git status').toString();
  }
}

// from test/engines/static/fixtures/library/class-api.ts
export function open(url: string): void {
  child.exec('xdg-open "' + url + '"'); // ruleid: command-injection
}
