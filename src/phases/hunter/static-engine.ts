// The embedded static engine as a hunter: every file of the chunk through the static rules.
import { huntFile, staticSupports } from '../../static/index.ts';
import type { HunterEngine } from './engine.ts';

/** `publicApi` names the library package a file belongs to (recon's publicApi), for the library threat model. */
export function staticHunter(publicApi: (path: string) => string | undefined = () => undefined): HunterEngine {
  return {
    name: 'static',
    lenses: ['static-rules'],
    async hunt(_chunkId, files) {
      return files.flatMap((file) => {
        const library = publicApi(file.path);
        return huntFile(library ? { ...file, publicApi: library } : file);
      });
    },
    unsupported(file) {
      return staticSupports(file) ? null : `the static engine has no rules for ${file.language}; configure a model to hunt in it`;
    },
  };
}

