/** The reporters' file writer lives in `src/io/files.ts`, which the tourney reads too (no tourney/report cycle). */
export { writeFileAtomic } from '../io/files.js';
