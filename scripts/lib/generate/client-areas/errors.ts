// The error of a contract fact the generated client cannot take.

/** A contract fact the standard client cannot take, with what to do. */
export class ClientAreaError extends Error {
  override name = 'ClientAreaError';
}
