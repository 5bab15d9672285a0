// Picks the sandbox backend: an explicit choice, or the first that works (bwrap, podman, docker).
// Without one, untrusted code does not run unless the caller opted out loudly; the refusal says why each was skipped.
import { createBwrapBackend } from './bwrap.ts';
import { createContainerBackend } from './container.ts';
import { createNoneBackend, UNSANDBOXED_FLAG } from './none.ts';
import { SandboxUnavailableError, type BackendName, type SandboxBackend } from './types.ts';

export interface BackendChoice {
  backend: BackendName | 'auto';
  allowUnsandboxed?: boolean;
  image?: string;
}

export interface BackendReport {
  name: BackendName;
  available: boolean;
  reason?: string;
}

export function candidateBackends(choice: BackendChoice): SandboxBackend[] {
  const all: Record<BackendName, () => SandboxBackend> = {
    bwrap: createBwrapBackend,
    podman: () => createContainerBackend('podman', choice.image),
    docker: () => createContainerBackend('docker', choice.image),
    none: () => createNoneBackend(Boolean(choice.allowUnsandboxed)),
  };
  if (choice.backend !== 'auto') return [all[choice.backend]()];
  return [all.bwrap(), all.podman(), all.docker(), all.none()];
}

/** Every candidate with whether it works here; `docker info` failing shows up as a reason, not an error. */
export function describeBackends(choice: BackendChoice): BackendReport[] {
  return candidateBackends(choice).map((b) => {
    const reason = b.unavailableReason();
    return reason ? { name: b.name, available: false, reason } : { name: b.name, available: true };
  });
}

/** The backend to use, or a SandboxUnavailableError listing why each candidate was skipped. */
export function selectBackend(choice: BackendChoice): SandboxBackend {
  const skipped: string[] = [];
  for (const backend of candidateBackends(choice)) {
    const reason = backend.unavailableReason();
    if (!reason) return backend;
    skipped.push(`${backend.name}: ${reason}`);
  }
  throw new SandboxUnavailableError(
    `No sandbox backend can run here (${skipped.join('; ')}). Install bubblewrap (apt-get install -y bubblewrap), start podman or docker, or pass ${UNSANDBOXED_FLAG} to run untrusted code on the host.`,
  );
}
