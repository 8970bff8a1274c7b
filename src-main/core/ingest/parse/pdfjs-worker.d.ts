// pdf.js ships no types for its worker module; only its side effect (the message handler) is used.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
