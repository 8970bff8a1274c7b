import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.ARIADNE_CHROMIUM ?? '/usr/bin/chromium';

// Flags from STACK-NOTES: no sandbox as root, no background networking on a closed network, SwiftShader
// WebGL so sigma renders headless.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

export function chromiumMissingReason(): string | null {
  return fs.existsSync(CHROMIUM_PATH)
    ? null
    : `Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium, or set ARIADNE_CHROMIUM)`;
}

/**
 * `gpuProcess`: keep Chromium's GPU process (WebGL still drawn by SwiftShader on the CPU, but there, as a
 * GPU would). With `--disable-gpu` the renderer composites in software and reads every WebGL canvas back on
 * its main thread each frame — right for stable e2e screenshots, wrong for measuring main-thread work.
 */
export async function launchChromium(opts: { gpuProcess?: boolean } = {}): Promise<Browser> {
  const args = opts.gpuProcess ? CHROMIUM_ARGS.filter((a) => a !== '--disable-gpu') : CHROMIUM_ARGS;
  return chromium.launch({ executablePath: CHROMIUM_PATH, args, headless: true });
}
