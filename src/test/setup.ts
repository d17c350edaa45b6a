import '@testing-library/jest-dom/vitest';
import '../i18n';
import { configure } from '@testing-library/react';

// findBy*/waitFor wait 1 s by default; a file's first render also loads its lazy page chunks and the
// locale files, which on a busy CI machine takes longer. A real failure still fails, 5 s later.
configure({ asyncUtilTimeout: 5000 });
