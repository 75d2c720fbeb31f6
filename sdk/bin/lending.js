#!/usr/bin/env node
// The `lending` command line; the code is compiled from src/cli.ts to dist/ (npm run build).
import '../dist/src/cli.js';
