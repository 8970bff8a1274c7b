/**
 * Request counters and latency histograms for the REST façade's `GET /metrics` (Prometheus text format).
 * Plain data, no client library: the exposition format is a few lines of text.
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

export class RetrievalMetrics {
  private readonly requests = new Map<string, number>();
  private readonly latency = new Map<string, Histogram>();

  observe(op: string, outcome: 'ok' | 'error', seconds: number): void {
    const key = `${op}\u0000${outcome}`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    const h = this.latency.get(op) ?? { counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
    // counts has one entry per bucket (BUCKETS.map above).
    for (const [i, b] of BUCKETS.entries()) if (seconds <= b) h.counts[i] = (h.counts[i] ?? 0) + 1;
    h.sum += seconds;
    h.count++;
    this.latency.set(op, h);
  }

  async time<T>(op: string, fn: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      const v = await fn();
      this.observe(op, 'ok', (performance.now() - t0) / 1000);
      return v;
    } catch (e) {
      this.observe(op, 'error', (performance.now() - t0) / 1000);
      throw e;
    }
  }

  render(extra: Record<string, number> = {}): string {
    const out: string[] = [];
    out.push('# HELP ariadne_retrieval_requests_total Retrieval requests by operation and outcome.');
    out.push('# TYPE ariadne_retrieval_requests_total counter');
    for (const [key, n] of [...this.requests].sort()) {
      const [op, outcome] = key.split('\u0000');
      out.push(`ariadne_retrieval_requests_total{op="${op}",outcome="${outcome}"} ${n}`);
    }
    out.push('# HELP ariadne_retrieval_seconds Retrieval request latency.');
    out.push('# TYPE ariadne_retrieval_seconds histogram');
    for (const [op, h] of [...this.latency].sort()) {
      BUCKETS.forEach((b, i) =>
        out.push(`ariadne_retrieval_seconds_bucket{op="${op}",le="${b}"} ${h.counts[i]}`),
      );
      out.push(`ariadne_retrieval_seconds_bucket{op="${op}",le="+Inf"} ${h.count}`);
      out.push(`ariadne_retrieval_seconds_sum{op="${op}"} ${h.sum.toFixed(6)}`);
      out.push(`ariadne_retrieval_seconds_count{op="${op}"} ${h.count}`);
    }
    for (const [name, v] of Object.entries(extra)) {
      out.push(`# TYPE ${name} gauge`);
      out.push(`${name} ${v}`);
    }
    return out.join('\n') + '\n';
  }
}
