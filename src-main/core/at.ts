import { AriadneError } from '../contract/errors';

/** What `at` accepts: arrays, typed arrays and strings alike. */
interface Indexed<T> {
  readonly length: number;
  readonly [index: number]: T;
}

/**
 * Reads `items[index]` where the caller knows the index exists. A miss is a bug in Ariadne, not in the
 * user's data, so it throws an `internal` error naming the index instead of letting `undefined` travel
 * on. Hot typed-array loops use a justified `!` instead: this call costs a bounds check per read.
 */
export function at<T>(items: Indexed<T>, index: number): T {
  const value = items[index];
  if (value === undefined && !(index >= 0 && index < items.length)) {
    throw new AriadneError('internal', `index ${index} is outside 0..${items.length - 1}`);
  }
  return value as T;
}

/**
 * Reads `map.get(key)` where the caller knows the key is present (the map was built from the same ids).
 * A miss is a bug in Ariadne, so it throws an `internal` error naming the key.
 */
export function atKey<K, V>(map: ReadonlyMap<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined && !map.has(key)) {
    throw new AriadneError('internal', `no entry for ${String(key)}`);
  }
  return value as V;
}
