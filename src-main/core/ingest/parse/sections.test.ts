import { describe, expect, it } from 'vitest';
import { classifyHeading, classifyRunInHeading } from './sections';

describe('section headings', () => {
  it.each([
    ['Abstract', 'abstract'],
    ['1. Introduction', 'introduction'],
    ['BACKGROUND', 'introduction'],
    ['2.1 Materials and Methods', 'methods'],
    ['Patients and methods', 'methods'],
    ['III. RESULTS', 'results'],
    ['Results and Discussion', 'results'],
    ['4 Discussion', 'discussion'],
    ['Conclusions', 'conclusion'],
    ['R E F E R E N C E S', 'references'],
    ['Literature Cited', 'references'],
  ])('%s -> %s', (text, name) => expect(classifyHeading(text)).toBe(name));
  it('ignores prose and wrapped sentence ends', () => {
    expect(classifyHeading('results.')).toBeNull();
    expect(classifyHeading('The results of the trial were mixed')).toBeNull();
  });
  it('recognises run-in headings', () => {
    expect(classifyRunInHeading('Abstract: We studied TNF.')?.name).toBe('abstract');
    expect(classifyRunInHeading('Results show that IL-6 rose.')).toBeNull();
  });
});
