// An area's command-line flags (AreaDefinition.flags), and the error its options give for a bad
// value: what the CLI reads of an area, apart from its behaviour (area.ts).

/** A CLI flag of an area, in node:util parseArgs form plus the text `--help` shows. */
export interface AreaFlag {
  type: 'string' | 'boolean';
  multiple?: boolean;
  /** For `--help`: `--db-dir DIR  Folder holding one SQLite file per database`. */
  description: string;
  /** Shown after the flag name for string flags, e.g. `DIR`. */
  valueName?: string;
}

/** A bad option or flag value: the CLI prints its message and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
