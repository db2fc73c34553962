// Reads a BIND-style zone file the way the DNS import counts it: every record that can be
// read is successful, every line that cannot is failed, and a record the zone already holds
// (or seen earlier in the file) is skipped.
import { isIPv4, isIPv6 } from 'node:net';

export interface ImportCounts {
  RecordsSuccessful: number;
  RecordsFailed: number;
  RecordsSkipped: number;
}

const CLASSES = new Set(['IN', 'CH', 'HS', 'CS']);
const TTL = /^\d+[smhdw]?$/i;
const HOSTNAME = /^(@|\*|(\*\.)?[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?|\.)$/i;
const TOKEN = /"(?:[^"\\]|\\.)*"|[^\s"]+/g;

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

/** Every record of the file that can be read, in order, and how many lines could not be read. */
export function readZoneFile(text: string): { records: ZoneRecord[]; failed: number } {
  const records: ZoneRecord[] = [];
  let failed = 0;
  let origin = '.';
  let previousOwner: string | undefined;
  for (const entry of entries(text)) {
    const tokens = entry.closed ? tokenize(entry.text) : undefined;
    if (!tokens) {
      failed++;
      continue;
    }
    if (tokens[0]!.startsWith('$')) {
      const directive = tokens[0]!.toUpperCase();
      if (directive === '$ORIGIN' && tokens.length === 2 && host(tokens[1])) origin = absolute(tokens[1]!, origin);
      else if (!(directive === '$TTL' && tokens.length === 2 && TTL.test(tokens[1]!))) failed++;
      continue;
    }
    const owner = entry.continuesOwner ? previousOwner : tokens.shift();
    const record = owner !== undefined && host(owner) ? readRecord(tokens) : undefined;
    if (!record) {
      failed++;
      continue;
    }
    previousOwner = owner;
    records.push({ name: absolute(owner!, origin), type: record.type, data: record.data.join(' ') });
  }
  return { records, failed };
}

/**
 * How an import of the file into a zone holding the records whose keys are `held` counts, and
 * the records it adds: a record the zone already holds, or one seen earlier in the file, is skipped.
 */
export function importZoneFile(text: string, held: ReadonlySet<string> = new Set()): { counts: ImportCounts; added: ZoneRecord[] } {
  const { records, failed } = readZoneFile(text);
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

/** The counts of importing the file into an empty zone. */
export const countZoneFile = (text: string): ImportCounts => importZoneFile(text).counts;

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

/** The file's logical lines: comments removed, parenthesised records joined, blank lines dropped. */
function* entries(text: string): Generator<Entry> {
  let pending: Entry | undefined;
  let depth = 0;
  for (const line of text.split(/\r?\n/)) {
    const content = withoutComment(line);
    if (pending) pending.text += ` ${content}`;
    else if (content.trim() !== '') pending = { text: content, continuesOwner: /^\s/.test(content), closed: true };
    if (!pending) continue;
    depth += count(content, '(') - count(content, ')');
    if (depth > 0) continue;
    yield { ...pending, text: pending.text.replace(/[()]/g, ' ') };
    pending = undefined;
    depth = 0;
  }
  if (pending) yield { ...pending, closed: false };
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

/** The line's tokens (a quoted string is one token); undefined when a quote is left open. */
function tokenize(text: string): string[] | undefined {
  const tokens = text.match(TOKEN) ?? [];
  return text.replace(TOKEN, '').trim() === '' && tokens.length > 0 ? tokens : undefined;
}

function absolute(name: string, origin: string): string {
  const lower = name.toLowerCase();
  if (lower === '@') return origin.toLowerCase();
  if (lower.endsWith('.')) return lower;
  return origin === '.' ? `${lower}.` : `${lower}.${origin.toLowerCase()}`;
}

const count = (text: string, char: string) => text.split(char).length - 1;
