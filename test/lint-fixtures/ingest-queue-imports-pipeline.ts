import { STEPS } from '../pipeline/steps';
export const x = STEPS;
