import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { journalKey, openCallJournal } from './call-journal';

const file = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-journal-')), 'journal.ndjson');

describe('call journal', () => {
  it('hands a reply received before a restart to the next run, as often as it is asked for', () => {
    const f = file();
    const key = journalKey('embed', 'm', ['a', 'b']);
    const first = openCallJournal(f);
    expect(first.get(key)).toBeUndefined();
    first.put(key, [[1, 2]]);
    // Not killed cleanly: no close.
    const second = openCallJournal(f);
    expect(second.get(key)).toEqual([[1, 2]]);
    expect(second.get(key)).toEqual([[1, 2]]);
    expect(second.get(journalKey('embed', 'm', ['a']))).toBeUndefined();
    expect(second.get(journalKey('embed', 'other model', ['a', 'b']))).toBeUndefined();
  });

  it('skips a last line cut short by a kill and forgets everything on clear', () => {
    const f = file();
    const j = openCallJournal(f);
    j.put('k1', 'one');
    j.close();
    fs.appendFileSync(f, '{"k":"k2","v":"tw');
    const again = openCallJournal(f);
    expect(again.get('k1')).toBe('one');
    expect(again.get('k2')).toBeUndefined();
    again.clear();
    expect(fs.existsSync(f)).toBe(false);
    expect(openCallJournal(f).get('k1')).toBeUndefined();
  });
});
