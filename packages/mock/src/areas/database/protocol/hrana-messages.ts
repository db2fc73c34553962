// Which parts of Hrana's WebSocket messages (HRANA_3_SPEC, "Hrana over WebSocket") the database
// contract has schemas for, so that the validation proxy can check forwarded messages: a stream
// request inside `request` (as StreamRequestV3, without the WebSocket's `stream_id`), a stream
// response inside `response_ok` (as StreamResponseV3), and the error of `response_error` and
// `hello_error` (as DatabaseError). Request and response types the schemas do not name (the
// WebSocket's own `open_stream`, cursors) are not checked. The types are read from the contract.
import type { MessagePart, OpenApiDocument } from '../../../engine/area.ts';

type Json = Record<string, unknown>;

/** The `type` constants of a oneOf schema's members (`execute`, `batch`, ...). */
function memberTypes(document: OpenApiDocument, name: string): Set<string> {
  const schemas = (document.components as Json | undefined)?.schemas as Record<string, Json> | undefined;
  const members = (schemas?.[name]?.oneOf as Json[] | undefined) ?? [];
  const types = new Set<string>();
  for (const member of members) {
    const ref = typeof member.$ref === 'string' ? member.$ref.split('/').pop()! : undefined;
    const schema = ref ? schemas?.[ref] : member;
    const type = ((schema?.properties as Json | undefined)?.type as Json | undefined)?.const;
    if (typeof type === 'string') types.add(type);
  }
  return types;
}

export function hranaMessageSchemas(document: OpenApiDocument) {
  const requestTypes = memberTypes(document, 'StreamRequestV3');
  const responseTypes = memberTypes(document, 'StreamResponseV3');
  return (message: unknown, from: 'client' | 'server'): MessagePart[] => {
    if (typeof message !== 'object' || message === null) return [];
    const { type, request, response, error } = message as Json;
    if (from === 'client' && type === 'request' && requestTypes.has((request as Json | undefined)?.type as string)) {
      const { stream_id: _streamId, ...pipelineForm } = request as Json;
      return [{ schema: 'StreamRequestV3', at: ['request'], value: pipelineForm }];
    }
    if (from === 'server' && type === 'response_ok' && responseTypes.has((response as Json | undefined)?.type as string))
      return [{ schema: 'StreamResponseV3', at: ['response'], value: response }];
    if (from === 'server' && (type === 'response_error' || type === 'hello_error')) return [{ schema: 'DatabaseError', at: ['error'], value: error }];
    return [];
  };
}
