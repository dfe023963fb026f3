import type { Metric, Registry } from 'prom-client';

/** The request latency histogram's upper bounds, in seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

type Labels = { method: string; route: string; status_code: string };

interface Series {
  labels: Labels;
  /** Requests per bucket, not cumulative: [i] counts the durations in (bound i-1, bound i]. */
  buckets: Float64Array;
  count: number;
  sum: number;
}

interface Value {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

/**
 * The three request metrics (`http_requests_total`, `http_request_errors_total` for 5xx answers,
 * `http_request_duration_seconds`) by method, route pattern and status, kept in plain numbers per
 * series: recording a request is a Map lookup and a few additions. prom-client's own Counter and
 * Histogram check and hash the labels on every call, which cost the marketplace search about 2 % of
 * its CPU time. They are read in prom-client's format at each scrape (registered on the registry, so
 * the default labels and the text format are prom-client's).
 */
export class RequestMetrics {
  private readonly series = new Map<string, Series>();

  constructor(registry: Registry) {
    const metric = (name: string, help: string, type: 'counter' | 'histogram', values: () => Value[]) =>
      ({
        name,
        help,
        type,
        aggregator: 'sum',
        get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
        reset: () => this.series.clear(),
      }) as unknown as Metric;
    registry.registerMetric(metric('http_requests_total', 'HTTP requests answered', 'counter', () => this.counts(() => true)));
    registry.registerMetric(
      metric('http_request_errors_total', 'HTTP requests answered with a 5xx status', 'counter', () => this.counts((s) => Number(s.labels.status_code) >= 500)),
    );
    registry.registerMetric(metric('http_request_duration_seconds', 'Time from the request to the end of the answer', 'histogram', () => this.durations()));
  }

  /** One answered request. */
  record(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let s = this.series.get(key);
    if (!s) {
      s = { labels: { method, route, status_code: String(status) }, buckets: new Float64Array(DURATION_BUCKETS.length), count: 0, sum: 0 };
      this.series.set(key, s);
    }
    s.count += 1;
    s.sum += seconds;
    let i = 0;
    while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]!) i++;
    if (i < DURATION_BUCKETS.length) s.buckets[i]! += 1;
  }

  private counts(include: (s: Series) => boolean): Value[] {
    return [...this.series.values()].filter(include).map((s) => ({ labels: s.labels, value: s.count }));
  }

  private durations(): Value[] {
    const name = 'http_request_duration_seconds';
    const out: Value[] = [];
    for (const s of this.series.values()) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        cumulative += s.buckets[i]!;
        out.push({ labels: { ...s.labels, le }, value: cumulative, metricName: `${name}_bucket` });
      });
      out.push({ labels: { ...s.labels, le: '+Inf' }, value: s.count, metricName: `${name}_bucket` });
      out.push({ labels: s.labels, value: s.sum, metricName: `${name}_sum` });
      out.push({ labels: s.labels, value: s.count, metricName: `${name}_count` });
    }
    return out;
  }
}
