import { digestOf, type SimModel } from './catalog';
import type { FaultDecision } from './faults';
import { type ReqCtx, sendError, sendJson, sleep, startNdjson, writeLine } from './http-util';

/**
 * Ollama's /api/pull after its transport faults: the progress lines of a download (streamed unless
 * `stream: false`), then `install()` and success; an unknown model fails as Ollama's registry does, and a
 * `drop` fault cuts the socket mid-download.
 */
export async function answerPull(
  ctx: ReqCtx,
  pull: {
    name: string;
    target: SimModel | undefined;
    stream: boolean;
    fault: FaultDecision;
    stepMs: number | undefined;
    install(target: SimModel): void;
  },
) {
  const { name, target, stream, fault } = pull;
  if (!target) {
    if (!stream) return sendError(ctx.res, 500, 'pull model manifest: file does not exist');
    startNdjson(ctx.res);
    writeLine(ctx.res, { status: 'pulling manifest' });
    writeLine(ctx.res, { error: 'pull model manifest: file does not exist' });
    return ctx.res.end();
  }
  const digest = `sha256:${digestOf(name)}`;
  const steps = 5;
  if (stream) {
    startNdjson(ctx.res);
    writeLine(ctx.res, { status: 'pulling manifest' });
    for (let i = 0; i <= steps; i++) {
      await sleep(pull.stepMs ?? fault.tokenLatencyMs ?? 2, ctx.signal);
      if (ctx.signal.aborted) return;
      if (fault.kind === 'drop' && i === 2) return ctx.req.socket.destroy();
      const completed = Math.round((target.size * i) / steps);
      writeLine(ctx.res, {
        status: `pulling ${digest.slice(7, 19)}`,
        digest,
        total: target.size,
        completed,
      });
    }
    for (const status of ['verifying sha256 digest', 'writing manifest', 'removing any unused layers'])
      writeLine(ctx.res, { status });
  }
  pull.install(target);
  if (!stream) return sendJson(ctx.res, 200, { status: 'success' });
  writeLine(ctx.res, { status: 'success' });
  ctx.res.end();
}
