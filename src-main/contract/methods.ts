import type { z } from 'zod';
import { appMethods } from './app';
import { llmMethods } from './llm';
import { settingsMethods } from './settings';
import { libraryMethods } from './library';
import { graphMethods } from './graph';
import { contradictionMethods } from './contradictions';
import { qaMethods } from './qa';
import { exportMethods } from './export';
import { citationMethods } from './citations';
import { readingMethods } from './reading';
import { snapshotMethods } from './snapshots';
import { layoutMethods } from './layout';
import { duplicateMethods } from './duplicates';
import type { MethodSpec } from './define';

/**
 * THE method table: every backend capability, named '<domain>:<verb>'. Each domain keeps its schemas in
 * its own file and contributes one object here.
 */
export const methods = {
  ...appMethods,
  ...llmMethods,
  ...settingsMethods,
  ...libraryMethods,
  ...graphMethods,
  ...contradictionMethods,
  ...qaMethods,
  ...exportMethods,
  ...citationMethods,
  ...readingMethods,
  ...snapshotMethods,
  ...layoutMethods,
  ...duplicateMethods,
} satisfies Record<string, MethodSpec>;

export type Methods = typeof methods;
export type MethodName = keyof Methods;
export const methodNames = Object.keys(methods) as MethodName[];

export type Input<M extends MethodName> = z.input<Methods[M]['input']>;
export type ParsedInput<M extends MethodName> = z.output<Methods[M]['input']>;
export type Output<M extends MethodName> = z.output<Methods[M]['output']>;
export type StreamItem<M extends MethodName> = Methods[M] extends { stream?: infer S }
  ? S extends z.ZodType
    ? z.output<S>
    : never
  : never;

export function isMethodName(name: string): name is MethodName {
  return Object.prototype.hasOwnProperty.call(methods, name);
}
