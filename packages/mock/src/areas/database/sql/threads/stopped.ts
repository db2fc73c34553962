// Why a stream's request ended without an answer of its own: the error the engine's parts (the
// executor, the worker handles, the pipeline) throw and the doors turn into Hrana errors by code.

/** Why a stream ended without being closed. */
export class ExecutorStopped extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
