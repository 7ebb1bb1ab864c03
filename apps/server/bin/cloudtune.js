#!/usr/bin/env node
// The server runs from its TypeScript sources (no build step): register tsx, then start the CLI.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
