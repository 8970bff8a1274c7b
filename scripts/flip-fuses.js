#!/usr/bin/env node
// Packaging step: sets Electron's fuses on a packaged Ariadne binary (`node scripts/flip-fuses.js
// <path to the Electron executable>`), then prints the resulting fuse wire. Fuses are compiled into the
// binary, so they hold even when someone starts it with ELECTRON_RUN_AS_NODE, NODE_OPTIONS or --inspect.
// `strictlyRequireAllFuses` makes an Electron upgrade that adds a fuse fail here until it is decided.
import { pathToFileURL } from 'node:url';
import { FuseState, FuseV1Options, FuseVersion, flipFuses, getCurrentFuseWire } from '@electron/fuses';

export const fuseConfig = {
  version: FuseVersion.V1,
  strictlyRequireAllFuses: true,
  // The binary must not turn into a plain Node.js that runs any script.
  [FuseV1Options.RunAsNode]: false,
  // Cookies and local storage are encrypted with the OS keychain.
  [FuseV1Options.EnableCookieEncryption]: true,
  // No code injection through NODE_OPTIONS or --inspect / --inspect-brk.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // The app code is loaded only from app.asar, and only if it matches the hash recorded at packaging.
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  // The renderer is served from app://, so file:// needs no extra privileges.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  [FuseV1Options.WasmTrapHandlers]: true,
};

export async function applyFuses(electronBinary) {
  await flipFuses(electronBinary, fuseConfig);
  const wire = await getCurrentFuseWire(electronBinary);
  return Object.fromEntries(
    Object.entries(FuseV1Options)
      .filter(([name]) => Number.isNaN(Number(name)))
      .map(([name, index]) => [name, wire[index] === FuseState.ENABLE ? 'on' : 'off']),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const target = process.argv[2];
  if (!target) {
    process.stderr.write('usage: node scripts/flip-fuses.js <path to the packaged Electron executable>\n');
    process.exit(2);
  }
  const states = await applyFuses(target);
  for (const [name, state] of Object.entries(states)) process.stdout.write(`${name.padEnd(40)} ${state}\n`);
}
