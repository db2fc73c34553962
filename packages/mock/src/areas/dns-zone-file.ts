// Reads a BIND-style zone file the way the DNS import counts it: every record that can be
// read is successful, every line that cannot is failed, and a record the zone already holds
// (or seen earlier in the file) is skipped. Linear in the file's size (no regular expression
// rescans a line), and the import reads in slices so that other requests are answered between
// them: a zone file as large as a body may be does not stall the mock.
import { isIPv4, isIPv6 } from 'node:net';

export interface ImportCounts {
  RecordsSuccessful: number;
  RecordsFailed: number;
  RecordsSkipped: number;
}

const CLASSES = new Set(['IN', 'CH', 'HS', 'CS']);
const TTL = /^\d+[smhdw]?$/i;
const HOSTNAME = /^(@|\*|(\*\.)?[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?|\.)$/i;

const uint = (max: number) => (token: string | undefined) => token !== undefined && /^\d+$/.test(token) && Number(token) <= max;
const u8 = uint(255);
const u16 = uint(65535);
const host = (token: string | undefined) => token !== undefined && HOSTNAME.test(token);

/** Checks a record's data (the tokens after its type), by record type. */
const RDATA: Record<string, (data: string[]) => boolean> = {
  A: (d) => d.length === 1 && isIPv4(d[0]!),
  AAAA: (d) => d.length === 1 && isIPv6(d[0]!),
  CNAME: (d) => d.length === 1 && host(d[0]),
  NS: (d) => d.length === 1 && host(d[0]),
  PTR: (d) => d.length === 1 && host(d[0]),
  MX: (d) => d.length === 2 && u16(d[0]) && host(d[1]),
  TXT: (d) => d.length >= 1,
  SRV: (d) => d.length === 4 && u16(d[0]) && u16(d[1]) && u16(d[2]) && host(d[3]),
  CAA: (d) => d.length === 3 && u8(d[0]) && /^[a-z0-9]+$/i.test(d[1]!),
  TLSA: (d) => d.length >= 4 && u8(d[0]) && u8(d[1]) && u8(d[2]) && /^[0-9a-f]+$/i.test(d.slice(3).join('')),
  SVCB: (d) => d.length >= 2 && u16(d[0]) && host(d[1]),
  HTTPS: (d) => d.length >= 2 && u16(d[0]) && host(d[1]),
};

/** A record read from a zone file: its absolute owner name, type and data. */
export interface ZoneRecord {
  name: string;
  type: string;
  data: string;
}

/** The identity of a record: two records with the same key are the same record. */
export const recordKey = (record: ZoneRecord) => `${record.name} ${record.type} ${record.data.toLowerCase()}`;

/** What has been read so far. */
interface Reading {
  records: ZoneRecord[];
  failed: number;
}

/** Lines, or characters, read in one slice before the sliced reader lets other work run. */
const SLICE = { lines: 1000, chars: 32 * 1024 };

/** Reads the file into `read`, stopping (yielding) after each slice. */
function* reading(text: string, read: Reading): Generator<void> {
  let origin = '.';
  let previousOwner: string | undefined;
  for (const entry of entries(text)) {
    if (entry === PAUSE) {
      yield;
      continue;
    }
    const tokens = entry.closed ? tokenize(entry.text) : undefined;
    if (!tokens) {
      read.failed++;
      continue;
    }
    if (tokens[0]!.startsWith('$')) {
      const directive = tokens[0]!.toUpperCase();
      if (directive === '$ORIGIN' && tokens.length === 2 && host(tokens[1])) origin = absolute(tokens[1]!, origin);
      else if (!(directive === '$TTL' && tokens.length === 2 && TTL.test(tokens[1]!))) read.failed++;
      continue;
    }
    const owner = entry.continuesOwner ? previousOwner : tokens.shift();
    const record = owner !== undefined && host(owner) ? readRecord(tokens) : undefined;
    if (!record) {
      read.failed++;
      continue;
    }
    previousOwner = owner;
    read.records.push({ name: absolute(owner!, origin), type: record.type, data: record.data.join(' ') });
  }
}

/** Every record of the file that can be read, in order, and how many lines could not be read. */
function readZoneFile(text: string): Reading {
  const read: Reading = { records: [], failed: 0 };
  for (const _slice of reading(text, read));
  return read;
}

/** readZoneFile in slices, awaiting `pause()` between them (by default until the event loop has run what waits). */
async function readZoneFileSliced(text: string, pause: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve))): Promise<Reading> {
  const read: Reading = { records: [], failed: 0 };
  for (const _slice of reading(text, read)) await pause();
  return read;
}

