/** A thrown value's message, for logs and the job's error. */
export function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Raised when a step ran out of retries: the passage is failed, the rest of the job goes on. */
export class StepFailed extends Error {
  constructor(
    readonly chunkIndex: number,
    readonly step: string,
    message: string,
  ) {
    super(message);
  }
}
