// The generative Specmatic tests left out of the verdict, each for a defect of Specmatic 2.55.1 that
// no setting of it avoids: the one table. `pnpm specmatic --generative` counts them apart
// ("K excluded"), fails when an entry matches no test or a test it matches passes (then the entry
// is stale: remove it), and test/contracts/specmatic-exclusions.test.ts proves each entry is the
// tool's fault: it sends the mock the exact request Specmatic sends and checks, against the
// contract, that the request is another operation's and answered as that operation documents.
// What a setting can fix is fixed there instead (scripts/lib/specmatic/dictionary.ts for arrays).
import type { AreaName } from '@platform-contracts/contracts';

/** Specmatic's source at the commit read (2.53.2; 2.55.1, the pinned jar, behaves the same: see `pnpm specmatic --generative --verbose`). */
const SPECMATIC_SOURCE = 'https://github.com/specmatic/specmatic/blob/ec59cc179902fe24991603d3e6a27345c01da046/core/src/main/kotlin/io/specmatic/core';

const EMPTY_SEGMENT = {
  behaviour:
    "For a string path parameter with minLength 1, Specmatic's negative variant is the empty string (StringPattern.negativeBasedOn: minLength - 1), and it builds the URL by dropping a trailing '/' and collapsing '//' into '/' (HttpPathPattern.joinToPath: normalizeSuffix, normalizeSlash), so the segment disappears and the request is one of another path: /library/{libraryId}/collections. The mock answers that path's operation, as the contract says; no Specmatic setting skips a variant or keeps an empty segment.",
  sources: [
    `${SPECMATIC_SOURCE}/pattern/StringPattern.kt#L141-L151`,
    `${SPECMATIC_SOURCE}/HttpPathPattern.kt#L359-L365`,
    `${SPECMATIC_SOURCE}/HttpPathPattern.kt#L540-L545`,
  ],
  variant: "REQUEST.PARAMETERS.PATH.collectionId is set to a value with length lesser than minLength '1'",
} as const;

export interface SpecmaticExclusion {
  area: AreaName;
  /** The operation Specmatic means to test. */
  operationId: string;
  /** What Specmatic's test name says after `where` (the variant it made). */
  variant: string;
  /** What Specmatic does, and why it is its fault. */
  behaviour: string;
  /** Specmatic's source (or issue) that shows it. */
  sources: readonly string[];
  /** The request Specmatic sends (with the example's body; the libraryId it picks varies, any library answers alike). */
  sends: { method: string; path: string; body?: unknown };
  /** The operation of the contract that request is, or undefined when the path has no such method. */
  reaches: string | undefined;
  /** The status the contract gives that request: the reached operation's answer, or 405 (no such method on the path). */
  status: number;
}

export const SPECMATIC_EXCLUSIONS: readonly SpecmaticExclusion[] = [
  {
    area: 'video',
    operationId: 'getCollection',
    ...EMPTY_SEGMENT,
    sends: { method: 'GET', path: '/library/42/collections' },
    reaches: 'listCollections',
    status: 200,
  },
  {
    area: 'video',
    operationId: 'updateCollection',
    ...EMPTY_SEGMENT,
    sends: { method: 'POST', path: '/library/42/collections', body: { name: 'Conference talks' } },
    reaches: 'createCollection',
    status: 200,
  },
  {
    area: 'video',
    operationId: 'deleteCollection',
    ...EMPTY_SEGMENT,
    sends: { method: 'DELETE', path: '/library/42/collections' },
    reaches: undefined,
    status: 405,
  },
];