/**
 * How an import of the file into a zone holding the records whose keys are `held` counts, and
 * the records it adds: a record the zone already holds, or one seen earlier in the file, is skipped.
 */
export function importZoneFile(text: string, held: ReadonlySet<string> = new Set()): { counts: ImportCounts; added: ZoneRecord[] } {
  return countImport(readZoneFile(text), held);
}

/** importZoneFile reading in slices (see readZoneFileSliced); `held` is read once the file is. */
export async function importZoneFileSliced(
  text: string,
  held: () => ReadonlySet<string>,
  pause?: () => Promise<void>,
): Promise<{ counts: ImportCounts; added: ZoneRecord[] }> {
  return countImport(await readZoneFileSliced(text, pause), held());
}

function countImport({ records, failed }: Reading, held: ReadonlySet<string>): { counts: ImportCounts; added: ZoneRecord[] } {
  const seen = new Set<string>();
  const added: ZoneRecord[] = [];
  for (const record of records) {
    const key = recordKey(record);
    if (held.has(key) || seen.has(key)) continue;
    seen.add(key);
    added.push(record);
  }
  return { counts: { RecordsSuccessful: added.length, RecordsFailed: failed, RecordsSkipped: records.length - added.length }, added };
}

/** The type and data of a record, after its optional TTL and class; undefined when unreadable. */
function readRecord(tokens: string[]): { type: string; data: string[] } | undefined {
  let index = 0;
  for (let i = 0; i < 2 && index < tokens.length; i++) {
    if (TTL.test(tokens[index]!) || CLASSES.has(tokens[index]!.toUpperCase())) index++;
  }
  const type = tokens[index]?.toUpperCase();
  const data = tokens.slice(index + 1);
  return type && RDATA[type]?.(data) ? { type, data } : undefined;
}

interface Entry {
  text: string;
  /** The line starts with blank space: the record belongs to the previous record's owner. */
  continuesOwner: boolean;
  /** False when a parenthesis opened in the entry is never closed. */
  closed: boolean;
}

const PAUSE = Symbol('end of a slice');

/** The file's logical lines: comments removed, parenthesised records joined, blank lines dropped; PAUSE after each slice. */
function* entries(text: string): Generator<Entry | typeof PAUSE> {
  // An entry's lines are kept as parts and joined once: a string grown line by line is a rope as
  // deep as the entry is long, which the collector walks again and again.
  let pending: (Entry & { parts: string[] }) | undefined;
  let depth = 0;
  let lines = 0;
  let chars = 0;
  for (const line of text.split(/\r?\n/)) {
    if (++lines >= SLICE.lines || (chars += line.length) >= SLICE.chars) {
      yield PAUSE;
      lines = chars = 0;
    }
    const content = withoutComment(line);
    if (pending) pending.parts.push(content);
    else if (content.trim() !== '') pending = { text: '', parts: [content], continuesOwner: /^\s/.test(content), closed: true };
    if (!pending) continue;
    depth += count(content, '(') - count(content, ')');
    if (depth > 0) continue;
    yield { text: pending.parts.join(' ').replace(/[()]/g, ' '), continuesOwner: pending.continuesOwner, closed: true };
    pending = undefined;
    depth = 0;
  }
  if (pending) yield { text: pending.parts.join(' '), continuesOwner: pending.continuesOwner, closed: false };
}

/** The text before a `;` that is not inside a quoted string. */
function withoutComment(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ';' && !quoted) return line.slice(0, i);
  }
  return line;
}

const isBlank = (char: string) => char === ' ' || char === '\t' || char === '\r' || char === '\n' || char === '\f' || char === '\v';

/**
 * The line's tokens (a quoted string, with its quotes, is one token); undefined when a quote is
 * left open or none is found. One pass over the text: no regular expression that could rescan it.
 */
function tokenize(text: string): string[] | undefined {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (isBlank(text[i]!)) {
      i++;
      continue;
    }
    const start = i;
    if (text[i] === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      if (i >= text.length) return undefined;
      i++;
    } else {
      while (i < text.length && !isBlank(text[i]!) && text[i] !== '"') i++;
    }
    tokens.push(text.slice(start, i));
  }
  return tokens.length > 0 ? tokens : undefined;
}

function absolute(name: string, origin: string): string {
  const lower = name.toLowerCase();
  if (lower === '@') return origin.toLowerCase();
  if (lower.endsWith('.')) return lower;
  return origin === '.' ? `${lower}.` : `${lower}.${origin.toLowerCase()}`;
}

function count(text: string, char: string): number {
  let found = 0;
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) found++;
  return found;
}
