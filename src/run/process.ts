// Whether a process id on this host is still running: the test for stale locks and stale sandbox copies.

/** True while `pid` runs (EPERM: it runs as another user); false once it is gone. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
