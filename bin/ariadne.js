#!/usr/bin/env node
// The `ariadne` command runs the built CLI bundle (out/main/cli.js), which carries the same core as the app.
import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = fileURLToPath(new URL('../out/main/cli.js', import.meta.url));
if (!fs.existsSync(cli)) {
  process.stderr.write(
    'ariadne: the app is not built yet. Run `npm run build` in the Ariadne folder first.\n',
  );
  process.exit(2);
}
await import(pathToFileURL(cli).href);
