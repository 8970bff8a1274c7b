import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { startSim } from './server';
import type { SimFaults } from './faults';
import type { SimHabits } from './habits';

/**
 * `npm run sim -- --port 11434 [--host 127.0.0.1] [--faults faults.json | --faults '{"default":{"rate":0.3}}']
 * [--seed 7] [--latency 50] [--token-latency 5] [--fault-rate 0.3] [--habits '{"inventName":0.25}']
 * [--api-key KEY] [--structured all|json_object|none]`
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    faults: { type: 'string' },
    seed: { type: 'string' },
    latency: { type: 'string' },
    'token-latency': { type: 'string' },
    'fault-rate': { type: 'string' },
    habits: { type: 'string' },
    'api-key': { type: 'string' },
    structured: { type: 'string' },
  },
});

let faults: SimFaults = {};
if (values.faults) {
  const text = values.faults.trim().startsWith('{') ? values.faults : fs.readFileSync(values.faults, 'utf8');
  faults = JSON.parse(text) as SimFaults;
}
const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
faults = {
  ...faults,
  seed: num(values.seed) ?? faults.seed,
  default: {
    ...faults.default,
    ...(values.latency !== undefined && { latencyMs: num(values.latency) }),
    ...(values['token-latency'] !== undefined && { tokenLatencyMs: num(values['token-latency']) }),
    ...(values['fault-rate'] !== undefined && { rate: num(values['fault-rate']) }),
  },
};

const sim = await startSim({
  port: Number(values.port),
  host: values.host,
  faults,
  habits: values.habits ? (JSON.parse(values.habits) as SimHabits) : undefined,
  openai: {
    apiKey: values['api-key'],
    structured: values.structured as 'all' | 'json_object' | 'none' | undefined,
  },
});
process.stdout.write(
  `Model server simulator listening on ${sim.url} (Ollama's API under /api, the OpenAI-compatible one under ${sim.url}/v1)\n`,
);
const stop = () => void sim.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
