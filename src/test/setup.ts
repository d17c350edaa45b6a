import '@testing-library/jest-dom/vitest';
import '../i18n';
import { configure } from '@testing-library/react';

// findBy*/waitFor wait 1 s by default; a file's first render also loads its lazy page chunks and the
// locale files, which takes several seconds on a 2-core CI machine running the PostgreSQL lane beside
// (scripts/test-all.sh). A real failure still fails, 15 s later.
configure({ asyncUtilTimeout: 15_000 });
