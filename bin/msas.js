#!/usr/bin/env node
// The package's bin: runs the TypeScript CLI through tsx's loader.
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

register();
const here = path.dirname(fileURLToPath(import.meta.url));
await import(path.join(here, '..', 'server', 'main.ts'));
