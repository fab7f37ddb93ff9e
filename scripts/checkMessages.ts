import { fileURLToPath } from 'node:url';
import { catalogueProblems } from './messageCatalogue';

// Mirrors src/i18n/messageIds.ts LOCALES; kept here so the script runs without the SPA's aliases.
const LOCALES = ['en-GB', 'en-US'];

const root = fileURLToPath(new URL('..', import.meta.url));
const problems = catalogueProblems(root, LOCALES);
for (const problem of problems) console.error(problem);
console.log(
  problems.length === 0
    ? 'Message catalogue: no problems.'
    : `Message catalogue: ${problems.length} problem(s).`,
);
process.exitCode = problems.length === 0 ? 0 : 1;
