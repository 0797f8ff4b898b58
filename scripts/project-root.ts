import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root (the folder of package.json), for scripts that run both
 * compiled, from `dist/scripts/` (a command), and as sources, from
 * `scripts/` (imported by the tests).
 */
const HERE = fileURLToPath(new URL('.', import.meta.url));
export const PROJECT_ROOT: string = basename(dirname(HERE)) === 'dist' ? join(HERE, '..', '..') : join(HERE, '..');
