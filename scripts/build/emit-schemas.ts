// Writes schemas/*.schema.json from the TypeBox definitions; with --check, fails (exit 3) when any is stale.
import { fileURLToPath } from 'node:url';
import { emitSchemas, staleSchemas } from '../../src/artifacts/emit.ts';

const dir = fileURLToPath(new URL('../../schemas/', import.meta.url));
if (process.argv.includes('--check')) {
  const stale = staleSchemas(dir);
  if (stale.length > 0) {
    console.error(`Stale schemas: ${stale.join(', ')}. Run 'pnpm schemas:emit' and commit the result.`);
    process.exit(3);
  }
  console.log('schemas fresh');
} else {
  console.log(`wrote ${emitSchemas(dir).length} schemas to schemas/`);
}
