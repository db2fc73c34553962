// An OpenAPI 3.1 document of a test's own paths (and schemas), behind the platform's AccessKey
// header as every area's contract is: the contract of the engine's and the doors' tests that plant
// a behaviour on a small contract.
export function smallContract(title: string, paths: Record<string, unknown>, schemas?: Record<string, unknown>) {
  return {
    openapi: '3.1.0',
    info: { title, version: '1' },
    security: [{ AccessKey: [] }],
    components: { securitySchemes: { AccessKey: { type: 'apiKey', in: 'header', name: 'AccessKey' } }, ...(schemas && { schemas }) },
    paths,
  };
}
