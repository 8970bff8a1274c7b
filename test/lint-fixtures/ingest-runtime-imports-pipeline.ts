import { runJob } from '../pipeline/run-flow';
export const x = runJob;
