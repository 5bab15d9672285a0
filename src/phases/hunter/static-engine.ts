// The embedded static engine as a hunter: every file of the chunk through the static rules.
import { huntFile, staticSupports } from '../../static/index.ts';
import type { HunterEngine } from './engine.ts';

export function staticHunter(): HunterEngine {
  return {
    name: 'static',
    lenses: ['static-rules'],
    async hunt(_chunkId, files) {
      return files.flatMap((file) => huntFile(file));
    },
    unsupported(file) {
      return staticSupports(file) ? null : `the static engine has no rules for ${file.language}; configure a model to hunt in it`;
    },
  };
}

