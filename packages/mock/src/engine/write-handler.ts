// A write's run of its area's handler (answering.ts hands it every call past validation that is
// not a read whose answer may be kept): its answer checked against the contract; what the
// namespace, and any other whose state it asks for, kept for reads (reuse.ts) is forgotten at its
// start and at its end. Apart from the path of a read that may be kept: none of its clock checks,
// and a handler that answers at once costs no closure but its `stateOf`.
import { checked, type EngineAnswer, type ServedOperation, toAnswer } from './answer.ts';
import type { Trace } from './answered-call.ts';
import type { AreaBehaviour, MockRequest, MockResponse } from './area.ts';
import type { CompiledOperation } from './contract.ts';
import type { NamespaceClocks, Namespaces } from './namespaces.ts';
import type { AnswerReuse } from './reuse.ts';
import { isThenable } from './thenable.ts';

type Handler = NonNullable<NonNullable<AreaBehaviour<unknown, unknown>['handlers']>[string]>;
/** What a write needs of the engine (answering.ts's core). */
interface WriteParts {
  reuse?: AnswerReuse;
  clocks: NamespaceClocks;
  namespaces: Namespaces;
}

/** The ends of a write's marks on the namespaces it may change: its own, and those of others whose state it asked for. */
interface WritesInFlight {
  first: (() => void) | undefined;
  others: (() => void)[] | undefined;
}

export function runWrite(
  core: WriteParts,
  operation: CompiledOperation,
  served: ServedOperation,
  handler: Handler,
  request: MockRequest,
  namespace: string,
  state: unknown,
  trace: Trace,
): EngineAnswer | Promise<EngineAnswer> {
  const { reuse, namespaces } = core;
  const writes: WritesInFlight = { first: reuse?.write(namespace), others: undefined };
  const call = {
    state,
    namespace,
    clock: core.clocks.of(namespace),
    stateOf: (other: string) => {
      if (reuse && other !== namespace) (writes.others ??= []).push(reuse.write(other));
      return namespaces.stateOf(other, operation.area);
    },
  };
  let response: MockResponse | Promise<MockResponse>;
  try {
    response = handler(request, call);
  } catch (error) {
    endWrites(writes);
    throw error;
  }
  if (!isThenable(response)) return writeAnswered(operation, served, response, trace, writes);
  return Promise.resolve(response).then(
    (settled) => writeAnswered(operation, served, settled, trace, writes),
    (error: unknown) => {
      endWrites(writes);
      throw error;
    },
  );
}

function endWrites(writes: WritesInFlight): void {
  writes.first?.();
  if (writes.others) for (const end of writes.others) end();
}

/** A write's answer checked against the contract, and its marks ended (whatever the check did). */
function writeAnswered(operation: CompiledOperation, served: ServedOperation, response: MockResponse, trace: Trace, writes: WritesInFlight): EngineAnswer {
  try {
    const answer = checked(operation, toAnswer(response), [], trace);
    answer.operation = served;
    return answer;
  } finally {
    endWrites(writes);
  }
}
